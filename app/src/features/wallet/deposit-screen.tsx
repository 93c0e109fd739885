import { ApiError } from '@arcade/api-client/errors';
import { PlayRefusal } from '../../components/play-link';
import { PAUSE_BANNER_TEXT_ID, PlayPauseBanner, useClosedReason } from '../../components/play-pause-banner';
import { formatTon } from '../../lib/format';
import { createActionKeys, newIdempotencyKey, runWithKey } from '../../lib/idempotency';
import type { WalletInfo } from '@arcade/api-client/wallet';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, FlaskIcon, WarningIcon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { notify } from '../../lib/notify';
import { useClosingConfirmation } from '../../telegram/closing-confirmation';
import { amountText, checkDepositAmount } from './amount';
import { AmountField, type QuickAmount } from './amount-field';
import { explainCallError } from './call-errors';
import { DepositQr, depositLink } from './deposit-qr';
import { amountProblemText, refusalValues } from './problem-text';
import { CopyRow, FormHeading, FormSkeleton, NetworkBadge, WalletLoadError } from './wallet-parts';
import { depositArrived, pendingDepositAtom, walletInfoQueryAtom, type PendingDeposit } from '../../state/wallet-info';
import { depositTransferAtom, refreshBalancesAtom, testDepositAtom } from './wallet-state';
import { WalletWidget } from './wallet-widget';
import type { SendOutcome, WalletSender } from './widget-parts';
import { BusyButton } from '../../components/busy-button';
import './wallet-texts';
import '../../components/spinner.css';
import './wallet.css';
import './deposit-screen.css';

const QUICK_AMOUNTS = ['1', '5', '10', '50'];

/** After this long the pending card says transfers can take a few minutes. */
const SLOW_DEPOSIT_MS = 60_000;

function explainSendOutcome(outcome: Exclude<SendOutcome, 'sent'>, sender: WalletSender): void {
  switch (outcome) {
    case 'rejected':
      notify.warning('wallet.toast.canceled');
      return;
    case 'not-connected':
      notify.info('wallet.toast.connectFirst');
      sender.connect();
      return;
    case 'wrong-network':
      notify.error('wallet.toast.wrongNetwork');
      return;
    case 'unsupported':
      // TON Connect UI shows its own "not supported" modal.
      return;
    case 'failed':
      notify.error('wallet.toast.sendFailed');
      return;
  }
}

interface DepositFormProps {
  info: WalletInfo;
  /** Why a responsible-play pause closes deposits, or null: the buttons are disabled and the QR hidden. */
  closed: string | null;
  /** Re-reads the wallet info; the balance before sending is what the arrival is measured from. */
  reloadInfo: () => Promise<WalletInfo | undefined>;
}

function DepositForm({ info, closed, reloadInfo }: DepositFormProps) {
  const { t, i18n } = useTranslation();
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // A deposit refused by responsible play (a break, a deposit limit): said in the player's language, with the way to the settings.
  const [playRefusal, setPlayRefusal] = useState<{ code: string; message: string } | null>(null);
  const [sender, setSender] = useState<WalletSender | null>(null);
  const [busy, setBusy] = useState<'wallet' | 'test' | null>(null);
  const [testKeys] = useState(() => createActionKeys());
  const { mutateAsync: requestTransfer } = useAtomValue(depositTransferAtom);
  const { mutateAsync: sendTestDeposit } = useAtomValue(testDepositAtom);
  const setPending = useSetAtom(pendingDepositAtom);

  const check = checkDepositAmount(amount, info.limits.minDeposit, info.limits.maxDeposit);
  const problem = check.ok ? null : check.problem;
  const showProblem = problem !== null && (submitted || (amount.trim() !== '' && problem !== 'empty'));
  const error = serverError ?? (showProblem ? amountProblemText(t, i18n.language, problem, info, 'deposit') : null);

  const change = (value: string) => {
    setAmount(value);
    setServerError(null);
    setPlayRefusal(null);
  };

  const startWaiting = (amountNano: bigint, baseline: string, via: PendingDeposit['via']) =>
    setPending({ id: newIdempotencyKey(), amount: amountText(amountNano), baseline, memo: info.depositMemo, via, arrivedAt: null });

  const fail = (error: unknown) =>
    ApiError.is(error, 'failure') && error.code?.startsWith('play.')
      ? setPlayRefusal({ code: error.code, message: error.message })
      : setServerError(explainCallError(error, t, refusalValues(info, i18n.language)).amount ?? null);

  const depositFromWallet = async () => {
    setSubmitted(true);
    if (!check.ok || busy || closed) return;
    if (!sender?.connected) {
      notify.info('wallet.toast.connectFirst');
      sender?.connect();
      return;
    }
    setBusy('wallet');
    try {
      const baseline = (await reloadInfo())?.balance.ton ?? info.balance.ton;
      const transfer = await requestTransfer(amountText(check.nano));
      const outcome = await sender.send(transfer);
      if (outcome === 'sent') startWaiting(check.nano, baseline, 'wallet');
      else explainSendOutcome(outcome, sender);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const testDeposit = async () => {
    setSubmitted(true);
    if (!check.ok || busy || closed) return;
    setBusy('test');
    const text = amountText(check.nano);
    try {
      const baseline = (await reloadInfo())?.balance.ton ?? info.balance.ton;
      // Pressing again after a network failure resends the same key: one deposit at most.
      await runWithKey(testKeys, text, (idempotencyKey) => sendTestDeposit({ amount: text, idempotencyKey }));
      startWaiting(check.nano, baseline, 'test');
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const quick: QuickAmount[] = QUICK_AMOUNTS.map((value) => ({ label: value, value, testId: `deposit-quick-${value}` }));

  return (
    <section className="card wallet-form" aria-labelledby="deposit-from-wallet">
      <header className="wallet-form__header">
        <FormHeading
          as="div"
          id="deposit-from-wallet"
          title={t('wallet.depositForm.fromWallet')}
          text={t('wallet.depositForm.fromWalletText')}
        />
      </header>
      <div className="wallet-form__widget">
        <WalletWidget onSender={setSender} />
      </div>
      <AmountField
        id="deposit-amount"
        value={amount}
        onChange={change}
        error={error}
        hint={t('wallet.amount.min', { amount: formatTon(info.limits.minDeposit, i18n.language) })}
        quick={quick}
        disabled={busy !== null}
        testId="deposit-amount"
        errorTestId="deposit-amount-error"
      />
      {playRefusal ? (
        <p className="field__error" role="alert" data-testid="deposit-play-refusal">
          <PlayRefusal code={playRefusal.code} fallback={playRefusal.message} />
        </p>
      ) : null}
      {closed ? (
        <p className="pause-closed" data-testid="deposit-closed">
          {closed}
        </p>
      ) : null}
      <BusyButton
        className="button button--primary button--block"
        disabled={busy !== null || closed !== null}
        busy={busy === 'wallet'}
        aria-describedby={closed ? PAUSE_BANNER_TEXT_ID : undefined}
        testId="deposit-submit"
        onClick={() => void depositFromWallet()}
        spinner="light"
      >
        {busy === 'wallet' ? t('wallet.depositForm.sending') : t('wallet.depositForm.submit')}
      </BusyButton>
      {/* The same transfer for a wallet on another device: the amount typed above and the memo. */}
      {closed ? null : <DepositQr link={depositLink(info.depositAddress, info.depositMemo, check.ok ? check.nano : null)} />}
      {info.testDeposits ? (
        <div className="test-deposit">
          <p className="test-deposit__label">
            <FlaskIcon width={18} height={18} />
            {t('wallet.depositForm.testTitle')}
          </p>
          <p className="test-deposit__text">{t('wallet.depositForm.testText')}</p>
          <BusyButton
            className="button button--test button--block"
            disabled={busy !== null || closed !== null}
            busy={busy === 'test'}
            testId="test-deposit"
            onClick={() => void testDeposit()}
            spinner="default"
          >
            {t('wallet.depositForm.testSubmit')}
          </BusyButton>
        </div>
      ) : null}
    </section>
  );
}

function DepositPendingCard({ pending, info }: { pending: PendingDeposit; info: WalletInfo }) {
  const { t, i18n } = useTranslation();
  const setPending = useSetAtom(pendingDepositAtom);
  const refresh = useSetAtom(refreshBalancesAtom);
  const [slow, setSlow] = useState(false);
  const arrived = depositArrived(pending, info);
  const balance = info.balance.ton;
  // While the transfer is on its way, closing the mini app asks first.
  useClosingConfirmation(!arrived);

  useEffect(() => {
    if (arrived) return;
    const timer = window.setTimeout(() => setSlow(true), SLOW_DEPOSIT_MS);
    return () => window.clearTimeout(timer);
  }, [arrived]);

  // Announce the arrival once, and have the top bar and the history catch up.
  useEffect(() => {
    if (!arrived || pending.arrivedAt !== null) return;
    notify.success('wallet.toast.depositArrived');
    setPending({ ...pending, arrivedAt: balance });
    void refresh();
  }, [arrived, pending, balance, setPending, refresh]);

  // Once it has arrived, leaving the screen closes the card.
  useEffect(() => {
    if (!arrived) return;
    return () => setPending(null);
  }, [arrived, setPending]);

  const ton = (value: string) => formatTon(value, i18n.language);

  if (arrived) {
    return (
      <section className="card deposit-pending is-arrived" data-testid="deposit-pending" data-state="arrived" aria-live="polite">
        <span className="deposit-pending__badge deposit-pending__badge--done" aria-hidden="true">
          <CheckIcon width={30} height={30} />
        </span>
        <h2 className="deposit-pending__title">{t('wallet.depositPending.arrivedTitle')}</h2>
        <p className="deposit-pending__amount">+{t('wallet.depositPending.amount', { amount: ton(pending.amount) })}</p>
        <p className="deposit-pending__text" data-testid="deposit-new-balance">
          {t('wallet.depositPending.arrivedText', { balance: ton(balance) })}
        </p>
        <button type="button" className="button button--primary button--block" onClick={() => setPending(null)}>
          {t('wallet.depositPending.again')}
        </button>
      </section>
    );
  }

  return (
    <section className="card deposit-pending" data-testid="deposit-pending" data-state="waiting" aria-live="polite">
      <span className="deposit-pending__badge" aria-hidden="true">
        <span className="spinner" />
      </span>
      <h2 className="deposit-pending__title">{t('wallet.depositPending.title')}</h2>
      <p className="deposit-pending__amount">{t('wallet.depositPending.amount', { amount: ton(pending.amount) })}</p>
      <p className="deposit-pending__memo">{t('wallet.depositPending.memo', { memo: pending.memo })}</p>
      <p className="deposit-pending__text">{slow ? t('wallet.depositPending.slow') : t('wallet.depositPending.text')}</p>
      <button type="button" className="button button--ghost button--block" onClick={() => setPending(null)}>
        {t('wallet.depositPending.hide')}
      </button>
    </section>
  );
}

function ManualDeposit({ info }: { info: WalletInfo }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="card wallet-form" aria-labelledby="deposit-manual">
      <FormHeading id="deposit-manual" title={t('wallet.depositForm.manualTitle')} text={t('wallet.depositForm.manualText')} />
      <CopyRow
        label={t('wallet.depositForm.address')}
        value={info.depositAddress}
        kind="address"
        copyLabel={t('wallet.depositForm.copyAddress')}
        testId="deposit-address"
      />
      <CopyRow
        label={t('wallet.depositForm.memo')}
        value={info.depositMemo}
        kind="memo"
        copyLabel={t('wallet.depositForm.copyMemo')}
        testId="deposit-memo"
      />
      <p className="wallet-warning" role="note">
        <WarningIcon className="wallet-warning__icon" width={20} height={20} />
        <span>{t('wallet.depositForm.memoWarning')}</span>
      </p>
      <p className="wallet-form__text">{t('wallet.depositForm.minNote', { amount: formatTon(info.limits.minDeposit, i18n.language) })}</p>
    </section>
  );
}

export function Component() {
  const { t } = useTranslation();
  const infoQuery = useAtomValue(walletInfoQueryAtom);
  const pending = useAtomValue(pendingDepositAtom);
  const info = infoQuery.data;
  const { refetch } = infoQuery;

  const reloadInfo = async () => (await refetch()).data;
  // A break or a self-exclusion closes deposits: the form stays to say so, the address and the QR go.
  const { reason: closed } = useClosedReason('deposit');

  return (
    <Screen
      name="deposit"
      title={t('wallet.screens.deposit.title')}
      description={t('wallet.screens.deposit.description')}
      aside={<NetworkBadge network={info?.network} />}
    >
      <PlayPauseBanner />
      {info ? (
        <>
          {pending ? (
            <DepositPendingCard key={pending.id} pending={pending} info={info} />
          ) : (
            <DepositForm info={info} closed={closed} reloadInfo={reloadInfo} />
          )}
          {closed ? null : <ManualDeposit info={info} />}
        </>
      ) : infoQuery.isError ? (
        <WalletLoadError onRetry={() => void refetch()} />
      ) : (
        <FormSkeleton />
      )}
    </Screen>
  );
}

import { formatTon } from '../../lib/format';
import { createActionKeys, runWithKey } from '../../lib/idempotency';
import { toNano } from '@arcade/api-client/money';
import type { WalletInfo } from '@arcade/api-client/wallet';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/screen';
import { sessionAtom } from '../../state/session';
import { walletInfoQueryAtom } from '../../state/wallet-info';
import { amountText, checkWithdrawAddress, checkWithdrawAmount, maxWithdrawal, parseTonAmount, withdrawalSummary } from './amount';
import { AmountField } from './amount-field';
import { explainCallError, type FieldErrors } from './call-errors';
import { amountProblemText, refusalValues } from './problem-text';
import { FormHeading, FormSkeleton, NetworkBadge, SummaryRow, WalletLoadError } from './wallet-parts';
import {
  activeWithdrawalIdAtom,
  storedWithdrawalId,
  withdrawalResumeCheckedAtom,
  withdrawalsQueryAtom,
  withdrawalToResume,
  withdrawAtom,
} from './wallet-state';
import { WalletWidget } from './wallet-widget';
import { WithdrawalStatusCard } from './withdrawal-status';
import { BusyButton } from '../../components/busy-button';
import './wallet-texts';
import '../../components/spinner.css';
import '../../components/field.css';
import './wallet.css';
import './withdraw-screen.css';

/** No wallet linked yet: linking one fills in the address. */
function LinkOffer() {
  const { t } = useTranslation();
  return (
    <section className="card wallet-link-offer" aria-labelledby="withdraw-link-title" data-testid="withdraw-link-offer">
      <FormHeading as="div" id="withdraw-link-title" title={t('wallet.link.offerTitle')} text={t('wallet.link.offerText')} />
      <WalletWidget link />
    </section>
  );
}

/**
 * Opening /withdraw with no withdrawal on screen (after a reload, say): the one this tab was
 * watching comes back, else the newest still in progress on the server. Renders nothing.
 */
function ResumeWithdrawal() {
  const session = useAtomValue(sessionAtom);
  const list = useAtomValue(withdrawalsQueryAtom);
  const setActiveId = useSetAtom(activeWithdrawalIdAtom);
  const setChecked = useSetAtom(withdrawalResumeCheckedAtom);
  // A list read before this visit may be old: the one fetched now decides.
  const settled = (list.isFetchedAfterMount && !list.isFetching) || list.isError;
  useEffect(() => {
    if (!session) return;
    const stored = storedWithdrawalId(session.userId);
    if (stored === null && !settled) return;
    const id = withdrawalToResume(stored, settled ? list.data : undefined);
    if (id !== null) setActiveId(id);
    else setChecked(true);
  }, [session, settled, list.data, setActiveId, setChecked]);
  return null;
}

function WithdrawForm({ info, onStarted }: { info: WalletInfo; onStarted: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  // null until the player types: the linked wallet is offered meanwhile.
  const [typedAddress, setTypedAddress] = useState<string | null>(null);
  const [addressLeft, setAddressLeft] = useState(false);
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [keys] = useState(() => createActionKeys());
  const { mutateAsync: withdraw, isPending: sending } = useAtomValue(withdrawAtom);

  const address = typedAddress ?? info.linkedWallet ?? '';
  const prefilled = typedAddress === null && info.linkedWallet !== null;
  const limits = {
    balance: info.balance.ton,
    fee: info.limits.withdrawalFee,
    minWithdrawal: info.limits.minWithdrawal,
    dailyLeft: info.limits.dailyWithdrawalLeft,
  };

  const addressProblem = checkWithdrawAddress(address);
  const amountCheck = checkWithdrawAmount(amount, limits);
  const amountProblem = amountCheck.ok ? null : amountCheck.problem;

  const addressError =
    serverErrors.address ??
    (addressProblem && (submitted || (addressLeft && addressProblem !== 'empty'))
      ? t(addressProblem === 'empty' ? 'wallet.problem.addressEmpty' : 'wallet.problem.addressShape')
      : null);
  const amountError =
    serverErrors.amount ??
    (amountProblem && (submitted || (amount.trim() !== '' && amountProblem !== 'empty'))
      ? amountProblemText(t, locale, amountProblem, info, 'withdraw')
      : null);

  const parsed = parseTonAmount(amount);
  const summary = withdrawalSummary(parsed.ok ? parsed.nano : 0n, toNano(info.limits.withdrawalFee));
  const ton = (value: string | bigint) => formatTon(value, locale);
  const max = maxWithdrawal(limits);

  const changeAddress = (value: string) => {
    setTypedAddress(value);
    setServerErrors((errors) => ({ ...errors, address: undefined }));
  };
  const changeAmount = (value: string) => {
    setAmount(value);
    setServerErrors((errors) => ({ ...errors, amount: undefined }));
  };

  const review = () => {
    setSubmitted(true);
    if (addressProblem || !amountCheck.ok) return;
    setStep('confirm');
  };

  const confirm = async () => {
    if (addressProblem || !amountCheck.ok || sending) return;
    const request = { address: address.trim(), amount: amountText(amountCheck.nano) };
    try {
      // The same withdrawal pressed again after a network failure reuses its key.
      const withdrawal = await runWithKey(keys, `${request.address}|${request.amount}`, (idempotencyKey) =>
        withdraw({ ...request, idempotencyKey }),
      );
      onStarted(withdrawal.id);
    } catch (error) {
      const fields = explainCallError(error, t, refusalValues(info, locale));
      if (fields.address || fields.amount) {
        setServerErrors(fields);
        setStep('form');
      }
    }
  };

  if (step === 'confirm' && amountCheck.ok) {
    return (
      <section className="card wallet-form" aria-labelledby="withdraw-confirm-title" data-testid="withdraw-confirm-step">
        <FormHeading
          id="withdraw-confirm-title"
          title={t('wallet.withdrawForm.confirmTitle')}
          text={t('wallet.withdrawForm.confirmText')}
        />
        <div className="confirm-address">
          <span className="copy-row__label">{t('wallet.withdrawForm.to')}</span>
          <code className="copy-row__value copy-row__value--address" data-testid="withdraw-confirm-address">
            {address.trim()}
          </code>
        </div>
        <dl className="summary">
          <SummaryRow label={t('wallet.withdrawForm.arrives')} testId="withdraw-confirm-amount">
            {ton(summary.arrives)} TON
          </SummaryRow>
          <SummaryRow label={t('wallet.withdrawForm.fee')}>{ton(summary.fee)} TON</SummaryRow>
          <SummaryRow label={t('wallet.withdrawForm.total')} strong testId="withdraw-confirm-total">
            {ton(summary.total)} TON
          </SummaryRow>
        </dl>
        <div className="wallet-form__actions">
          <button type="button" className="button button--ghost" disabled={sending} onClick={() => setStep('form')}>
            {t('wallet.withdrawForm.edit')}
          </button>
          <BusyButton
            className="button button--primary"
            busy={sending}
            testId="withdraw-confirm"
            onClick={() => void confirm()}
            spinner="light"
          >
            {sending ? t('wallet.withdrawForm.sending') : t('wallet.withdrawForm.confirm')}
          </BusyButton>
        </div>
      </section>
    );
  }

  return (
    <>
      {info.linkedWallet === null ? <LinkOffer /> : null}
      <section className="card wallet-form" aria-label={t('wallet.screens.withdraw.title')}>
        <div className="field">
          <label className="field__label" htmlFor="withdraw-address">
            {t('wallet.withdrawForm.address')}
          </label>
          <div className={`field__control${addressError ? ' is-invalid' : ''}`}>
            {/* Two lines, so the whole address can be read back before sending. */}
            <textarea
              id="withdraw-address"
              className="field__input field__input--address"
              rows={2}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="next"
              placeholder={t('wallet.withdrawForm.addressPlaceholder')}
              value={address}
              aria-invalid={addressError ? true : undefined}
              aria-describedby={addressError || prefilled ? 'withdraw-address-message' : undefined}
              data-testid="withdraw-address"
              // An address has no spaces or line breaks: pasted ones are dropped.
              onChange={(event) => changeAddress(event.target.value.replace(/\s+/g, ''))}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
              onBlur={() => setAddressLeft(true)}
            />
          </div>
          {addressError ? (
            <p className="field__error" id="withdraw-address-message" role="alert" data-testid="withdraw-address-error">
              {addressError}
            </p>
          ) : prefilled ? (
            <p className="field__hint" id="withdraw-address-message">
              {t('wallet.withdrawForm.linked')}
            </p>
          ) : null}
        </div>
        <AmountField
          id="withdraw-amount"
          value={amount}
          onChange={changeAmount}
          error={amountError}
          hint={t('wallet.available', { amount: ton(info.balance.ton) })}
          inlineAction={{ label: t('wallet.amount.max'), value: amountText(max), testId: 'withdraw-max' }}
          testId="withdraw-amount"
          errorTestId="withdraw-amount-error"
        />
        <dl className="summary" aria-label={t('wallet.withdrawForm.summary')} data-testid="withdraw-summary">
          <SummaryRow label={t('wallet.withdrawForm.fee')} testId="withdraw-fee">
            {ton(summary.fee)} TON
          </SummaryRow>
          <SummaryRow label={t('wallet.withdrawForm.arrives')} testId="withdraw-arrives">
            {parsed.ok ? `${ton(summary.arrives)} TON` : '—'}
          </SummaryRow>
          <SummaryRow label={t('wallet.withdrawForm.total')} strong testId="withdraw-total">
            {parsed.ok ? `${ton(summary.total)} TON` : '—'}
          </SummaryRow>
        </dl>
        <p className="wallet-form__note" data-testid="withdraw-daily-left">
          {t('wallet.withdrawForm.dailyLeft', { left: ton(info.limits.dailyWithdrawalLeft), limit: ton(info.limits.dailyWithdrawalLimit) })}
        </p>
        <button type="button" className="button button--primary button--block" data-testid="withdraw-submit" onClick={review}>
          {t('wallet.withdrawForm.submit')}
        </button>
      </section>
    </>
  );
}

export function Component() {
  const { t } = useTranslation();
  const infoQuery = useAtomValue(walletInfoQueryAtom);
  const [activeId, setActiveId] = useAtom(activeWithdrawalIdAtom);
  const resumeChecked = useAtomValue(withdrawalResumeCheckedAtom);
  const deciding = activeId === null && !resumeChecked;
  // A new form after each withdrawal: nothing typed carries over.
  const [formKey, setFormKey] = useState(0);
  const info = infoQuery.data;

  const startNew = () => {
    setActiveId(null);
    setFormKey((key) => key + 1);
  };

  return (
    <Screen
      name="withdraw"
      title={t('wallet.screens.withdraw.title')}
      description={t('wallet.screens.withdraw.description')}
      aside={<NetworkBadge network={info?.network} />}
    >
      {deciding ? <ResumeWithdrawal /> : null}
      {activeId !== null ? (
        <WithdrawalStatusCard key={activeId} id={activeId} place="withdraw" onNew={startNew} />
      ) : info && !deciding ? (
        <WithdrawForm key={formKey} info={info} onStarted={setActiveId} />
      ) : infoQuery.isError ? (
        <WalletLoadError onRetry={() => void infoQuery.refetch()} />
      ) : (
        <FormSkeleton />
      )}
    </Screen>
  );
}

import { formatTon } from '../../lib/format';
import type { Withdrawal, WithdrawalStatus } from '@arcade/api-client/wallet';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PrefetchLink } from '../../components/prefetch-link';
import { notify } from '../../lib/notify';
import { walletInfoAtom } from '../../state/wallet-info';
import { explorerUrl } from './history-list';
import { shortAddress } from './money-format';
import { CheckIcon, ClockIcon, CrossIcon, RefundIcon, SendIcon } from '../../components/icons';
import { SummaryRow } from './wallet-parts';
import { activeWithdrawalIdAtom, isFinalWithdrawal, refreshBalancesAtom, withdrawalQueryAtom } from './wallet-state';
import './wallet.css';
import './withdrawal-status.css';

const STATUS_ICONS: Record<WithdrawalStatus, ReactNode> = {
  review: <ClockIcon width={30} height={30} />,
  queued: <span className="spinner" />,
  sent: <SendIcon width={28} height={28} />,
  done: <CheckIcon width={30} height={30} />,
  refunded: <RefundIcon width={28} height={28} />,
  rejected: <CrossIcon width={28} height={28} />,
};

/** The path a withdrawal walks; review comes first only for large ones. */
const STEPS = ['queued', 'sent', 'done'] as const;

function stepState(status: WithdrawalStatus, step: (typeof STEPS)[number]): 'done' | 'current' | 'todo' {
  const order: Record<WithdrawalStatus, number> = { review: -1, queued: 0, sent: 1, done: 3, refunded: 3, rejected: -1 };
  const index = STEPS.indexOf(step);
  if (order[status] > index) return 'done';
  return order[status] === index ? 'current' : 'todo';
}

function statusDescription(withdrawal: Withdrawal, t: ReturnType<typeof useTranslation>['t'], locale: string): string {
  const ton = (value: string) => formatTon(value, locale);
  switch (withdrawal.status) {
    case 'review':
      return t('wallet.status.reviewText');
    case 'queued':
      return t('wallet.status.queuedText');
    case 'sent':
      return t('wallet.status.sentText');
    case 'done':
      return t('wallet.status.doneText', { amount: ton(withdrawal.amount) });
    case 'refunded':
      return t('wallet.status.refundedText', { total: ton(withdrawal.total) });
    case 'rejected':
      return t('wallet.status.rejectedText');
  }
}

export type WithdrawalStatusCardProps =
  /** On /withdraw: once final, a new withdrawal or the wallet; forgotten when the player leaves. */
  | { id: string; place: 'withdraw'; onNew: () => void }
  /** In the list on /wallet: once final, it can be hidden. */
  | { id: string; place: 'wallet'; onHide: () => void };

/** A withdrawal on its way: polled every 1.5 s until done, refunded or rejected. */
export function WithdrawalStatusCard(props: WithdrawalStatusCardProps) {
  const { id, place } = props;
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const queryAtom = useMemo(() => withdrawalQueryAtom(id), [id]);
  const query = useAtomValue(queryAtom);
  const [activeId, setActiveId] = useAtom(activeWithdrawalIdAtom);
  const refresh = useSetAtom(refreshBalancesAtom);
  const withdrawal = query.data;
  const status = withdrawal?.status;
  const final = isFinalWithdrawal(status);
  const watched = useRef(false);

  // Final: the balance may have changed (a refund) and the history has a new line.
  useEffect(() => {
    if (status === undefined) return;
    if (!final) {
      watched.current = true;
      return;
    }
    void refresh();
    if (!watched.current) return;
    if (status === 'done') notify.success('wallet.toast.withdrawalDone');
    else if (status === 'refunded') notify.warning('wallet.toast.withdrawalRefunded');
    else notify.error('wallet.toast.withdrawalRejected');
  }, [status, final, refresh]);

  // A finished withdrawal is not shown again on /withdraw after leaving the screen.
  useEffect(() => {
    if (!final || place !== 'withdraw') return;
    return () => setActiveId(null);
  }, [final, place, setActiveId]);

  // Seen finishing on /wallet: /withdraw opens on a new form, not on this card.
  useEffect(() => {
    if (final && place === 'wallet' && activeId === id) setActiveId(null);
  }, [final, place, activeId, id, setActiveId]);

  if (!withdrawal) {
    return (
      <section
        className="card withdrawal-status"
        data-testid="withdraw-status"
        data-withdrawal-id={id}
        data-status="loading"
        aria-busy="true"
      >
        <span className="spinner" />
      </section>
    );
  }

  const ton = (value: string) => formatTon(value, i18n.language);
  const tone =
    withdrawal.status === 'done' ? 'good' : withdrawal.status === 'refunded' || withdrawal.status === 'rejected' ? 'bad' : 'busy';

  return (
    <section
      className={`card withdrawal-status withdrawal-status--${tone}`}
      data-testid="withdraw-status"
      data-withdrawal-id={id}
      data-status={withdrawal.status}
      aria-live="polite"
      aria-labelledby={titleId}
    >
      <span className="withdrawal-status__badge" aria-hidden="true">
        {STATUS_ICONS[withdrawal.status]}
      </span>
      <p className="withdrawal-status__eyebrow">{t('wallet.status.title')}</p>
      <h2 className="withdrawal-status__title" id={titleId} data-testid="withdraw-status-title">
        {t(`wallet.status.${withdrawal.status}`)}
      </h2>
      <p className="withdrawal-status__text">{statusDescription(withdrawal, t, i18n.language)}</p>
      {withdrawal.status !== 'review' && withdrawal.status !== 'rejected' && withdrawal.status !== 'refunded' ? (
        <ol className="withdrawal-steps" aria-hidden="true">
          {STEPS.map((step) => (
            <li key={step} className={`withdrawal-steps__step is-${stepState(withdrawal.status, step)}`} />
          ))}
        </ol>
      ) : null}
      <dl className="summary">
        <SummaryRow label={t('wallet.withdrawForm.to')}>
          <span title={withdrawal.address} data-testid="withdraw-status-address" data-address={withdrawal.address}>
            {shortAddress(withdrawal.address)}
          </span>
        </SummaryRow>
        <SummaryRow label={t('wallet.withdrawForm.arrives')}>{ton(withdrawal.amount)} TON</SummaryRow>
        <SummaryRow label={t('wallet.withdrawForm.fee')}>{ton(withdrawal.fee)} TON</SummaryRow>
        <SummaryRow label={t('wallet.withdrawForm.total')} strong>
          {ton(withdrawal.total)} TON
        </SummaryRow>
        {withdrawal.txHash ? (
          <SummaryRow label={t('wallet.status.transaction')}>
            <TransactionLink hash={withdrawal.txHash} />
          </SummaryRow>
        ) : null}
      </dl>
      <StatusActions {...props} status={withdrawal.status} />
    </section>
  );
}

/** The paid withdrawal's chain transaction, opening in the explorer of the network the server runs on. */
function TransactionLink({ hash }: { hash: string }) {
  const { t } = useTranslation();
  const network = useAtomValue(walletInfoAtom)?.network ?? null;
  if (network === null) return <span title={hash}>{shortAddress(hash)}</span>;
  return (
    <a
      href={explorerUrl(network, hash)}
      target="_blank"
      rel="noopener noreferrer"
      title={hash}
      data-testid="withdraw-status-tx"
      aria-label={t('wallet.history.explorerLabel', { hash })}
    >
      {shortAddress(hash)}
    </a>
  );
}

/** Under the card: what the player can do next, by where the card is and how far the withdrawal got. */
function StatusActions(props: WithdrawalStatusCardProps & { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  const final = isFinalWithdrawal(props.status);
  if (props.place === 'withdraw') {
    if (final) {
      return (
        <div className="wallet-form__actions">
          <button type="button" className="button button--primary" onClick={props.onNew}>
            {t('wallet.status.newWithdrawal')}
          </button>
          <PrefetchLink to="/wallet" className="button button--ghost">
            {t('wallet.status.toWallet')}
          </PrefetchLink>
        </div>
      );
    }
    // A person checks it, which can take a while: the form is not held up meanwhile.
    if (props.status === 'review') {
      return (
        <button type="button" className="button button--ghost button--block" data-testid="withdraw-status-new" onClick={props.onNew}>
          {t('wallet.status.newWithdrawal')}
        </button>
      );
    }
    return null;
  }
  if (!final) return null;
  return (
    <div className="wallet-form__actions">
      <button type="button" className="button button--ghost" data-testid="withdraw-status-hide" onClick={props.onHide}>
        {t('wallet.status.hide')}
      </button>
      <PrefetchLink to="/withdraw" className="button button--primary">
        {t('wallet.status.newWithdrawal')}
      </PrefetchLink>
    </div>
  );
}

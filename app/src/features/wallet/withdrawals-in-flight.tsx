import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inFlightWithdrawals, withdrawalsQueryAtom } from './wallet-state';
import { WithdrawalStatusCard } from './withdrawal-status';
import './withdrawals-in-flight.css';

/**
 * On /wallet: the withdrawals still on their way (review, queued, sent), each with its status card,
 * polled until final. The list is read once per visit; a card that finishes here stays, with
 * its final status, until hidden.
 */
export function InFlightWithdrawals() {
  const { t } = useTranslation();
  const query = useAtomValue(withdrawalsQueryAtom);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const items = inFlightWithdrawals(query.data).filter((item) => !hidden.has(item.id));
  if (items.length === 0) return null;

  const hide = (id: string) => setHidden((current) => new Set(current).add(id));

  return (
    <section className="wallet-withdrawals" aria-labelledby="wallet-withdrawals-title" data-testid="wallet-withdrawals">
      <h2 className="section-title" id="wallet-withdrawals-title">
        {t('wallet.withdrawals.title')}
      </h2>
      {items.map((item) => (
        <WithdrawalStatusCard key={item.id} id={item.id} place="wallet" onHide={() => hide(item.id)} />
      ))}
    </section>
  );
}

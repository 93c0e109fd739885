import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { formatTon } from '../lib/format';
import { demoStateQueryAtom } from '../state/demo';
import './balance-chip.css';
import './demo-balance-chip.css';

/**
 * The demo balance where the balances are, while demo play is on a game screen: marked DEMO, in
 * place of the TON and bonus chips, so play chips are never shown as money. (Its texts come with
 * the game screens, which are up whenever this shows.)
 */
export function DemoBalanceChip() {
  const { t, i18n } = useTranslation();
  const text = t as unknown as (key: string) => string;
  const amount = useAtomValue(demoStateQueryAtom).data?.demoBalance ?? null;
  const label = text('demo.balance');
  return (
    <span className="balance-chip demo-top-balance" title={amount === null ? label : `${label}: ${amount}`} data-testid="top-demo-balance">
      <span className="demo-badge">{text('demo.badge')}</span>
      <span className="visually-hidden">{label}: </span>
      <span className="demo-top-balance__amount" data-testid="balance-demo" data-value={amount ?? ''}>
        {amount === null ? '—' : formatTon(amount, i18n.language)}
      </span>
    </span>
  );
}

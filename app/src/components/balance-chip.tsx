import { useTranslation } from 'react-i18next';
import { formatDecimal, formatTon } from '../lib/format';
import { BonusMark, TonMark } from './icons';
import './balance-chip.css';

interface BalanceChipProps {
  kind: 'ton' | 'bonus';
  /** The API's decimal string, or null while unknown. */
  amount: string | null;
  size?: 'small' | 'large';
  /** Test id of the amount; one element per page carries the canonical `balance-<kind>`. */
  testId?: string;
}

/** One balance with its mark; the amount element carries the exact API string in `data-value`. */
export function BalanceChip({ kind, amount, size = 'small', testId = `balance-${kind}` }: BalanceChipProps) {
  const { t, i18n } = useTranslation();
  const label = kind === 'ton' ? t('balance.ton') : t('balance.bonus');
  const shown = amount === null ? '—' : formatTon(amount, i18n.language);
  return (
    <span
      className={`balance-chip balance-chip--${kind} balance-chip--${size}`}
      title={amount === null ? label : `${label}: ${formatDecimal(amount, i18n.language)}`}
    >
      {kind === 'ton' ? <TonMark className="balance-chip__mark" /> : <BonusMark className="balance-chip__mark" />}
      <span className="visually-hidden">{label}: </span>
      <span className="balance-chip__amount" data-testid={testId} data-value={amount ?? ''}>
        {shown}
      </span>
    </span>
  );
}

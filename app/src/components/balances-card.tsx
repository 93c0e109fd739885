import type { Balance } from '@arcade/api-client';
import { useTranslation } from 'react-i18next';
import { BalanceChip } from './balance-chip';
import './balances-card.css';

interface BalancesCardProps {
  balances: Balance | null;
  /** Carries the canonical `balance-ton` / `balance-bonus` test ids (on pages without the top bar). */
  primary?: boolean;
}

/** Both balances, large. Shows dashes (not zeros) while unknown. */
export function BalancesCard({ balances, primary = false }: BalancesCardProps) {
  const testId = (kind: 'ton' | 'bonus') => (primary ? `balance-${kind}` : `balances-card-${kind}`);
  const { t } = useTranslation();
  return (
    <div className="balances-card">
      <div className="balances-card__item balances-card__item--ton">
        <span className="balances-card__label">{t('balance.ton')}</span>
        <BalanceChip kind="ton" amount={balances?.ton ?? null} size="large" testId={testId('ton')} />
      </div>
      <div className="balances-card__item balances-card__item--bonus">
        <span className="balances-card__label">{t('balance.bonus')}</span>
        <BalanceChip kind="bonus" amount={balances?.bonusTon ?? null} size="large" testId={testId('bonus')} />
      </div>
    </div>
  );
}

import type { BonusState } from '@arcade/api-client/bonus';
import { formatTon } from '../../lib/format';
import { atLeast, isZero, ratio } from '../../lib/amounts';
import { usePlayerTexts } from '../../i18n/bonus-texts';
import { ProgressBar } from '../../components/progress-bar';

/** How much bonus was given of the lifetime cap, and what is left to wager before it turns into TON. */
export function BonusAccount({ state }: { state: BonusState }) {
  const { pt, lang } = usePlayerTexts();
  const granted = formatTon(state.granted, lang);
  const cap = formatTon(state.cap, lang);
  const capReached = atLeast(state.granted, state.cap);
  const nothingToWager = isZero(state.wageringLeft);
  return (
    <section className="card bonus-account" aria-labelledby="bonus-account-title" data-testid="bonus-account">
      <h2 className="bonus-account__title" id="bonus-account-title">
        {pt('player.balances.title')}
      </h2>
      <div className="split-row">
        <span className="bonus-account__label">{pt('player.balances.granted')}</span>
        <span className="bonus-account__value" data-testid="bonus-granted" data-value={state.granted} data-cap={state.cap}>
          {pt('player.balances.grantedOf', { granted, cap })}
        </span>
      </div>
      <ProgressBar value={ratio(state.granted, state.cap)} label={pt('player.balances.granted')} tone="gold" testId="bonus-granted-bar" />
      {capReached ? <p className="bonus-account__hint">{pt('player.balances.capReached')}</p> : null}
      <div className="bonus-account__divider" aria-hidden="true" />
      <div className="split-row">
        <span className="bonus-account__label">{pt('player.balances.wagering')}</span>
        <span className="bonus-account__value bonus-account__value--ton" data-testid="bonus-wagering" data-value={state.wageringLeft}>
          {pt('player.ton', { amount: formatTon(state.wageringLeft, lang) })}
        </span>
      </div>
      <p className="bonus-account__hint">{nothingToWager ? pt('player.balances.wageringDone') : pt('player.balances.wageringHint')}</p>
    </section>
  );
}

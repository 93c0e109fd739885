import { formatTon } from '../../lib/format';
import { numberInputText } from '../../lib/number-input';
import { DecimalInput } from '../../components/decimal-input';
import { Choices } from './game-parts';
import type { Currency } from '@arcade/api-client/games';
import { toNano } from '@arcade/api-client/money';
import { useAtom, useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePlayPause } from '../../state/play-pause';
import { PrefetchLink } from '../../components/prefetch-link';
import { BonusMark, TonMark } from '../../components/icons';
import { balancesAtom } from '../../state/balances';
import { currencyAtom, stakeInputAtom } from './games-state';
import { DemoRefillButton, DemoStakeSource, useDemoStakeBalance } from './demo/demo-parts';
import { demoText } from './demo/demo-texts';
import { useGamesT, type GamesT } from './games-texts';
import { checkStake, defaultStake, quickStakes, type CheckedStake, type StakeLimits, type StakeProblem } from './stake';
import '../../components/card.css';
import '../../components/field.css';
import '../../components/chip.css';
import '../../components/text-link.css';
import './games.css';
import './stake-panel.css';

/** Whether a balance can pay the smallest stake. */
function pays(amount: string, limits: StakeLimits): boolean {
  return toNano(amount) >= toNano(limits.minBet);
}

/**
 * The stake typed and the balance it is paid from (shared by the three games), checked against the
 * limits. Until the player picks a balance on this screen, the one with money is picked for them:
 * a player holding only bonus starts on bonus, not on an empty TON balance.
 */
export function useStake(limits: StakeLimits | null, scaledMultiplier?: number) {
  const [typed, setInput] = useAtom(stakeInputAtom);
  const [chosen, setCurrency] = useAtom(currencyAtom);
  const real = useAtomValue(balancesAtom);
  const store = useStore();
  const picked = useRef(false);
  const settled = useRef(false);
  useEffect(() => {
    // Once per screen, as soon as the limits and the balances are known (after any kept settings:
    // the balance is read from the store, not this render, which may not show them yet).
    if (settled.current || picked.current || !limits || !real) return;
    settled.current = true;
    const now = store.get(currencyAtom);
    const other: Currency = now === 'ton' ? 'bonus' : 'ton';
    const amountOf = (which: Currency) => (which === 'ton' ? real.ton : real.bonusTon);
    if (!pays(amountOf(now), limits) && pays(amountOf(other), limits)) setCurrency(other);
  }, [limits, real, store, setCurrency]);
  /** The player's own choice of balance: never changed for them after it. */
  const pickCurrency = useCallback(
    (next: Currency) => {
      picked.current = true;
      setCurrency(next);
    },
    [setCurrency],
  );
  // Demo play: the stake is checked against the demo balance, under the real games' limits.
  const demo = useDemoStakeBalance();
  const currency = demo ? 'ton' : chosen;
  const balance = demo ?? real;
  const input = typed ?? (limits ? defaultStake(limits) : '');
  const context = limits ? { currency, limits, balance, ...(scaledMultiplier ? { scaledMultiplier } : {}) } : null;
  const check: CheckedStake | null = context ? checkStake(input, context) : null;
  const quick = context ? quickStakes(input, context) : null;
  return { input, setInput, currency, setCurrency, pickCurrency, balance, limits, check, quick, demo: demo !== null };
}

export type StakeState = ReturnType<typeof useStake>;

export function stakeProblemText(gt: GamesT, locale: string, problem: StakeProblem, limits: StakeLimits): string {
  const amount = (value: string) => formatTon(value, locale);
  switch (problem) {
    case 'empty':
      return gt('play.problem.empty');
    case 'invalid':
      return gt('play.problem.invalid');
    case 'decimals':
      return gt('play.problem.decimals');
    case 'zero':
      return gt('play.problem.zero');
    case 'min':
      return gt('play.problem.min', { amount: amount(limits.minBet) });
    case 'max':
      return gt('play.problem.max', { amount: amount(limits.maxBet) });
    case 'bonusMax':
      return gt('play.problem.bonusMax', { amount: amount(limits.maxBonusBet) });
    case 'payout':
      return gt('play.problem.payout', { amount: amount(limits.maxPayout) });
    case 'balance':
      return gt('play.problem.balance');
    case 'bonusBalance':
      return gt('play.problem.bonusBalance');
  }
}

/** Where a "not enough" message sends the player. */
export function TopUpLink({ currency }: { currency: Currency }) {
  const { gt } = useGamesT();
  // A responsible-play pause closes deposits and bonuses: no way to them (the banner says why).
  const paused = usePlayPause();
  const demo = useDemoStakeBalance() !== null;
  if (paused) return null;
  if (demo) return <DemoRefillButton inline />;
  return currency === 'bonus' ? (
    <PrefetchLink to="/bonus" className="text-link" data-testid="earn-bonus-link">
      {gt('play.earnBonus')}
    </PrefetchLink>
  ) : (
    <PrefetchLink to="/deposit" className="text-link" data-testid="deposit-link">
      {gt('play.deposit')}
    </PrefetchLink>
  );
}

interface StakePanelProps {
  stake: StakeState;
  disabled: boolean;
  /** Play was pressed: show every problem, even an empty field. */
  submitted: boolean;
  /** Cleared when the player changes the stake (a server refusal no longer applies). */
  onChange?: () => void;
}

/** Pay from TON or bonus, the stake with its unit, quick stakes and what is wrong with it. */
export function StakePanel({ stake, disabled, submitted, onChange }: StakePanelProps) {
  const { gt, locale } = useGamesT();
  const { input, currency, balance, limits, check, quick } = stake;
  // Never an error before the player acts: only once they change the stake or the balance, or press Play.
  const [acted, setActed] = useState(false);
  const shown = submitted || (acted && input.trim() !== '' && check?.ok === false && check.problem !== 'empty');
  const problem = check && !check.ok && shown ? check.problem : null;
  const error =
    problem && limits
      ? problem === 'balance' && stake.demo
        ? demoText('demo.refusal.balance')
        : stakeProblemText(gt, locale, problem, limits)
      : null;
  const change = (value: string) => {
    setActed(true);
    stake.setInput(value);
    onChange?.();
  };
  const pick = (next: Currency) => {
    setActed(true);
    stake.pickCurrency(next);
    onChange?.();
  };
  const options: Array<{ value: Currency; label: string; amount: string | null }> = [
    { value: 'ton', label: gt('play.stake.ton'), amount: balance?.ton ?? null },
    { value: 'bonus', label: gt('play.stake.bonus'), amount: balance?.bonusTon ?? null },
  ];

  return (
    <div className="stake-panel">
      {stake.demo ? (
        <DemoStakeSource />
      ) : (
        <Choices
          className="tile game-segmented"
          label={gt('play.stake.from')}
          options={options.map((option) => option.value)}
          chosen={currency}
          disabled={disabled}
          testId={(value) => `currency-${value}`}
          onChoose={pick}
        >
          {(value) => {
            const option = options.find((each) => each.value === value)!;
            return (
              <>
                {value === 'ton' ? <TonMark className="game-segmented__mark" /> : <BonusMark className="game-segmented__mark" />}
                <span className="game-segmented__label">{option.label}</span>
                <span className="hint-figure game-segmented__amount">
                  {option.amount === null ? '—' : formatTon(option.amount, locale)}
                </span>
              </>
            );
          }}
        </Choices>
      )}
      <div className="field stake-field">
        <label className="field__label stake-field__label" htmlFor="stake-input">
          {gt('play.stake.label')}
        </label>
        <div className={`field__control stake-field__control${error ? ' is-invalid' : ''}`}>
          <DecimalInput
            id="stake-input"
            className="field__input field__input--amount"
            placeholder="0"
            value={input}
            disabled={disabled}
            invalid={Boolean(error)}
            aria-describedby={error ? 'stake-message' : currency === 'bonus' ? 'stake-hint' : undefined}
            testId="stake-input"
            onChange={change}
          />
          <span className="stake-field__unit" aria-hidden="true">
            {stake.demo ? demoText('demo.unit') : gt('play.stake.unit')}
          </span>
        </div>
        {quick ? (
          <div className="quick-stakes" role="group" aria-label={gt('play.stake.quick')}>
            {(
              [
                ['half', gt('play.stake.half'), quick.half],
                ['double', gt('play.stake.double'), quick.double],
                ['min', gt('play.stake.min'), quick.min],
                ['max', gt('play.stake.max'), quick.max],
              ] as const
            ).map(([id, label, value]) => (
              <button
                key={id}
                type="button"
                className="chip quick-stakes__chip"
                disabled={disabled}
                data-testid={`stake-${id}`}
                onClick={() => change(numberInputText(value, locale))}
              >
                {label}
              </button>
            ))}
          </div>
        ) : null}
        {error ? (
          <p className="field__error stake-field__error" id="stake-message" role="alert" data-testid="stake-error">
            {error}
            {problem === 'balance' || problem === 'bonusBalance' ? (
              <>
                {' '}
                <TopUpLink currency={currency} />
              </>
            ) : null}
          </p>
        ) : currency === 'bonus' && limits ? (
          <p className="field__hint stake-field__hint" id="stake-hint">
            {gt('play.stake.bonusHint', { amount: formatTon(limits.maxBonusBet, locale) })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

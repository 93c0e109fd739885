import type { DailyState } from '@arcade/api-client/bonus';
import { CalendarIcon, CheckIcon } from '../../components/icons';
import { formatTon } from '../../lib/format';
import { usePlayerTexts } from '../../i18n/bonus-texts';
import { useDailyClaim } from './use-daily-claim';
import { BusyButton } from '../../components/busy-button';

interface DailyRewardCardProps {
  daily: DailyState;
  cap: string;
}

/** The 7-day ladder by UTC day: today's day, the week's rewards and the claim button. */
export function DailyRewardCard({ daily, cap }: DailyRewardCardProps) {
  const { pt, lang } = usePlayerTexts();
  const { claim, pending, waiting, waitLabel } = useDailyClaim(daily, cap);
  const today = daily.rewards.find((reward) => reward.day === daily.currentDay);
  const amount = formatTon(today?.reward ?? '0', lang);

  return (
    <section className="card daily" data-testid="daily-reward" aria-labelledby="daily-title">
      <header className="daily__header">
        <span className="icon-tile daily__icon" aria-hidden="true">
          <CalendarIcon />
        </span>
        <h2 className="daily__title" id="daily-title">
          {pt('player.daily.title')}
        </h2>
        <span className="daily__day" data-testid="daily-day" data-day={daily.currentDay}>
          {pt('player.daily.day', { day: daily.currentDay })}
        </span>
      </header>
      <ol className="daily__days">
        {daily.rewards.map((reward) => {
          const current = reward.day === daily.currentDay;
          const state = reward.isClaimed ? 'claimed' : current ? 'current' : 'upcoming';
          const rewardText = formatTon(reward.reward, lang);
          return (
            <li
              key={reward.day}
              className={`daily__cell daily__cell--${state}${current ? ' is-today' : ''}`}
              aria-current={current ? 'date' : undefined}
              aria-label={`${pt('player.daily.dayShort', { day: reward.day })}: ${pt('player.plusTon', { amount: rewardText })}${
                reward.isClaimed ? `, ${pt('player.daily.claimedCell')}` : ''
              }`}
              data-testid="daily-cell"
              data-state={state}
            >
              <span className="daily__cell-day" aria-hidden="true">
                {reward.day}
              </span>
              <span className="daily__cell-coin" aria-hidden="true">
                {reward.isClaimed ? <CheckIcon width={14} height={14} /> : null}
              </span>
              <span className="daily__cell-reward" aria-hidden="true">
                {rewardText}
              </span>
            </li>
          );
        })}
      </ol>
      <BusyButton
        className="button button--gold button--block daily__claim"
        disabled={waiting}
        busy={pending}
        onClick={claim}
        testId="daily-claim"
        data-state={waiting ? 'waiting' : pending ? 'pending' : 'open'}
      >
        {waitLabel ?? (pending ? pt('player.daily.claiming') : pt('player.daily.claim', { amount }))}
      </BusyButton>
      <p className="daily__note">{pt('player.daily.note')}</p>
    </section>
  );
}

import { useAtomValue } from 'jotai';
import { Screen } from '../../components/screen';
import { formatTon } from '../../lib/format';
import { achievementsQueryAtom } from './achievements-state';
import { usePlayerTexts, type PlayerT } from '../../i18n/bonus-texts';
import '../../i18n/player-screens-texts';
import { LoadProblem, LoadingCard } from '../../components/load-states';
import { ProgressBar } from '../../components/progress-bar';
import { BadgeArt } from './badge';
import { ladderView, stakeForWin, type Ladder, type LadderView } from './ladder-view';
import './achievements.css';

/** A ladder's number as its card says it: rounds, TON or a multiplier. */
function valueText(ladder: Ladder['id'], value: string, pt: PlayerT, lang: string): string {
  return pt(`player.achievements.value.${ladder}`, { value: formatTon(value, lang) });
}

function LadderCard({ view, maxPayout }: { view: LadderView; maxPayout: string | null }) {
  const { pt, lang } = usePlayerTexts();
  const title = pt(`player.achievements.ladders.${view.id}`);
  return (
    <section
      className="card ladder"
      aria-labelledby={`ladder-${view.id}-title`}
      data-testid={`ladder-${view.id}`}
      data-earned={view.earned}
    >
      <header className="split-row">
        <h2 className="ladder__title" id={`ladder-${view.id}-title`}>
          {title}
        </h2>
        <span className="ladder__value" data-testid={`ladder-${view.id}-value`} data-value={view.value}>
          {valueText(view.id, view.value, pt, lang)}
        </span>
      </header>
      <div className="ladder__progress">
        <ProgressBar value={view.progress} label={title} tone={view.next ? 'gold' : 'win'} />
        <div className="ladder__next">
          <span>
            {view.next
              ? pt('player.achievements.next', { threshold: valueText(view.id, view.next.threshold, pt, lang) })
              : pt('player.achievements.allEarned')}
          </span>
          {view.next ? (
            <span className="ladder__count" data-testid={`ladder-${view.id}-count`}>
              {pt('player.achievements.count', { value: formatTon(view.value, lang), threshold: formatTon(view.next.threshold, lang) })}
            </span>
          ) : null}
        </div>
      </div>
      <ol className="badges">
        {view.tiers.map((tier) => {
          const threshold = valueText(view.id, tier.threshold, pt, lang);
          const reward = formatTon(tier.reward, lang);
          return (
            <li
              key={tier.tier}
              className={`badge${tier.earned ? ' badge--earned' : ''}`}
              data-testid="achievement-badge"
              data-tier={tier.tier}
              data-earned={tier.earned}
              aria-label={pt('player.achievements.badgeLabel', {
                ladder: title,
                tier: tier.tier,
                threshold,
                reward,
                state: tier.earned ? pt('player.achievements.earned') : pt('player.achievements.locked'),
              })}
            >
              <BadgeArt ladder={view.id} tier={tier.tier} earned={tier.earned} />
              <span className="badge__threshold" aria-hidden="true">
                {threshold}
              </span>
              <span className="badge__reward" aria-hidden="true">
                {pt('player.plusTon', { amount: reward })}
              </span>
            </li>
          );
        })}
      </ol>
      {view.id === 'bestWin' && maxPayout !== null ? <BestWinCap view={view} maxPayout={maxPayout} /> : null}
    </section>
  );
}

/**
 * A round pays at most the configured maximum: the best win ladder's top tier is within reach
 * only at a small stake, and the card says which, rather than suggest a payout past the cap.
 */
function BestWinCap({ view, maxPayout }: { view: LadderView; maxPayout: string }) {
  const { pt, lang } = usePlayerTexts();
  const top = view.tiers.at(-1);
  if (!top) return null;
  const stake = stakeForWin(maxPayout, top.threshold);
  return (
    <p className="ladder__cap" data-testid="ladder-bestWin-cap">
      {pt('player.achievements.bestWinCap', {
        cap: formatTon(maxPayout, lang),
        threshold: valueText(view.id, top.threshold, pt, lang),
        stake: formatTon(stake, lang),
      })}
    </p>
  );
}

interface AchievementsScreenProps {
  /** The most a round pays (the games' configuration, which the route brings), or null until known. */
  maxPayout?: string | null;
}

export function AchievementsScreen({ maxPayout = null }: AchievementsScreenProps) {
  const { t, pt } = usePlayerTexts();
  const query = useAtomValue(achievementsQueryAtom);
  const ladders = query.data?.ladders.map(ladderView) ?? null;
  return (
    <Screen name="achievements" title={t('screens.achievements.title')} description={t('screens.achievements.description')}>
      {ladders ? (
        <>
          {ladders.map((view) => (
            <LadderCard key={view.id} view={view} maxPayout={maxPayout} />
          ))}
          <p className="achievements__note">{pt('player.achievements.rewardsNote')}</p>
        </>
      ) : query.isError ? (
        <LoadProblem onRetry={() => void query.refetch()} testId="achievements-load-error" />
      ) : (
        <LoadingCard testId="achievements-loading" />
      )}
    </Screen>
  );
}

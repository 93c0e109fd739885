import { usePlayT, type PlayKey } from '../i18n/play-texts';
import { formatMoment } from '../lib/format';
import { usePauseWatch, usePlayPause, type ActivePause } from '../state/play-pause';
import { PlayLink } from './play-link';
import './play-pause-banner.css';

/** The id of the banner's text, for the controls it disables (aria-describedby). */
export const PAUSE_BANNER_TEXT_ID = 'play-pause-banner-text';

/**
 * The responsible-play pause over a screen it closes (a game, the deposit, the rewards): since
 * when and until when (or for good), what it closes, and the way to the settings. Nothing
 * without a pause. It also keeps the pause current while the screen is open.
 */
export function PlayPauseBanner() {
  usePauseWatch();
  const pause = usePlayPause();
  const { rt, locale } = usePlayT();
  if (!pause) return null;
  const forGood = pause.until === null;
  return (
    <aside className="pause-banner" role="status" data-testid="pause-banner" data-kind={pause.kind} data-until={pause.until ?? 'never'}>
      <p className="pause-banner__title" data-testid="pause-banner-title">
        {forGood
          ? rt('responsible.closed.excludedTitle')
          : rt('responsible.closed.coolOffTitle', { time: formatMoment(pause.until ?? '', locale) })}
      </p>
      <p className="pause-banner__text" id={PAUSE_BANNER_TEXT_ID}>
        {forGood ? rt('responsible.closed.excludedText') : rt('responsible.closed.coolOffText')}
      </p>
      <PlayLink />
    </aside>
  );
}

/** What a pause closes, said for a cool-off or for a self-exclusion. */
export type ClosedWhat = 'play' | 'deposit' | 'rewards' | 'claim';

const closedKeys: Record<ClosedWhat, [coolOff: PlayKey, excluded: PlayKey]> = {
  play: ['responsible.closed.play', 'responsible.closed.playExcluded'],
  deposit: ['responsible.closed.deposit', 'responsible.closed.depositExcluded'],
  rewards: ['responsible.closed.rewards', 'responsible.closed.rewardsExcluded'],
  claim: ['responsible.closed.claim', 'responsible.closed.claimExcluded'],
};

/** Why a control is closed by the pause, in the player's language. */
export function useClosedReason(what: ClosedWhat): { pause: ActivePause | null; reason: string | null } {
  const pause = usePlayPause();
  const { rt } = usePlayT();
  if (!pause) return { pause: null, reason: null };
  const [coolOff, excluded] = closedKeys[what];
  return { pause, reason: rt(pause.until === null ? excluded : coolOff) };
}

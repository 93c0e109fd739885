import { soundEnabled } from './sound-choice';
import type { SoundName } from './sound-names';
import { createThrottle } from './throttle';

/** No more than this many sounds in any second (auto-bet at instant speed must not pile them up). */
export const SOUNDS_PER_SECOND = 4;

type Player = typeof import('./sound-player');

let player: Player | null = null;
let loading: Promise<Player> | null = null;
/** The sound asked for while the player's code was still on its way (only the latest plays). */
let waiting: SoundName | null = null;
// Asked by the player just before the notes start (sound-player.ts); a tenth of a second more
// than a second leaves room for the few notes of one sound to be set up after the decision.
const throttle = createThrottle(SOUNDS_PER_SECOND, 1100);

/**
 * Plays one sound when the player has sound on. The synthesis (and the audio context) is a
 * chunk of its own, asked for the first time a sound is due: with sound off nothing of it loads.
 */
function play(name: SoundName): void {
  if (!soundEnabled()) return;
  // Once loaded, played in the same call: a tap's sound starts inside the tap (iOS asks for that).
  if (player) {
    player.playSound(name, () => throttle.take());
    return;
  }
  waiting = name;
  loading ??= import('./sound-player').then(
    (loaded) => (player = loaded),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  loading.then(
    (loaded) => {
      const next = waiting;
      waiting = null;
      if (next && soundEnabled()) loaded.playSound(next, () => throttle.take());
    },
    (error: unknown) => console.warn('[sound] the sounds could not be loaded', error),
  );
}

/** The games' sounds, fired next to their haptics (telegram/haptics.ts). */
export const sounds = {
  /** A bet placed. */
  bet: () => play('bet'),
  /** A round won (or cashed out). */
  win: () => play('win'),
  /** A round lost or a bet refused. */
  lose: () => play('lose'),
  /** One more road lane crossed. */
  step: () => play('step'),
  /** A shown round's outcome: a win, a loss, or (a round still open) one more lane crossed. */
  outcome: (status: 'open' | 'won' | 'lost' | 'cashed') =>
    play(status === 'won' || status === 'cashed' ? 'win' : status === 'lost' ? 'lose' : 'step'),
};

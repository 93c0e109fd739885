import { ApiError } from '@arcade/api-client/errors';
import type { GameRefusal } from '@arcade/api-client/games';
import type { GamesKey } from '../../i18n/resources/games-en';
import { outcomeUnknown } from '../../lib/idempotency';
import type { GamesT } from './games-texts';
import { demoText } from './demo/demo-texts';

/** Every refusal code of the game calls and the text that explains it in the player's language. */
export const refusalKeys = {
  'game.stake.min': 'play.refusal.stakeMin',
  'game.stake.max': 'play.refusal.stakeMax',
  'game.stake.bonus-max': 'play.refusal.stakeBonusMax',
  'game.payout.max': 'play.refusal.payoutMax',
  'game.balance': 'play.refusal.balance',
  'game.roll.chance': 'play.refusal.rollChance',
  'game.road.open': 'play.refusal.roadOpen',
  'game.road.not-open': 'play.refusal.roadNotOpen',
  'game.road.lane': 'play.refusal.roadLane',
  'game.road.nothing-to-cash': 'play.refusal.nothingToCash',
  'fairness.road-open': 'play.refusal.fairnessRoadOpen',
  'account.banned': 'play.refusal.banned',
} as const satisfies Record<GameRefusal, GamesKey>;

export function refusalKey(code: string | null): GamesKey | null {
  const keys: Readonly<Record<string, GamesKey | undefined>> = refusalKeys;
  return code !== null && Object.hasOwn(keys, code) ? (keys[code] ?? null) : null;
}

/** What a bet's failure offers next to its text ('play': the responsible play screen). */
export type BetErrorAction = 'deposit' | 'bonus' | 'road' | 'play' | null;

export interface BetError {
  /** The refusal code, 'network' when the outcome is unknown, or 'other'. */
  code: string;
  text: string;
  action: BetErrorAction;
  /** True when the same press may be retried with the same key. */
  retry: boolean;
}

/** Explains a failed bet call: a refusal in the player's language, a lost connection, or anything else. */
export function explainBetError(error: unknown, gt: GamesT, currency: 'ton' | 'bonus' = 'ton'): BetError {
  if (ApiError.is(error, 'failure')) {
    const key = refusalKey(error.code);
    const code = error.code ?? 'other';
    // Responsible play (a limit, a break, the 18+ question): the server's own words say which and until when.
    const demoKey = code === 'demo.balance' ? 'demo.refusal.balance' : code === 'demo.round' ? 'demo.refusal.round' : null;
    if (demoKey) return { code, text: demoText(demoKey), action: code === 'demo.balance' ? 'deposit' : null, retry: false };
    if (code.startsWith('play.')) return { code, text: error.message || gt('play.errors.generic'), action: 'play', retry: false };
    let action: BetErrorAction = null;
    if (code === 'game.balance') action = currency === 'bonus' ? 'bonus' : 'deposit';
    if (code === 'game.road.open' || code === 'fairness.road-open') action = 'road';
    return { code, text: key ? gt(key) : error.message || gt('play.errors.generic'), action, retry: false };
  }
  if (outcomeUnknown(error)) return { code: 'network', text: gt('play.errors.network'), action: null, retry: true };
  console.error('[games] call failed', error);
  return { code: 'other', text: gt('play.errors.generic'), action: null, retry: false };
}

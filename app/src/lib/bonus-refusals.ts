import type { BonusRefusal } from '@arcade/api-client/bonus';
import { ApiError } from '@arcade/api-client/errors';
import { toast } from './toast';
import { i18n } from '../i18n/i18n';
import { playText, type PlayKey } from '../i18n/play-texts';
import { playerText, type PlayerKey, type PlayerTextValues } from '../i18n/bonus-texts';

/** Every refusal code of the bonus calls and the text that explains it (spec section 8). */
export const bonusRefusalKeys = {
  'task.not-completed': 'player.refusal.taskNotCompleted',
  'task.conditions': 'player.refusal.conditions',
  'task.claimed': 'player.refusal.taskClaimed',
  'task.unknown': 'player.refusal.taskUnknown',
  'daily.too-early': 'player.refusal.dailyTooEarly',
  'bonus.cap': 'player.refusal.cap',
  'referral.min': 'player.refusal.referralMin',
  'account.banned': 'player.refusal.banned',
} as const satisfies Record<BonusRefusal, PlayerKey>;

/**
 * A bonus call (daily reward, task, referral claim, bonus grant) refused by responsible play:
 * its own words, the bet refusals' words would speak of bets and deposits.
 */
const pauseRefusalKeys: Readonly<Record<string, PlayKey | undefined>> = {
  'play.paused': 'responsible.refusal.rewardPaused',
  'play.excluded': 'responsible.refusal.rewardExcluded',
};

export interface BonusProblem {
  /** The refusal code, or null when the call failed otherwise. */
  code: string | null;
  /** 'refusal': the server said no; 'network': it may not have been reached; 'other'. */
  kind: 'refusal' | 'network' | 'other';
  text: string;
}

/** Reads what went wrong with a bonus call, in the player's language. */
export function readBonusProblem(error: unknown, values: PlayerTextValues = {}): BonusProblem {
  if (ApiError.is(error, 'failure')) {
    const code = error.code ?? null;
    const keys: Readonly<Record<string, PlayerKey | undefined>> = bonusRefusalKeys;
    const key = code !== null && Object.hasOwn(keys, code) ? keys[code] : undefined;
    const pauseKey = code !== null && Object.hasOwn(pauseRefusalKeys, code) ? pauseRefusalKeys[code] : undefined;
    // A code this app does not know: the server's own words, then the generic text.
    const text = key ? playerText(key, values) : pauseKey ? playText(pauseKey) : error.message || i18n.t('toast.somethingWentWrong');
    return { code, kind: 'refusal', text };
  }
  if (ApiError.is(error, 'request')) return { code: null, kind: 'network', text: playerText('player.refusal.network') };
  console.error('[bonus] call failed', error);
  return { code: null, kind: 'other', text: i18n.t('toast.somethingWentWrong') };
}

/** Shows a failed bonus call as an error toast; returns what it showed. */
export function toastBonusProblem(error: unknown, values: PlayerTextValues = {}): BonusProblem {
  const problem = readBonusProblem(error, values);
  toast.error(problem.text, { toastId: `bonus:${problem.code ?? problem.kind}` });
  return problem;
}

/** A task check that found the task not done yet (an answer, not a refusal). */
export function toastTaskNotCompleted(): void {
  toast.error(playerText(bonusRefusalKeys['task.not-completed']), { toastId: 'bonus:task.not-completed' });
}

/** Spec section 8: the success toast of every reward claim. */
export function toastRewardCredited(): void {
  toast.success(playerText('player.rewardCredited'), { toastId: 'bonus:credited' });
}

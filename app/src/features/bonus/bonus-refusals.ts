import type { BonusRefusal } from '@arcade/api-client/bonus';
import { ApiError } from '@arcade/api-client/errors';
import { toast } from '../../lib/toast';
import { i18n } from '../../i18n/i18n';
import { perksText, type PerksKey, type PerksValues } from './bonus-texts';

/** Every refusal code of the bonus calls and the text that explains it (spec section 8). */
export const bonusRefusalKeys = {
  'task.not-completed': 'perks.refusal.taskNotCompleted',
  'task.conditions': 'perks.refusal.conditions',
  'task.claimed': 'perks.refusal.taskClaimed',
  'task.unknown': 'perks.refusal.taskUnknown',
  'daily.too-early': 'perks.refusal.dailyTooEarly',
  'bonus.cap': 'perks.refusal.cap',
  'referral.min': 'perks.refusal.referralMin',
  'account.banned': 'perks.refusal.banned',
} as const satisfies Record<BonusRefusal, PerksKey>;

export interface BonusProblem {
  /** The refusal code, or null when the call failed otherwise. */
  code: string | null;
  /** 'refusal': the server said no; 'network': it may not have been reached; 'other'. */
  kind: 'refusal' | 'network' | 'other';
  text: string;
}

/** Reads what went wrong with a bonus call, in the player's language. */
export function readBonusProblem(error: unknown, values: PerksValues = {}): BonusProblem {
  if (ApiError.is(error, 'failure')) {
    const code = error.code ?? null;
    const keys: Readonly<Record<string, PerksKey | undefined>> = bonusRefusalKeys;
    const key = code !== null && Object.hasOwn(keys, code) ? keys[code] : undefined;
    // A code this app does not know: the server's own words, then the generic text.
    const text = key ? perksText(key, values) : error.message || i18n.t('toast.somethingWentWrong');
    return { code, kind: 'refusal', text };
  }
  if (ApiError.is(error, 'request')) return { code: null, kind: 'network', text: perksText('perks.refusal.network') };
  console.error('[bonus] call failed', error);
  return { code: null, kind: 'other', text: i18n.t('toast.somethingWentWrong') };
}

/** Shows a failed bonus call as an error toast; returns what it showed. */
export function toastBonusProblem(error: unknown, values: PerksValues = {}): BonusProblem {
  const problem = readBonusProblem(error, values);
  toast.error(problem.text, { toastId: `bonus:${problem.code ?? problem.kind}` });
  return problem;
}

/** A task check that found the task not done yet (an answer, not a refusal). */
export function toastTaskNotCompleted(): void {
  toast.error(perksText(bonusRefusalKeys['task.not-completed']), { toastId: 'bonus:task.not-completed' });
}

/** Spec section 8: the success toast of every reward claim. */
export function toastRewardCredited(): void {
  toast.success(perksText('perks.rewardCredited'), { toastId: 'bonus:credited' });
}

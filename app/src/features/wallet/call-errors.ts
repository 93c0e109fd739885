import { ApiError } from '@arcade/api-client/errors';
import type { TFunction } from 'i18next';
import { toast } from '../../lib/toast';
import { notify } from '../../lib/notify';
import { readRefusal, type RefusalPlace } from './refusals';
import './wallet-texts';

/** Numbers the refusal texts may mention, from the wallet info's limits. */
export type RefusalValues = {
  min?: string;
  fee?: string;
  left?: string;
  minDeposit?: string;
  maxDeposit?: string;
};

export type FieldErrors = Partial<Record<Exclude<RefusalPlace, 'toast'>, string>>;

/**
 * Shows what went wrong with a wallet call: a refusal of a field goes next to that field
 * (returned), any other refusal and every other failure becomes a toast.
 */
export function explainCallError(error: unknown, t: TFunction, values: RefusalValues = {}): FieldErrors {
  const refusal = readRefusal(error);
  if (refusal) {
    const text = refusal.key ? t(refusal.key, values) : refusal.message || t('toast.somethingWentWrong');
    if (refusal.place !== 'toast') return { [refusal.place]: text };
    toast.error(text, { toastId: `refusal:${text}` });
    return {};
  }
  if (ApiError.is(error, 'request')) notify.error('wallet.toast.network');
  else {
    console.error('[wallet] call failed', error);
    notify.error('toast.somethingWentWrong');
  }
  return {};
}

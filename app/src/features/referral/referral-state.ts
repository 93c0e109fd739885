import type { ReferralInfo } from '@arcade/api-client/bonus';
import type { Getter } from 'jotai';
import { atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import { createActionKeys, runWithKey } from '../../lib/idempotency';
import { shareBalance } from '../../state/balances';
import { profileKeys } from '../../state/profile';
import { readSignedIn, required, signedInQuery } from '../../state/signed-in';

export const referralKey = (userId: string | null) => ['referral', 'info', userId] as const;

/** The referral numbers move while friends play: re-read them this often while shown. */
export const REFERRAL_POLL_MS = 30_000;

export const referralQueryAtom = atomWithQuery((get: Getter) => ({
  ...signedInQuery(get, referralKey, ({ api }, { signal }): Promise<ReferralInfo> => api.referral.info({ signal })),
  refetchInterval: REFERRAL_POLL_MS,
}));

/** A claim in flight keeps its idempotency key until the server has answered. */
const claimKeys = createActionKeys();

/** Claims the referral earnings; the balances and the profile's numbers follow the reply. */
export const claimReferralAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['referral', 'claim'],
    mutationFn: async () => {
      const { api, client, userId } = required(signedIn);
      const result = await runWithKey(claimKeys, 'referral', (idempotencyKey) => api.referral.claim({ idempotencyKey }));
      client.setQueryData(referralKey(userId), result.referral);
      shareBalance(client, userId, result.balance);
      void client.invalidateQueries({ queryKey: profileKeys.full(userId) });
      return result;
    },
  };
});

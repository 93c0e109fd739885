import { ApiError } from '@arcade/api-client/errors';
import type { PrivacyState } from '@arcade/api-client/live';
import type { QueryFunctionContext } from '@tanstack/query-core';
import { useAtomValue, type Getter } from 'jotai';
import { atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import { EyeIcon } from '../../components/icons';
import { ToggleCard } from './toggle-card';
import { useLiveT } from '../../i18n/live-texts';
import { toast } from '../../lib/toast';
import { readSignedIn, required, signedInQuery } from '../../state/signed-in';

const privacyKey = (userId: string | null) => ['profile', 'privacy', userId] as const;

/** Whether the player's first name shows in the live feed and on the weekly leaderboard. */
const privacyQueryAtom = atomWithQuery((get: Getter) =>
  signedInQuery(get, privacyKey, ({ api }, { signal }: QueryFunctionContext): Promise<PrivacyState> =>
    api.call('profilePrivacy', {}, { signal }),
  ),
);

/** Saves the choice; the switch follows the server's answer. */
const setPrivacyAtom = atomWithMutation((get: Getter) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['profile', 'privacy'],
    mutationFn: async (showName: boolean): Promise<PrivacyState> => {
      const { api, client, userId } = required(signedIn);
      const state = await api.call('profilePrivacyChange', { showName });
      client.setQueryData(privacyKey(userId), state);
      return state;
    },
  };
});

/** The profile's switch of the player's name in live wins: on by default, saved on the server. */
export function PrivacySwitch() {
  const { lt } = useLiveT();
  const query = useAtomValue(privacyQueryAtom);
  const saving = useAtomValue(setPrivacyAtom);
  const known = query.data?.showName;
  // While saving, show where the switch is going.
  const shown = saving.isPending && saving.variables !== undefined ? saving.variables : (known ?? true);
  const busy = saving.isPending || known === undefined;

  const toggle = () => {
    if (busy) return;
    saving.mutate(!shown, {
      onSuccess: (state) => toast.info(lt(state.showName ? 'live.privacy.shown' : 'live.privacy.hidden'), { toastId: 'profile:privacy' }),
      // Past the per-player limit on changes (every change goes out to every live feed) the server says 429.
      onError: (error) =>
        void toast.error(lt(ApiError.is(error) && error.status === 429 ? 'live.privacy.tooMany' : 'live.privacy.failed'), {
          toastId: 'profile:privacy-failed',
        }),
    });
  };

  return (
    <ToggleCard
      id="privacy"
      icon={<EyeIcon />}
      title={lt('live.privacy.title')}
      text={lt('live.privacy.text')}
      on={shown}
      busy={busy}
      onToggle={toggle}
    />
  );
}

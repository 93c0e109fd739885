import { QueryClient } from '@tanstack/query-core';
import { describe, expect, it, vi } from 'vitest';
import { shareBalance } from '../src/state/balances';
import { profileKeys } from '../src/state/profile';
import { refreshBalances, walletKeys } from '../src/features/wallet/wallet-state';
import { fullProfile, lightProfile } from './fixtures';

describe('wallet balances and the top bar', () => {
  it('a fresher balance from the wallet info goes into both cached profiles', () => {
    const client = new QueryClient();
    client.setQueryData(profileKeys.light('7'), lightProfile({ balance: { ton: '1', bonusTon: '3' } }));
    client.setQueryData(profileKeys.full('7'), fullProfile({ balance: { ton: '1', bonusTon: '3' } }));
    shareBalance(client, '7', { ton: '3.5', bonusTon: '3' });
    expect(client.getQueryData<{ balance: unknown }>(profileKeys.light('7'))?.balance).toEqual({ ton: '3.5', bonusTon: '3' });
    expect(client.getQueryData<{ balance: unknown }>(profileKeys.full('7'))?.balance).toEqual({ ton: '3.5', bonusTon: '3' });
  });

  it('leaves the profiles alone when nothing changed or nothing is cached', () => {
    const client = new QueryClient();
    client.setQueryData(profileKeys.light('7'), lightProfile({ balance: { ton: '1', bonusTon: '3' } }));
    const before = client.getQueryState(profileKeys.light('7'))?.dataUpdatedAt;
    shareBalance(client, '7', { ton: '1', bonusTon: '3' });
    expect(client.getQueryState(profileKeys.light('7'))?.dataUpdatedAt).toBe(before);
    expect(client.getQueryData(profileKeys.full('7'))).toBeUndefined();
  });

  it('after a money call the light profile, the wallet info and the history are re-read', async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await refreshBalances(client, '7');
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      profileKeys.light('7'),
      walletKeys.info('7'),
      walletKeys.history('7'),
    ]);
  });
});

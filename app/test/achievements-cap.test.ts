import { describe, expect, it } from 'vitest';
import { stakeForWin } from '../src/features/achievements/ladder-view';

describe('the best win ladder under the payout cap', () => {
  it('names the largest stake whose win of the tier is paid in full', () => {
    expect(stakeForWin('500', '1000')).toBe('0.5');
    expect(stakeForWin('500', '100')).toBe('5');
    expect(stakeForWin('500', '3')).toBe('166.666666666');
  });
});

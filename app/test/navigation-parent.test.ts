import { describe, expect, it } from 'vitest';
import { parentPath } from '../src/lib/navigation';

describe('back from a screen opened by a deep link', () => {
  it('leads to the screen the player would have come from', () => {
    expect(parentPath('/deposit')).toBe('/wallet');
    expect(parentPath('/withdraw')).toBe('/wallet');
    expect(parentPath('/profile/play')).toBe('/profile');
    expect(parentPath('/profile')).toBe('/bonus');
    expect(parentPath('/achievements')).toBe('/bonus');
  });
});

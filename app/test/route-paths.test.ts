import { describe, expect, it } from 'vitest';
import { canonicalLocation, canonicalPath } from '../src/app/route-paths';

describe('canonical paths', () => {
  it.each([
    ['/bonus/', '/bonus'],
    ['/bonus//', '/bonus'],
    ['/BONUS', '/bonus'],
    ['/Market/', '/market'],
    ['//profile', '/profile'],
    ['/', '/'],
    ['', '/'],
    ['/bonus', '/bonus'],
    ['/Unknown/', '/Unknown'],
    ['/a/b/', '/a/b'],
  ])('%s -> %s', (input, expected) => {
    expect(canonicalPath(input)).toBe(expected);
  });

  it('keeps search and hash when redirecting', () => {
    expect(canonicalLocation({ pathname: '/Roll/', search: '?target=50', hash: '#top' })).toBe('/roll?target=50#top');
  });

  it('answers null for a path that is already canonical', () => {
    expect(canonicalLocation({ pathname: '/roll', search: '?target=50', hash: '' })).toBeNull();
  });
});

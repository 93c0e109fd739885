import { expect, it, vi } from 'vitest';
import type { StartView } from '../src/app/app-root';
import { start } from '../src/app/start';
import { i18n } from '../src/i18n/i18n';
import { bonusState, fullProfile, HOST, lightProfile, ok, stubServer } from './fixtures';

// A first launch: no module of the page has run before this file's. The bonus screen's English
// texts are fetched only once its code has come, and that chunk takes a while, as on a phone.
vi.mock('../src/i18n/resources/bonus-en', async (real: () => Promise<unknown>) => {
  const texts = await real();
  await new Promise((resolve) => setTimeout(resolve, 50));
  return texts;
});

it("an English player's first launch on /bonus shows the bonus screen's English texts at once", async () => {
  window.history.replaceState(null, '', '/bonus');
  // A server that answers at once: the login's language is known before the screen's code is here.
  const api = stubServer({
    '/api/v3/auth': () =>
      ok({ token: 'token-1', expired_at: 2_000_000_000, profile: lightProfile({ lang: 'en', onboardingCompleted: true }) }),
    '/api/v3/profile/full': () => ok(fullProfile()),
    '/api/v3/bonus/state': () => ok(bonusState),
  });
  const seen: string[] = [];
  const show = (view: StartView) => {
    if (view.phase === 'ready') seen.push((i18n.t as unknown as (key: string, values: object) => string)('player.daily.day', { day: 2 }));
  };
  const end = await start({ host: () => Promise.resolve(HOST), fetch: api.fetch, show });
  expect(end.phase).toBe('ready');
  expect(seen).toEqual(['Day 2']);
  window.history.replaceState(null, '', '/');
});

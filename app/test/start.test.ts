import { calls } from '@arcade/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StartView } from '../src/app/app-root';
import { start, type StartOptions } from '../src/app/start';
import { i18n } from '../src/i18n/i18n';
import { bonusState, fail, fullProfile, HOST, INIT_DATA, lightProfile, ok, stubServer, type StubHandler } from './fixtures';

const AUTH = '/api/v3/auth';
const LIGHT = '/api/v3/profile/light';
const FULL = '/api/v3/profile/full';
const BONUS = '/api/v3/bonus/state';

/** The login reply of this server: the light profile rides along (AuthResult). */
const login =
  (profile: ReturnType<typeof lightProfile> | null): StubHandler =>
  () =>
    ok({ token: 'token-1', expired_at: 2_000_000_000, ...(profile ? { profile } : {}) });

/**
 * A server whose every answer takes a moment, recording each call's round trip: a call sent
 * before another's answer came is on the same round trip, one sent after it on the next.
 */
function server(handlers: Record<string, StubHandler>) {
  const inner = stubServer({ [FULL]: () => ok(fullProfile()), [BONUS]: () => ok(bonusState), ...handlers });
  const trips: Array<[string, number]> = [];
  let answered = 0;
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const trip = answered + 1;
    trips.push([new URL(url, 'http://app.test').pathname, trip]);
    return new Promise((resolve) =>
      setTimeout(() => {
        answered = Math.max(answered, trip);
        resolve(inner.fetch(input, init));
      }, 5),
    );
  };
  return { fetch, trips };
}

/** The login as the page's entry sends it (main.tsx), before start-up's code is here. */
function entryLogin(fetch: typeof globalThis.fetch, initData = INIT_DATA) {
  const reply = fetch(AUTH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-App-Key': 'dev-app-key' },
    body: JSON.stringify({ initData }),
  });
  return { initData, reply };
}

/** Runs start-up with the given server and host, recording every view it shows. */
async function run(fetch: typeof globalThis.fetch, options: Partial<StartOptions> = {}) {
  const views: StartView[] = [];
  const end = await start({ host: () => Promise.resolve(HOST), fetch, show: (view) => views.push(view), ...options });
  return { end, views };
}

beforeEach(async () => {
  window.history.replaceState(null, '', '/bonus');
  await i18n.changeLanguage('ru');
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('start-up', () => {
  it('reaches the first screen in two round trips: the login, then the full profile beside the bonus data', async () => {
    const api = server({ [AUTH]: login(lightProfile({ lang: 'en', onboardingCompleted: true })) });

    const { end, views } = await run(api.fetch, { entryLogin: entryLogin(api.fetch) });

    expect(end.phase).toBe('ready');
    expect(views.map((view) => view.phase)).toEqual(['starting', 'starting', 'ready']);
    // The entry's login is taken, not sent again; the light profile came with it.
    expect(api.trips).toEqual([
      [AUTH, 1],
      [FULL, 2],
      [BONUS, 2],
    ]);
    expect(i18n.language).toBe('en');
  });

  it('takes the language from the login reply', async () => {
    await i18n.changeLanguage('en');
    const api = server({ [AUTH]: login(lightProfile({ lang: 'ru', onboardingCompleted: true })) });
    await run(api.fetch, { entryLogin: entryLogin(api.fetch) });
    expect(i18n.language).toBe('ru');
  });

  it('does not load the full profile or the screen data while onboarding is not completed', async () => {
    const api = server({ [AUTH]: login(lightProfile({ lang: 'en', onboardingCompleted: false })) });

    const { end } = await run(api.fetch, { entryLogin: entryLogin(api.fetch) });

    expect(end.phase).toBe('ready');
    expect(api.trips).toEqual([[AUTH, 1]]);
    expect(i18n.language).toBe('en');
  });

  it('logs in itself when the entry did not, or did for other launch data', async () => {
    const api = server({ [AUTH]: login(lightProfile({ onboardingCompleted: false })) });
    await run(api.fetch);
    await run(api.fetch, { entryLogin: entryLogin(api.fetch, 'other=1') });
    expect(api.trips.map(([path]) => path)).toEqual([AUTH, AUTH, AUTH]);
  });

  it('asks for the light profile in between when the login reply does not carry it (three round trips)', async () => {
    const api = server({
      [AUTH]: login(null),
      [LIGHT]: () => ok(lightProfile({ lang: 'en', onboardingCompleted: true })),
    });
    const { end } = await run(api.fetch);
    expect(end.phase).toBe('ready');
    expect(api.trips).toEqual([
      [AUTH, 1],
      [LIGHT, 2],
      [FULL, 3],
      [BONUS, 3],
    ]);
    expect(i18n.language).toBe('en');
  });

  it('shows the error screen with the server message on a refused login, and Retry logs in again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let refuse = true;
    const api = server({
      [AUTH]: (body, headers) =>
        refuse ? fail(401, 'Init data is expired') : login(lightProfile({ onboardingCompleted: false }))(body, headers),
    });

    const { end, views } = await run(api.fetch, { entryLogin: entryLogin(api.fetch) });

    expect(end).toMatchObject({ phase: 'failed', serverMessage: 'Init data is expired' });
    expect(api.trips.map(([path]) => path)).toEqual([AUTH]);
    if (end.phase !== 'failed') return;
    refuse = false;
    end.retry();
    await vi.waitFor(() => expect(views.at(-1)?.phase).toBe('ready'));
    expect(api.trips.map(([path]) => path)).toEqual([AUTH, AUTH]);
  });

  it('shows the unsupported screen outside Telegram, without calling the API', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = server({});
    const { end, views } = await run(api.fetch, {
      host: () => Promise.resolve({ kind: 'unsupported', reason: 'no launch parameters' }),
    });
    expect(end.phase).toBe('unsupported');
    expect(views.map((view) => view.phase)).toEqual(['starting', 'unsupported']);
    expect(api.trips).toEqual([]);
  });

  it('the entry sends the login on the path of the API contract', () => {
    expect(AUTH).toBe(calls.auth.path);
  });
});

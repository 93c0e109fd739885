import { createStore } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import { describe, expect, it, vi } from 'vitest';
import { bootAtom } from '../src/app/boot-state';
import { startSession } from '../src/app/start-session';
import { createAppApi } from '../src/lib/api';
import { createQueryClient } from '../src/lib/query-client';
import { profileKeys } from '../src/state/profile';
import { sessionAtom } from '../src/state/session';
import { fail, fullProfile, lightProfile, ok, stubServer, type StubHandler } from './fixtures';

const AUTH = '/api/v3/auth';
const LIGHT = '/api/v3/profile/light';
const FULL = '/api/v3/profile/full';
const launch = { initData: 'query_id=1&user=%7B%22id%22%3A42%7D&hash=abc', userId: '42' };

function setup(handlers: Record<string, StubHandler>) {
  const log: string[] = [];
  const server = stubServer(
    Object.fromEntries(
      Object.entries(handlers).map(([path, handler]) => [
        path,
        (body: unknown, headers: Headers) => {
          log.push(`${path} ${headers.get('Authorization') ?? 'no-token'}`);
          return handler(body, headers);
        },
      ]),
    ),
  );
  const api = createAppApi({ appKey: 'test-key', fetch: server.fetch });
  const queryClient = createQueryClient();
  const store = createStore();
  store.set(queryClientAtom, queryClient);
  const changeLanguage = vi.fn((lang: string) => {
    log.push(`language ${lang}`);
    return Promise.resolve();
  });
  const deps = { store, api, queryClient, changeLanguage };
  return { log, server, api, queryClient, store, deps };
}

let tokens = 0;
/** A login reply with the spec's two fields only (a server that does not carry the light profile). */
const auth: StubHandler = () => ok({ token: `token-${++tokens}`, expired_at: 2_000_000_000 });
/** This server's login reply: the light profile rides along. */
const authWith =
  (profile: ReturnType<typeof lightProfile>): StubHandler =>
  () =>
    ok({ token: `token-${++tokens}`, expired_at: 2_000_000_000, profile });

/**
 * A server whose every answer takes one tick: a call sent before another's answer came is on the
 * same round trip. Records each call's round trip (1 + the round trip of the latest answer
 * received before it was sent).
 */
function tickingServer(handlers: Record<string, StubHandler>) {
  const inner = stubServer(handlers);
  const trips: Array<{ path: string; trip: number }> = [];
  let answered = 0;
  const fetch: typeof globalThis.fetch = (input, init) => {
    const path = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://app.test').pathname;
    const trip = answered + 1;
    trips.push({ path, trip });
    return new Promise((resolve) =>
      setTimeout(() => {
        answered = Math.max(answered, trip);
        resolve(inner.fetch(input, init));
      }, 5),
    );
  };
  return { fetch, trips };
}

describe('start-up session', () => {
  it('logs in with the light profile in the reply, then loads the full profile while taking its language', async () => {
    const { log, store, queryClient, server, deps } = setup({
      [AUTH]: authWith(lightProfile({ lang: 'en', onboardingCompleted: true })),
      [LIGHT]: () => ok(lightProfile({ name: 'Not asked' })),
      [FULL]: () => ok(fullProfile()),
    });

    const state = await startSession(deps, launch);

    expect(state).toEqual({ phase: 'ready' });
    expect(server.calls).toEqual([AUTH, FULL]);
    expect(log.map((line) => line.replace(/token-\d+/, 'token')).sort()).toEqual(
      [`${AUTH} no-token`, `${FULL} Bearer token`, 'language en'].sort(),
    );
    expect(store.get(sessionAtom)).toEqual({ userId: '42', expiresAt: 2_000_000_000 });
    expect(queryClient.getQueryData(profileKeys.light('42'))).toMatchObject({ name: 'Ann Lee', lang: 'en' });
    expect(queryClient.getQueryData(profileKeys.full('42'))).toMatchObject({ friends: { referralCode: 'r_ann' } });
  });

  it('makes two round trips to /bonus: the login, then the full profile and the bonus data side by side', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handlers = {
      [AUTH]: authWith(lightProfile({ onboardingCompleted: true })),
      [LIGHT]: () => ok(lightProfile()),
      [FULL]: () => ok(fullProfile()),
      '/api/v3/bonus/state': () => ok({}),
    };
    const ticking = tickingServer(handlers);
    const api = createAppApi({ appKey: 'test-key', fetch: ticking.fetch });
    const queryClient = createQueryClient();
    const store = createStore();
    store.set(queryClientAtom, queryClient);
    const prefetchScreen = () => api.bonus.state().catch(() => undefined);
    const changeLanguage = () => Promise.resolve();

    expect(await startSession({ store, api, queryClient, changeLanguage, prefetchScreen }, launch)).toEqual({ phase: 'ready' });
    expect(ticking.trips).toEqual([
      { path: AUTH, trip: 1 },
      { path: FULL, trip: 2 },
      { path: '/api/v3/bonus/state', trip: 2 },
    ]);

    // A server that answers the login with the spec's two fields costs one more.
    const spec = tickingServer({ ...handlers, [AUTH]: auth });
    const specApi = createAppApi({ appKey: 'test-key', fetch: spec.fetch });
    await startSession(
      {
        store,
        api: specApi,
        queryClient: createQueryClient(),
        changeLanguage,
        prefetchScreen: () => specApi.bonus.state().catch(() => undefined),
      },
      launch,
    );
    expect(Math.max(...spec.trips.map((t) => t.trip))).toBe(3);
  });

  it('logs in, loads the light profile and takes its language, then the full profile, when the reply does not carry it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { log, store, queryClient, deps } = setup({
      [AUTH]: auth,
      [LIGHT]: () => ok(lightProfile({ lang: 'en', onboardingCompleted: true })),
      [FULL]: () => ok(fullProfile()),
    });

    const state = await startSession(deps, launch);

    expect(state).toEqual({ phase: 'ready' });
    expect(store.get(bootAtom)).toEqual({ phase: 'ready' });
    expect(log.map((line) => line.replace(/token-\d+/, 'token'))).toEqual([
      `${AUTH} no-token`,
      `${LIGHT} Bearer token`,
      'language en',
      `${FULL} Bearer token`,
    ]);
    expect(store.get(sessionAtom)).toEqual({ userId: '42', expiresAt: 2_000_000_000 });
    expect(queryClient.getQueryData(profileKeys.light('42'))).toMatchObject({ name: 'Ann Lee' });
    expect(queryClient.getQueryData(profileKeys.full('42'))).toMatchObject({ friends: { referralCode: 'r_ann' } });
  });

  it('does not load the full profile while onboarding is not completed', async () => {
    const { server, store, queryClient, deps } = setup({
      [AUTH]: authWith(lightProfile({ lang: 'ru', onboardingCompleted: false })),
      [LIGHT]: () => ok(lightProfile({ lang: 'ru', onboardingCompleted: false })),
      [FULL]: () => ok(fullProfile()),
    });

    await startSession(deps, launch);

    expect(server.calls).toEqual([AUTH]);
    expect(deps.changeLanguage).toHaveBeenCalledWith('ru');
    expect(store.get(bootAtom)).toEqual({ phase: 'ready' });
    expect(queryClient.getQueryData(profileKeys.full('42'))).toBeUndefined();
  });

  it('ends in the error state with the server message when the login fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { server, store, deps } = setup({
      [AUTH]: () => fail(401, 'Init data is expired'),
      [LIGHT]: () => ok(lightProfile()),
    });

    const state = await startSession(deps, launch);

    expect(state).toMatchObject({ phase: 'failed', serverMessage: 'Init data is expired' });
    expect(store.get(bootAtom)).toEqual(state);
    expect(store.get(sessionAtom)).toBeNull();
    expect(server.calls).toEqual([AUTH]);
    expect(deps.changeLanguage).not.toHaveBeenCalled();
  });

  it('reports a network failure of the login without a server message, and a retry can succeed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let up = false;
    const { store, deps } = setup({
      [AUTH]: (body, headers) => (up ? auth(body, headers) : { status: 503, body: 'down' }),
      [LIGHT]: () => ok(lightProfile({ onboardingCompleted: false })),
    });

    expect(await startSession(deps, launch)).toMatchObject({ phase: 'failed', serverMessage: null });
    up = true;
    expect(await startSession(deps, launch)).toEqual({ phase: 'ready' });
    expect(store.get(sessionAtom)?.userId).toBe('42');
  });

  it('logs a failed profile load and still finishes start-up (the gate shows what is missing)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, deps } = setup({
      [AUTH]: auth,
      [LIGHT]: () => ({ status: 500, body: { success: false, message: 'boom' } }),
    });

    await startSession(deps, launch);

    expect(store.get(bootAtom)).toEqual({ phase: 'ready' });
    expect(deps.changeLanguage).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledWith('[start] loading the profile failed', expect.anything());
  });

  it('logs in again when a call answers 401, then repeats the call with the new token', async () => {
    let lightCalls = 0;
    const { log, deps } = setup({
      [AUTH]: auth,
      [LIGHT]: (_body, headers) => {
        lightCalls += 1;
        return lightCalls === 1 || !headers.get('Authorization')?.endsWith(`token-${tokens}`)
          ? fail(401, 'Token expired')
          : ok(lightProfile({ onboardingCompleted: false }));
      },
    });

    await startSession(deps, launch);

    expect(log.filter((line) => !line.startsWith('language')).map((line) => line.split(' ')[0])).toEqual([AUTH, LIGHT, AUTH, LIGHT]);
    expect(deps.changeLanguage).toHaveBeenCalledWith('en');
  });

  it("loads the first screen's data with the full profile once onboarding is done, and only then", async () => {
    const prefetched: string[] = [];
    const prefetchScreen = vi.fn((userId: string) => {
      prefetched.push(userId);
      return Promise.resolve();
    });
    const done = setup({
      [AUTH]: auth,
      [LIGHT]: () => ok(lightProfile({ onboardingCompleted: true })),
      [FULL]: () => ok(fullProfile()),
    });
    expect(await startSession({ ...done.deps, prefetchScreen }, launch)).toEqual({ phase: 'ready' });
    expect(prefetched).toEqual(['42']);

    const fresh = setup({
      [AUTH]: auth,
      [LIGHT]: () => ok(lightProfile({ onboardingCompleted: false })),
    });
    expect(await startSession({ ...fresh.deps, prefetchScreen }, launch)).toEqual({ phase: 'ready' });
    expect(prefetchScreen).toHaveBeenCalledTimes(1);
  });
});

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
const auth: StubHandler = () => ok({ token: `token-${++tokens}`, expired_at: 2_000_000_000 });

describe('start-up session', () => {
  it('logs in, loads the light profile, takes its language, then loads the full profile', async () => {
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
      [AUTH]: auth,
      [LIGHT]: () => ok(lightProfile({ lang: 'ru', onboardingCompleted: false })),
      [FULL]: () => ok(fullProfile()),
    });

    await startSession(deps, launch);

    expect(server.calls).toEqual([AUTH, LIGHT]);
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

    expect(log.filter((line) => !line.startsWith('language')).map((line) => line.split(' ')[0])).toEqual([
      AUTH,
      LIGHT,
      AUTH,
      LIGHT,
    ]);
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

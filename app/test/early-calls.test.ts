import { calls } from '@arcade/api-client';
import { describe, expect, it, vi } from 'vitest';
import { runEarlyChain, type ChainEvent, type ChainPlan } from '../src/app/early-chain';
import { appKeyOf, EARLY_CALL_TTL_MS, EARLY_PATHS, EarlyCalls, launchDataInHash } from '../src/app/early-calls';

const ORIGIN = 'https://arcade.example';
const INIT_DATA = 'user=%7B%22id%22%3A1%7D&auth_date=1&hash=abc';
const HASH = `#tgWebAppData=${encodeURIComponent(INIT_DATA)}&tgWebAppVersion=8.0&tgWebAppPlatform=android`;

function reply(data: unknown, status = 200): Response {
  return new Response(JSON.stringify({ success: status < 400, data }), { status, headers: { 'Content-Type': 'application/json' } });
}

interface Seen {
  path: string;
  body: string;
  authorization: string | null;
}

/** The path of a request, whether the chain (absolute URLs) or the API client (paths) sent it. */
function urlOf(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(url, ORIGIN).pathname;
}

/**
 * A fake server: answers by path, records every request that reached the network. Its login
 * reply has the spec's two fields, or (carryProfile) the light profile too, as this server's.
 */
function network(onboarded = true, carryProfile = false) {
  const seen: Seen[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const path = urlOf(input);
    const headers = new Headers(init?.headers);
    seen.push({ path, body: typeof init?.body === 'string' ? init.body : '', authorization: headers.get('authorization') });
    if (path === EARLY_PATHS.auth) {
      return Promise.resolve(
        reply({ token: 'T1', expired_at: 1, ...(carryProfile ? { profile: { onboardingCompleted: onboarded, lang: 'en' } } : {}) }),
      );
    }
    if (path === EARLY_PATHS.profileLight) return Promise.resolve(reply({ onboardingCompleted: onboarded, lang: 'en' }));
    return Promise.resolve(reply({ path }));
  });
  return { fetch, seen };
}

function earlyCalls(
  fetch: typeof globalThis.fetch,
  options: { hash?: string; pathname?: string; appKey?: string | null; now?: () => number } = {},
) {
  return new EarlyCalls({
    fetch,
    hash: options.hash ?? HASH,
    pathname: options.pathname ?? '/bonus',
    origin: ORIGIN,
    appKey: options.appKey === undefined ? 'key' : options.appKey,
    now: options.now ?? (() => 0),
  });
}

/** What the API client sends (api-client/src/client.ts). */
function clientInit(body: unknown, token?: string): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-App-Key': 'key', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  };
}

async function settle() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('early calls', () => {
  it('use the paths of the api-client contract', () => {
    expect(EARLY_PATHS.auth).toBe(calls.auth.path);
    expect(EARLY_PATHS.profileLight).toBe(calls.profileLight.path);
    expect(EARLY_PATHS.profileFull).toBe(calls.profileFull.path);
    expect(EARLY_PATHS.bonusState).toBe(calls.bonusState.path);
  });

  it('read the launch data from the address and the app key from the boot config', () => {
    expect(launchDataInHash(HASH)).toBe(INIT_DATA);
    expect(launchDataInHash('')).toBeNull();
    expect(launchDataInHash('#tgWebAppVersion=8.0')).toBeNull();
    document.head.innerHTML = `<meta name="arcade:config" content='{"appKey":"k1","dev":true}'>`;
    expect(appKeyOf(document)).toBe('k1');
    document.head.innerHTML = '<meta name="arcade:config" content="">';
    expect(appKeyOf(document)).toBeNull();
    document.head.innerHTML = '<meta name="arcade:config" content="not json">';
    expect(appKeyOf(document)).toBeNull();
  });

  it('log in, then load the light profile, then the full profile and the first screen data, in the start-up order', async () => {
    const net = network();
    const early = earlyCalls(net.fetch);
    early.start();
    await settle();
    expect(net.seen.map((s) => s.path)).toEqual([
      EARLY_PATHS.auth,
      EARLY_PATHS.profileLight,
      EARLY_PATHS.profileFull,
      EARLY_PATHS.bonusState,
    ]);
    expect(net.seen[0]).toEqual({ path: EARLY_PATHS.auth, body: JSON.stringify({ initData: INIT_DATA }), authorization: null });
    expect(net.seen.slice(1).every((s) => s.authorization === 'Bearer T1' && s.body === '{}')).toBe(true);
    expect(early.pending).toBe(4);
  });

  it('skip the light profile when the login reply carries it: the full profile and the screen data go out together next', async () => {
    const net = network(true, true);
    const languages: string[] = [];
    const early = earlyCalls(net.fetch);
    early.start(undefined, (lang) => languages.push(lang));
    // Two round trips: nothing else is sent before the login has answered.
    expect(net.seen.map((s) => s.path)).toEqual([EARLY_PATHS.auth]);
    await settle();
    expect(net.seen.map((s) => s.path)).toEqual([EARLY_PATHS.auth, EARLY_PATHS.profileFull, EARLY_PATHS.bonusState]);
    expect(net.seen.slice(1).every((s) => s.authorization === 'Bearer T1')).toBe(true);
    // The entry hears the profile's language as soon as the login answers, to fetch its texts.
    expect(languages).toEqual(['en']);
    // Start-up asking the light profile anyway (it does not here) would go to the network.
    await early.fetch(EARLY_PATHS.profileLight, clientInit({}, 'T1'));
    expect(net.seen.at(-1)?.path).toBe(EARLY_PATHS.profileLight);

    const fresh = network(false, true);
    earlyCalls(fresh.fetch).start();
    await settle();
    expect(fresh.seen.map((s) => s.path)).toEqual([EARLY_PATHS.auth]);
  });

  it('stop after the light profile while onboarding is not completed', async () => {
    const net = network(false);
    earlyCalls(net.fetch).start();
    await settle();
    expect(net.seen.map((s) => s.path)).toEqual([EARLY_PATHS.auth, EARLY_PATHS.profileLight]);
  });

  it('hand the same request its early answer once, without another network call', async () => {
    const net = network();
    const early = earlyCalls(net.fetch);
    early.start();
    await settle();
    const auth = await early.fetch(EARLY_PATHS.auth, clientInit({ initData: INIT_DATA }));
    expect(await auth.json()).toEqual({ success: true, data: { token: 'T1', expired_at: 1 } });
    const state = await early.fetch(EARLY_PATHS.bonusState, clientInit({}, 'T1'));
    expect(await state.json()).toEqual({ success: true, data: { path: EARLY_PATHS.bonusState } });
    expect(net.fetch).toHaveBeenCalledTimes(4);
    // Asked again: that one goes to the network.
    await early.fetch(EARLY_PATHS.bonusState, clientInit({}, 'T1'));
    expect(net.fetch).toHaveBeenCalledTimes(5);
  });

  it('send a different request (body, token, path) to the network', async () => {
    const net = network();
    const early = earlyCalls(net.fetch);
    early.start();
    await settle();
    await early.fetch(EARLY_PATHS.auth, clientInit({ initData: 'other' }));
    await early.fetch('/api/v3/wallet/info', clientInit({}, 'T1'));
    expect(net.fetch).toHaveBeenCalledTimes(6);
    expect(early.pending).toBe(4);
    // The same call with another token: the early answer is not for it (and is dropped).
    await early.fetch(EARLY_PATHS.profileLight, clientInit({}, 'T2'));
    expect(net.fetch).toHaveBeenCalledTimes(7);
    expect(early.pending).toBe(3);
  });

  it('make start-up wait for a call the chain has not sent yet, instead of asking twice', async () => {
    const net = network();
    const early = earlyCalls(net.fetch);
    early.start();
    // Start-up runs ahead of the chain (its code was ready first): it still gets one answer each.
    const auth = early.fetch(EARLY_PATHS.auth, clientInit({ initData: INIT_DATA }));
    const light = early.fetch(EARLY_PATHS.profileLight, clientInit({}, 'T1'));
    const full = early.fetch(EARLY_PATHS.profileFull, clientInit({}, 'T1'));
    expect((await auth).ok).toBe(true);
    expect(await (await light).json()).toEqual({ success: true, data: { onboardingCompleted: true, lang: 'en' } });
    expect((await full).ok).toBe(true);
    await settle();
    expect(net.seen.map((s) => s.path)).toEqual([
      EARLY_PATHS.auth,
      EARLY_PATHS.profileLight,
      EARLY_PATHS.profileFull,
      EARLY_PATHS.bonusState,
    ]);
  });

  it('let start-up ask the network for what the chain did not send', async () => {
    const net = network(false);
    const early = earlyCalls(net.fetch);
    early.start();
    const full = early.fetch(EARLY_PATHS.profileFull, clientInit({}, 'T1'));
    expect((await full).ok).toBe(true);
    expect(net.seen.map((s) => s.path)).toEqual([EARLY_PATHS.auth, EARLY_PATHS.profileLight, EARLY_PATHS.profileFull]);
  });

  it('make no calls without launch data in the address or without an app key', async () => {
    const net = network();
    earlyCalls(net.fetch, { hash: '' }).start();
    earlyCalls(net.fetch, { appKey: null }).start();
    await settle();
    expect(net.fetch).not.toHaveBeenCalled();
  });

  it('ask the first screen data only for the screen opened', async () => {
    const net = network();
    earlyCalls(net.fetch, { pathname: '/market' }).start();
    await settle();
    expect(net.seen.map((s) => s.path)).toEqual([EARLY_PATHS.auth, EARLY_PATHS.profileLight, EARLY_PATHS.profileFull]);
  });

  it('ask the network again when the early call failed, and never use a stale answer', async () => {
    let now = 0;
    let failAuth = true;
    const net = network();
    const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (urlOf(input) === EARLY_PATHS.auth && failAuth) {
        failAuth = false;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return net.fetch(input, init);
    });
    const early = earlyCalls(fetch, { now: () => now });
    early.start();
    await settle();
    const auth = await early.fetch(EARLY_PATHS.auth, clientInit({ initData: INIT_DATA }));
    expect(auth.ok).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);

    const net2 = network();
    const later = earlyCalls(net2.fetch, { now: () => now });
    later.start();
    await settle();
    now = EARLY_CALL_TTL_MS + 1;
    await later.fetch(EARLY_PATHS.auth, clientInit({ initData: INIT_DATA }));
    expect(net2.fetch).toHaveBeenCalledTimes(5);
    expect(later.pending).toBe(0);
  });

  it('run the chain in the worker given and take the answers from its messages', async () => {
    const net = network();
    const terminate = vi.fn();
    class FakeWorker {
      onmessage: ((event: MessageEvent<ChainEvent>) => void) | null = null;
      onerror: (() => void) | null = null;
      terminate = terminate;
      postMessage(plan: ChainPlan) {
        expect(plan).toEqual({ origin: ORIGIN, appKey: 'key', initData: INIT_DATA, screenPath: EARLY_PATHS.bonusState });
        void runEarlyChain(plan, net.fetch, (event) => setTimeout(() => this.onmessage?.({ data: event } as MessageEvent<ChainEvent>), 0));
      }
    }
    const early = earlyCalls((input, init) => {
      throw new Error(`the page should not call ${urlOf(input)} ${String(init?.method)}`);
    });
    early.start(() => new FakeWorker() as unknown as Worker);
    const auth = await early.fetch(EARLY_PATHS.auth, clientInit({ initData: INIT_DATA }));
    expect(await auth.json()).toEqual({ success: true, data: { token: 'T1', expired_at: 1 } });
    const state = await early.fetch(EARLY_PATHS.bonusState, clientInit({}, 'T1'));
    expect(state.status).toBe(200);
    expect(state.headers.get('content-type')).toBe('application/json');
    expect(await state.json()).toEqual({ success: true, data: { path: EARLY_PATHS.bonusState } });
    await settle();
    expect(net.seen.map((s) => s.path)).toEqual([
      EARLY_PATHS.auth,
      EARLY_PATHS.profileLight,
      EARLY_PATHS.profileFull,
      EARLY_PATHS.bonusState,
    ]);
    expect(terminate).toHaveBeenCalled();
  });

  it('hand over to the network when the worker cannot start or breaks down', async () => {
    const net = network();
    const broken = earlyCalls(net.fetch);
    broken.start(() => {
      throw new DOMException('refused by the page policy', 'SecurityError');
    });
    await settle();
    // No worker: the chain ran here.
    expect(net.seen.map((s) => s.path)).toEqual([
      EARLY_PATHS.auth,
      EARLY_PATHS.profileLight,
      EARLY_PATHS.profileFull,
      EARLY_PATHS.bonusState,
    ]);

    const net2 = network();
    class CrashingWorker {
      onmessage: ((event: MessageEvent<ChainEvent>) => void) | null = null;
      onerror: (() => void) | null = null;
      terminate = vi.fn();
      postMessage() {
        setTimeout(() => {
          this.onmessage?.({ data: { kind: 'sent', path: EARLY_PATHS.auth, authorization: null } } as MessageEvent<ChainEvent>);
          this.onerror?.();
        }, 0);
      }
    }
    const crashed = earlyCalls(net2.fetch);
    crashed.start(() => new CrashingWorker() as unknown as Worker);
    const auth = await crashed.fetch(EARLY_PATHS.auth, clientInit({ initData: INIT_DATA }));
    expect(auth.ok).toBe(true);
    const light = await crashed.fetch(EARLY_PATHS.profileLight, clientInit({}, 'T1'));
    expect(light.ok).toBe(true);
    expect(net2.seen.map((s) => s.path)).toEqual([EARLY_PATHS.auth, EARLY_PATHS.profileLight]);
  });
});

import { canonicalPath } from './route-paths';

/**
 * The first API calls of a launch, sent by the entry chunk the moment it runs: while the
 * start-up code (the host SDK, the arktype-validated API client, the router) is still
 * downloading and evaluating, the network is already busy with the same calls start-up is
 * about to make, in the same order (spec section 4: log in, the light profile, and only once
 * onboarding is completed the full profile, here with the first screen's own data).
 *
 * Nothing is trusted or shown from here: the API client takes an answer through `fetch` below
 * exactly as it would take it from the network, and validates it as always. A call start-up
 * does not make the same way (other body, other token, too late) just goes to the network.
 */

/** The paths of the calls made early (the api-client's `calls` table; a test checks they match). */
export const EARLY_PATHS = {
  auth: '/api/v3/auth',
  profileLight: '/api/v3/profile/light',
  profileFull: '/api/v3/profile/full',
  bonusState: '/api/v3/bonus/state',
} as const;

/** The data a first screen asks for as it mounts, by its canonical path. */
const SCREEN_CALLS: Readonly<Record<string, string>> = {
  '/': EARLY_PATHS.bonusState,
  '/bonus': EARLY_PATHS.bonusState,
};

/** An early answer is used only this soon after it was asked for. */
export const EARLY_CALL_TTL_MS = 30_000;

export interface EarlyEnv {
  fetch: typeof globalThis.fetch;
  /** The page's URL hash, where the messenger puts the launch data. */
  hash: string;
  pathname: string;
  /** The app key from the page's boot config; null when there is none (no early calls). */
  appKey: string | null;
  now: () => number;
}

/** How an early call went out: with which token, and its answer to come. */
interface Sent {
  authorization: string | null;
  response: Promise<Response>;
}

interface EarlyCall {
  path: string;
  body: string;
  startedAt: number;
  /** Settles once the chain has sent the call (or null: it will not, e.g. onboarding is not done). */
  sent: Promise<Sent | null>;
}

function headerOf(headers: RequestInit['headers'], name: string): string | null {
  if (!headers) return null;
  if (headers instanceof Headers) return headers.get(name);
  const wanted = name.toLowerCase();
  const entries = Array.isArray(headers) ? headers : Object.entries(headers);
  for (const [key, value] of entries) if (key.toLowerCase() === wanted) return value;
  return null;
}

/** The `data` of a successful reply, or null. */
async function dataOf(response: Response): Promise<Record<string, unknown> | null> {
  if (!response.ok) return null;
  try {
    const reply: unknown = await response.json();
    if (typeof reply !== 'object' || reply === null) return null;
    const { success, data } = reply as { success?: unknown; data?: unknown };
    return success === true && typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The launch data the messenger put in the address (`#tgWebAppData=…`), as the SDK reads it. */
export function launchDataInHash(hash: string): string | null {
  try {
    return new URLSearchParams(hash.replace(/^#/, '')).get('tgWebAppData') || null;
  } catch {
    return null;
  }
}

/** The app key of the boot config tag, read without validating the rest (lib/config does that). */
export function appKeyOf(doc: Document): string | null {
  const content = doc.querySelector('meta[name="arcade:config"]')?.getAttribute('content')?.trim();
  if (!content) return null;
  try {
    const config: unknown = JSON.parse(content);
    const key = typeof config === 'object' && config !== null ? (config as { appKey?: unknown }).appKey : undefined;
    return typeof key === 'string' && key !== '' ? key : null;
  } catch {
    return null;
  }
}

export class EarlyCalls {
  private readonly calls: EarlyCall[] = [];

  constructor(private readonly env: EarlyEnv) {}

  /**
   * Logs in with the launch data in the address and asks for what the first screen needs.
   * Every call is listed at once, so start-up waits for the chain instead of asking twice.
   */
  start(): void {
    const initData = launchDataInHash(this.env.hash);
    const appKey = this.env.appKey;
    if (!initData || !appKey) return;
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-App-Key': appKey };
    const screenPath = SCREEN_CALLS[canonicalPath(this.env.pathname)];

    const auth = this.expect(EARLY_PATHS.auth, JSON.stringify({ initData }));
    const light = this.expect(EARLY_PATHS.profileLight, '{}');
    const full = this.expect(EARLY_PATHS.profileFull, '{}');
    const screen = screenPath ? this.expect(screenPath, '{}') : null;
    const all = [auth, light, full, screen];

    const chain = async () => {
      const token = (await dataOf(await this.send(auth, headers, null)))?.token;
      if (typeof token !== 'string' || token === '') return;
      const authorization = `Bearer ${token}`;
      const authed = { ...headers, Authorization: authorization };
      const profile = await dataOf(await this.send(light, authed, authorization));
      if (profile?.onboardingCompleted !== true) return;
      void this.send(full, authed, authorization);
      if (screen) void this.send(screen, authed, authorization);
    };
    // Whatever was not sent by then (a refusal, a failure, onboarding to do) start-up asks
    // the network for itself, as it always did.
    void chain()
      .catch(() => undefined)
      .finally(() => {
        for (const call of all) call?.settle(null);
      });
  }

  /**
   * A fetch for the API client: the early answer to the very same request (path, body and
   * token), once; the network for anything else. An early call that failed is asked again.
   */
  readonly fetch: typeof globalThis.fetch = (input, init) => {
    const early = this.take(input, init);
    return early ?? this.env.fetch(input, init);
  };

  /** Early calls not yet taken by the API client. */
  get pending(): number {
    return this.calls.length;
  }

  private expect(path: string, body: string) {
    let settle: (sent: Sent | null) => void = () => undefined;
    const sent = new Promise<Sent | null>((resolve) => {
      settle = resolve;
    });
    this.calls.push({ path, body, startedAt: this.env.now(), sent });
    return { path, body, settle };
  }

  /** Sends a listed call; resolves with a copy of the answer for the chain to read. */
  private send(call: ReturnType<EarlyCalls['expect']>, headers: Record<string, string>, authorization: string | null): Promise<Response> {
    const response = this.env.fetch(call.path, { method: 'POST', headers, body: call.body });
    // Copied before anyone else can read the body: the API client gets the original.
    const copy = response.then((answer) => answer.clone());
    call.settle({ authorization, response });
    return copy;
  }

  private take(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> | null {
    if (typeof input !== 'string' || init?.method !== 'POST' || typeof init.body !== 'string') return null;
    const now = this.env.now();
    for (let i = this.calls.length - 1; i >= 0; i--) {
      if (now - (this.calls[i]?.startedAt ?? 0) > EARLY_CALL_TTL_MS) this.calls.splice(i, 1);
    }
    const index = this.calls.findIndex((call) => call.path === input && call.body === init.body);
    if (index < 0) return null;
    const [call] = this.calls.splice(index, 1);
    if (!call) return null;
    const authorization = headerOf(init.headers, 'authorization');
    const network = () => this.env.fetch(input, init);
    return call.sent.then((sent) => {
      if (!sent || sent.authorization !== authorization) return network();
      if (init.signal?.aborted) return Promise.reject(init.signal.reason as Error);
      return sent.response.catch(network);
    });
  }
}

/** The page's one instance: started by the entry chunk, read by start-up's API client. */
export const earlyCalls = new EarlyCalls({
  fetch: (input, init) => globalThis.fetch(input, init),
  hash: typeof location === 'undefined' ? '' : location.hash,
  pathname: typeof location === 'undefined' ? '/' : location.pathname,
  appKey: typeof document === 'undefined' ? null : appKeyOf(document),
  now: () => Date.now(),
});

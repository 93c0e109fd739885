import { canonicalPath } from './route-paths';
import { EARLY_PATHS, earlyBody, profileLanguageOf, runEarlyChain, type ChainEvent, type ChainPlan } from './early-chain';

export { EARLY_PATHS } from './early-chain';

/**
 * The first API calls of a launch, started by the entry chunk the moment it runs: while the
 * start-up code (the host SDK, the arktype-validated API client, the router) is still
 * downloading and evaluating, the network is already busy with the same calls start-up is
 * about to make, in the same order (spec section 4: log in, whose reply carries the light
 * profile, and only once onboarding is completed the full profile, here side by side with the
 * first screen's own data). The chain
 * runs in a small worker where there is one, so evaluating the start-up code does not hold it.
 *
 * Nothing is trusted or shown from here: the API client takes an answer through `fetch` below
 * exactly as it would take it from the network, and validates it as always. A call start-up
 * does not make the same way (other body, other token, too late) just goes to the network.
 */

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
  origin: string;
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
  settleSent: (sent: Sent | null) => void;
  response: Promise<Response>;
  answer: (response: Response) => void;
  fail: (error: Error) => void;
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Statuses whose response may carry no body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function responseOf(event: Extract<ChainEvent, { kind: 'answer' }>): Response {
  return new Response(NULL_BODY_STATUSES.has(event.status) ? null : event.text, {
    status: event.status,
    statusText: event.statusText,
    headers: event.contentType ? { 'Content-Type': event.contentType } : {},
  });
}

function headerOf(headers: RequestInit['headers'], name: string): string | null {
  if (!headers) return null;
  if (headers instanceof Headers) return headers.get(name);
  const wanted = name.toLowerCase();
  const entries = Array.isArray(headers) ? headers : Object.entries(headers);
  for (const [key, value] of entries) if (key.toLowerCase() === wanted) return value;
  return null;
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
   * Logs in with the launch data in the address and asks for what the first screen needs, in
   * the worker `spawnWorker` gives (or here, without one). Every call is listed at once, so
   * start-up waits for the chain's answer instead of asking twice. `onLanguage` hears the
   * profile's language as soon as the login answers with it, so the entry can ask for that
   * language's texts while start-up's code is still on its way.
   */
  start(spawnWorker?: () => Worker, onLanguage?: (lang: string) => void): void {
    const initData = launchDataInHash(this.env.hash);
    const appKey = this.env.appKey;
    if (!initData || !appKey) return;
    const screenPath = SCREEN_CALLS[canonicalPath(this.env.pathname)] ?? null;
    const plan: ChainPlan = { origin: this.env.origin, appKey, initData, screenPath };

    const byPath = new Map<string, EarlyCall>();
    for (const path of [EARLY_PATHS.auth, EARLY_PATHS.profileLight, EARLY_PATHS.profileFull, screenPath]) {
      if (path) byPath.set(path, this.expect(path, earlyBody(path, initData)));
    }
    let worker: Worker | null = null;
    const onEvent = (event: ChainEvent) => {
      if (event.kind === 'done') {
        // What was not sent, start-up asks the network for itself.
        for (const call of byPath.values()) {
          call.settleSent(null);
          call.fail(new Error('the early call got no answer'));
        }
        worker?.terminate();
        return;
      }
      const call = byPath.get(event.path);
      if (!call) return;
      if (event.kind === 'sent') call.settleSent({ authorization: event.authorization, response: call.response });
      else if (event.kind === 'answer') {
        call.answer(responseOf(event));
        const lang = onLanguage && event.path === EARLY_PATHS.auth ? profileLanguageOf(event.text) : null;
        if (lang && onLanguage) onLanguage(lang);
      } else call.fail(new Error('the early call failed'));
    };

    try {
      worker = spawnWorker ? spawnWorker() : null;
    } catch (error) {
      console.warn('[start] no worker for the early calls', error);
      worker = null;
    }
    if (worker) {
      worker.onmessage = (message: MessageEvent<ChainEvent>) => onEvent(message.data);
      // A worker that breaks down (a page policy, a crash) hands over to start-up.
      worker.onerror = () => onEvent({ kind: 'done' });
      worker.postMessage(plan);
    } else {
      void runEarlyChain(plan, this.env.fetch, onEvent);
    }
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

  private expect(path: string, body: string): EarlyCall {
    const sent = deferred<Sent | null>();
    const response = deferred<Response>();
    // Nobody may ever take it: a failed early answer is not an unhandled error.
    response.promise.catch(() => undefined);
    const call: EarlyCall = {
      path,
      body,
      startedAt: this.env.now(),
      sent: sent.promise,
      settleSent: sent.resolve,
      response: response.promise,
      answer: response.resolve,
      fail: response.reject,
    };
    this.calls.push(call);
    return call;
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
  origin: typeof location === 'undefined' ? 'http://localhost' : location.origin,
  appKey: typeof document === 'undefined' ? null : appKeyOf(document),
  now: () => Date.now(),
});

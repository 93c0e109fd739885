import { type } from 'arktype';
import type { CallSpec } from './call-spec';
import type { CallName, FirstCallName, ReplyOf, RequestOf } from './calls';
import { firstCalls } from './first-calls';
import { ApiError, INVALID_DATA, INVALID_RESPONSE } from './errors';
import { Envelope, type Language } from './schemas';

export const APP_KEY_HEADER = 'X-App-Key';

export interface ApiClientOptions {
  /** The API host, '' for the page's own origin. */
  baseUrl: string;
  /** The fixed application key sent with every call. */
  appKey: string;
  fetch?: typeof globalThis.fetch;
  /** Where schema mismatches are reported (arktype's summary); defaults to console.error. */
  logMismatch?: (call: string, summary: string) => void;
  /**
   * Called once when an authorised call answers 401 (the token expired): log in again and
   * resolve true to retry the call with the new token.
   */
  onUnauthorized?: () => Promise<boolean>;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Builds the schemas of the calls named (and the reply envelope) now rather than on their first
 * use: the app calls it for its first calls while the main thread would otherwise wait for code.
 */
export function prepareCalls(names: readonly FirstCallName[]): void {
  void Envelope.expression;
  for (const name of names) {
    void firstCalls[name].request.expression;
    void firstCalls[name].reply.expression;
  }
}

let laterCalls: Promise<Readonly<Record<string, CallSpec>>> | null = null;

function loadLaterCalls(): Promise<Readonly<Record<string, CallSpec>>> {
  laterCalls ??= import('./later-calls').then(
    (module) => module.laterCalls,
    (error: unknown) => {
      laterCalls = null;
      throw error;
    },
  );
  return laterCalls;
}

/**
 * The calls past the first screen (later-calls.ts and their schemas) come in their own chunk, on
 * first use; this asks for it ahead of that (the app does once the first screen is up).
 */
export function preloadCalls(): Promise<void> {
  return loadLaterCalls().then(() => undefined);
}

function isFirstCall(name: CallName): name is FirstCallName {
  return Object.hasOwn(firstCalls, name);
}

/** A later call's spec, once the rest of the calls have loaded (the first screen's are here already). */
async function laterSpecOf(name: CallName): Promise<CallSpec> {
  const spec = (await loadLaterCalls())[name];
  if (!spec) throw new Error(`no API call named ${name}`);
  return spec;
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const logMismatch = options.logMismatch ?? ((call: string, summary: string) => console.error(`[api] ${call}: ${summary}`));
  let token: string | null = null;

  async function specOf(name: CallName): Promise<CallSpec> {
    try {
      return isFirstCall(name) ? firstCalls[name] : await laterSpecOf(name);
    } catch (error) {
      throw new ApiError('request', 'Network request failed', null, name, String(error));
    }
  }

  async function send<N extends CallName>(
    name: N,
    body: RequestOf<N>,
    callOptions: CallOptions = {},
    retried = false,
  ): Promise<ReplyOf<N>> {
    const spec = await specOf(name);
    const checked = spec.request(body);
    if (checked instanceof type.errors) {
      logMismatch(spec.path, checked.summary);
      throw new ApiError('invalid-data', INVALID_DATA, null, spec.path, checked.summary);
    }

    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      [APP_KEY_HEADER]: options.appKey,
    };
    if (!spec.public && token) headers.Authorization = `Bearer ${token}`;

    // A fetch that throws at once fails the call like one whose request failed.
    const response = new Promise<Response>((resolve) =>
      resolve(
        doFetch(`${options.baseUrl}${spec.path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body ?? {}),
          signal: callOptions.signal ?? null,
        }),
      ),
    );
    return read<N>(spec, response, callOptions, retried || spec.public ? null : () => send(name, body, callOptions, true));
  }

  /**
   * A call's reply, checked: a failed request, a 5xx, a body that is not the envelope or a reply
   * that does not fit the call's schema each throw their ApiError. A 401 logs in again
   * (onUnauthorized) and sends the call once more with `resend`, when there is one.
   */
  async function read<N extends CallName>(
    spec: CallSpec,
    pending: Promise<Response>,
    callOptions: CallOptions,
    resend: (() => Promise<ReplyOf<N>>) | null,
  ): Promise<ReplyOf<N>> {
    let response: Response;
    try {
      response = await pending;
    } catch (error) {
      if (callOptions.signal?.aborted) throw error;
      throw new ApiError('request', 'Network request failed', null, spec.path, String(error));
    }

    if (response.status >= 500) {
      throw new ApiError('request', `Request failed with status ${response.status}`, response.status, spec.path);
    }

    let json: unknown;
    try {
      json = await response.json();
    } catch (error) {
      // The caller gave up while the body was still arriving (a query cancelled by a refetch or a
      // screen left): that is an abort like one before the answer, not a broken body.
      if (callOptions.signal?.aborted) throw error;
      logMismatch(spec.path, 'the body is not JSON');
      throw new ApiError('invalid-data', INVALID_DATA, response.status, spec.path, 'the body is not JSON');
    }

    const envelope = Envelope(json);
    if (envelope instanceof type.errors) {
      logMismatch(spec.path, envelope.summary);
      throw new ApiError('invalid-data', INVALID_DATA, response.status, spec.path, envelope.summary);
    }

    if (!envelope.success) {
      const message = envelope.message ?? '';
      if (response.status === 401 && resend && options.onUnauthorized) {
        if (await options.onUnauthorized()) return resend();
      }
      if (spec.strict) {
        throw new ApiError('invalid-response', INVALID_RESPONSE, response.status, spec.path, message);
      }
      throw new ApiError(
        'failure',
        message || `Request refused with status ${response.status}`,
        response.status,
        spec.path,
        undefined,
        envelope.code ?? null,
      );
    }

    const data = spec.reply(envelope.data);
    if (data instanceof type.errors) {
      logMismatch(spec.path, data.summary);
      throw new ApiError('invalid-data', INVALID_DATA, response.status, spec.path, data.summary);
    }
    return data;
  }

  return {
    /** Calls any API call by name with a validated request. */
    call: send,
    /**
     * Checks the reply of call `name` that was fetched elsewhere (the page's entry sends the login
     * before this code is here) exactly as `call` checks its own, and returns its data.
     */
    accept: async <N extends CallName>(name: N, response: Promise<Response>): Promise<ReplyOf<N>> =>
      read<N>(await specOf(name), response, {}, null),
    get token(): string | null {
      return token;
    },
    setToken(next: string | null): void {
      token = next;
    },
    /** Logs in with the host's raw launch data; later calls carry the bearer token. */
    async auth(initData: string, callOptions?: CallOptions) {
      const result = await send('auth', { initData }, callOptions);
      token = result.token;
      return result;
    },
    profile: {
      light: (callOptions?: CallOptions) => send('profileLight', {}, callOptions),
      full: (callOptions?: CallOptions) => send('profileFull', {}, callOptions),
      completeOnboarding: (callOptions?: CallOptions) => send('profileOnboarding', {}, callOptions),
      setLanguage: (lang: Language, callOptions?: CallOptions) => send('profileLanguage', { lang }, callOptions),
      setNotifications: (enabled: boolean, callOptions?: CallOptions) => send('profileNotifications', { enabled }, callOptions),
    },
    games: {
      config: (callOptions?: CallOptions) => send('gamesConfig', {}, callOptions),
      flip: (body: RequestOf<'gamesFlip'>, callOptions?: CallOptions) => send('gamesFlip', body, callOptions),
      roll: (body: RequestOf<'gamesRoll'>, callOptions?: CallOptions) => send('gamesRoll', body, callOptions),
      roadStart: (body: RequestOf<'gamesRoadStart'>, callOptions?: CallOptions) => send('gamesRoadStart', body, callOptions),
      roadStep: (body: RequestOf<'gamesRoadStep'>, callOptions?: CallOptions) => send('gamesRoadStep', body, callOptions),
      roadCashout: (body: RequestOf<'gamesRoadCashout'>, callOptions?: CallOptions) => send('gamesRoadCashout', body, callOptions),
      roadCurrent: (callOptions?: CallOptions) => send('gamesRoadCurrent', {}, callOptions),
      rounds: (body: RequestOf<'gamesRounds'> = {}, callOptions?: CallOptions) => send('gamesRounds', body, callOptions),
    },
    bonus: {
      state: (callOptions?: CallOptions) => send('bonusState', {}, callOptions),
      claimDaily: (body: RequestOf<'bonusDailyClaim'>, callOptions?: CallOptions) => send('bonusDailyClaim', body, callOptions),
      checkTask: (body: RequestOf<'tasksCheck'>, callOptions?: CallOptions) => send('tasksCheck', body, callOptions),
      claimTask: (body: RequestOf<'tasksClaim'>, callOptions?: CallOptions) => send('tasksClaim', body, callOptions),
      achievements: (callOptions?: CallOptions) => send('achievements', {}, callOptions),
    },
    referral: {
      info: (callOptions?: CallOptions) => send('referralInfo', {}, callOptions),
      claim: (body: RequestOf<'referralClaim'>, callOptions?: CallOptions) => send('referralClaim', body, callOptions),
      /** A win's card to share (shareMessage in Telegram, the text and link elsewhere). */
      shareWin: (roundId: string, callOptions?: CallOptions) => send('shareWin', { roundId }, callOptions),
    },
    market: {
      list: (body: RequestOf<'marketList'> = {}, callOptions?: CallOptions) => send('marketList', body, callOptions),
      facets: (body: RequestOf<'marketFacets'> = {}, callOptions?: CallOptions) => send('marketFacets', body, callOptions),
      gift: (giftId: string, callOptions?: CallOptions) => send('marketGift', { giftId }, callOptions),
      giftInfo: (giftId: string, callOptions?: CallOptions) => send('marketGiftInfo', { giftId }, callOptions),
      checkout: (body: RequestOf<'marketCheckout'>, callOptions?: CallOptions) => send('marketCheckout', body, callOptions),
    },
    gifts: {
      inventory: (callOptions?: CallOptions) => send('giftsInventory', {}, callOptions),
      list: (body: RequestOf<'giftsList'>, callOptions?: CallOptions) => send('giftsList', body, callOptions),
      unlist: (giftId: string, callOptions?: CallOptions) => send('giftsUnlist', { giftId }, callOptions),
      withdraw: (body: RequestOf<'giftsWithdraw'>, callOptions?: CallOptions) => send('giftsWithdraw', body, callOptions),
    },
    fairness: {
      seeds: (body: RequestOf<'fairnessSeeds'> = {}, callOptions?: CallOptions) => send('fairnessSeeds', body, callOptions),
      revealed: (body: RequestOf<'fairnessRevealed'> = {}, callOptions?: CallOptions) => send('fairnessRevealed', body, callOptions),
      rotate: (body: RequestOf<'fairnessRotate'> = {}, callOptions?: CallOptions) => send('fairnessRotate', body, callOptions),
    },
    /** The figures the terms of use quote (no login needed). */
    legal: {
      figures: (callOptions?: CallOptions) => send('legalFigures', {}, callOptions),
    },
    demo: {
      state: (body: RequestOf<'demoState'> = {}, callOptions?: CallOptions) => send('demoState', body, callOptions),
      refill: (callOptions?: CallOptions) => send('demoRefill', {}, callOptions),
      rotate: (body: RequestOf<'demoRotate'> = {}, callOptions?: CallOptions) => send('demoRotate', body, callOptions),
      flip: (body: RequestOf<'demoFlip'>, callOptions?: CallOptions) => send('demoFlip', body, callOptions),
      roll: (body: RequestOf<'demoRoll'>, callOptions?: CallOptions) => send('demoRoll', body, callOptions),
      roadStart: (body: RequestOf<'demoRoadStart'>, callOptions?: CallOptions) => send('demoRoadStart', body, callOptions),
      roadStep: (body: RequestOf<'demoRoadStep'>, callOptions?: CallOptions) => send('demoRoadStep', body, callOptions),
      roadCashout: (body: RequestOf<'demoRoadCashout'>, callOptions?: CallOptions) => send('demoRoadCashout', body, callOptions),
      roadCurrent: (callOptions?: CallOptions) => send('demoRoadCurrent', {}, callOptions),
      rounds: (body: RequestOf<'demoRounds'> = {}, callOptions?: CallOptions) => send('demoRounds', body, callOptions),
    },
    wallet: {
      info: (callOptions?: CallOptions) => send('walletInfo', {}, callOptions),
      deposit: (body: RequestOf<'walletDeposit'>, callOptions?: CallOptions) => send('walletDeposit', body, callOptions),
      testDeposit: (body: RequestOf<'walletTestDeposit'>, callOptions?: CallOptions) => send('walletTestDeposit', body, callOptions),
      withdraw: (body: RequestOf<'walletWithdraw'>, callOptions?: CallOptions) => send('walletWithdraw', body, callOptions),
      withdrawal: (id: string, callOptions?: CallOptions) => send('walletWithdrawal', { id }, callOptions),
      withdrawals: (callOptions?: CallOptions) => send('walletWithdrawals', {}, callOptions),
      history: (body: RequestOf<'walletHistory'> = {}, callOptions?: CallOptions) => send('walletHistory', body, callOptions),
      proofPayload: (callOptions?: CallOptions) => send('walletProofPayload', {}, callOptions),
      link: (body: RequestOf<'walletLink'>, callOptions?: CallOptions) => send('walletLink', body, callOptions),
    },
  };
}

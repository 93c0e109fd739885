import type { ReplyOf } from '@arcade/api-client/calls';

/** A single-use ton_proof payload from the server (`expiresAt` in unix seconds). */
export type ProofPayload = ReplyOf<'walletProofPayload'>;

/**
 * What TON Connect UI's `setConnectRequestParameters` takes: 'loading' shows a loader instead of
 * the QR code, 'ready' puts the payload into the connect request, null connects without a proof.
 */
export type ConnectRequest = { state: 'loading' } | { state: 'ready'; value: { tonProof: string } } | null;

/** A new payload is fetched this long before the current one expires (the wallet still has to sign it). */
export const PROOF_REFRESH_BEFORE_MS = 2 * 60_000;
/** The shortest wait before a refresh, for a payload that arrives almost expired. */
export const PROOF_MIN_REFRESH_MS = 5_000;
/** After a failed fetch: connecting works without a proof meanwhile, a new payload is asked for after this. */
export const PROOF_RETRY_MS = 10_000;

/**
 * The payloads handed to TON Connect on this page. A connect reply is linked only when its proof
 * carries one of them, once: a connection TON Connect restores after a reload replays the old
 * proof, whose payload the server has already used.
 */
export interface ProofLedger {
  issue(payload: string): void;
  /** True once for a payload issued here; false for any other (or a second time). */
  claim(payload: string): boolean;
  /** True when a payload was offered and no proof claimed it yet: a wallet connecting now answered our request. */
  takeOffer(): boolean;
}

export function createProofLedger(): ProofLedger {
  const issued = new Set<string>();
  return {
    issue(payload) {
      issued.add(payload);
    },
    claim(payload) {
      if (!issued.has(payload)) return false;
      // Every payload of this connect attempt is spent: older ones refreshed away too.
      issued.clear();
      return true;
    },
    takeOffer() {
      const offered = issued.size > 0;
      issued.clear();
      return offered;
    },
  };
}

/** The page's one ledger (TON Connect UI is a singleton too). */
export const proofLedger = createProofLedger();

export interface ProofPayloadKeeperOptions {
  fetchPayload: (signal: AbortSignal) => Promise<ProofPayload>;
  /** Hands the connect request to TON Connect UI. */
  apply: (request: ConnectRequest) => void;
  ledger?: ProofLedger;
  /** Milliseconds, for the refresh timer. */
  now?: () => number;
}

export type KeeperState = 'stopped' | 'loading' | 'ready' | 'failed';

/**
 * Keeps a fresh ton_proof payload in TON Connect's connect request while the player may connect:
 * 'loading' while it is fetched, 'ready' with the payload, a new one before it expires, and
 * nothing once stopped (the wallet connected, or the screen is gone).
 */
export interface ProofPayloadKeeper {
  /** Starts offering a payload; does nothing while already running. */
  start(): void;
  /** Clears the connect request and forgets the timers. */
  stop(): void;
  /**
   * Resolves once no payload is being fetched (ready, failed or stopped). Open the wallet list
   * only then: TON Connect UI connects an in-wallet-browser wallet straight away, and if that
   * happens while 'loading' it keeps the connect call and repeats it on every later update.
   */
  settled(): Promise<void>;
  readonly state: KeeperState;
  /** The payload currently offered, if any. */
  readonly payload: string | null;
}

export function createProofPayloadKeeper(options: ProofPayloadKeeperOptions): ProofPayloadKeeper {
  const ledger = options.ledger ?? proofLedger;
  const now = options.now ?? Date.now;
  let state: KeeperState = 'stopped';
  let payload: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let controller: AbortController | null = null;
  let waiters: Array<() => void> = [];

  const release = () => {
    const waiting = waiters;
    waiters = [];
    for (const resolve of waiting) resolve();
  };

  const clearPending = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    controller?.abort();
    controller = null;
  };

  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      timer = null;
      void load(false);
    }, delay);
  };

  async function load(first: boolean): Promise<void> {
    const current = new AbortController();
    controller = current;
    // A refresh keeps the QR code of the current payload up until the new one is there.
    if (first || payload === null) {
      state = 'loading';
      options.apply({ state: 'loading' });
    }
    try {
      const next = await options.fetchPayload(current.signal);
      if (current.signal.aborted) return;
      controller = null;
      payload = next.payload;
      state = 'ready';
      ledger.issue(next.payload);
      options.apply({ state: 'ready', value: { tonProof: next.payload } });
      release();
      schedule(Math.max(next.expiresAt * 1000 - PROOF_REFRESH_BEFORE_MS - now(), PROOF_MIN_REFRESH_MS));
    } catch (error) {
      if (current.signal.aborted) return;
      controller = null;
      console.error('[wallet] could not get a ton_proof payload', error);
      // Connecting still works (without a proof, so without linking) until the next try.
      payload = null;
      state = 'failed';
      options.apply(null);
      release();
      schedule(PROOF_RETRY_MS);
    }
  }

  return {
    start() {
      if (state !== 'stopped') return;
      void load(true);
    },
    stop() {
      clearPending();
      if (state === 'stopped') return;
      state = 'stopped';
      payload = null;
      options.apply(null);
      release();
    },
    settled() {
      if (state !== 'loading') return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push(resolve));
    },
    get state() {
      return state;
    },
    get payload() {
      return payload;
    },
  };
}

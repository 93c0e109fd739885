import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createProofLedger,
  createProofPayloadKeeper,
  PROOF_REFRESH_BEFORE_MS,
  PROOF_RETRY_MS,
  type ConnectRequest,
  type ProofPayload,
} from '../src/features/wallet/proof-payload';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const FIFTEEN_MINUTES_S = 15 * 60;

function payloadOf(n: number): string {
  return n.toString(16).padStart(64, '0');
}

/** A payload source that answers when told to, like the server behind a slow network. */
function payloadServer() {
  let issued = 0;
  const pending: Array<{ resolve: (value: ProofPayload) => void; reject: (error: unknown) => void; signal: AbortSignal }> = [];
  const fetchPayload = vi.fn(
    (signal: AbortSignal) =>
      new Promise<ProofPayload>((resolve, reject) => {
        pending.push({ resolve, reject, signal });
      }),
  );
  return {
    fetchPayload,
    pending,
    /** Answers the oldest waiting request with a payload valid for 15 minutes from now. */
    async answer(): Promise<string> {
      const next = pending.shift();
      if (!next) throw new Error('nothing to answer');
      const payload = payloadOf(++issued);
      next.resolve({ payload, expiresAt: Math.floor(Date.now() / 1000) + FIFTEEN_MINUTES_S });
      await vi.advanceTimersByTimeAsync(0);
      return payload;
    },
    async fail(): Promise<void> {
      pending.shift()?.reject(new Error('offline'));
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the ton_proof payload in the connect request', () => {
  it('is loading while fetched, ready with the payload, and cleared once the wallet is linked', async () => {
    const server = payloadServer();
    const applied: ConnectRequest[] = [];
    const ledger = createProofLedger();
    const keeper = createProofPayloadKeeper({ fetchPayload: server.fetchPayload, apply: (request) => applied.push(request), ledger });

    keeper.start();
    expect(applied).toEqual([{ state: 'loading' }]);
    expect(keeper.state).toBe('loading');
    keeper.start(); // already running: no second request
    expect(server.fetchPayload).toHaveBeenCalledTimes(1);

    const payload = await server.answer();
    expect(applied).toEqual([{ state: 'loading' }, { state: 'ready', value: { tonProof: payload } }]);
    expect(keeper.state).toBe('ready');
    expect(keeper.payload).toBe(payload);

    // The wallet connected with a proof of this payload: it is claimed once, and the request cleared.
    expect(ledger.claim(payload)).toBe(true);
    keeper.stop();
    expect(applied.at(-1)).toBeNull();
    expect(keeper.state).toBe('stopped');
    expect(ledger.claim(payload)).toBe(false);

    // Nothing more is asked for once stopped.
    await vi.advanceTimersByTimeAsync(FIFTEEN_MINUTES_S * 1000 * 2);
    expect(server.fetchPayload).toHaveBeenCalledTimes(1);
  });

  it('is replaced by a new payload before it expires, without going back to loading', async () => {
    const server = payloadServer();
    const applied: ConnectRequest[] = [];
    const ledger = createProofLedger();
    const keeper = createProofPayloadKeeper({ fetchPayload: server.fetchPayload, apply: (request) => applied.push(request), ledger });
    keeper.start();
    const first = await server.answer();

    const refreshAt = FIFTEEN_MINUTES_S * 1000 - PROOF_REFRESH_BEFORE_MS;
    await vi.advanceTimersByTimeAsync(refreshAt - 1);
    expect(server.fetchPayload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.fetchPayload).toHaveBeenCalledTimes(2);
    // The old QR code stays up meanwhile.
    expect(applied.at(-1)).toEqual({ state: 'ready', value: { tonProof: first } });

    const second = await server.answer();
    expect(second).not.toBe(first);
    expect(applied).toEqual([
      { state: 'loading' },
      { state: 'ready', value: { tonProof: first } },
      { state: 'ready', value: { tonProof: second } },
    ]);
    // A wallet that signed the QR code shown a moment ago is still recognised.
    expect(ledger.claim(first)).toBe(true);
    keeper.stop();
  });

  it('lets the player connect without a proof while the server is unreachable, and tries again', async () => {
    const server = payloadServer();
    const applied: ConnectRequest[] = [];
    const keeper = createProofPayloadKeeper({
      fetchPayload: server.fetchPayload,
      apply: (request) => applied.push(request),
      ledger: createProofLedger(),
    });
    keeper.start();
    await server.fail();
    expect(applied).toEqual([{ state: 'loading' }, null]);
    expect(keeper.state).toBe('failed');

    await vi.advanceTimersByTimeAsync(PROOF_RETRY_MS);
    expect(server.fetchPayload).toHaveBeenCalledTimes(2);
    const payload = await server.answer();
    expect(applied.at(-2)).toEqual({ state: 'loading' });
    expect(applied.at(-1)).toEqual({ state: 'ready', value: { tonProof: payload } });
    keeper.stop();
  });

  it('tells when the wallet list may be opened: once no payload is on its way', async () => {
    const server = payloadServer();
    const keeper = createProofPayloadKeeper({ fetchPayload: server.fetchPayload, apply: () => undefined, ledger: createProofLedger() });
    const order: string[] = [];
    await keeper.settled();
    order.push('stopped: at once');
    keeper.start();
    const ready = keeper.settled().then(() => order.push('after the payload'));
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['stopped: at once']);
    await server.answer();
    await ready;
    expect(order).toEqual(['stopped: at once', 'after the payload']);
    // A refresh keeps the payload ready: nobody waits for it.
    await vi.advanceTimersByTimeAsync(FIFTEEN_MINUTES_S * 1000 - PROOF_REFRESH_BEFORE_MS);
    expect(keeper.state).toBe('ready');
    await keeper.settled();
    keeper.stop();
  });

  it('drops an answer that arrives after it was stopped', async () => {
    const server = payloadServer();
    const applied: ConnectRequest[] = [];
    const ledger = createProofLedger();
    const keeper = createProofPayloadKeeper({ fetchPayload: server.fetchPayload, apply: (request) => applied.push(request), ledger });
    keeper.start();
    keeper.stop();
    expect(server.pending[0]?.signal.aborted).toBe(true);
    const late = await server.answer();
    expect(applied).toEqual([{ state: 'loading' }, null]);
    expect(ledger.claim(late)).toBe(false);
  });
});

describe('the payloads offered on this page', () => {
  it('recognise a fresh answer once; a restored session replays an unknown one', () => {
    const ledger = createProofLedger();
    expect(ledger.claim(payloadOf(1))).toBe(false);
    expect(ledger.takeOffer()).toBe(false);
    ledger.issue(payloadOf(2));
    expect(ledger.takeOffer()).toBe(true);
    expect(ledger.takeOffer()).toBe(false);
    ledger.issue(payloadOf(3));
    expect(ledger.claim(payloadOf(3))).toBe(true);
    expect(ledger.claim(payloadOf(3))).toBe(false);
  });
});

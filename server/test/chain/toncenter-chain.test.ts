import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Address } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { describe, expect, it } from 'vitest';
import { ChainRejectedError, ChainUnavailableError } from '../../src/adapters/chain/chain-adapter';
import { OP_BOUNCED } from '../../src/adapters/chain/message-body';
import { ToncenterChain, type ToncenterChainOptions } from '../../src/adapters/chain/toncenter-chain';
import { signHighloadTransfer } from '../../src/adapters/chain/highload-wallet';
import { parseMemo } from '../../src/domain/ton/memo';
import { FIXTURE } from './fixtures/fixture-facts';

const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
function fixture(name: string): string {
  return readFileSync(join(fixturesDir, name), 'utf8');
}

interface RecordedTx {
  account: string;
  hash: string;
  lt: string;
  in_msg: { source: string | null } | null;
}
const page1 = JSON.parse(fixture('transactions-page-1.json')) as { transactions: RecordedTx[] };
const page2 = JSON.parse(fixture('transactions-page-2.json')) as { transactions: RecordedTx[] };
const [cursorTx, depositTx, withdrawalTx] = page1.transactions as [RecordedTx, RecordedTx, RecordedTx];
const [bounceTx] = page2.transactions as [RecordedTx];
const HOT = Address.parse(cursorTx.account);
const hex = (base64: string) => Buffer.from(base64, 'base64').toString('hex');

type Step = { status: number; body: string; headers?: Record<string, string> } | { fail: Error } | 'hang';

const ok = (body: string): Step => ({ status: 200, body });

/** A fetch that answers with the given steps in order and records every request. */
function fakeFetch(steps: Step[]) {
  const calls: { url: URL; method: string; headers: Record<string, string>; body: string | null }[] = [];
  const fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const url = new URL(input instanceof Request ? input.url : input);
    calls.push({ url, method: init?.method ?? 'GET', headers, body: typeof init?.body === 'string' ? init.body : null });
    const step = steps.shift();
    if (step === undefined) return Promise.reject(new Error('unexpected request'));
    if (step === 'hang') {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('This operation was aborted', 'AbortError')));
      });
    }
    if ('fail' in step) return Promise.reject(step.fail);
    return Promise.resolve(
      new Response(step.body, { status: step.status, headers: { 'content-type': 'application/json', ...step.headers } }),
    );
  };
  return { fetch, calls };
}

function chainWith(steps: Step[], options: Partial<ToncenterChainOptions> = {}) {
  const fake = fakeFetch(steps);
  const sleeps: number[] = [];
  const chain = new ToncenterChain({
    baseUrl: 'https://toncenter.com/',
    apiKey: 'test-api-key',
    fetch: fake.fetch,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    random: () => 0.5,
    ...options,
  });
  return { chain, calls: fake.calls, sleeps };
}

const cursor = { lt: BigInt(cursorTx.lt), hash: hex(cursorTx.hash) };

describe('toncenter chain: reading transactions (recorded replies)', () => {
  it('pages with offset from the cursor, skips the cursor itself and stops before a transaction that is not final', async () => {
    const { chain, calls } = chainWith([ok(fixture('transactions-page-1.json')), ok(fixture('transactions-page-2.json'))], { pageSize: 3 });
    const txs = await chain.getTransactionsAfter(HOT.toString(), cursor, 10);

    expect(calls).toHaveLength(2);
    for (const [i, call] of calls.entries()) {
      expect(call.method).toBe('GET');
      expect(`${call.url.origin}${call.url.pathname}`).toBe('https://toncenter.com/api/v3/transactions');
      expect(Object.fromEntries(call.url.searchParams)).toEqual({
        account: HOT.toRawString(),
        start_lt: cursorTx.lt,
        sort: 'asc',
        limit: '3',
        offset: String(i * 3),
      });
      expect(call.headers['X-API-Key']).toBe('test-api-key');
    }

    // Cursor skipped; the pending (emulated, no mc_block_seqno) deposit at the end is left for later.
    expect(txs.map((tx) => tx.hash)).toEqual([depositTx, withdrawalTx, bounceTx].map((tx) => hex(tx.hash)));
    const [deposit, withdrawal, bounce] = txs;
    expect(deposit).toEqual({
      hash: hex(depositTx.hash),
      lt: BigInt(depositTx.lt),
      utime: FIXTURE.now + 1,
      inKind: 'internal',
      src: Address.parse(depositTx.in_msg!.source!).toRawString(),
      value: BigInt(FIXTURE.deposit.amount),
      bounce: true,
      bounced: false,
      op: 0,
      comment: FIXTURE.memo,
      outCount: 0,
      aborted: false,
      computeOk: true,
    });
    expect(parseMemo(deposit?.comment)).toEqual({ ok: true, memo: FIXTURE.memo });
    expect(withdrawal).toMatchObject({
      inKind: 'external-in',
      src: null,
      value: 0n,
      op: null,
      outCount: 1,
      computeOk: true,
      externalQuery: { queryId: FIXTURE.withdrawal.queryId, createdAt: FIXTURE.withdrawal.createdAt },
    });
    expect(bounce).toMatchObject({
      inKind: 'internal',
      bounced: true,
      bounce: false,
      op: OP_BOUNCED,
      comment: null,
      value: BigInt(FIXTURE.bounce.amount),
      outCount: 0,
    });
  });

  it('asks for no more than the limit, and returns everything from the start without a cursor', async () => {
    const { chain, calls } = chainWith([ok(fixture('transactions-page-1.json'))]);
    const txs = await chain.getTransactionsAfter(HOT.toRawString(), null, 2);
    expect(calls[0]?.url.searchParams.get('start_lt')).toBe('0');
    expect(calls[0]?.url.searchParams.get('limit')).toBe('3');
    expect(txs.map((tx) => tx.hash)).toEqual([cursorTx, depositTx].map((tx) => hex(tx.hash)));
  });

  it('refuses a cursor whose hash is not the transaction the chain has at that lt', async () => {
    const { chain } = chainWith([ok(fixture('transactions-page-1.json'))]);
    await expect(chain.getTransactionsAfter(HOT.toString(), { lt: cursor.lt, hash: 'ab'.repeat(32) }, 10)).rejects.toBeInstanceOf(
      ChainUnavailableError,
    );
  });

  it('sends no API key header when none is configured', async () => {
    const { chain, calls } = chainWith([ok(fixture('masterchain-info.json'))], { apiKey: null });
    await chain.chainTime();
    expect(calls[0]?.headers).not.toHaveProperty('X-API-Key');
  });
});

describe('toncenter chain: failures', () => {
  it('backs off on 429 (at least Retry-After), then succeeds', async () => {
    const { chain, calls, sleeps } = chainWith([
      { status: 429, body: fixture('rate-limited.json'), headers: { 'retry-after': '2' } },
      ok(fixture('masterchain-info.json')),
    ]);
    expect(await chain.chainTime()).toBe(FIXTURE.chainTime);
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([2000]);
  });

  it('gives up after the configured attempts with growing, capped, jittered delays', async () => {
    const unavailable: Step = { status: 503, body: '<html><body>503 Service Temporarily Unavailable</body></html>' };
    const { chain, calls, sleeps } = chainWith([unavailable, unavailable, unavailable, unavailable, unavailable], {
      attempts: 5,
      baseDelayMs: 100,
      maxDelayMs: 500,
    });
    const error = await chain.getTransactionsAfter(HOT.toString(), cursor, 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as ChainUnavailableError).status).toBe(503);
    expect(calls).toHaveLength(5);
    // random() = 0.5 puts each delay at 3/4 of its cap: caps 100, 200, 400, 500.
    expect(sleeps).toEqual([75, 150, 300, 375]);
  });

  it('retries network errors and timeouts', async () => {
    const { chain, calls, sleeps } = chainWith([{ fail: new TypeError('fetch failed') }, 'hang', ok(fixture('masterchain-info.json'))], {
      timeoutMs: 20,
    });
    expect(await chain.chainTime()).toBe(FIXTURE.chainTime);
    expect(calls).toHaveLength(3);
    expect(sleeps).toHaveLength(2);

    const stuck = chainWith(['hang', 'hang'], { timeoutMs: 20, attempts: 2 });
    await expect(stuck.chain.chainTime()).rejects.toThrow(/timed out after 20 ms/);
  });

  it('turns a reply it cannot read into ChainUnavailableError, without retrying', async () => {
    const html = chainWith([ok('<html>cloudflare says hi</html>')]);
    await expect(html.chain.getTransactionsAfter(HOT.toString(), null, 10)).rejects.toBeInstanceOf(ChainUnavailableError);
    expect(html.calls).toHaveLength(1);

    const wrongShape = chainWith([ok(JSON.stringify({ transactions: [{ hash: 1, lt: 'soon' }] }))]);
    await expect(wrongShape.chain.getTransactionsAfter(HOT.toString(), null, 10)).rejects.toThrow(/malformed/);

    const page = JSON.parse(fixture('transactions-page-1.json')) as { transactions: { in_msg: { message_content: { body: string } } }[] };
    page.transactions[1]!.in_msg.message_content.body = 'bm90IGEgYm9j';
    const badBody = chainWith([ok(JSON.stringify(page))]);
    await expect(badBody.chain.getTransactionsAfter(HOT.toString(), cursor, 10)).rejects.toThrow(/not a BOC/);

    const otherAccount = chainWith([ok(fixture('transactions-page-1.json'))]);
    await expect(otherAccount.chain.getTransactionsAfter(new Address(0, Buffer.alloc(32, 7)).toString(), null, 10)).rejects.toThrow(
      /transaction of/,
    );

    const badStatus = chainWith([{ status: 401, body: JSON.stringify({ error: 'API key does not exist' }) }]);
    await expect(badStatus.chain.chainTime()).rejects.toMatchObject({ name: 'ChainUnavailableError', status: 401 });
    expect(badStatus.calls).toHaveLength(1);
  });
});

describe('toncenter chain: sending and account state', () => {
  const keys = keyPairFromSeed(Buffer.alloc(32, 9));
  const { boc } = signHighloadTransfer(keys, {
    queryId: FIXTURE.withdrawal.queryId,
    createdAt: FIXTURE.withdrawal.createdAt,
    timeout: FIXTURE.timeout,
    to: new Address(0, Buffer.alloc(32, 3)),
    amount: 1_000_000_000n,
    bounce: false,
  });

  it('posts the BOC as JSON', async () => {
    const { chain, calls } = chainWith([ok(fixture('message-accepted.json'))]);
    await chain.sendExternalMessage(boc);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.pathname).toBe('/api/v3/message');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(calls[0]?.headers['X-API-Key']).toBe('test-api-key');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ boc });
  });

  it('maps a liteserver refusal to ChainRejectedError with its exit code, without retrying', async () => {
    const { chain, calls } = chainWith([{ status: 500, body: fixture('message-rejected-36.json') }]);
    const error = await chain.sendExternalMessage(boc).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainRejectedError);
    expect((error as ChainRejectedError).exitCode).toBe(36);
    expect(calls).toHaveLength(1);

    const malformed = chainWith([{ status: 400, body: fixture('message-bad-boc.json') }]);
    await expect(malformed.chain.sendExternalMessage('AAAA')).rejects.toMatchObject({ name: 'ChainRejectedError', exitCode: undefined });
  });

  it('retries a send that hit a rate limit or an outage, and reports an outage that lasts as unavailable', async () => {
    const retried = chainWith([
      { status: 429, body: fixture('rate-limited.json') },
      { status: 502, body: 'Bad Gateway' },
      ok(fixture('message-accepted.json')),
    ]);
    await retried.chain.sendExternalMessage(boc);
    expect(retried.calls).toHaveLength(3);

    const down = chainWith(
      [
        { status: 502, body: 'Bad Gateway' },
        { status: 502, body: 'Bad Gateway' },
      ],
      { attempts: 2 },
    );
    await expect(down.chain.sendExternalMessage(boc)).rejects.toBeInstanceOf(ChainUnavailableError);
  });

  it('reads the account state and the chain time', async () => {
    const { chain, calls } = chainWith([
      ok(fixture('account-states-active.json')),
      ok(fixture('account-states-unknown.json')),
      ok(fixture('masterchain-info.json')),
    ]);
    expect(await chain.getAccountState(HOT.toString({ bounceable: false }))).toEqual({
      status: 'active',
      balance: BigInt(FIXTURE.hotBalance),
    });
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ address: HOT.toRawString(), include_boc: 'false' });
    expect(calls[0]?.url.pathname).toBe('/api/v3/accountStates');
    expect(await chain.getAccountState(new Address(0, Buffer.alloc(32, 1)).toRawString())).toEqual({ status: 'nonexist', balance: 0n });
    expect(await chain.chainTime()).toBe(FIXTURE.chainTime);
    expect(calls[2]?.url.pathname).toBe('/api/v3/masterchainInfo');
  });
});

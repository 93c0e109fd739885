import { request as httpRequest } from 'node:http';
import { beginCell, storeStateInit } from '@ton/core';
import { keyPairFromSeed, sign } from '@ton/crypto';
import { WalletContractV5R1 } from '@ton/ton';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallName, type RequestOf } from '@arcade/api-client/calls';
import { fromNano } from '@arcade/api-client/money';
import { audit } from '../src/domain/ledger';
import { productConfig } from '../src/domain/product-config';
import { createSessions } from '../src/domain/sessions';
import { proofDigest } from '../src/domain/ton/ton-proof';
import {
  databases,
  envelope,
  fund,
  launchData,
  logIn,
  newUserId,
  post,
  PUBLIC_URL,
  suiteServer,
  TEST_APP_KEY,
  TEST_JWT_SECRET,
} from './helpers';

const ADDRESS = 'UQAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-HQSQ';
let keys = 0;
const key = () => `mistake-key-${++keys}-${Date.now()}`;

/** A well-formed body of every call (the type makes a new call fail to compile until it has one). */
function samples(): { [N in CallName]: RequestOf<N> } {
  return {
    auth: { initData: 'query_id=1&hash=00' },
    profileLight: {},
    profileFull: {},
    profileOnboarding: {},
    profileLanguage: { lang: 'en' },
    profileNotifications: { enabled: true },
    bonusState: {},
    bonusDailyClaim: { idempotencyKey: key() },
    tasksCheck: { taskId: 'subscribe' },
    tasksClaim: { taskId: 'subscribe', idempotencyKey: key() },
    walletInfo: {},
    walletDeposit: { amount: '1' },
    walletTestDeposit: { amount: '1', idempotencyKey: key() },
    walletWithdraw: { address: ADDRESS, amount: '1', idempotencyKey: key() },
    walletWithdrawals: {},
    walletWithdrawal: { id: '1' },
    walletProofPayload: {},
    walletLink: {
      address: `0:${'ab'.repeat(32)}`,
      network: '-3',
      publicKey: 'cd'.repeat(32),
      proof: {
        timestamp: 1,
        domain: { lengthBytes: 14, value: 'arcade.example' },
        payload: 'p'.repeat(64),
        signature: 'c2ln',
        stateInit: 'aW5pdA',
      },
    },
    gamesConfig: {},
    gamesFlip: { stake: '0.1', currency: 'ton', side: 'heads', idempotencyKey: key() },
    gamesRoll: { stake: '0.1', currency: 'ton', target: '50', direction: 'under', idempotencyKey: key() },
    gamesRoadStart: { stake: '0.1', currency: 'ton', difficulty: 'easy', idempotencyKey: key() },
    gamesRoadStep: { roundId: '1', lane: 1, idempotencyKey: key() },
    gamesRoadCashout: { roundId: '1', idempotencyKey: key() },
    gamesRoadCurrent: {},
    gamesRounds: { game: 'flip', cursor: '1', limit: 10 },
    fairnessSeeds: {},
    fairnessRevealed: { limit: 10 },
    fairnessRotate: { clientSeed: 'my-seed' },
    referralInfo: {},
    referralClaim: { idempotencyKey: key() },
    shareWin: { roundId: '1' },
    achievements: {},
    marketList: {
      collections: ['plush-pepe'],
      models: ['Gold'],
      backdrops: ['Black'],
      symbols: ['Star'],
      minPrice: '1',
      maxPrice: '9',
      sort: 'price-asc',
      limit: 10,
    },
    marketFacets: { collections: ['plush-pepe'], models: ['Gold'], backdrops: ['Black'], symbols: ['Star'] },
    marketGift: { giftId: '1' },
    marketGiftInfo: { giftId: '1' },
    marketCheckout: { items: [{ giftId: '1', price: '1' }], idempotencyKey: key() },
    giftsInventory: {},
    giftsList: { giftId: '1', price: '1' },
    giftsUnlist: { giftId: '1' },
    giftsWithdraw: { giftId: '1', idempotencyKey: key() },
    walletHistory: { cursor: '1', limit: 10 },
    gamesLeaderboard: {},
    profilePrivacy: {},
    profilePrivacyChange: { showName: true },
    playState: {},
    playLimitSet: { kind: 'loss-day', amount: '1', idempotencyKey: key() },
    playPause: { length: '24h', idempotencyKey: key() },
    playRealityCheck: { minutes: 30 },
    playAgeConfirm: {},
    legalFigures: {},
    demoState: { clientSeed: 'my-seed' },
    demoRefill: {},
    demoRotate: { clientSeed: 'my-seed' },
    demoFlip: { stake: '0.1', side: 'heads' },
    demoRoll: { stake: '0.1', target: '50', direction: 'under' },
    demoRoadStart: { stake: '0.1', difficulty: 'easy' },
    demoRoadStep: { roundId: '1', lane: 1 },
    demoRoadCashout: { roundId: '1' },
    demoRoadCurrent: {},
    demoRounds: { game: 'flip', cursor: '1', limit: 10 },
  };
}

/** Every string in a body with where it sits, the way the refusal names it. */
function strings(value: unknown, where = ''): { where: string; set: (body: unknown, text: string) => unknown }[] {
  if (typeof value === 'string') return [{ where, set: (_body, text) => text }];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) =>
      strings(item, `${where}[${index}]`).map(({ where: at, set }) => ({
        where: at,
        set: (body: unknown, text: string) => (body as unknown[]).map((old, i) => (i === index ? set(old, text) : old)),
      })),
    );
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([name, item]) =>
      strings(item, where ? `${where}.${name}` : name).map(({ where: at, set }) => ({
        where: at,
        set: (body: unknown, text: string) => ({ ...(body as object), [name]: set((body as Record<string, unknown>)[name], text) }),
      })),
    );
  }
  return [];
}

const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** What a wallet app answers to a TON Connect connect with ton_proof over `payload` (any payload: the wallet signs what it is given). */
function walletProof(payload: string, timestamp: number) {
  const pair = keyPairFromSeed(Buffer.alloc(32, 'n'));
  const wallet = WalletContractV5R1.create({ workchain: 0, publicKey: pair.publicKey });
  const domain = new URL(PUBLIC_URL).host;
  const proof = { timestamp, domain: { lengthBytes: Buffer.byteLength(domain), value: domain }, payload };
  return {
    address: wallet.address.toRawString(),
    network: '-3' as const,
    publicKey: pair.publicKey.toString('hex'),
    proof: {
      ...proof,
      signature: sign(proofDigest(wallet.address, proof), pair.secretKey).toString('base64'),
      stateInit: beginCell().store(storeStateInit(wallet.init)).endCell().toBoc().toString('base64'),
    },
  };
}

describe.each(databases())('a client mistake is a 4xx, never a 500, on $name', (database) => {
  let token = '';

  const suite = suiteServer(database);
  beforeAll(async () => {
    const id = newUserId();
    token = await logIn(suite.app, { id });
    await fund(suite.db, BigInt(id), '10');
  });

  /** What any call could write: row counts of every table a call writes, and the ledger's audit. */
  async function book(): Promise<Record<string, unknown>> {
    const tables = [
      'users',
      'accounts',
      'ledger_transactions',
      'journal_entries',
      'idempotency_keys',
      'deposits',
      'withdrawals',
      'ton_proof_payloads',
      'seed_pairs',
      'game_rounds',
      'player_stats',
      'achievement_grants',
      'daily_claims',
      'task_claims',
      'listings',
      'sales',
      'gift_transfers',
      'bot_outbox',
    ];
    const { rows } = await suite.db.query<Record<string, bigint>>(
      `SELECT ${tables.map((table) => `(SELECT count(*) FROM ${table}) AS ${table}`).join(', ')}`,
    );
    const balances = await suite.db.query<{ total: bigint | null }>('SELECT sum(abs(balance))::bigint AS total FROM accounts');
    // Settings a call may change in place (language, onboarding, notifications, linked wallet).
    const players = await suite.db.query<{ digest: string | null }>(
      "SELECT md5(string_agg(u::text, ',' ORDER BY u.id)) AS digest FROM users u",
    );
    return { ...rows[0], balances: balances.rows[0]?.total, players: players.rows[0]?.digest, problems: (await audit(suite.db)).problems };
  }

  /** Runs the work and checks that it wrote nothing. */
  async function writesNothing(work: () => Promise<void>): Promise<void> {
    const before = await book();
    await work();
    expect(await book()).toEqual(before);
  }

  const call = (path: string, body: unknown, options: { token?: string } = { token }) => post(suite.app, path, body, options);

  describe('a NUL character anywhere in a body', () => {
    it('is refused with 400 naming where it is, in every string of every call', async () => {
      await writesNothing(async () => {
        for (const [name, body] of Object.entries(samples())) {
          const spec = calls[name as CallName];
          for (const { where, set } of strings(body)) {
            for (const text of ['\u0000', 'a\u0000', `${'x'.repeat(20)}\u0000${'y'.repeat(20)}`]) {
              const response = await call(spec.path, set(body, text));
              expect(response.statusCode, `${spec.path} ${where}: ${response.body}`).toBe(400);
              expect(envelope(response).message, spec.path).toBe(`${where} must not contain a NUL character`);
            }
          }
        }
      });
    });

    it('is refused in market filters (PostgreSQL refuses NUL in text: it was a 500)', async () => {
      await writesNothing(async () => {
        for (const field of ['collections', 'models', 'backdrops', 'symbols']) {
          for (const path of ['/api/v3/market/list', '/api/v3/market/facets']) {
            const response = await call(path, { [field]: ['plush-pepe', 'x\u0000'] });
            expect(response.statusCode, response.body).toBe(400);
            expect(envelope(response).message).toBe(`${field}[1] must not contain a NUL character`);
          }
        }
      });
    });

    it('is refused in keys and deep inside, before the schema', async () => {
      await writesNothing(async () => {
        const cases: [string, unknown, string][] = [
          ['/api/v3/profile/language', { lang: 'en', 'x\u0000': 1 }, 'a key of the body must not contain a NUL character'],
          ['/api/v3/wallet/link', { proof: { domain: { 'v\u0000': 'a' } } }, 'a key of proof.domain must not contain a NUL character'],
          [
            '/api/v3/market/checkout',
            { items: [{ giftId: '1', price: '1' }, { giftId: '2\u0000' }] },
            'items[1].giftId must not contain a NUL character',
          ],
          ['/api/v3/auth', { initData: 'user=%7B%7D\u0000' }, 'initData must not contain a NUL character'],
        ];
        for (const [path, body, message] of cases) {
          const response = await call(path, body);
          expect(response.statusCode, response.body).toBe(400);
          expect(envelope(response).message).toBe(message);
        }
      });
    });

    it('in a wallet proof signed over it is refused, not sent to PostgreSQL', async () => {
      await writesNothing(async () => {
        const response = await call('/api/v3/wallet/link', walletProof('payload\u0000', Math.floor(Date.now() / 1000)));
        expect(response.statusCode, response.body).toBe(400);
        expect(envelope(response).message).toBe('proof.payload must not contain a NUL character');
      });
    });

    it('in the signed launch data (a name) is malformed launch data, and no player is created', async () => {
      await writesNothing(async () => {
        for (const launch of [
          { firstName: 'Ann\u0000' },
          { lastName: '\u0000' },
          { username: 'a\u0000b' },
          { photoUrl: 'https://t.me/\u0000.jpg' },
        ]) {
          const response = await call('/api/v3/auth', { initData: launchData({ id: newUserId(), ...launch }) }, {});
          expect(response.statusCode, response.body).toBe(400);
          expect(envelope(response).message).toBe('Launch data user is malformed');
        }
      });
    });

    it('lone UTF-16 surrogates are no 500: PostgreSQL gets U+FFFD', async () => {
      await writesNothing(async () => {
        for (const path of ['/api/v3/market/list', '/api/v3/market/facets']) {
          const response = await call(path, { collections: ['\ud800'], models: ['a\udfffb'] });
          expect(response.statusCode, response.body).toBe(200);
        }
      });
    });
  });

  describe('a body nested deeper than any call', () => {
    it('is 400 in any field of any call (the schema error printed it by recursion: a 500)', async () => {
      const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
      await writesNothing(async () => {
        for (const [name, body] of Object.entries(samples())) {
          const spec = calls[name as CallName];
          for (const field of Object.keys(body)) {
            const text = JSON.stringify({ ...body, [field]: '@deep' }).replace('"@deep"', deep(5000));
            const response = await call(spec.path, text);
            expect(response.statusCode, `${spec.path} ${field}: ${response.body.slice(0, 200)}`).toBe(400);
          }
        }
        const response = await call('/api/v3/profile/language', `{"lang":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`);
        expect(response.statusCode).toBe(400);
        expect(envelope(response).message).toBe('The request body is nested too deeply (at most 16 levels)');
      });
    });
  });

  describe('a forged or out-of-range page cursor', () => {
    const cursorCalls = Object.values(calls).filter((spec) => /\bcursor\b/.test(spec.request.expression));

    it('every call that takes one is found', () => {
      expect(cursorCalls.map((spec) => spec.path).sort()).toEqual([
        '/api/v3/demo/rounds',
        '/api/v3/games/rounds',
        '/api/v3/market/list',
        '/api/v3/wallet/history',
      ]);
    });

    it('of the wrong shape is 400 on every call that takes one', async () => {
      await writesNothing(async () => {
        const bad = [
          '',
          ' ',
          '-1',
          '+1',
          '1.5',
          '1e3',
          '0x10',
          ' 1',
          '1 ',
          '99999999999999999999',
          '9223372036854775808',
          '18446744073709551616',
          '١٢',
          'x'.repeat(401),
          '=',
          'a/b',
          'YQ==',
          12,
          -1,
          1e308,
          null,
          true,
          [],
          {},
          ['1'],
        ];
        for (const spec of cursorCalls) {
          for (const cursor of bad) {
            const response = await call(spec.path, { cursor });
            expect(response.statusCode, `${spec.path} ${JSON.stringify(cursor)}: ${response.body}`).toBe(400);
            expect(envelope(response).message, spec.path).toMatch(/cursor/i);
          }
        }
      });
    });

    it('that names no row is the end of the list', async () => {
      for (const path of ['/api/v3/wallet/history', '/api/v3/games/rounds']) {
        for (const cursor of ['0', '1', '9223372036854775807']) {
          const response = await call(path, { cursor });
          expect(response.statusCode, response.body).toBe(200);
        }
      }
    });

    it('that the market never gave out is 400, whatever it holds, for every sort', async () => {
      const MAX = '9223372036854775807';
      const DATE = '2024-01-01T00:00:00.000Z';
      const anySort: unknown[] = [
        'not json',
        '',
        {},
        [],
        ['1'],
        ['1', '1', '1'],
        [1, '1'],
        ['1', 1],
        ['1', '-1'],
        ['1', '01'],
        ['1', '9223372036854775808'],
        ['1', '99999999999999999999'],
        [DATE, '1e3'],
      ];
      const integers = ['-1', '+1', '01', '1.5', '1e400', ' 1', '9223372036854775808', '99999999999999999999', DATE, 'NaN'];
      const dates = [
        // Past PostgreSQL's timestamps (4713 BC to 294276 AD): these were 500s.
        '-271821-04-20',
        '-004713-01-01T00:00:00Z',
        '-100000-01-01T00:00:00.000Z',
        '275760-09-13T00:00:00.000Z',
        '+275760-09-13T00:00:00.000Z',
        '0000-01-01T00:00:00.000Z',
        '2024-02-30T00:00:00.000Z',
        '2024-01-01',
        '2024-01-01T00:00:00Z',
        'Tue, 01 Jan 2030 00:00:00 GMT',
        '12',
        MAX,
        '2024-01-01 \u0000',
      ];
      const forged: Record<string, unknown[]> = {
        price: [...anySort, ...integers.map((value) => [value, '1'])],
        rarity: [...anySort, ...integers.map((value) => [value, '1'])],
        // Past the INTEGER column: this was a 500.
        number: [...anySort, ...integers.map((value) => [value, '1']), ['2147483648', '1'], [MAX, '1']],
        date: [...anySort, ...dates.map((value) => [value, '1'])],
      };
      await writesNothing(async () => {
        for (const sort of ['price-asc', 'price-desc', 'date-asc', 'date-desc', 'number-asc', 'number-desc', 'rarity-asc', 'rarity-desc']) {
          for (const cursor of forged[sort.split('-')[0]!]!) {
            const response = await call('/api/v3/market/list', { sort, cursor: base64url(cursor) });
            expect(response.statusCode, `${sort} ${JSON.stringify(cursor)}: ${response.body}`).toBe(400);
            expect(envelope(response).message).toMatch(/cursor/i);
          }
        }
      });
    });

    it('that the market could have given out is a page (perhaps empty)', async () => {
      const cases: [string, unknown][] = [
        ['price-asc', ['9223372036854775807', '9223372036854775807']],
        ['number-desc', ['2147483647', '1']],
        ['rarity-asc', ['0', '0']],
        ['date-asc', ['0001-01-01T00:00:00.000Z', '1']],
        ['date-desc', ['2024-02-29T12:34:56.789Z', '0']],
        ['date-desc', ['9999-12-31T23:59:59.999Z', '1']],
      ];
      for (const [sort, cursor] of cases) {
        const response = await call('/api/v3/market/list', { sort, cursor: base64url(cursor) });
        expect(response.statusCode, `${sort} ${JSON.stringify(cursor)}: ${response.body}`).toBe(200);
      }
    });
  });

  describe('a well-signed session of a player the database does not know', () => {
    let ghost = '';
    beforeAll(async () => {
      ghost = (await createSessions(TEST_JWT_SECRET, () => new Date()).issue(999n)).token;
    });

    it('is 401 "log in again" on every player call, and writes nothing', async () => {
      await writesNothing(async () => {
        for (const [name, body] of Object.entries(samples())) {
          const spec = calls[name as CallName];
          if (spec.public) continue;
          for (const payload of [body, {}]) {
            const response = await call(spec.path, payload, { token: ghost });
            expect(response.statusCode, `${spec.path}: ${response.body}`).toBe(401);
            expect(envelope(response).message, spec.path).toBe('Unknown player, log in again');
          }
        }
      });
    });

    it('leaves known players alone: their calls still work', async () => {
      const response = await call('/api/v3/games/flip', { stake: '0.1', currency: 'ton', side: 'heads', idempotencyKey: key() });
      expect(response.statusCode, response.body).toBe(200);
      const fresh = await logIn(suite.app, { id: newUserId() });
      expect((await call('/api/v3/profile/light', {}, { token: fresh })).statusCode).toBe(200);
    });
  });

  describe('a percent-encoded or absolute API path', () => {
    const encoded = [
      '/%61pi/v3/profile/light',
      '/%61%70%69/v3/profile/light',
      '/api/v3/%70rofile/light',
      '/api/v3/profi%6Ce/light',
      '/api/v3/profi%6ce/light',
      '/%61pi/v3/%67ames/flip',
      '/%61pi/v3/nothing-here',
      '/%61pi',
    ];

    it('needs the app key', async () => {
      await writesNothing(async () => {
        for (const url of encoded) {
          const response = await suite.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            payload: '{}',
          });
          expect(response.statusCode, `${url}: ${response.body}`).toBe(401);
          expect(envelope(response).message).toBe('Missing or wrong application key');
        }
      });
    });

    it('is refused from a foreign web origin', async () => {
      await writesNothing(async () => {
        for (const url of encoded) {
          for (const method of ['POST', 'OPTIONS'] as const) {
            const response = await suite.app.inject({
              method,
              url,
              headers: {
                'content-type': 'application/json',
                'x-app-key': TEST_APP_KEY,
                authorization: `Bearer ${token}`,
                origin: 'https://evil.example',
              },
              payload: method === 'POST' ? '{}' : undefined,
            });
            expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
            expect(response.headers['access-control-allow-origin']).toBeUndefined();
          }
        }
      });
    });

    it('with the key and the token is the call itself', async () => {
      const response = await post(suite.app, '/%61pi/v3/profile/light', {}, { token });
      expect(response.statusCode, response.body).toBe(200);
    });

    it('that cannot be decoded is 400', async () => {
      for (const url of ['/%61pi/v3/profile/%E0%A4%A', '/api/v3/%zz', '/%C0%80pi/v3/profile/light']) {
        const response = await suite.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      }
    });

    it('in absolute form (http://host/api/...) needs the app key and a known origin too', async () => {
      await suite.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = suite.app.server.address() as { port: number };
      const send = (headers: Record<string, string>) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const outgoing = httpRequest(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: `http://127.0.0.1:${port}/api/v3/profile/light`,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
            },
            (incoming) => {
              let body = '';
              incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
              incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body }));
            },
          );
          outgoing.on('error', reject);
          outgoing.end('{}');
        });
      expect(await send({})).toMatchObject({ status: 401 });
      expect(await send({ 'x-app-key': TEST_APP_KEY, origin: 'https://evil.example' })).toMatchObject({ status: 403 });
      expect(await send({ 'x-app-key': TEST_APP_KEY })).toMatchObject({ status: 200 });
    });
  });

  describe('values at the edges', () => {
    it('a launch user id past 2^53 is malformed launch data, not a 500', async () => {
      await writesNothing(async () => {
        for (const id of [1e20, 2 ** 63, 1e308]) {
          const response = await call('/api/v3/auth', { initData: launchData({ id }) }, {});
          expect(response.statusCode, `${id}: ${response.body}`).toBe(400);
          expect(envelope(response).message).toBe('Launch data user is malformed');
        }
      });
    });

    it('a test deposit of the largest amount is sent; a larger one (once a 500) is refused clearly', async () => {
      const before = (await audit(suite.db)).problems;
      const largest = await call('/api/v3/wallet/test-deposit', {
        amount: fromNano(productConfig.wallet.maxDepositNano),
        idempotencyKey: key(),
      });
      expect(largest.statusCode, largest.body).toBe(200);
      for (const amount of ['999999999.999999999', '5000000']) {
        const response = await call('/api/v3/wallet/test-deposit', { amount, idempotencyKey: key() });
        expect(response.statusCode, `${amount}: ${response.body}`).toBe(400);
        expect(envelope(response)).toMatchObject({ success: false, code: 'deposit.amount.max' });
      }
      expect((await audit(suite.db)).problems).toEqual(before);
    });

    it('long strings, huge numbers, -0, empty and repeated lists are 4xx or a reply, never a 500', async () => {
      const long = 'z'.repeat(60_000);
      const fresh = walletProof('p', Math.floor(Date.now() / 1000));
      const cases: [string, unknown][] = [
        ['/api/v3/market/list', { collections: [long] }],
        ['/api/v3/market/facets', { models: Array.from({ length: 50 }, () => 'm'.repeat(1_200)) }],
        ['/api/v3/market/list', { collections: [], models: [], backdrops: [], symbols: [] }],
        ['/api/v3/market/list', { collections: ['a', 'a', 'a'], limit: 1e308 }],
        ['/api/v3/market/list', { limit: -0 }],
        ['/api/v3/market/checkout', { items: [], idempotencyKey: key() }],
        [
          '/api/v3/market/checkout',
          {
            items: [
              { giftId: '1', price: '1' },
              { giftId: '1', price: '1' },
            ],
            idempotencyKey: key(),
          },
        ],
        [
          '/api/v3/market/checkout',
          { items: Array.from({ length: 21 }, (_, i) => ({ giftId: String(i + 1), price: '1' })), idempotencyKey: key() },
        ],
        ['/api/v3/games/road/step', { roundId: '1', lane: -0, idempotencyKey: key() }],
        ['/api/v3/games/road/step', { roundId: '1', lane: 1e308, idempotencyKey: key() }],
        ['/api/v3/games/rounds', { limit: 1e308 }],
        ['/api/v3/tasks/check', { taskId: '🎰'.repeat(32) }],
        ['/api/v3/wallet/withdraw', { address: long.slice(0, 200), amount: '9'.repeat(40), idempotencyKey: key() }],
        ['/api/v3/wallet/withdrawal', { id: '9223372036854775808' }],
        ['/api/v3/market/gift', { giftId: '18446744073709551616' }],
        ['/api/v3/wallet/link', { ...fresh, proof: { ...fresh.proof, timestamp: 1e308 } }],
        ['/api/v3/wallet/link', { ...fresh, proof: { ...fresh.proof, domain: { lengthBytes: 1e308, value: 'arcade.example' } } }],
        ['/api/v3/wallet/link', { ...fresh, proof: { ...fresh.proof, payload: long.slice(0, 128) } }],
        ['/api/v3/profile/language', { lang: long }],
        ['/api/v3/auth', { initData: long.slice(0, 8_000) }],
      ];
      await writesNothing(async () => {
        for (const [path, body] of cases) {
          const response = await call(path, body, path === '/api/v3/auth' ? {} : { token });
          expect(response.statusCode, `${path}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
        }
      });
    });
  });
});

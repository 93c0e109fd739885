import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@arcade/api-client/calls';
import { audit } from '../src/domain/ledger';
import { databases, logIn, newUserId, suiteServer, TEST_APP_KEY } from './helpers';

/** JSON values a hostile client might send, including ones shaped almost like real requests. */
const nearlyValid = fc.oneof(
  fc.constantFrom('1', '0', '-1', '0.000000001', '9999999999999999999999', '1e9', 'NaN', '', ' ', '12.5', '50.01', '99999999999999999999'),
  fc.constantFrom('heads', 'tails', 'edge', 'ton', 'bonus', 'gold', 'under', 'over', 'easy', 'hardcore', 'mythic', 'price-asc', 'nope'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 40 }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => n.toString()),
  // Edges: NUL (PostgreSQL refuses it in text), a lone surrogate, long text, extreme numbers, deep nesting.
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', '🎰', 'x'.repeat(20_000), '9223372036854775808', 1e308, -0, 2 ** 63),
  fc.constant(JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) as unknown),
);
const fieldNames = fc.constantFrom(
  'stake',
  'currency',
  'side',
  'target',
  'direction',
  'difficulty',
  'roundId',
  'lane',
  'idempotencyKey',
  'amount',
  'address',
  'id',
  'cursor',
  'limit',
  'lang',
  'initData',
  'taskId',
  'giftId',
  'price',
  'items',
  'clientSeed',
  'sort',
  'backdrops',
  'minPrice',
  'enabled',
  'proof',
  '__proto__',
  'constructor',
);
const body = fc.oneof(
  fc.dictionary(
    fieldNames,
    fc.oneof(nearlyValid, fc.array(nearlyValid, { maxLength: 3 }), fc.dictionary(fieldNames, nearlyValid, { maxKeys: 3 })),
    { maxKeys: 6 },
  ),
  fc.anything({ maxDepth: 2 }),
);

const CASES_PER_CALL = Number(process.env.FUZZ_CASES ?? 60);

describe.each(databases())('hostile bodies on $name', (database) => {
  let token = '';
  const tally: Record<string, number> = {};

  const suite = suiteServer(database, { start: () => ({ env: { AUTH_RATE_LIMIT: '1000000' } }) });
  beforeAll(async () => {
    token = await logIn(suite.app, { id: newUserId() });
  });
  afterAll(() => {
    console.log(
      `fuzz on ${database.name}: ${Object.entries(tally)
        .map(([call, n]) => `${call} ${n}`)
        .join(', ')}`,
    );
  });

  it.each(Object.entries(calls))('%s answers every malformed body with a 4xx and a message, or a valid reply', async (name, spec) => {
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, withToken) => {
        tally[name] = (tally[name] ?? 0) + 1;
        const response = await suite.app.inject({
          method: 'POST',
          url: spec.path,
          headers: {
            'content-type': 'application/json',
            'x-app-key': TEST_APP_KEY,
            ...(withToken ? { authorization: `Bearer ${token}` } : {}),
          },
          payload: JSON.stringify(payload) ?? '',
        });
        expect(response.statusCode, `${spec.path} ${JSON.stringify(payload)} -> ${response.body}`).toBeLessThan(500);
        const reply = response.json<{ success: boolean; message?: string }>();
        if (!reply.success) expect(typeof reply.message === 'string' && reply.message.length > 0).toBe(true);
      }),
      { numRuns: CASES_PER_CALL },
    );
  });

  it('leaves the book sound', async () => {
    expect((await audit(suite.db)).problems).toEqual([]);
  });
});

describe.each(databases())('boundary values on $name', (database) => {
  let token = '';
  const suite = suiteServer(database);
  beforeAll(async () => {
    token = await logIn(suite.app, { id: newUserId() });
  });

  const huge = '9999999999999999999';
  it.each([
    ['/api/v3/wallet/withdrawal', { id: huge }],
    ['/api/v3/wallet/history', { cursor: huge }],
    ['/api/v3/games/road/step', { roundId: huge, lane: 1, idempotencyKey: 'boundary-key-1' }],
    ['/api/v3/games/road/cashout', { roundId: huge, idempotencyKey: 'boundary-key-2' }],
    ['/api/v3/games/rounds', { cursor: huge }],
    ['/api/v3/market/gift', { giftId: huge }],
    ['/api/v3/gifts/list', { giftId: huge, price: '1' }],
    ['/api/v3/gifts/unlist', { giftId: huge }],
    ['/api/v3/gifts/withdraw', { giftId: huge, idempotencyKey: 'boundary-key-3' }],
    ['/api/v3/market/checkout', { items: [{ giftId: huge, price: '1' }], idempotencyKey: 'boundary-key-4' }],
    ['/api/v3/market/list', { cursor: Buffer.from(JSON.stringify(['1e400', huge])).toString('base64url'), sort: 'price-asc' }],
    ['/api/v3/market/list', { cursor: Buffer.from(JSON.stringify(['not a date', '1'])).toString('base64url'), sort: 'date-asc' }],
    ['/api/v3/market/list', { minPrice: '99999999999999999999' }],
    ['/api/v3/games/flip', { stake: '99999999999', currency: 'ton', side: 'heads', idempotencyKey: 'boundary-key-5' }],
    [
      '/api/v3/wallet/withdraw',
      { address: 'UQAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-HQSQ', amount: '99999999999999999', idempotencyKey: 'boundary-key-6' },
    ],
    ['/api/v3/wallet/deposit', { amount: '99999999999999999999' }],
  ])('%s with out-of-range values is a 4xx', async (path, payload) => {
    const response = await suite.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', 'x-app-key': TEST_APP_KEY, authorization: `Bearer ${token}` },
      payload: JSON.stringify(payload),
    });
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToncenterChain } from '../src/adapters/chain/toncenter-chain';
import { openTon, type Ton } from '../src/adapters/chain/open-chain';
import { HttpBotApi } from '../src/adapters/telegram/bot-api';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { watchHotWallet } from '../src/domain/wallet/chain-watcher';
import { depositMemoOf } from '../src/domain/wallet/deposits';
import { toNano } from '@arcade/api-client/money';
import { buildMetricsServer } from '../src/metrics-server';
import { startWorkers } from '../src/workers';
import {
  configRefusal,
  databases,
  envelope,
  fund,
  logIn,
  newUserId,
  post,
  PRODUCTION_ENV,
  PUBLIC_URL,
  startServer,
  TEST_APP_KEY,
  TEST_BOT_TOKEN,
  testConfig,
} from './helpers';

const TOKEN = 'metrics-token-for-the-test-suite';

/** The value of one sample line (`name{labels} value`), or undefined when the exposition has none. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Collects the JSON log lines a server writes. */
function logCollector(): { stream: { write(line: string): void }; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } };
}
const urlsLogged = (lines: Array<Record<string, unknown>>) =>
  lines.map((l) => (l.req as { url?: string } | undefined)?.url).filter((u): u is string => u !== undefined);

describe('metrics and readiness settings', () => {
  const production = { ...PRODUCTION_ENV, BOT_TOKEN: TEST_BOT_TOKEN, APP_KEY: TEST_APP_KEY, PUBLIC_URL };
  const refusal = (env: Record<string, string>) => configRefusal(() => loadConfig(env, '/repo'));

  it('production serves metrics on 127.0.0.1:9091 by default, development only when asked', () => {
    expect(loadConfig(production, '/repo')).toMatchObject({
      metrics: { port: 9091, host: '127.0.0.1', token: null },
      readyMaxChainLag: 120,
    });
    expect(loadConfig({ ...production, METRICS_PORT: 'off' }, '/repo').metrics.port).toBeNull();
    expect(testConfig().metrics.port).toBeNull();
    expect(testConfig({ METRICS_PORT: '9200', READY_MAX_CHAIN_LAG: '300' })).toMatchObject({
      metrics: { port: 9200 },
      readyMaxChainLag: 300,
    });
  });

  it('refuses metrics open beyond this machine without a token, and never quotes a token', () => {
    expect(refusal({ ...production, METRICS_HOST: '0.0.0.0' })).toBe(
      'Refusing to start in production: METRICS_TOKEN is required when METRICS_HOST is not a loopback address (the metrics would be open to anyone who reaches it)',
    );
    expect(refusal({ ...production, METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN })).toBe('accepted');
    const short = refusal({ ...production, METRICS_TOKEN: 'short-secret' });
    expect(short).toBe('Refusing to start in production: METRICS_TOKEN must be at least 16 printable characters without spaces');
    expect(short).not.toContain('short-secret');
    expect(refusal({ ...production, METRICS_PORT: '99999', READY_MAX_CHAIN_LAG: '2' })).toBe(
      'Refusing to start in production: READY_MAX_CHAIN_LAG must be at least 10; METRICS_PORT must be off or a port from 1 to 65535',
    );
  });
});

describe('the hot wallet gauges', () => {
  it('are absent before the first reconciliation, so a fresh start fires no "short" or "stale" alert', async () => {
    const db = await databases()[0]!.create();
    const ton = await openTon(testConfig().ton);
    const metrics = await buildMetricsServer({ config: testConfig(), db: db.db, ton });
    try {
      const text = (await metrics.inject({ method: 'GET', url: '/metrics' })).body;
      expect(text).toContain('arcade_database_up 1');
      expect(text).not.toContain('arcade_hot_wallet_');
    } finally {
      await metrics.close();
      await db.drop();
    }
  });
});

describe.each(databases())('metrics, readiness and probe logs on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let ton: Ton;
  let app: FastifyInstance;
  let metrics: FastifyInstance;
  let keys = 0;
  const key = () => `observability-${Date.now()}-${++keys}`;
  const scrape = async (token: string | null = TOKEN) =>
    metrics.inject({ method: 'GET', url: '/metrics', headers: token === null ? {} : { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    ({ db, drop } = await database.create());
    // A chain of its own: the highload wallet refuses a query id another database's withdrawal used.
    ton = await openTon(testConfig().ton);
    app = await startServer(db, { ton });
    metrics = await buildMetricsServer({ config: testConfig({ METRICS_TOKEN: TOKEN }), db, ton });
  });
  afterAll(async () => {
    await metrics?.close();
    await app?.close();
    await drop?.();
  });

  it('/readyz: 503 before the watcher has caught up once, 200 after, 503 again when the chain cursor goes stale', async () => {
    const before = await app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({
      status: 'unavailable',
      database: { status: 'ok' },
      chain: { status: 'unknown', lagSeconds: null, maxLagSeconds: 120 },
    });

    await watchHotWallet(db, ton);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const body = ready.json<{ status: string; database: { status: string }; chain: { status: string; lagSeconds: number } }>();
    expect(body).toMatchObject({ status: 'ok', database: { status: 'ok' }, chain: { status: 'ok', maxLagSeconds: 120 } });
    expect(body.chain.lagSeconds).toBeLessThan(60);

    // The watcher stopped ten minutes ago (a dead worker, toncenter down): not ready.
    await db.query('UPDATE chain_sync SET chain_time = chain_time - 600 WHERE chain = $1', [ton.chainId]);
    const stale = await app.inject({ method: 'GET', url: '/readyz' });
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toMatchObject({
      status: 'unavailable',
      database: { status: 'ok' },
      chain: { status: 'lagging', maxLagSeconds: 120 },
    });
    // (The test server's clock stands at its start, a moment before the watcher's pass.)
    expect(stale.json<{ chain: { lagSeconds: number } }>().chain.lagSeconds).toBeGreaterThanOrEqual(590);
    // The threshold is READY_MAX_CHAIN_LAG.
    const patient = await startServer(db, { ton, env: { READY_MAX_CHAIN_LAG: '3600' } });
    expect((await patient.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await patient.close();

    await watchHotWallet(db, ton);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    // Liveness does not look at the chain.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('/readyz: 503 with the database down, the chain unknown', async () => {
    const other = await database.create();
    const lonely = await startServer(other.db, { ton });
    await other.drop();
    const response = await lonely.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      database: { status: 'down' },
      chain: { status: 'unknown', lagSeconds: null, maxLagSeconds: 120 },
    });
    await lonely.close();
  });

  it('/metrics answers only with the bearer token, only on its own listener', async () => {
    expect((await scrape(null)).statusCode).toBe(401);
    expect((await scrape(null)).headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect((await scrape('wrong-token-of-some-length')).statusCode).toBe(401);
    expect((await scrape()).statusCode).toBe(200);
    expect((await metrics.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
    // The public port has no metrics, not even the app's page in their place.
    const main = await app.inject({ method: 'GET', url: '/metrics' });
    expect(main.statusCode).toBe(404);
    expect(main.body).not.toContain('arcade_');
    expect(main.body).not.toContain('process_cpu');
  });

  it('/metrics has requests, bets, batches, withdrawals, memos, outbox, chain lag, adapter errors and the margin after some traffic', async () => {
    // The process's counters are shared by the file's servers: compare with what they said before.
    const baseline = (await scrape()).body;
    const grew = (text: string, series: string) => (sample(text, series) ?? 0) - (sample(baseline, series) ?? 0);
    const id = newUserId();
    const token = await logIn(app, { id });
    await fund(db, BigInt(id), '5');
    for (let bet = 0; bet < 3; bet++) {
      const flip = await post(
        app,
        '/api/v3/games/flip',
        { stake: '0.1', currency: 'ton', side: 'heads', idempotencyKey: key() },
        { token },
      );
      expect(flip.statusCode, envelope(flip).message).toBe(200);
    }
    const to = ton.sandbox!.undeployedAddress(`metrics-${database.name}`).toString({ urlSafe: true, bounceable: false, testOnly: true });
    const withdrawal = await post(app, '/api/v3/wallet/withdraw', { address: to, amount: '0.5', idempotencyKey: key() }, { token });
    expect(withdrawal.statusCode, envelope(withdrawal).message).toBe(200);
    await app.inject({ method: 'GET', url: `/no/such/page/${Date.now()}` });
    await app.inject({ method: 'GET', url: '/healthz?probe=1' });
    await db.query(
      `INSERT INTO deposits (chain, tx_hash, lt, source, amount, comment, status) VALUES ($1, $2, 1, '0:abc', 1000, 'NOBODY', 'unknown_memo')`,
      [ton.chainId, `metrics-unknown-${database.name}`],
    );
    // Adapter errors: toncenter answering 503 twice, the Bot API unreachable.
    const toncenter = new ToncenterChain({
      baseUrl: 'https://toncenter.invalid',
      attempts: 2,
      sleep: () => Promise.resolve(),
      fetch: () => Promise.resolve(new Response('{"error":"busy"}', { status: 503 })),
    });
    await expect(toncenter.chainTime()).rejects.toThrow(/503/);
    const bot = new HttpBotApi({
      token: TEST_BOT_TOKEN,
      baseUrl: 'https://bot-api.invalid',
      fetch: () => Promise.reject(new Error('connection refused')),
    });
    await expect(bot.sendMessage(1n, 'hello')).rejects.toThrow();
    // A deposit with the player's memo, credited by the workers' pass.
    const payer = await ton.sandbox!.createUserWallet(`metrics-payer-${database.name}`);
    const memo = await depositMemoOf(db, BigInt(id));
    await ton.sandbox!.sendFromUser(payer, { to: ton.hotWallet.address, amount: toNano('2.5'), comment: memo, bounce: true });
    // One pass of the workers: the watcher catches up, the sender sends, the wallet is reconciled.
    const workers = startWorkers({
      db,
      ton,
      bot: {
        isChatMember: () => Promise.resolve(false),
        sendMessage: () => Promise.resolve(),
        savePreparedInlineMessage: () => Promise.resolve('prepared'),
      },
      relayer: { transferGift: () => Promise.resolve(), receivedGifts: () => Promise.resolve({ gifts: [], nextOffset: null }) },
      directUrl: null,
      log: app.log,
      intervalMs: 3_600_000,
    });
    await workers.runOnce();
    // The workers' lock: held by this process while its workers run (let go when they stop, below).
    expect(sample((await scrape()).body, 'arcade_workers_lock_held')).toBe(1);

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(grew(text, 'arcade_http_requests_total{method="POST",route="/api/v3/games/flip",status="200"}')).toBe(3);
    expect(grew(text, 'arcade_http_requests_total{method="POST",route="/api/v3/wallet/withdraw",status="200"}')).toBe(1);
    expect(grew(text, 'arcade_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(1);
    expect(grew(text, 'arcade_http_request_duration_seconds_count{method="POST",route="/api/v3/games/flip"}')).toBe(3);
    // Route patterns only: no raw URL, no query string.
    expect(text).not.toContain('no/such/page');
    expect(text).not.toContain('probe=1');
    expect(grew(text, 'arcade_bets_total{game="flip",currency="ton"}')).toBe(3);
    // Every bet goes through the bet function: three calls, each carrying one bet (one at a time).
    expect(grew(text, 'arcade_bet_batch_size_count')).toBe(3);
    expect(grew(text, 'arcade_bet_batch_size_bucket{le="1"}')).toBe(3);
    // Sent by the workers' pass, not yet seen paid on chain.
    expect(sample(text, 'arcade_withdrawals_pending{status="sent"}')).toBe(1);
    expect(sample(text, 'arcade_withdrawals_pending{status="queued"}')).toBe(0);
    expect(sample(text, 'arcade_withdrawals_pending{status="review"}')).toBe(0);
    expect(sample(text, 'arcade_withdrawals_pending_oldest_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'arcade_withdrawals_failed')).toBe(0);
    expect(sample(text, 'arcade_deposits_unknown_memo')).toBe(1);
    expect(sample(text, 'arcade_bot_outbox_unsent')).toBe(0);
    expect(sample(text, 'arcade_chain_watcher_lag_seconds')).toBeLessThan(60);
    expect(sample(text, 'arcade_database_up')).toBe(1);
    expect(grew(text, 'arcade_toncenter_errors_total{reason="server_error"}')).toBe(2);
    expect(grew(text, 'arcade_bot_api_errors_total{method="sendMessage"}')).toBe(1);
    const chain = await ton.chain.getAccountState(ton.hotWallet.address.toRawString());
    expect(sample(text, 'arcade_hot_wallet_balance_ton')).toBeCloseTo(Number(chain.balance) / 1e9, 3);
    expect(sample(text, 'arcade_hot_wallet_margin_ton')).toBeGreaterThan(0);
    expect(sample(text, 'arcade_hot_wallet_reconciled_timestamp_seconds')).toBeGreaterThan(0);
    expect(text).toContain('process_cpu_seconds_total');
    expect(grew(text, 'arcade_deposits_credited_total')).toBe(1);
    expect(grew(text, 'arcade_deposits_credited_nanotons_total')).toBe(2.5e9);
    expect(grew(text, 'arcade_withdrawals_paid_total')).toBe(0);
    // The pool, on PostgreSQL (the test database's pool holds 5): open, idle, waiting, its size.
    if (database.name === 'postgres') {
      expect(sample(text, 'arcade_database_pool_max')).toBe(5);
      expect(sample(text, 'arcade_database_pool_connections')).toBeGreaterThan(0);
      expect(sample(text, 'arcade_database_pool_idle')).toBeLessThanOrEqual(sample(text, 'arcade_database_pool_connections')!);
      expect(sample(text, 'arcade_database_pool_waiting')).toBe(0);
    } else expect(text).not.toContain('arcade_database_pool_');

    // Another pass: the watcher sees the withdrawal paid.
    await workers.runOnce();
    await workers.stop();
    const later = (await scrape()).body;
    expect(sample(later, 'arcade_workers_lock_held')).toBe(0);
    expect(sample(later, 'arcade_withdrawals_pending{status="sent"}')).toBe(0);
    expect(grew(later, 'arcade_withdrawals_paid_total')).toBe(1);
    expect(grew(later, 'arcade_withdrawals_paid_nanotons_total')).toBe(0.5e9);
    expect(grew(later, 'arcade_deposits_credited_total')).toBe(1);
  });

  it('a scrape with the database down says so instead of showing stale figures', async () => {
    const other = await database.create();
    const lonely = await buildMetricsServer({ config: testConfig(), db: other.db, ton });
    expect(sample((await lonely.inject({ method: 'GET', url: '/metrics' })).body, 'arcade_database_up')).toBe(1);
    await other.drop();
    const down = await lonely.inject({ method: 'GET', url: '/metrics' });
    expect(down.statusCode).toBe(200);
    expect(sample(down.body, 'arcade_database_up')).toBe(0);
    expect(down.body).not.toMatch(/^arcade_withdrawals_pending\{/m);
    expect(down.body).toContain('arcade_http_requests_total');
    await lonely.close();
  });

  it('health and readiness probes and scrapes stay out of the info logs; debug shows the probes', async () => {
    const info = logCollector();
    const server = await startServer(db, { ton, env: { LOG_LEVEL: 'info' }, logStream: info.stream });
    const scraper = await buildMetricsServer({ config: testConfig(), db, ton, log: server.log });
    for (const url of ['/healthz', '/readyz', '/healthz?x=1']) await server.inject({ method: 'GET', url });
    await scraper.inject({ method: 'GET', url: '/metrics' });
    await server.inject({ method: 'GET', url: '/storage/tonconnect-manifest.json' });
    expect(urlsLogged(info.lines)).toEqual(['/storage/tonconnect-manifest.json']);
    expect(info.lines.some((l) => l.msg === 'request completed')).toBe(true);
    await scraper.close();
    await server.close();

    const debug = logCollector();
    const verbose = await startServer(db, { ton, env: { LOG_LEVEL: 'debug' }, logStream: debug.stream });
    await verbose.inject({ method: 'GET', url: '/healthz' });
    expect(urlsLogged(debug.lines)).toEqual(['/healthz']);
    await verbose.close();
  });
});

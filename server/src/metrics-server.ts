import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import type { Config } from './config';
import type { Db, PoolStats } from './db/db';
import type { Ton } from './adapters/chain/open-chain';
import { watcherLag } from './domain/wallet/chain-watcher';
import { gaugeOn, processMetrics } from './metrics';

/** A scrape waits this long for the database's figures, then answers without them. */
const SCRAPE_DB_TIMEOUT_MS = 2_000;

export interface MetricsServerDeps {
  config: Config;
  db: Db;
  ton: Ton;
  /** The server's logger (main.ts), so a failed scrape is in the same log. */
  log?: FastifyBaseLogger;
  now?: () => Date;
}

const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * The figures read from the database at each scrape, in one query over small partial indexes
 * (open withdrawals, refunded ones, unknown memos, the unsent outbox) and the watcher's sync row.
 */
function databaseGauges(deps: MetricsServerDeps): { registry: Registry; refresh: () => Promise<boolean> } {
  const registry = new Registry();
  const up = gaugeOn(registry, 'arcade_database_up', 'Whether the last scrape could read the database (1) or not (0)');
  const pending = gaugeOn(
    registry,
    'arcade_withdrawals_pending',
    'Withdrawals not yet paid on chain, by status: review (waits for an operator), queued (waits for the sender), sent (broadcast, not yet seen on chain)',
    ['status'],
  );
  const oldest = gaugeOn(
    registry,
    'arcade_withdrawals_pending_oldest_seconds',
    'Age of the oldest withdrawal not yet paid on chain (0 when none)',
  );
  const failed = gaugeOn(
    registry,
    'arcade_withdrawals_failed',
    'Withdrawals the hot wallet ran but did not pay (refunded to the player), since the start of the book',
  );
  const unknown = gaugeOn(registry, 'arcade_deposits_unknown_memo', 'Deposits whose memo matched no player, waiting for an operator');
  const outbox = gaugeOn(registry, 'arcade_bot_outbox_unsent', 'Bot messages decided but not yet sent (bot_outbox)');
  const lag = gaugeOn(
    registry,
    'arcade_chain_watcher_lag_seconds',
    'Seconds between now and the chain time up to which the deposit watcher has applied every transaction (+Inf before its first pass)',
  );
  const figures = [pending, oldest, failed, unknown, outbox, lag];
  const account = deps.ton.hotWallet.address.toRawString();

  const refresh = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const read = deps.db.query<{
        review: bigint;
        queued: bigint;
        sent: bigint;
        oldest: Date | null;
        failed: bigint;
        unknown: bigint;
        outbox: bigint;
        chain_time: bigint | null;
      }>(
        `SELECT
           (SELECT count(*) FROM withdrawals WHERE status = 'review') AS review,
           (SELECT count(*) FROM withdrawals WHERE status = 'queued') AS queued,
           (SELECT count(*) FROM withdrawals WHERE status = 'sent') AS sent,
           (SELECT min(created_at) FROM withdrawals WHERE status IN ('review', 'queued', 'sent')) AS oldest,
           (SELECT count(*) FROM withdrawals WHERE status = 'refunded') AS failed,
           (SELECT count(*) FROM deposits WHERE status = 'unknown_memo') AS unknown,
           (SELECT count(*) FROM bot_outbox WHERE sent_at IS NULL) AS outbox,
           (SELECT chain_time FROM chain_sync WHERE chain = $1 AND account = $2) AS chain_time`,
        [deps.ton.chainId, account],
      );
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`database figures took over ${SCRAPE_DB_TIMEOUT_MS} ms`)), SCRAPE_DB_TIMEOUT_MS);
      });
      const { rows } = await Promise.race([read, timeout]);
      const row = rows[0]!;
      const now = (deps.now ?? (() => new Date()))();
      pending.set({ status: 'review' }, Number(row.review));
      pending.set({ status: 'queued' }, Number(row.queued));
      pending.set({ status: 'sent' }, Number(row.sent));
      oldest.set(row.oldest ? Math.max(0, (now.getTime() - row.oldest.getTime()) / 1000) : 0);
      failed.set(Number(row.failed));
      unknown.set(Number(row.unknown));
      outbox.set(Number(row.outbox));
      lag.set(watcherLag(row.chain_time, now) ?? Number.POSITIVE_INFINITY);
      up.set(1);
      return true;
    } catch (error) {
      deps.log?.warn({ err: error }, 'metrics: the database figures could not be read');
      // No stale figures: a family without samples, and arcade_database_up 0, say what happened.
      for (const gauge of figures) gauge.reset();
      up.set(0);
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
  return { registry, refresh };
}

/**
 * The server's connection pool on PostgreSQL (none on PGlite), read at each scrape from the pool
 * itself, so they are there when the database is not: connections open and idle, requests waiting
 * for one, and the pool's size (DATABASE_POOL_SIZE).
 */
function poolGauges(db: Db): Registry {
  const registry = new Registry();
  const stats = db.poolStats?.bind(db);
  if (!stats) return registry;
  const gauge = (name: string, help: string, read: (pool: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(stats()));
      },
    });
  gauge('arcade_database_pool_connections', 'Connections the server pool holds open to DATABASE_URL, busy and idle', (pool) => pool.total);
  gauge('arcade_database_pool_idle', 'Open connections of the server pool doing nothing', (pool) => pool.idle);
  gauge(
    'arcade_database_pool_waiting',
    'Queries and transactions waiting for a free connection of the server pool (above 0 for long: the pool is too small or the database slow)',
    (pool) => pool.waiting,
  );
  gauge('arcade_database_pool_max', 'The most connections the server pool opens (DATABASE_POOL_SIZE)', (pool) => pool.max);
  return registry;
}

/**
 * The metrics listener: GET /metrics in Prometheus's text format, on METRICS_HOST:METRICS_PORT
 * (127.0.0.1:9091 in production by default), never on the public port. With METRICS_TOKEN a scrape
 * must send it as a bearer token (required when the host is not a loopback address). Scrapes are
 * not logged.
 */
export async function buildMetricsServer(deps: MetricsServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.log ? { loggerInstance: deps.log.child({ listener: 'metrics' }) } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
  });
  const expected = deps.config.metrics.token === null ? null : sha256(deps.config.metrics.token);
  const database = databaseGauges(deps);
  const pool = poolGauges(deps.db);

  app.get('/metrics', async (request, reply) => {
    if (expected !== null) {
      const header = request.headers.authorization ?? '';
      const sent = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      // Hashing first gives equal lengths, so the comparison takes the same time for any token.
      if (!timingSafeEqual(sha256(sent), expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').type('text/plain').send('a bearer token is required\n');
      }
    }
    await database.refresh();
    const text = (await processMetrics.metrics()) + (await database.registry.metrics()) + (await pool.metrics());
    return reply.type(processMetrics.contentType).send(text);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).type('text/plain').send('only /metrics here\n'));
  await app.ready();
  return app;
}

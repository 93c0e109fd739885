import type { FastifyInstance } from 'fastify';
import type { LogLevel } from '../config';
import { pingDatabase } from '../domain/database';
import { syncedChainTime, watcherLag } from '../domain/wallet/chain-watcher';
import type { RouteDeps } from './deps';

const DB_CHECK_TIMEOUT_MS = 3_000;

/**
 * Probes come every few seconds: at the default level (info) their requests are not logged, at
 * debug or trace they are; a failing probe still logs its error.
 */
export function probeLogLevel(level: LogLevel): LogLevel {
  return level === 'info' ? 'warn' : level;
}

async function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timed out`)), DB_CHECK_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const pingDb = (db: RouteDeps['db']) => withTimeout(pingDatabase(db), 'database check');

export interface Readiness {
  status: 'ok' | 'unavailable';
  database: { status: 'ok' | 'down' };
  /**
   * ok: the deposit watcher has applied the chain up to `lagSeconds` ago, within `maxLagSeconds`;
   * lagging: further behind; unknown: no watcher pass recorded yet, or the database is down.
   */
  chain: { status: 'ok' | 'lagging' | 'unknown'; lagSeconds: number | null; maxLagSeconds: number };
}

export function registerHealthRoutes(app: FastifyInstance, { db, config, ton, now }: RouteDeps): void {
  const logLevel = probeLogLevel(config.logLevel);

  // Liveness and the database (unchanged): 503 when the database does not answer.
  app.get('/healthz', { logLevel }, async (request, reply) => {
    try {
      await pingDb(db);
      return { status: 'ok', db: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'unavailable', db: 'down' });
    }
  });

  // Readiness: the database and the chain, each with its status; 503 when either is not ok.
  app.get('/readyz', { logLevel }, async (request, reply) => {
    const maxLagSeconds = config.readyMaxChainLag;
    const ready: Readiness = { status: 'ok', database: { status: 'ok' }, chain: { status: 'unknown', lagSeconds: null, maxLagSeconds } };
    try {
      await pingDb(db);
      const lag = watcherLag(await withTimeout(syncedChainTime(db, ton), 'chain sync check'), now());
      ready.chain = { status: lag === null ? 'unknown' : lag > maxLagSeconds ? 'lagging' : 'ok', lagSeconds: lag, maxLagSeconds };
    } catch (error) {
      request.log.error({ err: error }, 'readiness check: database unavailable');
      ready.database.status = 'down';
    }
    if (ready.database.status === 'ok' && ready.chain.status === 'ok') return ready;
    if (ready.chain.status === 'lagging')
      request.log.warn({ lagSeconds: ready.chain.lagSeconds, maxLagSeconds }, 'readiness check: the deposit watcher lags behind the chain');
    ready.status = 'unavailable';
    return reply.code(503).send(ready);
  });
}

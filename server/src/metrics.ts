import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';

/**
 * What this process counts as it works, for Prometheus (metrics-server.ts serves it with the
 * figures read from the database at scrape time). One registry per process: the adapters, the
 * bets and the workers add to it wherever they run. Label values come from short fixed lists
 * (route patterns, games, reasons), never from a request's data.
 */
export const processMetrics = new Registry();

collectDefaultMetrics({ register: processMetrics });

/** A counter of this process's registry; `labelNames` from a short fixed list. */
export function processCounter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
  return new Counter({ name, help, labelNames, registers: [processMetrics] });
}

/** A gauge on `registry` (null: on none yet, added when first shown); `labelNames` from a short fixed list. */
export function gaugeOn<L extends string = never>(
  registry: Registry | null,
  name: string,
  help: string,
  labelNames: readonly L[] = [],
): Gauge<L> {
  return new Gauge({ name, help, labelNames, registers: registry ? [registry] : [] });
}

/** A gauge of this process's registry. */
export function processGauge<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Gauge<L> {
  return gaugeOn(processMetrics, name, help, labelNames);
}

export const httpRequests = processCounter(
  'arcade_http_requests_total',
  'HTTP requests answered, by method, route pattern and status code',
  ['method', 'route', 'status'],
);

export const httpDuration = new Histogram({
  name: 'arcade_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});

export const betsPlaced = processCounter('arcade_bets_total', 'Bets accepted (flip, roll, a road round started), by game and currency', [
  'game',
  'currency',
]);

export const betBatchSize = new Histogram({
  name: 'arcade_bet_batch_size',
  help: 'Bets (flip, roll, a road start or end) carried by one call of the bet function',
  buckets: [1, 2, 4, 8, 16, 32, 64],
  registers: [processMetrics],
});

export const toncenterErrors = processCounter(
  'arcade_toncenter_errors_total',
  'Failed toncenter requests (every failed try, retries included), by reason',
  ['reason'],
);

export const botApiErrors = processCounter('arcade_bot_api_errors_total', 'Failed Telegram Bot API calls, by method', ['method']);

/*
 * The hot wallet's gauges, from the replica that runs the workers: absent from the scrape until
 * its first reconciliation (a fresh start, or a replica without the workers, has measured nothing,
 * and a 0 would read as an empty or short wallet). Registered by recordReconciliation.
 */
const hotWalletBalance = gaugeOn(
  null,
  'arcade_hot_wallet_balance_ton',
  "The hot wallet's balance on chain at the last reconciliation (with any old wallet still watched after a rotation), in TON",
);

const hotWalletLiabilities = gaugeOn(
  null,
  'arcade_hot_wallet_liabilities_ton',
  "What the hot wallet must cover at the last reconciliation (players' TON and referral balances, unknown-memo deposits, pending withdrawals), in TON",
);

const hotWalletMargin = gaugeOn(
  null,
  'arcade_hot_wallet_margin_ton',
  'Balance on chain minus liabilities at the last reconciliation, in TON; below 0 the hot wallet is short',
);

const hotWalletReconciledAt = gaugeOn(
  null,
  'arcade_hot_wallet_reconciled_timestamp_seconds',
  'Unix time of the last reconciliation of the hot wallet (made by the replica that runs the workers)',
);

const hotWalletGauges = [hotWalletBalance, hotWalletLiabilities, hotWalletMargin, hotWalletReconciledAt];

/** Adds a metric made with no registry to the process's, once. */
function showOnce(metric: Gauge): void {
  const name = (metric as unknown as { name: string }).name;
  if (processMetrics.getSingleMetric(name) === undefined) processMetrics.registerMetric(metric);
}

/** A reconciliation's figures on the gauges, which the scrape shows from then on. */
export function recordReconciliation(figures: { balance: bigint; liabilities: bigint; margin: bigint; at: Date }): void {
  hotWalletBalance.set(nanoToTon(figures.balance));
  hotWalletLiabilities.set(nanoToTon(figures.liabilities));
  hotWalletMargin.set(nanoToTon(figures.margin));
  hotWalletReconciledAt.set(Math.floor(figures.at.getTime() / 1000));
  for (const gauge of hotWalletGauges) showOnce(gauge);
}

const redisUp = gaugeOn(
  null,
  'arcade_redis_up',
  "Whether the rate limits' Redis is reachable (1) or not (0), as this replica's limiter sees it; absent without REDIS_URL",
);

/** The rate limiter's Redis went up (true) or down (false): shown from the first report on. */
export function recordRedisUp(up: boolean): void {
  redisUp.set(up ? 1 : 0);
  showOnce(redisUp);
}

export const depositsCredited = processCounter(
  'arcade_deposits_credited_total',
  'TON deposits the watcher credited to a player (memo matched, or matched later), counted by the replica that runs the workers',
);

export const depositsCreditedNano = processCounter(
  'arcade_deposits_credited_nanotons_total',
  'Nanotons of the TON deposits the watcher credited to players',
);

export const withdrawalsPaid = processCounter(
  'arcade_withdrawals_paid_total',
  'Withdrawals the watcher saw paid on chain, counted by the replica that runs the workers',
);

export const withdrawalsPaidNano = processCounter(
  'arcade_withdrawals_paid_nanotons_total',
  'Nanotons paid out by the withdrawals the watcher saw paid on chain (the amounts, fees not included)',
);

export const readReplicaUp = processGauge(
  'arcade_read_replica_up',
  'Whether the last measure could read the read replica (DATABASE_READ_URL) as a standby of the primary (1) or not (0)',
);

export const readReplicaLag = processGauge(
  'arcade_read_replica_lag_seconds',
  'How far the read replica is behind the primary: seconds since the newest measure whose primary WAL position it has replayed (0 when caught up, writes or not; +Inf while it cannot be read)',
);

export const lagTolerantReads = processCounter(
  'arcade_lag_tolerant_reads_total',
  'Reads that tolerate lag (market list, facets, floors and sales, leaderboard ranking) with a read replica set, by the database that answered and why: replica (fresh); primary (lagging, unavailable, own_write, fence_unknown, replica_failed)',
  ['database', 'reason'],
);

export const workersLockHeld = new Gauge({
  name: 'arcade_workers_lock_held',
  help: "Whether this replica holds the workers' advisory lock, so runs the deposit watcher, withdrawal sender and gift importer (1) or not (0); across replicas exactly one should be 1",
  registers: [processMetrics],
});

/** Nanotons as TON for a gauge (float: exact to the nanoton below 9 million TON). */
export function nanoToTon(nano: bigint): number {
  return Number(nano) / 1e9;
}

/**
 * Counts every answered request by the route's pattern (`/api/v3/wallet/withdraw`, `/*`), never
 * the raw URL: a scanner's random paths all land on one label. Requests no route matched are
 * `(unmatched)`.
 */
export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? '(unmatched)';
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
}

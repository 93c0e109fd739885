import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { APP_KEY_HEADER } from '@arcade/api-client/client';
import { calls } from '@arcade/api-client/calls';
import { DEFAULT_READ_MAX_LAG, fastifyTrustProxy, type Config } from './config';
import type { Db } from './db/db';
import { primaryReads, redisFences, replicaReads } from './db/read-replica';
import { createSessions } from './domain/sessions';
import { registerAppHosting } from './routes/app-hosting';
import { registerAuthRoutes } from './routes/auth';
import { isApiRequest } from './routes/client-input';
import { knownPlayersOnly } from './routes/known-players';
import type { RouteDeps } from './routes/deps';
import { registerDevRoutes } from './routes/dev';
import { BODY_LIMIT_BYTES, handleError, HttpError, httpMessages } from './routes/errors';
import { registerHealthRoutes } from './routes/health';
import { registerConnectionClosing } from './routes/connections';
import { registerSecurity } from './routes/security';
import { registerLegalRoutes } from './routes/legal';
import { registerManifestRoute } from './routes/manifest';
import { registerProfileRoutes } from './routes/profile';
import { registerWalletRoutes } from './routes/wallet';
import { registerGameRoutes } from './routes/games';
import { registerDemoRoutes } from './routes/demo';
import { registerLiveRoutes } from './routes/live';
import { registerBonusRoutes } from './routes/bonus';
import { registerPlayRoutes } from './routes/play';
import { perPlayerRateLimit } from './routes/rate-limits';
import { HttpBotApi, type BotApi } from './adapters/telegram/bot-api';
import { HttpGiftRelayer, type GiftRelayer } from './adapters/telegram/gift-relayer';
import { registerMarketRoutes } from './routes/market';
import { registerTelegramWebhook } from './routes/telegram-webhook';
import { relayerConnections } from './domain/business-connections';
import { fakeBotApi, fakeBotState, type FakeBotState } from './adapters/telegram/fake-bot-api';
import type { Ton } from './adapters/chain/open-chain';
import { recordRedisUp, registerHttpMetrics } from './metrics';
import { logSerializers, OneLinePerRequest } from './logging';

export interface ServerDeps {
  config: Config;
  /** Opened and migrated by the caller, who also closes it after the server. */
  db: Db;
  /** The read replica's pool (DATABASE_READ_URL), opened and closed by the caller; none: every read is the primary's. */
  replica?: Db;
  /** The clock for launch data and sessions; tests move it. */
  now?: () => Date;
  /** The chain: the emulated one in development and tests, toncenter in production. */
  ton: Ton;
  /** The Telegram Bot API; by default over HTTP at config.botApiUrl. */
  bot?: BotApi;
  /** Moves gifts in and out through the relayer account; by default over the Bot API. */
  relayer?: GiftRelayer;
  /** What the fake Bot API keeps, when this server mounts it (development). */
  fakeBot?: FakeBotState;
  /** Asks the background watcher and sender for a pass now (after a deposit or withdrawal). */
  kickWorkers?: () => void;
  /** Where the JSON logs go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** The prefix of the rate limits' Redis keys (default `arcade-rate-limit:`); tests give each run its own. */
  rateLimitNamespace?: string;
}

/** Never logged: launch data, tokens, keys. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-app-key"]',
  'req.headers.cookie',
  'req.body',
  'initData',
  '*.initData',
  'token',
  '*.token',
];

const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();

/** How long a request waits for Redis's answer before it goes on without the limit. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
/** How long the start waits for Redis; without it the server starts anyway (limits skipped until it is up). */
const REDIS_START_WAIT_MS = 2_000;

/**
 * The rate limits' shared store: one connection to Redis, closed with the server. It fails fast
 * rather than queueing: while Redis is unreachable a command is refused at once, and one that
 * gets no answer gives up after REDIS_COMMAND_TIMEOUT_MS.
 */
async function openRateLimitRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    connectionName: 'arcade-rate-limit',
    connectTimeout: 2_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  // ioredis reports every failed reconnection; one warning per outage is enough.
  let down = false;
  redis.on('error', (error: Error) => {
    recordRedisUp(false);
    if (down) return;
    down = true;
    app.log.warn({ err: error }, 'rate limits: Redis is unreachable, requests go unlimited until it is back');
  });
  redis.on('ready', () => {
    recordRedisUp(true);
    if (down) app.log.info('rate limits: Redis is back');
    down = false;
  });
  redis.on('close', () => recordRedisUp(false));
  app.addHook('onClose', async () => {
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  });
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), REDIS_START_WAIT_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!ready) {
    recordRedisUp(false);
    app.log.warn(`rate limits: Redis not ready after ${REDIS_START_WAIT_MS} ms, starting without it`);
  }
  return redis;
}

/**
 * Development at a terminal reads its logs through pino-pretty (one coloured line per event);
 * production, and development piped to a file or a tool, writes JSON lines.
 */
function prettyLogs(config: Config): { transport?: { target: string; options: object } } {
  if (config.production || process.stdout.isTTY !== true) return {};
  try {
    // Resolved from here, so the worker thread finds it wherever the server runs from (source or bundle).
    const target = createRequire(import.meta.url).resolve('pino-pretty');
    return {
      transport: { target, options: { colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
    };
  } catch {
    return {};
  }
}

/** Builds the HTTP server with every route; call `listen` (main.ts) or `inject` (tests). */
export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const now = deps.now ?? (() => new Date());

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: logSerializers,
      ...(deps.logStream ? { stream: deps.logStream } : prettyLogs(config)),
    },
    logController: new OneLinePerRequest(),
    genReqId: () => randomUUID(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    frameworkErrors: (error, request, reply) => {
      void handleError(error, request, reply);
    },
  });

  app.setErrorHandler(handleError);
  registerHttpMetrics(app);

  // Only JSON bodies; anything else is a 415. An empty body is the same as none ({}).
  // Fastify's own JSON parser (it refuses __proto__ and constructor poisoning), callback style.
  const parseJson = app.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, body?: unknown) => void,
  ) => void;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  registerSecurity(app, config);

  const expectedAppKey = sha256(config.appKey);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // Decided as the router sees the path: `/%61pi/...` and `http://host/api/...` are API calls too.
    if (!isApiRequest(request)) return;
    const sent = request.headers[APP_KEY_HEADER.toLowerCase()];
    // Hashing first gives equal lengths, so the comparison takes the same time for any key.
    if (typeof sent !== 'string' || !timingSafeEqual(sha256(sent), expectedAppKey)) {
      throw new HttpError(401, httpMessages.wrongAppKey);
    }
  });

  // A token of a player the database does not know is refused (401) before any call runs.
  const sessions = knownPlayersOnly(createSessions(config.jwtSecret, now), db);

  // Money calls (every call that carries an idempotency key) are limited per player, and only a
  // token whose signature checks out names a player (routes/rate-limits.ts).
  const moneyPaths = new Set(
    Object.values(calls)
      .filter((spec) => !spec.public && /\bidempotencyKey\b/.test(spec.request.expression))
      .map((spec) => spec.path),
  );
  const moneyLimit = perPlayerRateLimit(sessions, config.moneyRateLimit);
  app.addHook('onRoute', (route) => {
    if (!moneyPaths.has(route.url)) return;
    route.config = { ...(route.config as object), rateLimit: moneyLimit };
  });
  // Limits only the routes that ask for it (auth, money calls, the name choice, live feed opens).
  // With REDIS_URL every replica counts in Redis, so a player (or an address) has one budget
  // however many replicas serve it; without it each process counts in memory.
  // When Redis is down or slow the limit is skipped (fails open): a money call must not fail
  // because the limiter's store blinked, and the limits guard load and abuse, not money (the
  // ledger and idempotency keys do). The outage is logged, and the wait for Redis is bounded.
  const redis = config.redisUrl ? await openRateLimitRedis(app, config.redisUrl) : null;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: deps.rateLimitNamespace ?? 'arcade-rate-limit:', skipOnError: true } : {}),
  });

  // The reads that tolerate lag go to the read replica while it is fresh enough (db/read-replica.ts).
  // With Redis, a player's write on one server process holds their reads on the primary on all.
  const reads = deps.replica
    ? replicaReads({
        primary: db,
        replica: deps.replica,
        maxLagSeconds: config.readReplica?.maxLagSeconds ?? DEFAULT_READ_MAX_LAG,
        fences: redis ? redisFences(redis) : null,
        log: app.log,
        now,
      })
    : primaryReads(db);
  app.addHook('onClose', () => reads.close());

  const routeDeps: RouteDeps = {
    config,
    db,
    reads,
    now,
    sessions,
    ton: deps.ton,
    bot: deps.bot ?? new HttpBotApi({ token: config.botToken, baseUrl: config.botApiUrl }),
    relayer:
      deps.relayer ??
      new HttpGiftRelayer({
        token: config.botToken,
        baseUrl: config.botApiUrl,
        businessConnectionId: config.businessConnectionId,
        connection: relayerConnections(config),
      }),
    ...(deps.kickWorkers ? { kickWorkers: deps.kickWorkers } : {}),
  };
  registerAuthRoutes(app, routeDeps);
  registerProfileRoutes(app, routeDeps);
  registerWalletRoutes(app, routeDeps);
  registerGameRoutes(app, routeDeps);
  registerDemoRoutes(app, routeDeps);
  registerLiveRoutes(app, routeDeps);
  registerBonusRoutes(app, routeDeps);
  registerMarketRoutes(app, routeDeps);
  registerPlayRoutes(app, routeDeps);
  registerTelegramWebhook(app, routeDeps);
  if (config.fakeBotApi) await app.register(fakeBotApi(config.botToken, deps.fakeBot ?? fakeBotState()), { prefix: '/fake-bot-api' });
  if (!config.production) registerDevRoutes(app, routeDeps);
  registerHealthRoutes(app, routeDeps);
  // Metrics are served on their own listener (metrics-server.ts), never here: not even the app's page.
  app.get('/metrics', () => {
    throw new HttpError(404, 'Not found: metrics are served on METRICS_PORT');
  });
  registerManifestRoute(app, routeDeps);
  registerLegalRoutes(app);
  await registerAppHosting(app, routeDeps);
  registerConnectionClosing(app);

  return app;
}

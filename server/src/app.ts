import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { APP_KEY_HEADER } from '@arcade/api-client/client';
import { calls } from '@arcade/api-client/calls';
import type { Config } from './config';
import type { Db } from './db/db';
import { createSessions } from './domain/sessions';
import { registerAppHosting } from './routes/app-hosting';
import { registerAuthRoutes } from './routes/auth';
import type { RouteDeps } from './routes/deps';
import { registerDevRoutes } from './routes/dev';
import { BODY_LIMIT_BYTES, handleError, HttpError, httpMessages } from './routes/errors';
import { registerHealthRoutes } from './routes/health';
import { registerSecurity } from './routes/security';
import { registerManifestRoute } from './routes/manifest';
import { registerProfileRoutes } from './routes/profile';
import { registerWalletRoutes } from './routes/wallet';
import { registerGameRoutes } from './routes/games';
import { registerBonusRoutes } from './routes/bonus';
import { HttpBotApi, type BotApi } from './adapters/telegram/bot-api';
import { HttpGiftRelayer, type GiftRelayer } from './adapters/telegram/gift-relayer';
import { registerMarketRoutes } from './routes/market';
import { fakeBotApi, fakeBotState, type FakeBotState } from './adapters/telegram/fake-bot-api';
import type { Ton } from './adapters/chain/open-chain';

export interface ServerDeps {
  config: Config;
  /** Opened and migrated by the caller, who also closes it after the server. */
  db: Db;
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

/** Builds the HTTP server with every route; call `listen` (main.ts) or `inject` (tests). */
/** The `sub` of a bearer token, unverified: only a rate-limit key. */
function tokenSubject(header: string | undefined): string | null {
  const payload = header?.startsWith('Bearer ') ? header.slice(7).split('.')[1] : undefined;
  if (!payload) return null;
  try {
    const sub = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown }).sub;
    return typeof sub === 'string' && /^\d{1,20}$/.test(sub) ? sub : null;
  } catch {
    return null;
  }
}

export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const now = deps.now ?? (() => new Date());

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    frameworkErrors: (error, request, reply) => {
      void handleError(error, request, reply);
    },
  });

  app.setErrorHandler(handleError);

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
    const path = request.url.split('?')[0] ?? '';
    if (path !== '/api' && !path.startsWith('/api/')) return;
    const sent = request.headers[APP_KEY_HEADER.toLowerCase()];
    // Hashing first gives equal lengths, so the comparison takes the same time for any key.
    if (typeof sent !== 'string' || !timingSafeEqual(sha256(sent), expectedAppKey)) {
      throw new HttpError(401, httpMessages.wrongAppKey);
    }
  });

  // Money calls (every call that carries an idempotency key) are limited per player: the key is
  // the token's subject (read, not trusted: a forged token is refused by the call anyway).
  const moneyPaths = new Set(Object.values(calls).filter((spec) => !spec.public && /\bidempotencyKey\b/.test(spec.request.expression)).map((spec) => spec.path));
  app.addHook('onRoute', (route) => {
    if (!moneyPaths.has(route.url)) return;
    route.config = {
      ...(route.config as object),
      rateLimit: {
        max: config.moneyRateLimit.max,
        timeWindow: config.moneyRateLimit.windowMs,
        keyGenerator: (request: FastifyRequest) => `player:${tokenSubject(request.headers.authorization) ?? request.ip}`,
        errorResponseBuilder: (_request: FastifyRequest, context: { statusCode: number; ttl: number }) => {
          const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
          return new HttpError(context.statusCode, `Too many requests, retry in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`);
        },
      },
    };
  });
  // Limits only the routes that ask for it (auth and money calls).
  await app.register(rateLimit, { global: false });

  const routeDeps: RouteDeps = {
    config,
    db,
    now,
    sessions: createSessions(config.jwtSecret, now),
    ton: deps.ton,
    bot: deps.bot ?? new HttpBotApi({ token: config.botToken, baseUrl: config.botApiUrl }),
    relayer: deps.relayer ?? new HttpGiftRelayer({ token: config.botToken, baseUrl: config.botApiUrl, businessConnectionId: config.businessConnectionId }),
    ...(deps.kickWorkers ? { kickWorkers: deps.kickWorkers } : {}),
  };
  registerAuthRoutes(app, routeDeps);
  registerProfileRoutes(app, routeDeps);
  registerWalletRoutes(app, routeDeps);
  registerGameRoutes(app, routeDeps);
  registerBonusRoutes(app, routeDeps);
  registerMarketRoutes(app, routeDeps);
  if (config.fakeBotApi) await app.register(fakeBotApi(config.botToken, deps.fakeBot ?? fakeBotState()), { prefix: '/fake-bot-api' });
  if (!config.production) registerDevRoutes(app, routeDeps);
  registerHealthRoutes(app, routeDeps);
  registerManifestRoute(app, routeDeps);
  await registerAppHosting(app, routeDeps);

  return app;
}

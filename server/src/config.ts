import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type } from 'arktype';

export const DEVELOPMENT_BOT_TOKEN = '0000000000:DEVELOPMENT-ONLY-TOKEN-not-for-production';
export const DEVELOPMENT_APP_KEY = 'dev-app-key';
export const DEVELOPMENT_JWT_SECRET = 'development-only-jwt-secret-not-for-production';
export const MIN_JWT_SECRET_LENGTH = 32;
/** The development hot wallet's key seed: only ever used on the emulated chain. */
export const DEVELOPMENT_HOT_WALLET_SEED = createHash('sha256').update('ton-arcade development hot wallet').digest('hex');

export interface TonConfig {
  network: 'mainnet' | 'testnet';
  /** sandbox: @ton/sandbox in process (development, tests, the offline start); toncenter: the real network. */
  chain: 'sandbox' | 'toncenter';
  toncenterUrl: string;
  toncenterApiKey: string | null;
  /** 32-byte ed25519 seed of the highload hot wallet, hex. */
  hotWalletSeed: string;
  /** Seconds a signed withdrawal stays valid on chain (the highload wallet's timeout). */
  highloadTimeout: number;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  nodeEnv: string;
  production: boolean;
  host: string;
  port: number;
  /** Where the server is reachable from outside, without a trailing slash. */
  publicUrl: string;
  /** Other web origins allowed to call the API from a browser (the public URL's own always is). */
  corsOrigins: string[];
  /** PostgreSQL when set, else PGlite in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  botToken: string;
  /** The fixed key the app sends as the X-App-Key header. */
  appKey: string;
  jwtSecret: string;
  /** The t.me direct link of the mini app; referral links are built from it. */
  miniAppUrl: string;
  /** The built app (index.html and assets/). */
  appDist: string;
  logLevel: LogLevel;
  authRateLimit: { max: number; windowMs: number };
  /** Money calls (bets, claims, checkouts, withdrawals) per player per minute. */
  moneyRateLimit: { max: number; windowMs: number };
  /** Behind a load balancer: take the client IP from X-Forwarded-For (rate limits are per IP). */
  trustProxy: boolean;
  ton: TonConfig;
  /** The Bot API: Telegram's, or in development the local fake mounted at /fake-bot-api. */
  botApiUrl: string;
  /** Mount the local fake Bot API on this server (development and the offline start). */
  fakeBotApi: boolean;
  /** The channel of the Subscribe task, as getChatMember takes it (@name or -100…). */
  taskChannel: string;
  /** The business connection of the relayer account that holds the market's gifts. */
  businessConnectionId: string;
  /** Fill an empty market with the generated catalogue at start (development and the offline start). */
  seedMarket: boolean;
  /** Run the deposit watcher and withdrawal sender in this process (one replica at a time holds the lock). */
  workers: boolean;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const port = type('string.integer.parse').to('0 <= number.integer <= 65535');
const positive = type('string.integer.parse').to('1 <= number.integer <= 1000000');

const Env = type({
  'PORT?': port,
  'HOST?': 'string > 0',
  'DATABASE_URL?': type(/^postgres(ql)?:\/\/\S+$/).describe('a postgres:// URL'),
  'DATA_DIR?': 'string > 0',
  'BOT_TOKEN?': type(/^\d+:[\w-]+$/).describe('a bot token like 123456:ABC-DEF'),
  'APP_KEY?': 'string > 0',
  'JWT_SECRET?': 'string > 0',
  'PUBLIC_URL?': type(/^https?:\/\/[^\s/]+(\/\S*)?$/).describe('an http(s) URL'),
  'CORS_ORIGINS?': type(/^https?:\/\/[^\s/,]+(,https?:\/\/[^\s/,]+)*$/).describe('comma-separated http(s) origins'),
  'NODE_ENV?': 'string',
  'MINI_APP_URL?': type(/^https:\/\/t\.me\/\S+$/).describe('a https://t.me/... link'),
  'APP_DIST?': 'string > 0',
  'LOG_LEVEL?': "'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'",
  'AUTH_RATE_LIMIT?': positive,
  'MONEY_RATE_LIMIT?': positive,
  'TRUST_PROXY?': "'true' | 'false' | '1' | '0'",
  'TON_NETWORK?': "'mainnet' | 'testnet'",
  'TON_CHAIN?': "'sandbox' | 'toncenter'",
  'TONCENTER_URL?': type(/^https?:\/\/\S+$/).describe('an http(s) URL'),
  'TONCENTER_API_KEY?': 'string > 0',
  'HOT_WALLET_SEED?': type(/^[0-9a-fA-F]{64}$/).describe('64 hex characters (a 32-byte seed)'),
  'HIGHLOAD_TIMEOUT?': type('string.integer.parse').to('60 <= number.integer <= 86400'),
  'WORKERS?': "'true' | 'false' | '1' | '0'",
  'BOT_API_URL?': type(/^https?:\/\/\S+$/).describe('an http(s) URL'),
  'BUSINESS_CONNECTION_ID?': '0 < string <= 200',
  'SEED_MARKET?': "'true' | 'false' | '1' | '0'",
  'TASK_CHANNEL?': type(/^(@[A-Za-z0-9_]{4,64}|-100\d{5,20})$/).describe('@channel_name or a -100… chat id'),
});

/** The workspace root: the nearest folder above this module holding pnpm-workspace.yaml. */
export function findRepoRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (dirname(dir) === dir) return process.cwd();
  }
}

/**
 * Reads and checks the configuration from the environment. Throws a ConfigError whose message
 * is one line naming every problem. Production refuses the development secrets.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, repoRoot: string = findRepoRoot()): Config {
  // An empty variable (KEY= in a compose file) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = Env(present);
  if (parsed instanceof type.errors) {
    throw new ConfigError(`Invalid configuration: ${parsed.summary.split('\n').join('; ')}`);
  }

  const nodeEnv = parsed.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';

  if (production) {
    const missing = (['BOT_TOKEN', 'APP_KEY', 'JWT_SECRET', 'HOT_WALLET_SEED'] as const).filter((name) => parsed[name] === undefined);
    const problems: string[] = [];
    if (missing.length > 0) problems.push(`missing ${missing.join(', ')}`);
    if (parsed.JWT_SECRET !== undefined && parsed.JWT_SECRET.length < MIN_JWT_SECRET_LENGTH) {
      problems.push(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters`);
    }
    if (parsed.BOT_TOKEN === DEVELOPMENT_BOT_TOKEN) problems.push('BOT_TOKEN is the development token');
    if (parsed.JWT_SECRET === DEVELOPMENT_JWT_SECRET) problems.push('JWT_SECRET is the development secret');
    if (parsed.TON_CHAIN === 'sandbox') problems.push('TON_CHAIN=sandbox is an emulated chain');
    if (parsed.HOT_WALLET_SEED?.toLowerCase() === DEVELOPMENT_HOT_WALLET_SEED) problems.push('HOT_WALLET_SEED is the development seed');
    if (problems.length > 0) {
      throw new ConfigError(`Refusing to start in production: ${problems.join('; ')}`);
    }
  }

  const listenPort = parsed.PORT ?? 8080;
  return {
    nodeEnv,
    production,
    host: parsed.HOST ?? '0.0.0.0',
    port: listenPort,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${listenPort}`).replace(/\/+$/, ''),
    corsOrigins: parsed.CORS_ORIGINS ? parsed.CORS_ORIGINS.split(',') : [],
    databaseUrl: parsed.DATABASE_URL ?? null,
    dataDir: resolve(parsed.DATA_DIR ?? join(repoRoot, '.data', 'pglite')),
    botToken: parsed.BOT_TOKEN ?? DEVELOPMENT_BOT_TOKEN,
    appKey: parsed.APP_KEY ?? DEVELOPMENT_APP_KEY,
    jwtSecret: parsed.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
    miniAppUrl: parsed.MINI_APP_URL ?? 'https://t.me/ton_arcade_bot/play',
    appDist: resolve(parsed.APP_DIST ?? join(repoRoot, 'app', 'dist')),
    logLevel: parsed.LOG_LEVEL ?? 'info',
    authRateLimit: { max: parsed.AUTH_RATE_LIMIT ?? 30, windowMs: 60_000 },
    // Ten a second on average: more than a player tapping can place, far less than a script.
    moneyRateLimit: { max: parsed.MONEY_RATE_LIMIT ?? 600, windowMs: 60_000 },
    trustProxy: parsed.TRUST_PROXY === 'true' || parsed.TRUST_PROXY === '1',
    ton: tonConfig(parsed, production),
    botApiUrl: parsed.BOT_API_URL ?? (production ? 'https://api.telegram.org' : `http://127.0.0.1:${listenPort}/fake-bot-api`),
    fakeBotApi: !production && parsed.BOT_API_URL === undefined,
    taskChannel: parsed.TASK_CHANNEL ?? '@ton_arcade_news',
    businessConnectionId: parsed.BUSINESS_CONNECTION_ID ?? 'local-relayer',
    seedMarket: parsed.SEED_MARKET === undefined ? !production : parsed.SEED_MARKET === 'true' || parsed.SEED_MARKET === '1',
    workers: parsed.WORKERS === undefined || parsed.WORKERS === 'true' || parsed.WORKERS === '1',
  };
}

function tonConfig(parsed: typeof Env.infer, production: boolean): TonConfig {
  const network = parsed.TON_NETWORK ?? (production ? 'mainnet' : 'testnet');
  return {
    network,
    chain: parsed.TON_CHAIN ?? (production ? 'toncenter' : 'sandbox'),
    toncenterUrl: parsed.TONCENTER_URL ?? (network === 'mainnet' ? 'https://toncenter.com' : 'https://testnet.toncenter.com'),
    toncenterApiKey: parsed.TONCENTER_API_KEY ?? null,
    hotWalletSeed: (parsed.HOT_WALLET_SEED ?? DEVELOPMENT_HOT_WALLET_SEED).toLowerCase(),
    highloadTimeout: parsed.HIGHLOAD_TIMEOUT ?? 3600,
  };
}

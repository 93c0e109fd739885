import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type } from 'arktype';
import { toNano } from '@arcade/api-client/money';
import { readSecretFiles } from './secret-files';
import { hotWalletProblems, signerProblems } from './config-hot-wallet';

export const DEVELOPMENT_BOT_TOKEN = '0000000000:DEVELOPMENT-ONLY-TOKEN-not-for-production';
export const DEVELOPMENT_APP_KEY = 'dev-app-key';
export const DEVELOPMENT_JWT_SECRET = 'development-only-jwt-secret-not-for-production';
export const MIN_JWT_SECRET_LENGTH = 32;
export const DEVELOPMENT_BOT_WEBHOOK_SECRET = 'development-only-webhook-secret-not-for-production';
export const MIN_BOT_WEBHOOK_SECRET_LENGTH = 32;
/** The development hot wallet's key seed: only ever used on the emulated chain. */
export const DEVELOPMENT_HOT_WALLET_SEED = createHash('sha256').update('ton-arcade development hot wallet').digest('hex');

export interface TonConfig {
  network: 'mainnet' | 'testnet';
  /** sandbox: @ton/sandbox in process (development, tests, the offline start); toncenter: the real network. */
  chain: 'sandbox' | 'toncenter';
  toncenterUrl: string;
  toncenterApiKey: string | null;
  /**
   * 32-byte ed25519 seed of the highload hot wallet, hex; null in a process that holds none
   * (WITHDRAWAL_SIGNER=off, or an operator command that signs nothing): it knows the address only.
   */
  hotWalletSeed: string | null;
  /** HOT_WALLET_ADDRESS as given (any form), or null: then the address comes from the seed. */
  hotWalletAddress: string | null;
  /**
   * WITHDRAWAL_SIGNER: this process signs withdrawals (holds the seed, runs the sender) — on by
   * default; off for public replicas that only watch and serve, beside one signer.
   */
  withdrawalSigner: boolean;
  /** Seconds a signed withdrawal stays valid on chain (the highload wallet's timeout). */
  highloadTimeout: number;
  /** Nanotons a sweep leaves in the hot wallet above the players' liabilities (HOT_WALLET_FLOAT). */
  hotWalletFloat: bigint;
}

/** Where Prometheus reads /metrics: a listener of its own, never the public port. */
export interface MetricsConfig {
  /** null: no metrics listener (development's default). */
  port: number | null;
  host: string;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token: string | null;
}

/**
 * How the server reaches PostgreSQL besides DATABASE_URL (docs/operations.md, "Connections"): a
 * direct session for what must keep one, the pooler in front, the pool's size, a statement timeout.
 */
export interface ConnectionSettings {
  /**
   * DATABASE_DIRECT_URL (default DATABASE_URL): a session of its own, straight to PostgreSQL (or a
   * session-mode pool), for what lives in a session: the workers' advisory lock, the live feed's
   * LISTEN, and the operator's commands (the migrator among them).
   */
  directUrl: string | null;
  /**
   * DATABASE_POOLER: `transaction` when DATABASE_URL is a pooler in transaction mode (PgBouncer),
   * where statements run unnamed and the timeout is set per transaction; `none` (default): PostgreSQL
   * itself, or a pool in session mode.
   */
  pooler: 'none' | 'transaction';
  /** DATABASE_POOL_SIZE: the most connections the server's pool opens on DATABASE_URL (default 10). */
  poolSize: number;
  /** DATABASE_STATEMENT_TIMEOUT in milliseconds (set in seconds, default 30): a statement of the server's pool running longer is cancelled; 0: none. */
  statementTimeoutMs: number;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  /** The mode: development only when NODE_ENV=development is set; anything else is production. */
  nodeEnv: 'development' | 'production';
  production: boolean;
  host: string;
  port: number;
  /** Where the server is reachable from outside, without a trailing slash. */
  publicUrl: string;
  /** Other web origins allowed to call the API from a browser (the public URL's own always is). */
  corsOrigins: string[];
  /** PostgreSQL when set, else PGlite in dataDir. */
  databaseUrl: string | null;
  /**
   * DATABASE_READ_URL: a streaming replica of DATABASE_URL's server, for the reads that tolerate
   * lag (the market's list, facets, floors and sales, the leaderboard), with DATABASE_READ_MAX_LAG:
   * the most lag, in seconds, at which they are still read there (else from the primary).
   */
  readReplica: { url: string; maxLagSeconds: number } | null;
  connections: ConnectionSettings;
  /** Redis, when set: every replica counts the rate limits in it (one budget); else each counts in memory. */
  redisUrl: string | null;
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
  /** Changes of a player's name choice (shown or hidden in live wins) per player per minute. */
  nameChoiceRateLimit: { max: number; windowMs: number };
  /** Wins shared per player per minute: each one is a call to the Bot API. */
  shareRateLimit: { max: number; windowMs: number };
  /**
   * Which X-Forwarded-For entries to believe for the client IP (rate limits are per IP), as
   * Fastify's trustProxy takes it: false (none, the socket's address), a hop count (that many
   * proxies from the right), or the proxies' addresses and CIDRs. Never "any".
   */
  trustProxy: false | number | string[];
  ton: TonConfig;
  /** The Bot API: Telegram's, or in development the local fake mounted at /fake-bot-api. */
  botApiUrl: string;
  /** Mount the local fake Bot API on this server (development and the offline start). */
  fakeBotApi: boolean;
  /** The channel of the Subscribe task, as getChatMember takes it (@name or -100…). */
  taskChannel: string;
  /**
   * BUSINESS_CONNECTION_ID: the relayer's business connection when Telegram has reported none
   * (business_connection updates are stored and the newest usable one wins). Development default
   * `local-relayer` (the fake's); none in production.
   */
  businessConnectionId: string | null;
  /**
   * RELAYER_USER_ID: the Telegram user id of the relayer business account. Only its
   * business_connection updates are used (anyone can connect a business account to a bot). Unset:
   * in development any connection is used, in production none (BUSINESS_CONNECTION_ID only).
   */
  relayerUserId: bigint | null;
  /** BOT_WEBHOOK_SECRET: what Telegram sends as X-Telegram-Bot-Api-Secret-Token with every update. */
  botWebhookSecret: string;
  /** Fill an empty market with the generated catalogue at start (development and the offline start). */
  seedMarket: boolean;
  /**
   * Bets go to the bet function (arcade_bets) in batches with other players' bets (on), or each
   * on its own as a batch of one (off): the same function decides both, so they write the same rows.
   */
  betBatching: boolean;
  /** Run the deposit watcher and withdrawal sender in this process (one replica at a time holds the lock). */
  workers: boolean;
  metrics: MetricsConfig;
  /** /readyz fails when the deposit watcher is further behind the chain than this many seconds. */
  readyMaxChainLag: number;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const port = type('string.integer.parse').to('0 <= number.integer <= 65535');
const positive = type('string.integer.parse').to('1 <= number.integer <= 1000000');
const postgresUrl = type(/^postgres(ql)?:\/\/\S+$/).describe('a postgres:// URL');
const METRICS_PORT_RULE = 'off or a port from 1 to 65535';
const READ_MAX_LAG_RULE = 'a whole number of seconds from 1 to 3600';
const tonAmount = type(/^(0|[1-9]\d{0,8})(\.\d{1,9})?$/).describe('a TON amount like 100 or 12.5');

/** The chain and the hot wallet: what the server and the operator's wallet commands read. */
const TON_ENV = {
  'TON_NETWORK?': "'mainnet' | 'testnet'",
  'TON_CHAIN?': "'sandbox' | 'toncenter'",
  'TONCENTER_URL?': type(/^https?:\/\/\S+$/).describe('an http(s) URL'),
  'TONCENTER_API_KEY?': 'string > 0',
  'HOT_WALLET_SEED?': type(/^[0-9a-fA-F]{64}$/).describe('64 hex characters (a 32-byte seed)'),
  // Checked by hotWalletProblems (a TON address, of the seed's wallet when both are given).
  'HOT_WALLET_ADDRESS?': 'string > 0',
  'WITHDRAWAL_SIGNER?': "'on' | 'off'",
  'HIGHLOAD_TIMEOUT?': type('string.integer.parse').to('60 <= number.integer <= 86400'),
  'HOT_WALLET_FLOAT?': tonAmount,
} as const;

/** The connections' settings beside DATABASE_URL (ConnectionSettings); checked together by connectionSettings. */
const CONNECTION_ENV = {
  'DATABASE_DIRECT_URL?': postgresUrl,
  'DATABASE_POOLER?': "'none' | 'transaction'",
  'DATABASE_POOL_SIZE?': type('string.integer.parse').to('1 <= number.integer <= 500'),
  'DATABASE_STATEMENT_TIMEOUT?': type('string.integer.parse').to('0 <= number.integer <= 3600'),
} as const;

const Env = type({
  'PORT?': port,
  'HOST?': 'string > 0',
  'DATABASE_URL?': postgresUrl,
  'DATABASE_READ_URL?': postgresUrl,
  'DATABASE_READ_MAX_LAG?': type('string.integer.parse')
    .to(type('1 <= number.integer <= 3600').describe(READ_MAX_LAG_RULE))
    .describe(READ_MAX_LAG_RULE),
  ...CONNECTION_ENV,
  'REDIS_URL?': type(/^rediss?:\/\/\S+$/).describe('a redis:// or rediss:// URL'),
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
  'NAME_CHOICE_RATE_LIMIT?': positive,
  'SHARE_RATE_LIMIT?': positive,
  // Checked by trustProxySetting, which says what to write instead of "trust any".
  'TRUST_PROXY?': 'string',
  ...TON_ENV,
  'WORKERS?': "'true' | 'false' | '1' | '0'",
  'BOT_API_URL?': type(/^https?:\/\/\S+$/).describe('an http(s) URL'),
  'BUSINESS_CONNECTION_ID?': '0 < string <= 200',
  'RELAYER_USER_ID?': type(/^[1-9]\d{0,15}$/).describe('a Telegram user id (digits)'),
  // Telegram's secret_token alphabet and limit, and at least 32 characters.
  'BOT_WEBHOOK_SECRET?': type(/^[A-Za-z0-9_-]{32,256}$/).describe(
    `${MIN_BOT_WEBHOOK_SECRET_LENGTH} to 256 characters of A-Z, a-z, 0-9, _ and - (Telegram's secret_token alphabet)`,
  ),
  'SEED_MARKET?': "'true' | 'false' | '1' | '0'",
  'BET_BATCHING?': "'on' | 'off'",
  'TASK_CHANNEL?': type(/^(@[A-Za-z0-9_]{4,64}|-100\d{5,20})$/).describe('@channel_name or a -100… chat id'),
  'METRICS_PORT?': type(/^(off|[1-9]\d{0,4})$/).describe(METRICS_PORT_RULE),
  'METRICS_HOST?': 'string > 0',
  'METRICS_TOKEN?': type(/^[\x21-\x7e]{16,}$/).describe('at least 16 printable characters without spaces'),
  'READY_MAX_CHAIN_LAG?': type('string.integer.parse').to('10 <= number.integer <= 86400'),
});

/** What the operator's database commands read: where the database is, nothing else. */
const DatabaseEnv = type({
  'NODE_ENV?': 'string',
  'DATABASE_URL?': postgresUrl,
  ...CONNECTION_ENV,
  'DATA_DIR?': 'string > 0',
});

/**
 * Production refuses to start without these: no embedded database for real money, no localhost
 * public URL, no default bot link or channel, no development secrets.
 */
const REQUIRED_IN_PRODUCTION = [
  'BOT_TOKEN',
  'APP_KEY',
  'JWT_SECRET',
  'HOT_WALLET_SEED',
  'DATABASE_URL',
  'PUBLIC_URL',
  'MINI_APP_URL',
  'TONCENTER_API_KEY',
  'TASK_CHANNEL',
  'BOT_WEBHOOK_SECRET',
] as const;

/** The most proxies a hop count may name: a longer chain is a mistake, not a deployment. */
export const MAX_PROXY_HOPS = 10;

type EnvInput = Record<string, string | undefined>;

/**
 * An empty variable (KEY= in a compose file) means "not set". A secret given as NAME_FILE (Docker
 * secrets) is read here, once for every loader; a file that cannot be read refuses the start.
 */
function presentVariables(env: EnvInput): Record<string, string> {
  const present = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
  const { values, problems } = readSecretFiles(present);
  if (problems.length > 0) throw refuse(isProduction(present), problems);
  return values;
}

/** Development only when asked for by name: an unset NODE_ENV, or any other value, is production. */
function isProduction(present: Record<string, string>): boolean {
  return present.NODE_ENV !== 'development';
}

/**
 * One problem per malformed variable, built from the variable's name and the rule it breaks.
 * Never arktype's summary or message, nor `actual`: those quote the value, and a value may be a secret.
 */
function formatProblems(errors: InstanceType<typeof type.errors>): { problems: string[]; names: Set<string> } {
  const problems: string[] = [];
  const names = new Set<string>();
  for (const error of errors) {
    const name = error.path.map(String).join('.') || 'the environment';
    names.add(name);
    const problem = `${name} must be ${expectedOf(error)}`;
    if (!problems.includes(problem)) problems.push(problem);
  }
  return { problems, names };
}

/**
 * What a value should have been. A union of two choices ('on' | 'off') is a `union` error whose
 * `expected` is its whole message, the value included: its branches' expectations are used instead.
 */
function expectedOf(error: InstanceType<typeof type.errors>[number]): string {
  if (!error.hasCode('union')) return error.expected;
  const branches = error.errors.map((branch) => branch.expected);
  return branches.length > 1 ? `${branches.slice(0, -1).join(', ')} or ${branches.at(-1)}` : (branches[0] ?? 'valid');
}

function refuse(production: boolean, problems: string[]): ConfigError {
  return new ConfigError(`${production ? 'Refusing to start in production' : 'Invalid configuration'}: ${problems.join('; ')}`);
}

const TRUST_PROXY_RULE = `TRUST_PROXY must be a hop count from 1 to ${MAX_PROXY_HOPS} or a comma-separated list of proxy addresses or CIDRs (IPv4 or IPv6)`;
const TRUST_ANY_REFUSED =
  'TRUST_PROXY may not trust every X-Forwarded-For (any client could pick its own address and escape the rate limits): ' +
  'write the number of proxies in front of the server (TRUST_PROXY=1 for one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8,fd00::/8)';

/** One proxy address or CIDR as proxy-addr takes it; a /0 range is "any" and refused. */
function proxyEntry(entry: string): 'ok' | 'any' | 'bad' {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return 'bad';
  if (prefix === undefined) return 'ok';
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return 'bad';
  return Number(prefix) === 0 ? 'any' : 'ok';
}

/** TRUST_PROXY: unset, false or 0 trusts no proxy; a hop count; or a list of proxies. Never "all". */
function trustProxySetting(raw: string | undefined): { value: Config['trustProxy'] } | { problem: string } {
  if (raw === undefined) return { value: false };
  const text = raw.trim().toLowerCase();
  if (text === 'false' || text === '0') return { value: false };
  if (['true', 'all', 'any', '*', 'yes', 'on'].includes(text)) return { problem: TRUST_ANY_REFUSED };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= MAX_PROXY_HOPS ? { value: hops } : { problem: TRUST_PROXY_RULE };
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const kinds = entries.map(proxyEntry);
  if (kinds.includes('bad')) return { problem: TRUST_PROXY_RULE };
  if (kinds.includes('any')) return { problem: TRUST_ANY_REFUSED };
  return { value: entries };
}

/**
 * Fastify's trustProxy option for a TRUST_PROXY setting. Fastify 5.12 takes a bare number as
 * "trust nothing" (it cannot check the peer), so a hop count becomes a function that believes
 * that many hops from the socket: with 1, the client is the last X-Forwarded-For entry.
 */
export function fastifyTrustProxy(setting: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/**
 * The workspace root: the nearest folder above this module holding pnpm-workspace.yaml, or
 * release.json (the root of a `pnpm release` folder, where app/dist is too).
 */
export function findRepoRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml')) || existsSync(join(dir, 'release.json'))) return dir;
    if (dirname(dir) === dir) return process.cwd();
  }
}

export interface DatabaseConfig {
  production: boolean;
  /** PostgreSQL when set (always in production), else PGlite in dataDir. */
  databaseUrl: string | null;
  connections: ConnectionSettings;
  dataDir: string;
}

export const DEFAULT_POOL_SIZE = 10;
/** Seconds: far above any statement the server runs, well below a request left hanging. */
export const DEFAULT_STATEMENT_TIMEOUT = 30;

type ConnectionEnvInput = Pick<
  typeof Env.infer,
  'DATABASE_URL' | 'DATABASE_DIRECT_URL' | 'DATABASE_POOLER' | 'DATABASE_POOL_SIZE' | 'DATABASE_STATEMENT_TIMEOUT'
>;

function connectionSettings(parsed: ConnectionEnvInput): ConnectionSettings {
  return {
    directUrl: parsed.DATABASE_DIRECT_URL ?? parsed.DATABASE_URL ?? null,
    pooler: parsed.DATABASE_POOLER ?? 'none',
    poolSize: parsed.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE,
    statementTimeoutMs: (parsed.DATABASE_STATEMENT_TIMEOUT ?? DEFAULT_STATEMENT_TIMEOUT) * 1000,
  };
}

/**
 * The rules between the connection settings (each one's format is its type's): a transaction
 * pooler cannot keep a session, so it needs a direct URL that does not go through it. Names the
 * variables, never a URL (it may hold a password).
 */
function connectionProblems(present: Record<string, string>): string[] {
  const url = present.DATABASE_URL;
  const direct = present.DATABASE_DIRECT_URL;
  const transaction = present.DATABASE_POOLER === 'transaction';
  if (url === undefined) {
    return [
      ...(direct !== undefined ? ['DATABASE_DIRECT_URL needs DATABASE_URL (without it the embedded database is used)'] : []),
      ...(transaction ? ["DATABASE_POOLER=transaction needs DATABASE_URL (the pooler's address)"] : []),
    ];
  }
  if (!transaction) return [];
  if (direct === undefined) {
    return [
      "DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL, a connection to PostgreSQL that does not go through the transaction pooler (the workers' lock and the live feed's LISTEN keep a session)",
    ];
  }
  if (direct === url)
    return [
      'DATABASE_DIRECT_URL must not be DATABASE_URL when DATABASE_POOLER=transaction (it must not go through the transaction pooler)',
    ];
  return [];
}

/**
 * The database settings alone, for the operator's commands that only need the database (audit,
 * the review lists): no bot token, hot wallet seed or session secret asked for. Production still
 * requires DATABASE_URL.
 */
export function loadDatabaseConfig(env: EnvInput = process.env, repoRoot: string = findRepoRoot()): DatabaseConfig {
  const present = presentVariables(env);
  const production = isProduction(present);
  const parsed = DatabaseEnv(present);
  const problems: string[] = [];
  if (production && present.DATABASE_URL === undefined) problems.push('missing DATABASE_URL');
  if (parsed instanceof type.errors) problems.push(...formatProblems(parsed).problems);
  problems.push(...connectionProblems(present));
  if (problems.length > 0 || parsed instanceof type.errors) throw refuse(production, problems);
  return {
    production,
    databaseUrl: parsed.DATABASE_URL ?? null,
    connections: connectionSettings(parsed),
    dataDir: resolve(parsed.DATA_DIR ?? join(repoRoot, '.data', 'pglite')),
  };
}

/** Production's rules: every setting of real money present, https, long secrets, no development ones. */
function productionProblems(
  present: Record<string, string>,
  malformed: Set<string>,
  required: readonly string[] = REQUIRED_IN_PRODUCTION,
): { missing: string[]; broken: string[] } {
  // A replica that does not sign holds no seed (signerProblems asks for the address instead).
  const signer = present.WITHDRAWAL_SIGNER !== 'off';
  const missing = required.filter((name) => present[name] === undefined && (signer || name !== 'HOT_WALLET_SEED'));
  const broken: string[] = [];
  // A malformed value is already named for its format.
  const usable = (name: string): string | undefined => (malformed.has(name) ? undefined : present[name]);
  const publicUrl = usable('PUBLIC_URL');
  if (publicUrl !== undefined && !publicUrl.startsWith('https://')) broken.push('PUBLIC_URL must be an https URL in production');
  const jwtSecret = usable('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    broken.push(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters`);
  }
  if (usable('BOT_TOKEN') === DEVELOPMENT_BOT_TOKEN) broken.push('BOT_TOKEN is the development token');
  if (jwtSecret === DEVELOPMENT_JWT_SECRET) broken.push('JWT_SECRET is the development secret');
  if (usable('BOT_WEBHOOK_SECRET') === DEVELOPMENT_BOT_WEBHOOK_SECRET) broken.push('BOT_WEBHOOK_SECRET is the development secret');
  if (usable('TON_CHAIN') === 'sandbox') broken.push('TON_CHAIN=sandbox is an emulated chain');
  if (usable('HOT_WALLET_SEED')?.toLowerCase() === DEVELOPMENT_HOT_WALLET_SEED) broken.push('HOT_WALLET_SEED is the development seed');
  return { missing, broken };
}

/**
 * Reads and checks the configuration from the environment. Development only with
 * NODE_ENV=development; anything else is production, which requires the settings of real money
 * and refuses the development secrets. Throws one ConfigError whose message is one line naming
 * every missing or malformed variable and the rule it breaks, never a value.
 */
export function loadConfig(
  env: EnvInput = process.env,
  repoRoot: string = findRepoRoot(),
  options: {
    /**
     * What production requires, for an operator command that needs only part of the server's
     * settings (the bot's commands); then the server's role rules (signerProblems) are not checked.
     */
    required?: readonly string[];
  } = {},
): Config {
  const present = presentVariables(env);
  const production = isProduction(present);
  const parsed = Env(present);
  const format = parsed instanceof type.errors ? formatProblems(parsed) : { problems: [], names: new Set<string>() };
  const trust = trustProxySetting(present.TRUST_PROXY);
  if ('problem' in trust) {
    format.problems.push(trust.problem);
    format.names.add('TRUST_PROXY');
  }
  const { missing, broken } = production ? productionProblems(present, format.names, options.required) : { missing: [], broken: [] };
  const exposed = metricsExposure(present, format.names);
  const replica = readReplicaProblems(present, format.names);
  const role = options.required === undefined ? signerProblems(present, format.names, production) : [];
  const wallet = hotWalletProblems(present, format.names, production, DEFAULT_HIGHLOAD_TIMEOUT);
  const problems = [
    ...(missing.length > 0 ? [`missing ${missing.join(', ')}`] : []),
    ...format.problems,
    ...broken,
    ...exposed,
    ...replica,
    ...connectionProblems(present),
    ...role,
    ...wallet,
  ];
  if (problems.length > 0 || parsed instanceof type.errors || 'problem' in trust) throw refuse(production, problems);

  const nodeEnv = production ? 'production' : 'development';
  const listenPort = parsed.PORT ?? 8080;
  return {
    nodeEnv,
    production,
    host: parsed.HOST ?? '0.0.0.0',
    port: listenPort,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${listenPort}`).replace(/\/+$/, ''),
    corsOrigins: parsed.CORS_ORIGINS ? parsed.CORS_ORIGINS.split(',') : [],
    databaseUrl: parsed.DATABASE_URL ?? null,
    readReplica: parsed.DATABASE_READ_URL
      ? { url: parsed.DATABASE_READ_URL, maxLagSeconds: parsed.DATABASE_READ_MAX_LAG ?? DEFAULT_READ_MAX_LAG }
      : null,
    connections: connectionSettings(parsed),
    redisUrl: parsed.REDIS_URL ?? null,
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
    // Every change goes out to every live feed client: a few a minute is all a person toggles.
    nameChoiceRateLimit: { max: parsed.NAME_CHOICE_RATE_LIMIT ?? 10, windowMs: 60_000 },
    // Each share asks Telegram to prepare a message, and the bot's own limits are shared by all.
    shareRateLimit: { max: parsed.SHARE_RATE_LIMIT ?? 20, windowMs: 60_000 },
    trustProxy: trust.value,
    ton: tonConfig(parsed, production),
    botApiUrl: parsed.BOT_API_URL ?? (production ? 'https://api.telegram.org' : `http://127.0.0.1:${listenPort}/fake-bot-api`),
    fakeBotApi: !production && parsed.BOT_API_URL === undefined,
    taskChannel: parsed.TASK_CHANNEL ?? '@ton_arcade_news',
    businessConnectionId: parsed.BUSINESS_CONNECTION_ID ?? (production ? null : 'local-relayer'),
    relayerUserId: parsed.RELAYER_USER_ID === undefined ? null : BigInt(parsed.RELAYER_USER_ID),
    botWebhookSecret: parsed.BOT_WEBHOOK_SECRET ?? DEVELOPMENT_BOT_WEBHOOK_SECRET,
    seedMarket: parsed.SEED_MARKET === undefined ? !production : parsed.SEED_MARKET === 'true' || parsed.SEED_MARKET === '1',
    workers: parsed.WORKERS === undefined || parsed.WORKERS === 'true' || parsed.WORKERS === '1',
    betBatching: parsed.BET_BATCHING !== 'off',
    metrics: {
      // Production serves metrics by default, on the loopback interface; development only when asked.
      port:
        parsed.METRICS_PORT === 'off'
          ? null
          : parsed.METRICS_PORT === undefined
            ? production
              ? DEFAULT_METRICS_PORT
              : null
            : Number(parsed.METRICS_PORT),
      host: parsed.METRICS_HOST ?? '127.0.0.1',
      token: parsed.METRICS_TOKEN ?? null,
    },
    readyMaxChainLag: parsed.READY_MAX_CHAIN_LAG ?? 120,
  };
}

export const DEFAULT_METRICS_PORT = 9091;
/** Seconds a signed message stays valid unless HIGHLOAD_TIMEOUT says otherwise (part of the wallet's address). */
export const DEFAULT_HIGHLOAD_TIMEOUT = 3600;
/** What a sweep leaves in the hot wallet above the liabilities unless HOT_WALLET_FLOAT says otherwise. */
export const DEFAULT_HOT_WALLET_FLOAT = '100';

/** What the market reads from a replica lagging at most this many seconds, unless DATABASE_READ_MAX_LAG says otherwise. */
export const DEFAULT_READ_MAX_LAG = 5;

/** A read replica is a replica of DATABASE_URL's server: never of the embedded database, never that server itself. */
function readReplicaProblems(present: Record<string, string>, malformed: Set<string>): string[] {
  const url = present.DATABASE_READ_URL;
  if (url === undefined || malformed.has('DATABASE_READ_URL')) return [];
  if (present.DATABASE_URL === undefined)
    return ['DATABASE_READ_URL needs DATABASE_URL (it is a streaming replica of that PostgreSQL server; the embedded database has none)'];
  if (url === present.DATABASE_URL) return ["DATABASE_READ_URL must be a streaming replica's URL, not DATABASE_URL itself"];
  return [];
}

/** Loopback: reachable from this machine only. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** A port in range; metrics on an interface others can reach need a token: never public by accident. */
function metricsExposure(present: Record<string, string>, malformed: Set<string>): string[] {
  const port = present.METRICS_PORT;
  if (port !== undefined && !malformed.has('METRICS_PORT') && port !== 'off' && Number(port) > 65535)
    return [`METRICS_PORT must be ${METRICS_PORT_RULE}`];
  const host = present.METRICS_HOST;
  if (host === undefined || isLoopback(host) || present.METRICS_PORT === 'off') return [];
  if (present.METRICS_TOKEN === undefined && !malformed.has('METRICS_TOKEN')) {
    return ['METRICS_TOKEN is required when METRICS_HOST is not a loopback address (the metrics would be open to anyone who reaches it)'];
  }
  return [];
}

/** What the wallet commands of the operator read: the chain, the hot wallet and, for some, the database. */
const WalletEnv = type({
  'NODE_ENV?': 'string',
  // Kept with every sweep; checked like `--operator`.
  'OPERATOR_NAME?': type(/^[\p{L}\p{N}][\p{L}\p{N} ._@-]{0,63}$/u).describe(
    '1 to 64 letters, digits, spaces, ".", "_", "@" or "-", starting with a letter or digit',
  ),
  'DATABASE_URL?': postgresUrl,
  ...CONNECTION_ENV,
  'DATA_DIR?': 'string > 0',
  ...TON_ENV,
});

export interface WalletSettings {
  production: boolean;
  /** OPERATOR_NAME: who runs the command, kept with a sweep (`--operator` overrides it). */
  operatorName: string | null;
  ton: TonConfig;
  /** Only when the command asked for the database. */
  database: DatabaseConfig | null;
}

/**
 * The chain and hot wallet settings alone, for the operator's wallet commands: no bot token or
 * session secret asked for. Production requires what the command says it needs: the seed when it
 * signs (else the seed or HOT_WALLET_ADDRESS), the toncenter key when it reads the chain,
 * DATABASE_URL when it reads the book (each defaults to needed); refuses the development seed and
 * the emulated chain.
 */
export function loadWalletSettings(
  env: EnvInput = process.env,
  options: { database: boolean; chain?: boolean; signs?: boolean; repoRoot?: string },
): WalletSettings {
  const present = presentVariables(env);
  const production = isProduction(present);
  const parsed = WalletEnv(present);
  const format = parsed instanceof type.errors ? formatProblems(parsed) : { problems: [], names: new Set<string>() };
  const knowsWallet = present.HOT_WALLET_SEED !== undefined || present.HOT_WALLET_ADDRESS !== undefined;
  const required = [
    ...(options.signs !== false ? ['HOT_WALLET_SEED'] : knowsWallet ? [] : ['HOT_WALLET_ADDRESS (or HOT_WALLET_SEED)']),
    ...(options.chain !== false ? ['TONCENTER_API_KEY'] : []),
    ...(options.database ? ['DATABASE_URL'] : []),
  ];
  const missing = production ? required.filter((name) => name.includes(' ') || present[name] === undefined) : [];
  const broken: string[] = [];
  if (production) {
    if (!format.names.has('TON_CHAIN') && present.TON_CHAIN === 'sandbox') broken.push('TON_CHAIN=sandbox is an emulated chain');
    if (!format.names.has('HOT_WALLET_SEED') && present.HOT_WALLET_SEED?.toLowerCase() === DEVELOPMENT_HOT_WALLET_SEED)
      broken.push('HOT_WALLET_SEED is the development seed');
  }
  const problems = [
    ...(missing.length > 0 ? [`missing ${missing.join(', ')}`] : []),
    ...format.problems,
    ...broken,
    ...(options.database ? connectionProblems(present) : []),
    ...hotWalletProblems(present, format.names, production, DEFAULT_HIGHLOAD_TIMEOUT),
  ];
  if (problems.length > 0 || parsed instanceof type.errors) throw refuse(production, problems);
  const repoRoot = options.repoRoot ?? findRepoRoot();
  return {
    production,
    operatorName: parsed.OPERATOR_NAME ?? null,
    ton: tonConfig(parsed, production),
    database: options.database
      ? {
          production,
          databaseUrl: parsed.DATABASE_URL ?? null,
          connections: connectionSettings(parsed),
          dataDir: resolve(parsed.DATA_DIR ?? join(repoRoot, '.data', 'pglite')),
        }
      : null,
  };
}

type TonEnvInput = Pick<
  typeof Env.infer,
  | 'TON_NETWORK'
  | 'TON_CHAIN'
  | 'TONCENTER_URL'
  | 'TONCENTER_API_KEY'
  | 'HOT_WALLET_SEED'
  | 'HOT_WALLET_ADDRESS'
  | 'WITHDRAWAL_SIGNER'
  | 'HIGHLOAD_TIMEOUT'
  | 'HOT_WALLET_FLOAT'
>;

function tonConfig(parsed: TonEnvInput, production: boolean): TonConfig {
  const network = parsed.TON_NETWORK ?? (production ? 'mainnet' : 'testnet');
  const withdrawalSigner = parsed.WITHDRAWAL_SIGNER !== 'off';
  // Development signs with its own seed unless told otherwise; production only with the one given.
  const seed = parsed.HOT_WALLET_SEED ?? (production || !withdrawalSigner ? null : DEVELOPMENT_HOT_WALLET_SEED);
  return {
    network,
    chain: parsed.TON_CHAIN ?? (production ? 'toncenter' : 'sandbox'),
    toncenterUrl: parsed.TONCENTER_URL ?? (network === 'mainnet' ? 'https://toncenter.com' : 'https://testnet.toncenter.com'),
    toncenterApiKey: parsed.TONCENTER_API_KEY ?? null,
    hotWalletSeed: seed === null ? null : seed.toLowerCase(),
    hotWalletAddress: parsed.HOT_WALLET_ADDRESS ?? null,
    withdrawalSigner,
    highloadTimeout: parsed.HIGHLOAD_TIMEOUT ?? DEFAULT_HIGHLOAD_TIMEOUT,
    hotWalletFloat: toNano(parsed.HOT_WALLET_FLOAT ?? DEFAULT_HOT_WALLET_FLOAT),
  };
}

/** BACKUP_DIR: where the backup service writes its dumps and `operator backup:verify` takes the newest (default /backups). */
export function backupDir(env: EnvInput = process.env): string {
  return resolve(presentVariables(env).BACKUP_DIR ?? '/backups');
}

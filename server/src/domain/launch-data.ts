import { createHmac, timingSafeEqual } from 'node:crypto';
import { type } from 'arktype';
import { productConfig } from './product-config';
import { DomainError } from './errors';

/**
 * Telegram Mini App launch data ("init data"): a query string signed by Telegram with the bot
 * token. Algorithm: core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app.
 */

/** Text the database can store: PostgreSQL refuses U+0000 in text (a 500 at login otherwise). */
const Text = type('string').narrow((text, ctx) => !text.includes('\u0000') || ctx.mustBe('text without a NUL character'));

/**
 * The user object inside launch data, as Telegram sends it (snake_case). Telegram's ids fit in
 * 52 bits; a larger one would lose digits as a JSON number and overflow the database's BIGINT.
 */
export const LaunchUser = type({
  id: type('number.integer > 0').atMost(Number.MAX_SAFE_INTEGER),
  'first_name?': Text,
  'last_name?': Text,
  'username?': Text,
  'photo_url?': Text,
  'language_code?': Text,
  'is_premium?': 'boolean',
  'allows_write_to_pm?': 'boolean',
  'added_to_attachment_menu?': 'boolean',
});
export type LaunchUser = typeof LaunchUser.infer;

export interface LaunchData {
  user: LaunchUser;
  authDate: Date;
  /** Only trustworthy because it is part of the signed data. */
  startParam: string | null;
}

export const launchDataMessages = {
  malformed: 'Malformed launch data',
  missingHash: 'Launch data has no hash',
  badSignature: 'Launch data signature is invalid',
  expired: 'Launch data has expired, reopen the app',
  fromTheFuture: 'Launch data is dated in the future',
  noUser: 'Launch data has no user',
  badUser: 'Launch data user is malformed',
} as const;

const HASH = /^[0-9a-f]{64}$/;
const AUTH_DATE = /^[1-9]\d{0,11}$/;

/** secret_key = HMAC-SHA256(key = "WebAppData", message = bot token). */
function secretKey(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest();
}

/** data_check_string: every field but `hash`, as `key=value`, sorted, joined by newlines. */
function dataCheckString(fields: ReadonlyMap<string, string>): string {
  return [...fields.entries()]
    .filter(([key]) => key !== 'hash')
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
}

function signFields(fields: ReadonlyMap<string, string>, botToken: string): string {
  return createHmac('sha256', secretKey(botToken)).update(dataCheckString(fields)).digest('hex');
}

function decode(part: string): string {
  // URLSearchParams semantics: '+' is a space, then percent-decoding (throws on a bad escape).
  return decodeURIComponent(part.replace(/\+/g, ' '));
}

/** Splits the raw query string into decoded fields; null when it is not a well-formed one. */
function parseFields(raw: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  for (const pair of raw.split('&')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) return null;
    let key: string;
    let value: string;
    try {
      key = decode(pair.slice(0, eq));
      value = decode(pair.slice(eq + 1));
    } catch {
      return null;
    }
    if (fields.has(key)) return null;
    fields.set(key, value);
  }
  return fields;
}

export interface ValidateOptions {
  now: Date;
  maxAgeSeconds?: number;
  maxFutureSeconds?: number;
}

/**
 * Validates the raw launch data string exactly as the app received it, and returns the signed
 * user and start parameter. Throws a DomainError: 'invalid' for malformed data,
 * 'unauthenticated' for a missing or wrong signature, stale or future data, or no user.
 */
export function validateLaunchData(raw: string, botToken: string, options: ValidateOptions): LaunchData {
  const maxAge = options.maxAgeSeconds ?? productConfig.launchData.maxAgeSeconds;
  const maxFuture = options.maxFutureSeconds ?? productConfig.launchData.maxFutureSeconds;

  const fields = parseFields(raw);
  if (!fields) throw new DomainError('invalid', launchDataMessages.malformed);

  const hash = fields.get('hash');
  if (!hash) throw new DomainError('unauthenticated', launchDataMessages.missingHash);

  const expected = Buffer.from(signFields(fields, botToken), 'hex');
  const received = HASH.test(hash) ? Buffer.from(hash, 'hex') : Buffer.alloc(0);
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
    throw new DomainError('unauthenticated', launchDataMessages.badSignature);
  }

  // From here on the data is Telegram's own (or our development signer's).
  const authDateText = fields.get('auth_date') ?? '';
  if (!AUTH_DATE.test(authDateText)) throw new DomainError('invalid', launchDataMessages.malformed);
  const authDateSeconds = Number(authDateText);
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  if (nowSeconds - authDateSeconds > maxAge) throw new DomainError('unauthenticated', launchDataMessages.expired);
  if (authDateSeconds - nowSeconds > maxFuture) throw new DomainError('unauthenticated', launchDataMessages.fromTheFuture);

  const userText = fields.get('user');
  if (userText === undefined) throw new DomainError('unauthenticated', launchDataMessages.noUser);
  let userJson: unknown;
  try {
    userJson = JSON.parse(userText);
  } catch {
    throw new DomainError('invalid', launchDataMessages.badUser);
  }
  const user = LaunchUser(userJson);
  if (user instanceof type.errors) throw new DomainError('invalid', launchDataMessages.badUser);

  return {
    user,
    authDate: new Date(authDateSeconds * 1000),
    startParam: fields.get('start_param') || null,
  };
}

/** What the development signer puts in launch data (besides auth_date and hash, which it adds). */
export interface SignableLaunchData {
  user: LaunchUser;
  startParam?: string | null;
  chatType?: string;
  chatInstance?: string;
  queryId?: string;
}

/**
 * Signs launch data the way Telegram does, for development and tests only: the server never
 * needs it in production, where Telegram signs.
 */
export function signLaunchData(data: SignableLaunchData, botToken: string, authDate: Date): string {
  const fields = new Map<string, string>();
  if (data.queryId) fields.set('query_id', data.queryId);
  fields.set('user', JSON.stringify(data.user));
  if (data.chatInstance) fields.set('chat_instance', data.chatInstance);
  if (data.chatType) fields.set('chat_type', data.chatType);
  if (data.startParam) fields.set('start_param', data.startParam);
  fields.set('auth_date', String(Math.floor(authDate.getTime() / 1000)));
  // Telegram's own Ed25519 signature for third parties; the host SDK refuses launch data
  // without the field, and only Telegram can fill it, so development launches leave it empty.
  fields.set('signature', '');
  fields.set('hash', signFields(fields, botToken));
  return new URLSearchParams([...fields.entries()]).toString();
}

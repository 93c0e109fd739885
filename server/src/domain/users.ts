import { randomBytes } from 'node:crypto';
import { createPlayerAccounts } from '../db/accounts';
import { isUniqueViolation, type Db, type Queryable } from '../db/db';
import { findUserIdByReferralCode, insertUser, refreshTelegramFields, type Lang, type TelegramFields } from '../db/users';
import type { LaunchData, LaunchUser } from './launch-data';
import { DomainError } from './errors';
import { productConfig } from './product-config';

/** 32 letters and digits without look-alikes (no 0/o, 1/l): URL-safe and valid in a start_param. */
const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const REFERRAL_CODE_CONSTRAINT = 'users_referral_code_key';
const CODE_ATTEMPTS = 5;

export function newReferralCode(length: number = productConfig.referral.codeLength): string {
  const bytes = randomBytes(length);
  let code = '';
  for (const byte of bytes) code += CODE_ALPHABET[byte & 31];
  return code;
}

/** The referral code in a signed start_param `r_<code>`, or null. */
export function referralCodeFromStartParam(startParam: string | null): string | null {
  const prefix = productConfig.referral.startParamPrefix;
  if (!startParam?.startsWith(prefix)) return null;
  const code = startParam.slice(prefix.length);
  return /^[a-z0-9]{1,32}$/.test(code) ? code : null;
}

/** Telegram languages whose speakers read Russian better than English. */
const RUSSIAN_READERS = new Set(['ru', 'uk', 'be', 'kk']);

/** The interface language for a launch data language_code ("uk", "en-US"): Russian for ru, uk, be and kk; English otherwise. */
export function langFromLanguageCode(code: string | null | undefined): Lang {
  const base = (code ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return RUSSIAN_READERS.has(base) ? 'ru' : 'en';
}

function telegramFields(user: LaunchUser): TelegramFields {
  return {
    firstName: user.first_name ?? '',
    lastName: user.last_name ?? null,
    username: user.username ?? null,
    photoUrl: user.photo_url ?? null,
    languageCode: user.language_code ?? null,
    launchLang: langFromLanguageCode(user.language_code),
    isPremium: user.is_premium ?? false,
    // Telegram sends these flags only when true.
    allowsWriteToPm: user.allows_write_to_pm ?? false,
    addedToAttachmentMenu: user.added_to_attachment_menu ?? false,
  };
}

export interface LoginResult {
  userId: bigint;
  created: boolean;
}

/**
 * Logs a player in from validated launch data: refreshes what Telegram says about them, or on
 * first sight creates them with their two zero balances and, from the signed start_param, their
 * referrer (an existing other player; recorded only now, never changed later).
 */
export async function logIn(db: Db, launch: LaunchData, now: Date): Promise<LoginResult> {
  const userId = BigInt(launch.user.id);
  const fields = telegramFields(launch.user);

  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        if (await refreshTelegramFields(tx, userId, fields, now)) return { userId, created: false };

        const referredBy = await findReferrer(tx, launch.startParam, userId);
        const created = await insertUser(tx, { id: userId, referralCode: newReferralCode(), referredBy, fields }, now);
        if (!created) {
          // Another login of the same new player committed first; this one is a plain login.
          await refreshTelegramFields(tx, userId, fields, now);
          return { userId, created: false };
        }
        await createPlayerAccounts(tx, userId);
        return { userId, created: true };
      });
    } catch (error) {
      // A freshly drawn referral code collided with an existing one: draw again.
      if (attempt < CODE_ATTEMPTS && isUniqueViolation(error, REFERRAL_CODE_CONSTRAINT)) continue;
      throw error;
    }
  }
}

async function findReferrer(tx: Queryable, startParam: string | null, newUserId: bigint): Promise<bigint | null> {
  const code = referralCodeFromStartParam(startParam);
  if (!code) return null;
  const referrerId = await findUserIdByReferralCode(tx, code);
  return referrerId !== null && referrerId !== newUserId ? referrerId : null;
}

export const accountMessages = {
  banned: 'Your account is blocked: money actions are not available',
  /** A valid session for a player the database does not know (e.g. after a reset): log in again. */
  unknown: 'Unknown player, log in again',
} as const;

/** Whether the database knows the player (a player is never deleted). */
export async function playerExists(db: Queryable, userId: bigint): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM users WHERE id = $1', [userId]);
  return rows.length > 0;
}

/** Refuses a blocked player's money action (DomainError 'forbidden', account.banned) before anything moves. */
export async function assertNotBanned(db: Queryable, userId: bigint, options: { lock?: boolean } = {}): Promise<void> {
  // With `lock`, the player's row is taken first, before any other row of the transaction: all of
  // one player's money transactions then queue in one order and cannot deadlock each other.
  const { rows } = await db.query<{ is_banned: boolean }>(
    options.lock ? 'SELECT is_banned FROM users WHERE id = $1 FOR NO KEY UPDATE' : 'SELECT is_banned FROM users WHERE id = $1',
    [userId],
  );
  if (rows[0]?.is_banned) throw new DomainError('forbidden', accountMessages.banned, 'account.banned');
}

import type { Queryable } from './db';

export type Lang = 'ru' | 'en';

export interface UserRow {
  id: bigint;
  first_name: string;
  last_name: string | null;
  username: string | null;
  photo_url: string | null;
  language_code: string | null;
  lang: Lang;
  lang_chosen: boolean;
  onboarding_completed: boolean;
  onboarding_wallet_completed: boolean;
  is_banned: boolean;
  allows_write_to_pm: boolean;
  notifications_muted: boolean;
  added_to_attachment_menu: boolean;
  is_premium: boolean;
  referral_code: string;
  referred_by: bigint | null;
  created_at: Date;
  last_login_at: Date;
}

/** What Telegram tells us about a player on every login. */
export interface TelegramFields {
  firstName: string;
  lastName: string | null;
  username: string | null;
  photoUrl: string | null;
  languageCode: string | null;
  /** The interface language the launch data's language_code points to (until the player chooses one). */
  launchLang: Lang;
  isPremium: boolean;
  allowsWriteToPm: boolean;
  addedToAttachmentMenu: boolean;
}

const telegramParams = (t: TelegramFields) =>
  [t.firstName, t.lastName, t.username, t.photoUrl, t.languageCode, t.isPremium, t.allowsWriteToPm, t.addedToAttachmentMenu] as const;

/**
 * Refreshes what Telegram says about an existing player, and their interface language unless they
 * chose one; false when there is no such player.
 */
export async function refreshTelegramFields(db: Queryable, id: bigint, fields: TelegramFields, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE users
        SET first_name = $2, last_name = $3, username = $4, photo_url = $5, language_code = $6,
            is_premium = $7, allows_write_to_pm = $8, added_to_attachment_menu = $9, last_login_at = $10,
            lang = CASE WHEN lang_chosen THEN lang ELSE $11 END
      WHERE id = $1`,
    [id, ...telegramParams(fields), now, fields.launchLang],
  );
  return rowCount > 0;
}

/** Inserts a new player; false when the id already exists (a concurrent first login won). */
export async function insertUser(
  db: Queryable,
  user: { id: bigint; referralCode: string; referredBy: bigint | null; fields: TelegramFields },
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO users (id, first_name, last_name, username, photo_url, language_code, is_premium,
                        allows_write_to_pm, added_to_attachment_menu, referral_code, referred_by,
                        created_at, last_login_at, lang)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13)
     ON CONFLICT (id) DO NOTHING
     RETURNING id`,
    [user.id, ...telegramParams(user.fields), user.referralCode, user.referredBy, now, user.fields.launchLang],
  );
  return rows.length > 0;
}

export async function findUserIdByReferralCode(db: Queryable, code: string): Promise<bigint | null> {
  const { rows } = await db.query<{ id: bigint }>('SELECT id FROM users WHERE referral_code = $1', [code]);
  return rows[0]?.id ?? null;
}

export interface ProfileRow extends UserRow {
  ton_balance: bigint;
  bonus_balance: bigint;
}

export async function findProfile(db: Queryable, id: bigint): Promise<ProfileRow | null> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT u.*,
            COALESCE(ton.balance, 0) AS ton_balance,
            COALESCE(bonus.balance, 0) AS bonus_balance
       FROM users u
       LEFT JOIN accounts ton ON ton.user_id = u.id AND ton.kind = 'ton'
       LEFT JOIN accounts bonus ON bonus.user_id = u.id AND bonus.kind = 'bonus'
      WHERE u.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Returns false when there is no such player. */
export async function markOnboardingCompleted(db: Queryable, id: bigint): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE users SET onboarding_completed = true WHERE id = $1', [id]);
  return rowCount > 0;
}

/** The player's own choice of language: from now on it wins over the launch data. False when there is no such player. */
export async function setLang(db: Queryable, id: bigint, lang: Lang): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE users SET lang = $2, lang_chosen = true WHERE id = $1', [id, lang]);
  return rowCount > 0;
}

/** On: the host has just granted write access. Off: the player's choice, kept across logins. */
export async function setNotifications(db: Queryable, id: bigint, enabled: boolean): Promise<void> {
  await db.query(
    enabled
      ? 'UPDATE users SET allows_write_to_pm = true, notifications_muted = false WHERE id = $1'
      : 'UPDATE users SET notifications_muted = true WHERE id = $1',
    [id],
  );
}

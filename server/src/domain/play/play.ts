import type { PlayLimitKind, PlayPauseLength, PlayState } from '@arcade/api-client/play';
import { playLimitKinds } from '@arcade/api-client/play';
import { fromNano, toNano } from '@arcade/api-client/money';
import type { Db, Queryable } from '../../db/db';
import { actingAs } from '../actor';
import { DomainError } from '../errors';
import { productConfig } from '../product-config';
import { lockInOrder, post, withIdempotencyKey, type MoneyKey } from '../ledger';

/**
 * Responsible play (issue 20): the player's own limits, pauses, reality check and 18+ confirmation.
 *
 * Where each rule is enforced:
 * - bets: in the bet function (migration 026's arcade_bets), under the player's row lock, before
 *   any money moves: 18+, no pause, the loss limits, the session's wager limit;
 * - deposit requests (walletDeposit, the test deposit): checkDepositRequest, here;
 * - deposit credits (the chain watcher): splitDeposit, here: the money is credited all the same,
 *   the part that arrives during a pause or beyond a deposit limit to the player's locked account;
 * - withdrawals take the locked balance first (withdrawals.ts): it is the player's money. They stay
 *   open during any pause;
 * - promotions: assertMayReceivePromotion, here, under the player's row lock in the transaction that
 *   would move the money, so a pause and a claim are one after the other, never both: the daily
 *   reward (daily.ts claimDaily), task rewards (tasks.ts claimTask), referral claims (referral.ts
 *   claimReferral) and every bonus grant made from TypeScript (bonus.ts grantBonus, which the
 *   daily reward and tasks go through). Refused with the codes bets use (play.paused, play.excluded);
 * - referral commissions a paused or self-excluded player earns from the play of the players they
 *   invited still accrue to their referral account (the bet function credits it): they are the
 *   player's money, but they cannot be claimed to the TON balance until the pause ends (after
 *   self-exclusion, only once an operator lifts it);
 * - the bet function's own achievement rewards (arcade_bets): none while a pause is in force; a
 *   road round's end, allowed during a pause, is counted but not rewarded.
 *
 * Windows: every limit counts over UTC calendar windows (day from 00:00 UTC, week from Monday
 * 00:00 UTC, month from the 1st): deposits, losses and wagers. A sign-in starts nothing again (a
 * limit counted from the latest sign-in was escaped by opening the app anew). The session the app
 * shows (PlayState.session, the reality check) is information only, from the latest sign-in.
 */

const HOUR_MS = 3_600_000;
/** How long a raise or a removal of a limit waits before it is in force. */
export const LIMIT_RAISE_DELAY_MS = productConfig.responsiblePlay.limitRaiseDelayHours * HOUR_MS;

/** "2026-11-27 08:00 UTC": how a message names a moment. */
const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export const playMessages = {
  ageUnconfirmed: 'Confirm that you are 18 or older before you play',
  paused: (until: Date) => `You paused your play until ${when(until)}: bets and deposits are closed until then`,
  excluded: 'You excluded yourself from play: bets and deposits are closed. You can still withdraw your balance',
  lossLimit: (left: bigint) => `This stake goes beyond your loss limit: ${fromNano(left)} TON left`,
  wagerLimit: (left: bigint) => `This stake goes beyond your wager limit: ${fromNano(left)} TON left`,
  depositLimit: (left: bigint) => `This deposit goes beyond your deposit limit: ${fromNano(left)} TON left`,
  pauseShorter: 'A pause cannot be shortened: choose a longer one',
  promotionsPaused: (until: Date) =>
    `You paused your play until ${when(until)}: bonuses, rewards and referral claims are closed until then`,
  promotionsExcluded:
    'You excluded yourself from play: bonuses, rewards and referral claims are closed. You can still withdraw your balance',
  limitMax: `A limit can be at most ${fromNano(productConfig.responsiblePlay.maxLimitNano)} TON`,
} as const;

interface SettingsRow {
  age_confirmed_at: Date | null;
  reality_check_minutes: number | null;
  pause_kind: 'cool-off' | 'self-exclusion' | null;
  pause_started_at: Date | null;
  pause_until: Date | null;
  session_started_at: Date | null;
}

interface LimitRow {
  kind: PlayLimitKind;
  amount: bigint | null;
  pending: boolean;
  pending_amount: bigint | null;
  pending_at: Date | null;
}

/** The pause in force at `now`, if any (a cool-off that ended is none). */
export type Pause = { kind: 'cool-off'; startedAt: Date; until: Date } | { kind: 'self-exclusion'; startedAt: Date; until: null };

function pauseOf(row: SettingsRow | undefined, now: Date): Pause | null {
  if (!row?.pause_kind || !row.pause_started_at) return null;
  if (row.pause_kind === 'self-exclusion') return { kind: 'self-exclusion', startedAt: row.pause_started_at, until: null };
  if (!row.pause_until || row.pause_until <= now) return null;
  return { kind: 'cool-off', startedAt: row.pause_started_at, until: row.pause_until };
}

/** The limit a row holds in force at `now` (a pending change whose time came is in force). */
function inForce(row: LimitRow | undefined, now: Date): bigint | null {
  if (!row) return null;
  return row.pending && row.pending_at && row.pending_at <= now ? row.pending_amount : row.amount;
}

async function settingsOf(db: Queryable, userId: bigint): Promise<SettingsRow | undefined> {
  const { rows } = await db.query<SettingsRow>(
    `SELECT age_confirmed_at, reality_check_minutes, pause_kind, pause_started_at, pause_until, session_started_at
       FROM play_settings WHERE user_id = $1`,
    [userId],
  );
  return rows[0];
}

async function limitsOf(db: Queryable, userId: bigint): Promise<Map<PlayLimitKind, LimitRow>> {
  const { rows } = await db.query<LimitRow>(
    'SELECT kind, amount, pending, pending_amount, pending_at FROM play_limits WHERE user_id = $1',
    [userId],
  );
  return new Map(rows.map((row) => [row.kind, row]));
}

async function ensureSettings(tx: Queryable, userId: bigint): Promise<void> {
  await tx.query('INSERT INTO play_settings (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [userId]);
}

/** Takes the player's row lock: the bet function and every play change queue behind it. */
async function lockPlayer(tx: Queryable, userId: bigint): Promise<void> {
  await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
}

const DEPOSIT_WINDOWS = [
  ['deposit-day', 'day'],
  ['deposit-week', 'week'],
  ['deposit-month', 'month'],
] as const;
const LOSS_WINDOWS = [
  ['loss-day', 'day'],
  ['loss-week', 'week'],
  ['loss-month', 'month'],
] as const;
const WAGER_WINDOWS = [
  ['wager-day', 'day'],
  ['wager-week', 'week'],
  ['wager-month', 'month'],
] as const;

/** TON that reached the playable balance since `window`'s start: deposits and locked money released. */
async function depositedIn(db: Queryable, userId: bigint, window: 'day' | 'week' | 'month', now: Date): Promise<bigint> {
  const { rows } = await db.query<{ total: bigint }>(
    `SELECT COALESCE(SUM(j.amount), 0)::bigint AS total
       FROM ledger_transactions t
       JOIN journal_entries j ON j.transaction_id = t.id
       JOIN accounts a ON a.id = j.account_id AND a.user_id = $1 AND a.kind = 'ton'
      WHERE t.user_id = $1 AND t.kind IN ('deposit', 'play_release') AND t.created_at >= arcade_play_window($2, $3)`,
    [userId, window, now],
  );
  return rows[0]?.total ?? 0n;
}

/** What the deposit limits leave to credit to the playable balance now (null: no deposit limit). */
async function depositRoom(db: Queryable, userId: bigint, limits: Map<PlayLimitKind, LimitRow>, now: Date): Promise<bigint | null> {
  let room: bigint | null = null;
  for (const [kind, window] of DEPOSIT_WINDOWS) {
    const limit = inForce(limits.get(kind), now);
    if (limit === null) continue;
    const left = limit - (await depositedIn(db, userId, window, now));
    const clamped = left > 0n ? left : 0n;
    room = room === null || clamped < room ? clamped : room;
  }
  return room;
}

async function lockedBalanceOf(db: Queryable, userId: bigint): Promise<bigint> {
  const { rows } = await db.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'locked'", [userId]);
  return rows[0]?.balance ?? 0n;
}

/** The player's responsible-play state as the app shows it. */
export async function readPlayState(db: Queryable, userId: bigint, now: Date): Promise<PlayState> {
  const [settings, limits, locked] = await Promise.all([settingsOf(db, userId), limitsOf(db, userId), lockedBalanceOf(db, userId)]);
  const sessionStart = settings?.session_started_at ?? now;
  const session = await db.query<{ wagered: bigint; net: bigint }>(
    `SELECT COALESCE(SUM(stake), 0)::bigint AS wagered, COALESCE(SUM(payout - stake), 0)::bigint AS net
       FROM game_rounds WHERE user_id = $1 AND created_at >= $2`,
    [userId, sessionStart],
  );
  const used = async (kind: PlayLimitKind): Promise<bigint> => {
    const deposit = DEPOSIT_WINDOWS.find(([k]) => k === kind);
    if (deposit) return depositedIn(db, userId, deposit[1], now);
    const loss = LOSS_WINDOWS.find(([k]) => k === kind);
    if (loss) {
      const { rows } = await db.query<{ lost: bigint }>('SELECT arcade_play_lost($1, arcade_play_window($2, $3)) AS lost', [
        userId,
        loss[1],
        now,
      ]);
      return rows[0]?.lost ?? 0n;
    }
    const wager = WAGER_WINDOWS.find(([k]) => k === kind);
    if (!wager) throw new Error(`no window for the limit ${kind}`);
    const { rows } = await db.query<{ wagered: bigint }>('SELECT arcade_play_wagered($1, arcade_play_window($2, $3)) AS wagered', [
      userId,
      wager[1],
      now,
    ]);
    return rows[0]?.wagered ?? 0n;
  };
  const pause = pauseOf(settings, now);
  return {
    limits: await Promise.all(
      playLimitKinds.map(async (kind) => {
        const row = limits.get(kind);
        const amount = inForce(row, now);
        const waiting = row?.pending && row.pending_at && row.pending_at > now;
        return {
          kind,
          amount: amount === null ? null : fromNano(amount),
          used: fromNano(await used(kind)),
          pending: waiting
            ? { amount: row.pending_amount === null ? null : fromNano(row.pending_amount), effectiveAt: row.pending_at!.toISOString() }
            : null,
        };
      }),
    ),
    pause: pause && { kind: pause.kind, startedAt: pause.startedAt.toISOString(), until: pause.until?.toISOString() ?? null },
    realityCheckMinutes: settings?.reality_check_minutes ?? null,
    ageConfirmedAt: settings?.age_confirmed_at?.toISOString() ?? null,
    lockedBalance: fromNano(locked),
    session: {
      startedAt: sessionStart.toISOString(),
      wagered: fromNano(session.rows[0]?.wagered ?? 0n),
      net: fromNano(session.rows[0]?.net ?? 0n),
    },
  };
}

/**
 * Moves locked TON to the playable balance once no pause is in force, as far as the deposit
 * limits leave room (the release counts as a deposit in their windows). A self-excluded player's
 * stays locked (withdrawable only). Runs inside the caller's transaction, as the player.
 */
async function releaseLocked(tx: Queryable, userId: bigint, now: Date): Promise<void> {
  const locked = await lockedBalanceOf(tx, userId);
  if (locked === 0n) return;
  await lockInOrder(tx, {
    users: [userId],
    accounts: [{ account: { user: userId, kind: 'locked' } }, { account: { user: userId, kind: 'ton' } }],
  });
  const settings = await settingsOf(tx, userId);
  if (pauseOf(settings, now)) return;
  const held = await lockedBalanceOf(tx, userId);
  const room = await depositRoom(tx, userId, await limitsOf(tx, userId), now);
  const amount = room === null || room > held ? held : room;
  if (amount <= 0n) return;
  await post(tx, {
    kind: 'play_release',
    userId,
    reference: `play-release:${userId}:${now.getTime()}`,
    postings: [
      { account: { user: userId, kind: 'locked' }, amount: -amount },
      { account: { user: userId, kind: 'ton' }, amount },
    ],
  });
}

/** The state call: first releases what a pause that ended, or a deposit window that turned, frees. */
export async function playState(db: Db, userId: bigint, now: Date): Promise<PlayState> {
  return db.transaction(async (tx) => {
    await releaseLocked(tx, userId, now);
    return readPlayState(tx, userId, now);
  });
}

/** A sign-in starts a new session the app shows (the reality check's figures); no limit counts from it. */
export async function startPlaySession(db: Queryable, userId: bigint, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO play_settings (user_id, session_started_at) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET session_started_at = EXCLUDED.session_started_at`,
    [userId, now],
  );
}

/**
 * Sets, lowers, raises or removes a limit. A first limit and a lower one are in force at once; a
 * raise or a removal waits productConfig's limitRaiseDelayHours (shown as pending), and asking again replaces what waits.
 */
export function setPlayLimit(
  db: Db,
  input: { userId: bigint; kind: PlayLimitKind; amount: string | null; money: MoneyKey; now: Date },
): Promise<PlayState> {
  const { userId, kind, now } = input;
  const wanted = input.amount === null ? null : toNano(input.amount);
  if (wanted !== null && wanted > productConfig.responsiblePlay.maxLimitNano)
    throw new DomainError('invalid', playMessages.limitMax, 'play.limit.max');
  return withIdempotencyKey(db, input.money, async (tx) => {
    await lockPlayer(tx, userId);
    await ensureSettings(tx, userId);
    const current = inForce((await limitsOf(tx, userId)).get(kind), now);
    const atOnce = wanted !== null && (current === null || wanted <= current);
    if (atOnce) {
      await tx.query(
        `INSERT INTO play_limits (user_id, kind, amount) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, kind) DO UPDATE SET amount = EXCLUDED.amount, pending = false, pending_amount = NULL, pending_at = NULL`,
        [userId, kind, wanted],
      );
    } else if (current === null) {
      // No limit, none asked for: nothing waits any more.
      await tx.query('DELETE FROM play_limits WHERE user_id = $1 AND kind = $2', [userId, kind]);
    } else {
      await tx.query(
        `INSERT INTO play_limits (user_id, kind, amount, pending, pending_amount, pending_at) VALUES ($1, $2, $3, true, $4, $5)
         ON CONFLICT (user_id, kind) DO UPDATE
           SET amount = EXCLUDED.amount, pending = true, pending_amount = EXCLUDED.pending_amount, pending_at = EXCLUDED.pending_at`,
        [userId, kind, current, wanted, new Date(now.getTime() + LIMIT_RAISE_DELAY_MS)],
      );
    }
    return readPlayState(tx, userId, now);
  });
}

/**
 * A cool-off (productConfig's pauseHours) or self-exclusion ('permanent'). It cannot be shortened or
 * ended by the player; a longer one replaces a shorter one; asking for the same end again is harmless.
 */
export function pausePlay(db: Db, input: { userId: bigint; length: PlayPauseLength; money: MoneyKey; now: Date }): Promise<PlayState> {
  const { userId, length, now } = input;
  return withIdempotencyKey(db, input.money, async (tx) => {
    await lockPlayer(tx, userId);
    await ensureSettings(tx, userId);
    const current = pauseOf(await settingsOf(tx, userId), now);
    if (length === 'permanent') {
      if (current?.kind !== 'self-exclusion') {
        await tx.query(
          "UPDATE play_settings SET pause_kind = 'self-exclusion', pause_started_at = $2, pause_until = NULL WHERE user_id = $1",
          [userId, now],
        );
      }
    } else {
      const until = new Date(now.getTime() + productConfig.responsiblePlay.pauseHours[length] * HOUR_MS);
      if (current && (current.until === null || current.until > until)) {
        throw new DomainError('conflict', playMessages.pauseShorter, 'play.pause.shorter');
      }
      await tx.query("UPDATE play_settings SET pause_kind = 'cool-off', pause_started_at = $2, pause_until = $3 WHERE user_id = $1", [
        userId,
        current?.startedAt ?? now,
        until,
      ]);
    }
    return readPlayState(tx, userId, now);
  });
}

/** Reminds the player every so many minutes of play (null: never). */
export async function setRealityCheck(db: Db, userId: bigint, minutes: number | null, now: Date): Promise<PlayState> {
  return db.transaction(async (tx) => {
    await ensureSettings(tx, userId);
    await tx.query('UPDATE play_settings SET reality_check_minutes = $2 WHERE user_id = $1', [userId, minutes]);
    return readPlayState(tx, userId, now);
  });
}

/** The player confirms being 18 or older; the first time is kept. */
export async function confirmAge(db: Db, userId: bigint, now: Date): Promise<PlayState> {
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO play_settings (user_id, age_confirmed_at) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET age_confirmed_at = COALESCE(play_settings.age_confirmed_at, EXCLUDED.age_confirmed_at)`,
      [userId, now],
    );
    return readPlayState(tx, userId, now);
  });
}

/** Refuses a pause in force with its message: what it closes, bets and deposits or promotions. */
function refusePause(pause: Pause | null, closes: 'play' | 'promotions' = 'play'): void {
  const promotions = closes === 'promotions';
  if (pause?.kind === 'self-exclusion') {
    throw new DomainError('forbidden', promotions ? playMessages.promotionsExcluded : playMessages.excluded, 'play.excluded');
  }
  if (pause) {
    throw new DomainError('forbidden', (promotions ? playMessages.promotionsPaused : playMessages.paused)(pause.until), 'play.paused');
  }
}

/** The pause in force at `now`, if any. Read without the lock: for what the app shows, never for a refusal. */
export async function pauseInForce(db: Queryable, userId: bigint, now: Date): Promise<Pause | null> {
  return pauseOf(await settingsOf(db, userId), now);
}

/**
 * The one rule for promotions: no bonus, reward or referral claim reaches a player during a
 * cool-off or after self-exclusion. Runs first in the transaction that would move the money: takes
 * the player's row lock (the bet function's, and pausePlay's) before it reads the pause, so a pause
 * that commits first is seen, and one asked meanwhile waits until this transaction is done.
 */
export async function assertMayReceivePromotion(tx: Queryable, userId: bigint, now: Date): Promise<void> {
  await lockPlayer(tx, userId);
  refusePause(pauseOf(await settingsOf(tx, userId), now), 'promotions');
}

/**
 * Demo play moves no money, but it is the same game: a cool-off or a self-exclusion closes it too
 * (a break from betting is not an invitation to practise). No lock: a demo round risks nothing a
 * pause committing meanwhile would protect.
 */
export async function assertMayPlayDemo(db: Queryable, userId: bigint, now: Date): Promise<void> {
  refusePause(pauseOf(await settingsOf(db, userId), now));
}

/** A deposit request (the TON Connect transfer, the test deposit): refused during a pause or beyond a deposit limit. */
export async function checkDepositRequest(db: Queryable, userId: bigint, amount: bigint, now: Date): Promise<void> {
  refusePause(pauseOf(await settingsOf(db, userId), now));
  const room = await depositRoom(db, userId, await limitsOf(db, userId), now);
  if (room !== null && amount > room) throw new DomainError('conflict', playMessages.depositLimit(room), 'play.limit.deposit');
}

/**
 * How an arriving deposit is credited, inside the crediting transaction: all of it playable, or,
 * during a pause or beyond a deposit limit, the part past the limit (all of it in a pause) locked.
 * Takes the player's row lock, so limits changed meanwhile wait for it.
 */
export async function splitDeposit(
  tx: Queryable,
  userId: bigint,
  amount: bigint,
  now: Date,
): Promise<{ playable: bigint; locked: bigint }> {
  await lockPlayer(tx, userId);
  if (pauseOf(await settingsOf(tx, userId), now)) return { playable: 0n, locked: amount };
  const room = await depositRoom(tx, userId, await limitsOf(tx, userId), now);
  const playable = room === null || room >= amount ? amount : room;
  return { playable, locked: amount - playable };
}

/** The refusal of a bet the bet function turned down for responsible play, with what the player needs to know. */
export async function betRefusal(db: Queryable, userId: bigint, reason: 'age' | 'paused' | 'excluded' | 'loss' | 'wager', now: Date) {
  switch (reason) {
    case 'age':
      return new DomainError('forbidden', playMessages.ageUnconfirmed, 'play.age-unconfirmed');
    case 'excluded':
      return new DomainError('forbidden', playMessages.excluded, 'play.excluded');
    case 'paused': {
      const pause = pauseOf(await settingsOf(db, userId), now);
      return new DomainError('forbidden', playMessages.paused(pause?.until ?? now), 'play.paused');
    }
    case 'loss':
    case 'wager': {
      const fn = reason === 'loss' ? 'arcade_play_loss_room' : 'arcade_play_wager_room';
      const { rows } = await db.query<{ room: bigint | null }>(`SELECT ${fn}($1, $2) AS room`, [userId, now]);
      const room = rows[0]?.room ?? 0n;
      const left = room > 0n ? room : 0n;
      return reason === 'loss'
        ? new DomainError('conflict', playMessages.lossLimit(left), 'play.limit.loss')
        : new DomainError('conflict', playMessages.wagerLimit(left), 'play.limit.wager');
    }
  }
}

export interface ExclusionLift {
  userId: bigint;
  excludedAt: Date;
  operator: string;
  reason: string;
  liftedAt: Date;
}

/**
 * Lifts a player's self-exclusion: only an operator may, and the lift is recorded (who, when,
 * why). The locked balance is released by the player's next state call, as after a cool-off.
 */
export function liftSelfExclusion(db: Db, input: { userId: bigint; operator: string; reason: string; now: Date }): Promise<ExclusionLift> {
  const operator = input.operator.trim();
  const reason = input.reason.trim();
  if (!operator) throw new Error('Say who lifts the self-exclusion (--operator)');
  if (!reason) throw new Error('Say why the self-exclusion is lifted (--reason)');
  return actingAs({ job: 'operator' }, () =>
    db.transaction(async (tx) => {
      await lockPlayer(tx, input.userId);
      const settings = await settingsOf(tx, input.userId);
      if (settings?.pause_kind !== 'self-exclusion' || !settings.pause_started_at) {
        throw new Error(`player ${input.userId} is not self-excluded`);
      }
      await tx.query('UPDATE play_settings SET pause_kind = NULL, pause_started_at = NULL, pause_until = NULL WHERE user_id = $1', [
        input.userId,
      ]);
      await tx.query('INSERT INTO play_exclusion_lifts (user_id, excluded_at, operator, reason, lifted_at) VALUES ($1, $2, $3, $4, $5)', [
        input.userId,
        settings.pause_started_at,
        operator,
        reason,
        input.now,
      ]);
      return { userId: input.userId, excludedAt: settings.pause_started_at, operator, reason, liftedAt: input.now };
    }),
  );
}

import { createHash } from 'node:crypto';
import type { Balance } from '@arcade/api-client/schemas';
import { fromNano } from '@arcade/api-client/money';
import { IDEMPOTENCY_KEY_FORM } from '@arcade/api-client/wallet';
import type { PlayerAccountKind } from '../db/accounts';
import { isUniqueViolation, type Db, type Queryable } from '../db/db';
import { actorColumns, currentActor, SYSTEM_PLAYER_DEBITS } from './actor';
import { DomainError } from './errors';

export type SystemAccount =
  | 'house'
  | 'deposits'
  | 'withdrawals_pending'
  | 'withdrawals_paid'
  | 'withdrawal_fees'
  | 'bonus_pool'
  | 'referral_pool'
  | 'market_fees'
  | 'gift_fees';

export type AccountRef = { user: bigint; kind: PlayerAccountKind } | { system: SystemAccount };

/** One line of a movement: a positive amount credits the account, a negative one debits it. */
export interface Posting {
  account: AccountRef;
  amount: bigint;
}

export interface Movement {
  /** What kind of movement this is, in the book's words: deposit, withdrawal, bet, payout, reward... */
  kind: string;
  /** The player the movement belongs to, for their history. */
  userId?: bigint;
  /** What the movement is about; a kind can be posted once per reference. */
  reference?: string;
  postings: Posting[];
}

export interface Posted {
  transactionId: bigint;
  /** Balance after the movement of every account it touched, by account id. */
  balances: Map<bigint, bigint>;
}

export const ledgerMessages = {
  insufficient: 'Insufficient balance',
  duplicate: 'This movement was already recorded',
  keyReused: 'This idempotency key was already used for a different request',
  badKey: 'idempotencyKey must be 8 to 100 letters, digits, "-", "_" or ":"',
  requestTooDeep: 'The request is nested too deeply',
  requestTooLarge: 'The request is too large',
} as const;

/** A player's TON and bonus balances, as every money call answers them (an account not made yet holds zero). */
export async function balanceOf(db: Queryable, userId: bigint): Promise<Balance> {
  const { rows } = await db.query<{ kind: PlayerAccountKind; balance: bigint }>(
    "SELECT kind, balance FROM accounts WHERE user_id = $1 AND kind IN ('ton', 'bonus')",
    [userId],
  );
  const of = (kind: PlayerAccountKind) => fromNano(rows.find((r) => r.kind === kind)?.balance ?? 0n);
  return { ton: of('ton'), bonusTon: of('bonus') };
}

/**
 * System accounts that nearly every bet touches ('house', 'bonus_pool') are split into this many
 * rows (migration 009), so transactions in flight at once do not queue behind one row lock. Which
 * row a movement moves is decided in SQL only (arcade_shard): the transaction's database session
 * picks it, so a batch of bets writes one house row and one bonus pool row.
 */
export const SYSTEM_SHARDS = 16;

/** Where a posting's account is, as arcade_post and arcade_lock_accounts name it: a system account's name, or a player's kind and id. */
const accountName = (ref: AccountRef): string => ('system' in ref ? ref.system : ref.kind);
const accountOwner = (ref: AccountRef): bigint | null => ('system' in ref ? null : ref.user);

/** A PostgreSQL array literal of names and ids (none holds a quote or a backslash); null is SQL's NULL. */
const sqlArray = (items: ReadonlyArray<string | bigint | null>): string =>
  `{${items.map((item) => (item === null ? 'NULL' : `"${item}"`)).join(',')}}`;

/** An account a transaction will move, as a posting names it with its movement's player (for the shard). */
export interface AccountToLock {
  account: AccountRef;
  /** The player of the movement that will move it: picks the row of a sharded system account. */
  userId?: bigint;
}

/**
 * Takes, at the start of a transaction, every row lock it will need, in the book's one order
 * (docs/locks.md): the users rows by id, then the accounts as arcade_lock_accounts orders them
 * (system rows by code, then the players' accounts by user id and kind), the same function the
 * bet function and arcade_post lock with. A transaction that takes all its locks here first can
 * deadlock neither with a batch nor with another such transaction; post() then only re-locks rows
 * it holds. (Rows outside the book, a listing, a round, may be locked before: the bet function
 * locks none of them.) A player's referral or locked account that does not exist yet is made there.
 */
export async function lockInOrder(tx: Queryable, plan: { users?: bigint[]; accounts: AccountToLock[] }): Promise<void> {
  const users = [...new Set(plan.users ?? [])];
  if (users.length > 0)
    await tx.query('SELECT 1 FROM users WHERE id = ANY ($1::bigint[]) ORDER BY id FOR NO KEY UPDATE', [sqlArray(users)]);
  if (plan.accounts.length === 0) return;
  await tx.query('SELECT 1 FROM arcade_lock_accounts($1::text[], $2::bigint[], $3::bigint[], $4::integer)', [
    sqlArray(plan.accounts.map(({ account }) => accountName(account))),
    sqlArray(plan.accounts.map(({ account }) => accountOwner(account))),
    sqlArray(plan.accounts.map(({ account, userId }) => ('system' in account ? (userId ?? null) : null))),
    SYSTEM_SHARDS,
  ]);
}

/** The SQLSTATE arcade_post refuses a posting with that would take a player's balance below zero. */
const INSUFFICIENT = 'LD001';

/** One movement through the book's one writer (arcade_post): a batch of one. */
const POST_ONE = `SELECT transaction_id, account_id, balance_after
  FROM arcade_post(ARRAY[$1::text], ARRAY[$2::bigint], ARRAY[$3::text], NULL, ARRAY[$4::bigint], ARRAY[$5::text],
                   array_fill(1, ARRAY[cardinality($6::text[])]), $6::text[], $7::bigint[], $8::bigint[], $9::integer)`;

/**
 * Posts one balanced movement inside the caller's transaction: the balances and their journal
 * rows change together or not at all. arcade_post checks it (two postings or more, none zero,
 * summing to zero), locks its rows in the book's order, and refuses with 'Insufficient balance'
 * (rolling the whole transaction back) a posting that would take a player's balance below zero.
 * The movement records its actor, the player of the verified session or the system job whose work
 * this is (actor.ts); it cannot be posted outside one.
 */
export async function post(tx: Queryable, movement: Movement): Promise<Posted> {
  const { postings } = movement;
  const actor = actorColumns(currentActor());
  let rows: Array<{ transaction_id: bigint; account_id: bigint; balance_after: bigint }>;
  try {
    ({ rows } = await tx.query<{ transaction_id: bigint; account_id: bigint; balance_after: bigint }>(POST_ONE, [
      movement.kind,
      movement.userId ?? null,
      movement.reference ?? null,
      actor.playerId,
      actor.job,
      sqlArray(postings.map((posting) => accountName(posting.account))),
      sqlArray(postings.map((posting) => accountOwner(posting.account))),
      sqlArray(postings.map((posting) => posting.amount)),
      SYSTEM_SHARDS,
    ]));
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', ledgerMessages.duplicate);
    if ((error as { code?: unknown } | null)?.code === INSUFFICIENT) throw new DomainError('conflict', ledgerMessages.insufficient);
    throw error;
  }
  const balances = new Map<bigint, bigint>();
  for (const row of rows) balances.set(row.account_id, row.balance_after);
  return { transactionId: rows[0]!.transaction_id, balances };
}

/** The most a fingerprinted request may hold: a declared request is far smaller (a cart of 20 is about 1.5 KB). */
const FINGERPRINT_MAX_DEPTH = 6;
const FINGERPRINT_MAX_BYTES = 16 * 1024;

/**
 * A stable fingerprint of a request: the same call with the same fields, in any key order. It is
 * bounded (depth and size), as it is taken of a client's request: past the bounds it is a refusal.
 */
export function requestFingerprint(call: string, request: unknown): string {
  const canonical = (value: unknown, depth: number): unknown => {
    if (depth > FINGERPRINT_MAX_DEPTH) throw new DomainError('invalid', ledgerMessages.requestTooDeep);
    if (Array.isArray(value)) return value.map((inner) => canonical(inner, depth + 1));
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([name]) => name !== 'idempotencyKey')
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([name, inner]) => [name, canonical(inner, depth + 1)]),
      );
    }
    return typeof value === 'bigint' ? value.toString() : value;
  };
  const text = JSON.stringify(canonical(request, 0)) ?? 'null';
  if (text.length > FINGERPRINT_MAX_BYTES) throw new DomainError('invalid', ledgerMessages.requestTooLarge);
  return createHash('sha256').update(call).update('\n').update(text).digest('hex');
}

export interface MoneyCall {
  userId: bigint;
  /** The call's name, e.g. 'withdraw'. */
  call: string;
  idempotencyKey: string;
  request: unknown;
}

/**
 * A money call's idempotency key, checked, with the fingerprint of the request it was sent with.
 * The HTTP layer makes it from the verified session and the declared request before the handler
 * runs (routes/call.ts), so a key is refused or matched before any money can move.
 */
export interface MoneyKey {
  userId: bigint;
  call: string;
  idempotencyKey: string;
  fingerprint: string;
}

/** Checks a money call's idempotency key and returns its request's fingerprint. */
export function moneyCallFingerprint(call: Pick<MoneyCall, 'call' | 'idempotencyKey' | 'request'>): string {
  if (!IDEMPOTENCY_KEY_FORM.test(call.idempotencyKey)) throw new DomainError('invalid', ledgerMessages.badKey);
  return requestFingerprint(call.call, call.request);
}

/** Checks a money call's key and fingerprints its request (the request's own key left out). */
export function moneyKey(call: MoneyCall): MoneyKey {
  return { userId: call.userId, call: call.call, idempotencyKey: call.idempotencyKey, fingerprint: moneyCallFingerprint(call) };
}

/**
 * The key of one part of a multi-part money call (an item of a cart): made by the server, never
 * checked against the client's key syntax, and unable to collide with a client's key ('/' is not
 * in it). Its fingerprint covers the whole call's and the part's.
 */
export function partKey(whole: MoneyKey, part: string, request: unknown): MoneyKey {
  return {
    userId: whole.userId,
    call: `${whole.call}/part`,
    idempotencyKey: `${whole.idempotencyKey}/${part}`,
    fingerprint: requestFingerprint(`${whole.call}/part\n${whole.fingerprint}`, request),
  };
}

const isMoneyKey = (call: MoneyCall | MoneyKey): call is MoneyKey => 'fingerprint' in call;

/** What the key rule (arcade_key_answer.sql) answers for a key used for another request: the bet function's code too. */
export const KEY_REUSED = 'AR005';

/**
 * What a key's answer by the one rule (arcade_key_answer) means: null for a key not stored or
 * whose call has not finished, the first call's reply for the same request; a key used for
 * another request is refused (ledgerMessages.keyReused).
 */
function replayOf<T>(answer: string | null): T | null {
  if (answer === KEY_REUSED) throw new DomainError('conflict', ledgerMessages.keyReused);
  return answer === null || answer === '' ? null : (JSON.parse(answer) as T);
}

/**
 * The reply a key holds for this request, without claiming it: null when the key is new or its
 * call has not finished; refused when the key was used for another request. For a call that must
 * know before its key's transaction (a bet answers a retry before reading its round; a test
 * deposit refuses a reused key before its memo commits).
 */
export async function storedReply<T>(db: Queryable, key: MoneyKey): Promise<T | null> {
  const { rows } = await db.query<{ answer: string | null }>(
    'SELECT arcade_key_answer(request_hash, reply, $3) AS answer FROM idempotency_keys WHERE user_id = $1 AND key = $2',
    [key.userId, key.idempotencyKey, key.fingerprint],
  );
  return replayOf<T>(rows[0]?.answer ?? null);
}

/**
 * Claims the key for this call (arcade_claim_key): `claimed` when it is the first, otherwise the
 * first call's reply (null while that call has not finished); refused when the key was used for
 * another request. A concurrent call with the same key waits until the first one commits.
 */
async function claimKey<T>(db: Queryable, key: MoneyKey): Promise<{ claimed: true } | { claimed: false; reply: T | null }> {
  const { rows } = await db.query<{ answer: string | null }>('SELECT arcade_claim_key($1, $2, $3, $4) AS answer', [
    key.userId,
    key.idempotencyKey,
    key.call,
    key.fingerprint,
  ]);
  const answer = rows[0]?.answer ?? null;
  return answer === null ? { claimed: true } : { claimed: false, reply: replayOf<T>(answer) };
}

/** Stores the reply of a call that claimed its key: a retry with the key gets it. */
async function storeReply(db: Queryable, key: MoneyKey, reply: unknown): Promise<void> {
  await db.query("UPDATE idempotency_keys SET reply = $3 WHERE user_id = $1 AND key = $2 AND reply = ''", [
    key.userId,
    key.idempotencyKey,
    JSON.stringify(reply, (_name, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
  ]);
}

/**
 * Runs a money call exactly once per idempotency key, in one database transaction: a retry
 * with the same key and request gets the first reply and moves nothing; the same key with a
 * different request is refused. A refused call (it threw) leaves no key behind.
 */
export async function withIdempotencyKey<T>(db: Db, money: MoneyCall | MoneyKey, run: (tx: Queryable) => Promise<T>): Promise<T> {
  const key = isMoneyKey(money) ? money : moneyKey(money);
  return retryOnConflict(() =>
    db.transaction(async (tx) => {
      const claim = await claimKey<T>(tx, key);
      if (!claim.claimed) {
        // A key stored without a reply belongs to a call of several transactions (reserveKey), never this one's.
        if (claim.reply === null) throw new DomainError('conflict', ledgerMessages.keyReused);
        return claim.reply;
      }
      const reply = await run(tx);
      await storeReply(tx, key, reply);
      return reply;
    }),
  );
}

/**
 * Reserves the key of a money call made of several movements, each in its own transaction (a
 * cart's items, bought one by one): before the first of them, the key is stored with the
 * request's fingerprint. The same key with another request is refused here, before anything moves.
 * Answers the stored reply of a call that finished, or null when the call is new or was cut off
 * half-way (then it goes on: each part has its own key, so nothing is done twice).
 */
export async function reserveKey<T>(db: Db, key: MoneyKey): Promise<T | null> {
  const claim = await claimKey<T>(db, key);
  return claim.claimed ? null : claim.reply;
}

/** Stores the reply of a call whose key reserveKey took: a retry with the key gets it. */
export function settleKey(db: Db, key: MoneyKey, reply: unknown): Promise<void> {
  return storeReply(db, key, reply);
}

/** PostgreSQL's deadlock and serialization failures: the transaction rolled back and can simply run again. */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set(['40P01', '40001']);

async function retryOnConflict<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= attempts || typeof code !== 'string' || !RETRYABLE_CODES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

export interface AuditReport {
  ok: boolean;
  accounts: number;
  transactions: number;
  entries: number;
  /** Sum of every journal entry: zero in a sound book. */
  journalSum: bigint;
  problems: string[];
}

/**
 * The ledger's invariants, checkable at any moment: every balance equals the sum of its
 * journal rows, each journal row's balance_after is its account's running total, every movement
 * and the whole journal sum to zero, no player balance is negative.
 */
export async function audit(db: Queryable): Promise<AuditReport> {
  const problems: string[] = [];
  const mismatched = await db.query<{ id: bigint; balance: bigint; journal: bigint }>(
    `SELECT a.id, a.balance, COALESCE(SUM(j.amount), 0)::bigint AS journal
     FROM accounts a LEFT JOIN journal_entries j ON j.account_id = a.id
     GROUP BY a.id, a.balance
     HAVING a.balance <> COALESCE(SUM(j.amount), 0)`,
  );
  for (const row of mismatched.rows) {
    problems.push(`account ${row.id} holds ${row.balance} but its journal sums to ${row.journal}`);
  }
  const unbalanced = await db.query<{ transaction_id: bigint; total: bigint }>(
    `SELECT transaction_id, SUM(amount)::bigint AS total FROM journal_entries
     GROUP BY transaction_id HAVING SUM(amount) <> 0`,
  );
  for (const row of unbalanced.rows) problems.push(`movement ${row.transaction_id} sums to ${row.total}`);
  const empty = await db.query<{ id: bigint }>(
    `SELECT t.id FROM ledger_transactions t
     WHERE NOT EXISTS (SELECT 1 FROM journal_entries j WHERE j.transaction_id = t.id)`,
  );
  for (const row of empty.rows) problems.push(`movement ${row.id} has no journal rows`);
  // Each journal row's balance_after is the account's running total at that row.
  const drifted = await db.query<{ id: bigint; account_id: bigint; balance_after: bigint; running: bigint }>(
    `SELECT id, account_id, balance_after, running FROM (
       SELECT id, account_id, balance_after, SUM(amount) OVER (PARTITION BY account_id ORDER BY id)::bigint AS running
       FROM journal_entries) j
     WHERE balance_after <> running LIMIT 20`,
  );
  for (const row of drifted.rows) {
    problems.push(
      `journal row ${row.id} of account ${row.account_id} says ${row.balance_after} after it, the running total is ${row.running}`,
    );
  }
  // Who moved the money: a player's account is debited only by that player's own session, or by a
  // system job allowed to (SYSTEM_PLAYER_DEBITS). A balanced book could still hide a bet on
  // someone else's balance.
  const allowed = Object.entries(SYSTEM_PLAYER_DEBITS).flatMap(([job, kinds]) => kinds.map((kind) => `${job}:${kind}`));
  const unauthorised = await db.query<{
    transaction_id: bigint;
    kind: string;
    debited: bigint;
    actor_user_id: bigint | null;
    actor_job: string | null;
  }>(
    `SELECT t.id AS transaction_id, t.kind, a.user_id AS debited, t.actor_user_id, t.actor_job
       FROM journal_entries j
       JOIN accounts a ON a.id = j.account_id
       JOIN ledger_transactions t ON t.id = j.transaction_id
      WHERE j.amount < 0 AND a.user_id IS NOT NULL
        AND t.actor_user_id IS DISTINCT FROM a.user_id
        AND (t.actor_job IS NULL OR NOT (t.actor_job || ':' || t.kind IN (SELECT jsonb_array_elements_text($1::jsonb))))
      ORDER BY t.id LIMIT 20`,
    [JSON.stringify(allowed)],
  );
  for (const row of unauthorised.rows) {
    const by = row.actor_user_id !== null ? `player ${row.actor_user_id}` : `the job ${row.actor_job ?? '(none)'}`;
    problems.push(`movement ${row.transaction_id} (${row.kind}) debits player ${row.debited} but was made by ${by}`);
  }
  const negative = await db.query<{ id: bigint; balance: bigint }>(
    'SELECT id, balance FROM accounts WHERE user_id IS NOT NULL AND balance < 0',
  );
  for (const row of negative.rows) problems.push(`player account ${row.id} is negative: ${row.balance}`);

  const totals = await db.query<{ accounts: bigint; transactions: bigint; entries: bigint; journal_sum: bigint }>(
    `SELECT (SELECT count(*) FROM accounts) AS accounts,
            (SELECT count(*) FROM ledger_transactions) AS transactions,
            (SELECT count(*) FROM journal_entries) AS entries,
            (SELECT COALESCE(SUM(amount), 0)::bigint FROM journal_entries) AS journal_sum`,
  );
  const t = totals.rows[0]!;
  if (t.journal_sum !== 0n) problems.push(`the journal sums to ${t.journal_sum}`);
  return {
    ok: problems.length === 0,
    accounts: Number(t.accounts),
    transactions: Number(t.transactions),
    entries: Number(t.entries),
    journalSum: t.journal_sum,
    problems,
  };
}

import {
  fairFloats,
  FLIP_MULTIPLIER,
  MULTIPLIER_SCALE,
  payoutOf,
  ROAD_FLOATS,
  roadLanes,
  roadTraps,
  type CoinSide,
  type RoadDifficulty,
  type RollDirection,
} from '@arcade/api-client/fair';
import type { DemoBetResult, DemoRound, DemoState } from '@arcade/api-client/demo';
import type { GameName, RevealedPair } from '@arcade/api-client/games';
import { fromNano, toNano } from '@arcade/api-client/money';
import type { Db, Queryable } from '../../db/db';
import { assertMayPlayDemo } from '../play/play';
import { DomainError } from '../errors';
import { productConfig } from '../product-config';
import { accountMessages } from '../users';
import { betMessages, checkStake, decideFlip, roadValue, rollBet, type Decide } from './rules';
import { insertPair, newClientSeed, newServerSeed, nodeHmac, REVEALED_FIRST_PAGE, seedMessages, type SeedPair } from './seeds';
import { toRound, type RoadOutcome, type RoadParams, type RoundRow } from './rounds';

/**
 * Demo play, apart from money by construction: these functions read and write only demo_balances,
 * demo_seed_pairs and demo_rounds (migration 032). They take no currency, no account, no
 * idempotency key and post no movement, so nothing here can reach the ledger, the limits, the
 * achievements, the leaderboard, the live feed, referrals or the wager counters, all of which
 * read game_rounds and journal_entries only.
 *
 * Why the server keeps the demo balance (a table, not the app's memory): the outcome has to be
 * the server's (the app must not pick it), and the balance it pays into belongs with it; a
 * per-session balance would let a reload mint chips anyway, and one row per player keeps it the
 * same on every device. Each call locks the player's demo_balances row first, so one player's
 * demo calls run one at a time.
 */

const { games } = productConfig;

/** The demo balance a player starts with and a refill sets it back to. */
export const DEMO_START_NANO = toNano('100');

export const demoMessages = {
  balance: 'Your demo balance is not enough for this stake: refill it',
  noRound: 'No such demo road round',
};

/** A demo pair has the real pair's shape (demo_seed_pairs mirrors seed_pairs). */
type DemoPair = SeedPair;

type DemoRow = Omit<RoundRow, 'currency'>;

async function checkNotBanned(tx: Queryable, userId: bigint): Promise<void> {
  const { rows } = await tx.query<{ is_banned: boolean }>('SELECT is_banned FROM users WHERE id = $1', [userId]);
  if (!rows[0]) throw new DomainError('unauthenticated', accountMessages.unknown);
  if (rows[0].is_banned) throw new DomainError('forbidden', accountMessages.banned, 'account.banned');
}

/** The player's demo balance row, made at the starting amount on first use, locked for this transaction. */
async function lockBalance(tx: Queryable, userId: bigint): Promise<bigint> {
  await checkNotBanned(tx, userId);
  await tx.query('INSERT INTO demo_balances (user_id, balance) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [
    userId,
    DEMO_START_NANO,
  ]);
  const { rows } = await tx.query<{ balance: bigint }>('SELECT balance FROM demo_balances WHERE user_id = $1 FOR UPDATE', [userId]);
  return BigInt(rows[0]!.balance);
}

async function setBalance(tx: Queryable, userId: bigint, balance: bigint): Promise<void> {
  await tx.query('UPDATE demo_balances SET balance = $2, updated_at = now() WHERE user_id = $1', [userId, balance]);
}

/** The active demo pair (made now if none; the balance row's lock serialises that). */
async function activePair(tx: Queryable, userId: bigint, firstClientSeed?: string): Promise<DemoPair> {
  const { rows } = await tx.query<DemoPair>('SELECT * FROM demo_seed_pairs WHERE user_id = $1 AND active', [userId]);
  return rows[0] ?? insertPair(tx, userId, newServerSeed(), firstClientSeed ?? newClientSeed(), 'demo_seed_pairs');
}

/** Takes the pair's next nonce for a bet. */
async function takeNonce(tx: Queryable, pair: DemoPair): Promise<number> {
  const { rows } = await tx.query<{ next_nonce: number }>(
    'UPDATE demo_seed_pairs SET next_nonce = next_nonce + 1 WHERE id = $1 RETURNING next_nonce',
    [pair.id],
  );
  return Number(rows[0]!.next_nonce) - 1;
}

function toDemoRound(row: DemoRow, pair: DemoPair): DemoRound {
  const { currency: _real, ...round } = toRound({ ...row, currency: 'ton' }, pair);
  return { ...round, currency: 'demo' };
}

async function state(tx: Queryable, userId: bigint, firstClientSeed?: string): Promise<DemoState> {
  const balance = await lockBalance(tx, userId);
  const pair = await activePair(tx, userId, firstClientSeed);
  const revealed = await tx.query<DemoPair>('SELECT * FROM demo_seed_pairs WHERE user_id = $1 AND NOT active ORDER BY id DESC LIMIT $2', [
    userId,
    REVEALED_FIRST_PAGE,
  ]);
  return {
    demoBalance: fromNano(balance),
    refillTo: fromNano(DEMO_START_NANO),
    seeds: {
      serverSeedHash: pair.server_seed_hash,
      nextServerSeedHash: pair.next_server_seed_hash,
      clientSeed: pair.client_seed,
      nonce: Number(pair.next_nonce),
      revealed: revealed.rows.map((row): RevealedPair => ({
        id: row.id.toString(),
        serverSeed: row.server_seed,
        serverSeedHash: row.server_seed_hash,
        clientSeed: row.client_seed,
        bets: Number(row.next_nonce),
        rotatedAt: (row.revealed_at ?? new Date(0)).toISOString(),
      })),
      // The demo panel shows the latest pairs only.
      revealedNext: null,
    },
  };
}

export function demoState(db: Db, userId: bigint, clientSeed?: string): Promise<DemoState> {
  return db.transaction((tx) => state(tx, userId, clientSeed));
}

/** Sets the demo balance back to the starting amount (up, or down from a lucky run). */
export function refillDemo(db: Db, userId: bigint): Promise<DemoState> {
  return db.transaction(async (tx) => {
    await lockBalance(tx, userId);
    await tx.query('UPDATE demo_balances SET balance = $2, refills = refills + 1, updated_at = now() WHERE user_id = $1', [
      userId,
      DEMO_START_NANO,
    ]);
    return state(tx, userId);
  });
}

/** Reveals the demo server seed and takes the committed next one; refused while a demo road round is open. */
export function rotateDemo(db: Db, userId: bigint, clientSeed: string | undefined, now: Date): Promise<DemoState> {
  return db.transaction(async (tx) => {
    await lockBalance(tx, userId);
    const pair = await activePair(tx, userId);
    const open = await tx.query("SELECT id FROM demo_rounds WHERE user_id = $1 AND game = 'road' AND status = 'open'", [userId]);
    if (open.rowCount > 0) throw new DomainError('conflict', seedMessages.roadOpen, 'fairness.road-open');
    await tx.query('UPDATE demo_seed_pairs SET active = false, revealed_at = $2 WHERE id = $1', [pair.id, now]);
    await insertPair(tx, userId, pair.next_server_seed, clientSeed ?? newClientSeed(), 'demo_seed_pairs');
    return state(tx, userId);
  });
}

/** The real games' stake rules (the demo teaches the same limits), against the demo balance. */
function checkDemoStake(stakeText: string, balance: bigint, maxWin: number): bigint {
  const stake = checkStake(stakeText, 'ton');
  if (payoutOf(stake, maxWin) > games.maxPayoutNano) throw new DomainError('invalid', betMessages.payoutMax, 'game.payout.max');
  if (stake > balance) throw new DomainError('conflict', demoMessages.balance, 'demo.balance');
  return stake;
}

interface DemoBetInput {
  userId: bigint;
  stake: string;
  now: Date;
}

async function insertRound(tx: Queryable, row: Omit<DemoRow, 'id'>): Promise<DemoRow> {
  const { rows } = await tx.query<DemoRow>(
    `INSERT INTO demo_rounds (user_id, game, stake, payout, multiplier, status, seed_pair_id, nonce, params, outcome, created_at, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
    [
      row.user_id,
      row.game,
      row.stake,
      row.payout,
      row.multiplier,
      row.status,
      row.seed_pair_id,
      row.nonce,
      JSON.stringify(row.params),
      JSON.stringify(row.outcome),
      row.created_at,
      row.finished_at,
    ],
  );
  return rows[0]!;
}

/** A flip or roll with play chips: decided from the demo pair's next nonce, settled at once. */
function instantDemo(db: Db, input: DemoBetInput, game: 'flip' | 'roll', maxWin: number, decide: Decide): Promise<DemoBetResult> {
  return db.transaction(async (tx) => {
    const balance = await lockBalance(tx, input.userId);
    await assertMayPlayDemo(tx, input.userId, input.now);
    const stake = checkDemoStake(input.stake, balance, maxWin);
    const pair = await activePair(tx, input.userId);
    const nonce = await takeNonce(tx, pair);
    const floats = fairFloats({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce }, 1, nodeHmac);
    const { params, outcome, multiplier } = decide(floats);
    const payout = payoutOf(stake, multiplier);
    const row = await insertRound(tx, {
      user_id: input.userId,
      game,
      stake,
      payout,
      multiplier: BigInt(multiplier),
      status: multiplier > 0 ? 'won' : 'lost',
      seed_pair_id: pair.id,
      nonce,
      params: params as DemoRow['params'],
      outcome: outcome as DemoRow['outcome'],
      created_at: input.now,
      finished_at: input.now,
    });
    const after = balance - stake + payout;
    await setBalance(tx, input.userId, after);
    return { round: toDemoRound(row, pair), demoBalance: fromNano(after) };
  });
}

export function demoFlip(db: Db, input: DemoBetInput & { side: CoinSide }): Promise<DemoBetResult> {
  return instantDemo(db, input, 'flip', FLIP_MULTIPLIER, decideFlip(input.side));
}

export function demoRoll(db: Db, input: DemoBetInput & { target: string; direction: RollDirection }): Promise<DemoBetResult> {
  const { multiplier, decide } = rollBet(input.target, input.direction);
  return instantDemo(db, input, 'roll', multiplier, decide);
}

/** A demo road round: the stake leaves the demo balance now, the traps are fixed from the demo seeds. */
export function demoRoadStart(db: Db, input: DemoBetInput & { difficulty: RoadDifficulty }): Promise<DemoBetResult> {
  return db.transaction(async (tx) => {
    const balance = await lockBalance(tx, input.userId);
    await assertMayPlayDemo(tx, input.userId, input.now);
    // The stake rules of the real road: any stake within the limits (the maximum payout ends a round early).
    const stake = checkDemoStake(input.stake, balance, MULTIPLIER_SCALE);
    const open = await tx.query("SELECT id FROM demo_rounds WHERE user_id = $1 AND game = 'road' AND status = 'open'", [input.userId]);
    if (open.rowCount > 0) throw new DomainError('conflict', betMessages.roadOpen, 'game.road.open');
    const pair = await activePair(tx, input.userId);
    const nonce = await takeNonce(tx, pair);
    const floats = fairFloats({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce }, ROAD_FLOATS, nodeHmac);
    const params: RoadParams = { difficulty: input.difficulty };
    const outcome: RoadOutcome = { traps: roadTraps(floats, input.difficulty), passed: 0 };
    const row = await insertRound(tx, {
      user_id: input.userId,
      game: 'road',
      stake,
      payout: 0n,
      multiplier: 0n,
      status: 'open',
      seed_pair_id: pair.id,
      nonce,
      params,
      outcome,
      created_at: input.now,
      finished_at: null,
    });
    await setBalance(tx, input.userId, balance - stake);
    return { round: toDemoRound(row, pair), demoBalance: fromNano(balance - stake) };
  });
}

/** The player's own demo road round, locked; another player's id is "no such round", like one that never was. */
async function demoRoadOf(tx: Queryable, userId: bigint, roundId: bigint): Promise<{ row: DemoRow; pair: DemoPair }> {
  const { rows } = await tx.query<DemoRow>("SELECT * FROM demo_rounds WHERE id = $1 AND user_id = $2 AND game = 'road' FOR UPDATE", [
    roundId,
    userId,
  ]);
  const row = rows[0];
  if (!row) throw new DomainError('not-found', demoMessages.noRound, 'demo.round');
  const pair = await tx.query<DemoPair>('SELECT * FROM demo_seed_pairs WHERE id = $1', [row.seed_pair_id]);
  return { row, pair: pair.rows[0]! };
}

async function endRoad(
  tx: Queryable,
  input: { userId: bigint; now: Date },
  balance: bigint,
  found: { row: DemoRow; pair: DemoPair },
  end: { status: 'cashed' | 'lost'; outcome: RoadOutcome; multiplier: number; payout: bigint },
): Promise<DemoBetResult> {
  const { rows } = await tx.query<DemoRow>(
    'UPDATE demo_rounds SET status = $2, outcome = $3, multiplier = $4, payout = $5, finished_at = $6 WHERE id = $1 RETURNING *',
    [found.row.id, end.status, JSON.stringify(end.outcome), end.multiplier, end.payout, input.now],
  );
  await setBalance(tx, input.userId, balance + end.payout);
  return { round: toDemoRound(rows[0]!, found.pair), demoBalance: fromNano(balance + end.payout) };
}

export function demoRoadStep(db: Db, input: { userId: bigint; roundId: bigint; lane: number; now: Date }): Promise<DemoBetResult> {
  return db.transaction(async (tx) => {
    const balance = await lockBalance(tx, input.userId);
    const found = await demoRoadOf(tx, input.userId, input.roundId);
    const { row, pair } = found;
    const outcome = row.outcome as RoadOutcome;
    // A lane already reached is a double tap: answered as it is.
    if (input.lane <= (outcome.hitLane ?? outcome.passed)) return { round: toDemoRound(row, pair), demoBalance: fromNano(balance) };
    if (row.status !== 'open') throw new DomainError('conflict', betMessages.roadNotOpen, 'game.road.not-open');
    if (input.lane !== outcome.passed + 1) throw new DomainError('conflict', betMessages.roadLane, 'game.road.lane');
    if (outcome.traps.includes(input.lane - 1)) {
      return endRoad(tx, input, balance, found, {
        status: 'lost',
        outcome: { ...outcome, hitLane: input.lane },
        multiplier: 0,
        payout: 0n,
      });
    }
    const passed = input.lane;
    const value = roadValue(row, passed);
    if (passed === roadLanes((row.params as RoadParams).difficulty) || value.capped) {
      return endRoad(tx, input, balance, found, { status: 'cashed', outcome: { ...outcome, passed }, ...value });
    }
    const { rows } = await tx.query<DemoRow>('UPDATE demo_rounds SET outcome = $2, multiplier = $3 WHERE id = $1 RETURNING *', [
      row.id,
      JSON.stringify({ ...outcome, passed }),
      value.multiplier,
    ]);
    return { round: toDemoRound(rows[0]!, pair), demoBalance: fromNano(balance) };
  });
}

export function demoRoadCashout(db: Db, input: { userId: bigint; roundId: bigint; now: Date }): Promise<DemoBetResult> {
  return db.transaction(async (tx) => {
    const balance = await lockBalance(tx, input.userId);
    const found = await demoRoadOf(tx, input.userId, input.roundId);
    if (found.row.status !== 'open') throw new DomainError('conflict', betMessages.roadNotOpen, 'game.road.not-open');
    const outcome = found.row.outcome as RoadOutcome;
    if (outcome.passed < 1) throw new DomainError('conflict', betMessages.nothingToCash, 'game.road.nothing-to-cash');
    const value = roadValue(found.row, outcome.passed);
    return endRoad(tx, input, balance, found, { status: 'cashed', outcome, multiplier: value.multiplier, payout: value.payout });
  });
}

interface DemoRowWithPair extends DemoRow, Omit<DemoPair, 'id' | 'user_id' | 'next_nonce'> {}

const WITH_PAIR = `SELECT r.*, p.server_seed, p.server_seed_hash, p.client_seed, p.active, p.next_server_seed,
  p.next_server_seed_hash, p.revealed_at FROM demo_rounds r JOIN demo_seed_pairs p ON p.id = r.seed_pair_id`;

export async function demoRoadCurrent(db: Queryable, userId: bigint): Promise<{ round: DemoRound | null }> {
  const { rows } = await db.query<DemoRowWithPair>(`${WITH_PAIR} WHERE r.user_id = $1 AND r.game = 'road' AND r.status = 'open'`, [userId]);
  return { round: rows[0] ? toDemoRound(rows[0], rows[0] as unknown as DemoPair) : null };
}

export async function demoRounds(
  db: Queryable,
  userId: bigint,
  options: { game?: GameName; cursor?: bigint; limit: number },
): Promise<{ items: DemoRound[]; nextCursor: string | null }> {
  const { rows } = await db.query<DemoRowWithPair>(
    `${WITH_PAIR} WHERE r.user_id = $1 AND ($2::text IS NULL OR r.game = $2) AND ($3::bigint IS NULL OR r.id < $3)
     ORDER BY r.id DESC LIMIT $4`,
    [userId, options.game ?? null, options.cursor ?? null, options.limit + 1],
  );
  const page = rows.slice(0, options.limit);
  return {
    items: page.map((row) => toDemoRound(row, row as unknown as DemoPair)),
    nextCursor: rows.length > options.limit ? (page.at(-1)?.id.toString() ?? null) : null,
  };
}

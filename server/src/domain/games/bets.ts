import {
  fairFloats,
  FLIP_MULTIPLIER,
  flipSide,
  formatHundredths,
  payoutOf,
  ROAD_FLOATS,
  roadLanes,
  roadMultiplier,
  roadTraps,
  ROLL_MAX_CHANCE,
  ROLL_MIN_CHANCE,
  rollChance,
  rollHundredths,
  rollMultiplier,
  rollWins,
  type CoinSide,
  type RoadDifficulty,
  type RollDirection,
} from '@arcade/api-client/fair';
import type { BetResult, Currency, GameName } from '@arcade/api-client/games';
import { fromNano, toNano } from '@arcade/api-client/money';
import { UNIQUE_VIOLATION, type Db, type Queryable } from '../../db/db';
import { DomainError } from '../errors';
import { currentActor } from '../actor';
import { ledgerMessages, once, post, RETRYABLE_CODES, type MoneyKey, type SystemAccount } from '../ledger';
import { productConfig } from '../product-config';
import { assertNotBanned, withdrawalMessages } from '../wallet/withdrawals';
import { lockForBet, referralShareOf, settleRound } from '../bonus/settlement';
import { toRound, type RoadOutcome, type RoadParams, type RoundRow } from './rounds';
import { BET_REFUSAL, betBatching, instantBets, type InstantBetAnswer } from './instant-batches';
import { betsPlaced } from '../../metrics';
import { nodeHmac, pairForBet, seedPairCache, type SeedPair } from './seeds';

const { games } = productConfig;

export const betMessages = {
  min: `The smallest stake is ${fromNano(games.minBetNano)} TON`,
  max: `The largest stake is ${fromNano(games.maxBetNano)} TON`,
  bonusMax: `The largest stake from the bonus balance is ${fromNano(games.maxBonusBetNano)} TON`,
  payoutMax: `A bet can win at most ${fromNano(games.maxPayoutNano)} TON: lower the stake or raise the chance`,
  balance: 'Your balance is not enough for this stake',
  chance: `The win chance must be from ${formatHundredths(ROLL_MIN_CHANCE)}% to ${formatHundredths(ROLL_MAX_CHANCE)}%`,
  roadOpen: 'You already have a road round open: finish it first',
  roadNotOpen: 'This road round is over',
  roadLane: 'Cross the road one lane at a time',
  nothingToCash: 'Cross at least one lane before cashing out',
};

/** Where stakes go and payouts come from, per balance: TON and bonus never mix. */
const HOUSE: Record<Currency, SystemAccount> = { ton: 'house', bonus: 'bonus_pool' };

function checkStake(stakeText: string, currency: Currency): bigint {
  const stake = toNano(stakeText);
  if (stake < games.minBetNano) throw new DomainError('invalid', betMessages.min, 'game.stake.min');
  if (stake > games.maxBetNano) throw new DomainError('invalid', betMessages.max, 'game.stake.max');
  if (currency === 'bonus' && stake > games.maxBonusBetNano) throw new DomainError('invalid', betMessages.bonusMax, 'game.stake.bonus-max');
  return stake;
}

async function takeStake(tx: Queryable, userId: bigint, currency: Currency, stake: bigint, roundId: bigint): Promise<void> {
  try {
    await post(tx, {
      kind: 'bet',
      userId,
      reference: roundId.toString(),
      postings: [
        { account: { user: userId, kind: currency }, amount: -stake },
        { account: { system: HOUSE[currency] }, amount: stake },
      ],
    });
  } catch (error) {
    if (error instanceof DomainError && error.message === ledgerMessages.insufficient) {
      throw new DomainError('conflict', betMessages.balance, 'game.balance');
    }
    throw error;
  }
}

async function payOut(tx: Queryable, userId: bigint, currency: Currency, payout: bigint, roundId: bigint): Promise<void> {
  if (payout <= 0n) return;
  await post(tx, {
    kind: 'payout',
    userId,
    reference: roundId.toString(),
    postings: [
      { account: { system: HOUSE[currency] }, amount: -payout },
      { account: { user: userId, kind: currency }, amount: payout },
    ],
  });
}

async function balanceOf(tx: Queryable, userId: bigint): Promise<BetResult['balance']> {
  const { rows } = await tx.query<{ kind: string; balance: bigint }>(
    "SELECT kind, balance FROM accounts WHERE user_id = $1 AND kind IN ('ton', 'bonus')",
    [userId],
  );
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.balance ?? 0n;
  return { ton: fromNano(of('ton')), bonusTon: fromNano(of('bonus')) };
}

async function insertRound(
  tx: Queryable,
  row: { userId: bigint; game: GameName; currency: Currency; stake: bigint; pair: SeedPair; nonce: number; params: object; outcome: object; status: RoundRow['status']; multiplier: number; payout: bigint; finished: Date | null; now: Date },
): Promise<RoundRow> {
  const { rows } = await tx.query<RoundRow>(
    `INSERT INTO game_rounds (user_id, game, currency, stake, payout, multiplier, status, seed_pair_id, nonce, params, outcome, created_at, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
    [row.userId, row.game, row.currency, row.stake, row.payout, row.multiplier, row.status, row.pair.id, row.nonce, JSON.stringify(row.params), JSON.stringify(row.outcome), row.now, row.finished],
  );
  return rows[0]!;
}

interface BetInput {
  userId: bigint;
  stake: string;
  currency: Currency;
  /** The call's checked key and request fingerprint (routes/call.ts). */
  money: MoneyKey;
  now: Date;
}

type Decide = (floats: number[]) => { params: object; outcome: object; multiplier: number };

/** What the seeds say for one nonce: the player's choice, the outcome, the multiplier and the payout. */
function instantOutcome(pair: SeedPair, nonce: number, stake: bigint, decide: Decide) {
  const floats = fairFloats({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce }, 1, nodeHmac);
  const decided = decide(floats);
  return { ...decided, payout: payoutOf(stake, decided.multiplier), status: decided.multiplier > 0 ? ('won' as const) : ('lost' as const) };
}

/** One instant bet (flip or roll): stake, outcome from the seeds, payout, round and journal rows in one transaction. */
async function instantBet(db: Db, input: BetInput, game: 'flip' | 'roll', decide: Decide): Promise<BetResult> {
  const stake = checkStake(input.stake, input.currency);
  const quick = betBatching(db) ? await quickInstantBet(db, input, game, stake, decide) : null;
  if (quick) return quick;
  let used: SeedPair | undefined;
  const result = await once(db, input.money, async (tx) => {
    await assertNotBanned(tx, input.userId, { lock: true });
    // Every row the bet may move, locked now in the batch function's order.
    await lockForBet(tx, input.userId, input.currency);
    const { pair, nonce } = await pairForBet(tx, input.userId);
    used = { ...pair, next_nonce: nonce + 1 };
    const { params, outcome, multiplier, payout, status } = instantOutcome(pair, nonce, stake, decide);
    const row = await insertRound(tx, {
      userId: input.userId, game, currency: input.currency, stake, pair, nonce, params, outcome,
      status, multiplier, payout, finished: input.now, now: input.now,
    });
    await takeStake(tx, input.userId, input.currency, stake, row.id);
    await payOut(tx, input.userId, input.currency, payout, row.id);
    await settleRound(tx, row, input.now);
    return { round: toRound(row, pair), balance: await balanceOf(tx, input.userId) };
  });
  // The next bet goes the quick way with the pair as this one left it.
  if (used) seedPairCache.remember(db, input.userId, used);
  return result;
}

/**
 * The one-round-trip path of an instant bet: the outcome is worked out here from the player's
 * seed pair (kept in memory) and the nonce it expects, and the database function (migration 012's
 * arcade_instant_bets, reached through the batcher) does the rest in one transaction, together with
 * other players' bets that wait at the same time. It answers null when the bet needs the general
 * path: a first bet (no seed pair yet) or a rare turn the function leaves to it.
 */
async function quickInstantBet(
  db: Db,
  input: BetInput,
  game: 'flip' | 'roll',
  stake: bigint,
  decide: Decide,
): Promise<BetResult | null> {
  const { fingerprint, idempotencyKey } = input.money;
  // The movements record who placed the bet: the player of the session this call runs for.
  const actor = currentActor();
  if (!('player' in actor)) throw new Error('An instant bet outside a player session');
  for (let attempt = 1; attempt <= 4; attempt++) {
    const pair = await seedPairCache.get(db, input.userId);
    if (!pair) return null;
    const nonce = pair.next_nonce;
    const { params, outcome, multiplier, payout, status } = instantOutcome(pair, nonce, stake, decide);
    const round = toRound(
      { id: 0n, user_id: input.userId, game, currency: input.currency, stake, payout, multiplier: BigInt(multiplier), status, seed_pair_id: pair.id, nonce, params, outcome, created_at: input.now, finished_at: input.now } as RoundRow,
      pair,
    );
    const share = input.currency === 'ton' ? referralShareOf(game, stake) : 0n;
    let answer: InstantBetAnswer;
    try {
      answer = await instantBets(db).submit(input.userId, {
        user: input.userId.toString(), key: idempotencyKey, hash: fingerprint, game, pair: pair.id.toString(), nonce, actor: actor.player.toString(),
        currency: input.currency, stake: stake.toString(), payout: payout.toString(), multiplier: String(multiplier),
        params, outcome, share: share.toString(), now: input.now.toISOString(),
        // The function puts the round id and the balances after the bet in place of the marks.
        reply: JSON.stringify({ round: { ...round, id: '@round' }, balance: { ton: '@ton', bonusTon: '@bonus' } }),
      });
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      // The seeds were rotated meanwhile, a deadlock or a key race: try again.
      // (A unique violation: a call with the same key that is not a bet committed meanwhile.)
      if (code === BET_REFUSAL.staleSeeds) seedPairCache.forget(db, input.userId);
      else if (!(typeof code === 'string' && (RETRYABLE_CODES.has(code) || code === UNIQUE_VIOLATION))) throw error;
      else await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 10 * attempt));
      continue;
    }
    if (typeof answer === 'object') {
      pair.next_nonce = nonce + 1;
      return answer;
    }
    if (answer === BET_REFUSAL.generalPath) return null;
    if (answer === BET_REFUSAL.balance) throw new DomainError('conflict', betMessages.balance, 'game.balance');
    if (answer === BET_REFUSAL.banned) throw new DomainError('forbidden', withdrawalMessages.banned, 'account.banned');
    if (answer === BET_REFUSAL.keyReused) throw new DomainError('conflict', ledgerMessages.keyReused);
    if (answer !== BET_REFUSAL.staleSeeds) throw new Error(`The instant bet function answered ${String(answer)}`);
    // Another bet took the nonce or the seeds were rotated: reload the pair.
    seedPairCache.forget(db, input.userId);
  }
  return null;
}

/** Counts an accepted bet (a retried key's replay too) for the metrics. */
function counted(game: GameName, currency: Currency, bet: Promise<BetResult>): Promise<BetResult> {
  return bet.then((result) => {
    betsPlaced.inc({ game, currency });
    return result;
  });
}

export function playFlip(db: Db, input: BetInput & { side: CoinSide }): Promise<BetResult> {
  return counted('flip', input.currency, instantBet(db, input, 'flip', (floats) => {
    const side = flipSide(floats);
    return { params: { choice: input.side }, outcome: { side }, multiplier: side === input.side ? FLIP_MULTIPLIER : 0 };
  }));
}

/** Parses "49.5" into hundredths (4950). */
function hundredths(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function playRoll(db: Db, input: BetInput & { target: string; direction: RollDirection }): Promise<BetResult> {
  const target = hundredths(input.target);
  const chance = rollChance(target, input.direction);
  if (chance < ROLL_MIN_CHANCE || chance > ROLL_MAX_CHANCE) throw new DomainError('invalid', betMessages.chance, 'game.roll.chance');
  const multiplier = rollMultiplier(chance);
  if (payoutOf(checkStake(input.stake, input.currency), multiplier) > games.maxPayoutNano) {
    throw new DomainError('invalid', betMessages.payoutMax, 'game.payout.max');
  }
  return counted('roll', input.currency, instantBet(db, input, 'roll', (floats) => {
    const roll = rollHundredths(floats);
    return { params: { target, direction: input.direction }, outcome: { roll }, multiplier: rollWins(roll, target, input.direction) ? multiplier : 0 };
  }));
}

// ---- road ----

export function startRoad(db: Db, input: BetInput & { difficulty: RoadDifficulty }): Promise<BetResult> {
  const stake = checkStake(input.stake, input.currency);
  return counted('road', input.currency, once(db, input.money, async (tx) => {
    await assertNotBanned(tx, input.userId, { lock: true });
    await lockForBet(tx, input.userId, input.currency);
    const { pair, nonce } = await pairForBet(tx, input.userId);
    const open = await tx.query("SELECT id FROM game_rounds WHERE user_id = $1 AND game = 'road' AND status = 'open'", [input.userId]);
    if (open.rowCount > 0) throw new DomainError('conflict', betMessages.roadOpen, 'game.road.open');
    // The traps are fixed now, from the seeds, before the first step.
    const floats = fairFloats({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce }, ROAD_FLOATS, nodeHmac);
    const outcome: RoadOutcome = { traps: roadTraps(floats, input.difficulty), passed: 0 };
    const params: RoadParams = { difficulty: input.difficulty };
    const row = await insertRound(tx, {
      userId: input.userId, game: 'road', currency: input.currency, stake, pair, nonce, params, outcome,
      status: 'open', multiplier: 0, payout: 0n, finished: null, now: input.now,
    });
    await takeStake(tx, input.userId, input.currency, stake, row.id);
    return { round: toRound(row, pair), balance: await balanceOf(tx, input.userId) };
  }));
}

/**
 * The player's road round, locked, after every row a step or cash-out may move (lockForBet: the
 * player's row first, then the accounts in the batch function's order). A round's currency never
 * changes, so it is read before the locks.
 */
async function lockedRoad(tx: Queryable, userId: bigint, roundId: bigint): Promise<{ row: RoundRow; pair: SeedPair }> {
  const currency = await tx.query<{ currency: Currency }>("SELECT currency FROM game_rounds WHERE id = $1 AND user_id = $2 AND game = 'road'", [roundId, userId]);
  if (!currency.rows[0]) throw new DomainError('not-found', 'No such road round');
  await lockForBet(tx, userId, currency.rows[0].currency);
  const { rows } = await tx.query<RoundRow>("SELECT * FROM game_rounds WHERE id = $1 AND user_id = $2 AND game = 'road' FOR NO KEY UPDATE", [roundId, userId]);
  const row = rows[0];
  if (!row) throw new DomainError('not-found', 'No such road round');
  const pair = await tx.query<SeedPair>('SELECT * FROM seed_pairs WHERE id = $1', [row.seed_pair_id]);
  return { row, pair: pair.rows[0]! };
}

async function finishRoad(tx: Queryable, row: RoundRow, status: 'cashed' | 'lost', outcome: RoadOutcome, multiplier: number, payout: bigint, now: Date): Promise<RoundRow> {
  const { rows } = await tx.query<RoundRow>(
    'UPDATE game_rounds SET status = $2, outcome = $3, multiplier = $4, payout = $5, finished_at = $6 WHERE id = $1 RETURNING *',
    [row.id, status, JSON.stringify(outcome), multiplier, payout, now],
  );
  await payOut(tx, row.user_id, row.currency, payout, row.id);
  await settleRound(tx, rows[0]!, now);
  return rows[0]!;
}

/** Cash-out value after `passed` lanes, capped at the maximum payout. */
function roadPayout(row: RoundRow, passed: number): { multiplier: number; payout: bigint; capped: boolean } {
  const { difficulty } = row.params as RoadParams;
  const multiplier = roadMultiplier(difficulty, passed);
  const payout = payoutOf(row.stake, multiplier);
  return payout >= games.maxPayoutNano ? { multiplier, payout: games.maxPayoutNano, capped: true } : { multiplier, payout, capped: false };
}

/**
 * One step onto `lane` (1-based, the next one): a trap ends the round, a safe lane raises the
 * multiplier; the last lane and reaching the maximum payout cash out by themselves. Asking for a
 * lane already crossed (a double tap) answers the round as it is and moves nothing.
 */
export function stepRoad(db: Db, input: { userId: bigint; roundId: bigint; lane: number; money: MoneyKey; now: Date }): Promise<BetResult> {
  return once(db, input.money, async (tx) => {
    const { row, pair } = await lockedRoad(tx, input.userId, input.roundId);
    const outcome = row.outcome as RoadOutcome;
    if (row.status === 'open' && input.lane <= outcome.passed) return { round: toRound(row, pair), balance: await balanceOf(tx, input.userId) };
    if (row.status !== 'open') throw new DomainError('conflict', betMessages.roadNotOpen, 'game.road.not-open');
    if (input.lane !== outcome.passed + 1) throw new DomainError('conflict', betMessages.roadLane, 'game.road.lane');

    let updated: RoundRow;
    if (outcome.traps.includes(input.lane - 1)) {
      updated = await finishRoad(tx, row, 'lost', { ...outcome, hitLane: input.lane }, 0, 0n, input.now);
    } else {
      const passed = input.lane;
      const { difficulty } = row.params as RoadParams;
      const value = roadPayout(row, passed);
      if (passed === roadLanes(difficulty) || value.capped) {
        updated = await finishRoad(tx, row, 'cashed', { ...outcome, passed }, value.multiplier, value.payout, input.now);
      } else {
        const next = await tx.query<RoundRow>('UPDATE game_rounds SET outcome = $2, multiplier = $3 WHERE id = $1 RETURNING *', [
          row.id,
          JSON.stringify({ ...outcome, passed }),
          value.multiplier,
        ]);
        updated = next.rows[0]!;
      }
    }
    return { round: toRound(updated, pair), balance: await balanceOf(tx, input.userId) };
  });
}

export function cashOutRoad(db: Db, input: { userId: bigint; roundId: bigint; money: MoneyKey; now: Date }): Promise<BetResult> {
  return once(db, input.money, async (tx) => {
    const { row, pair } = await lockedRoad(tx, input.userId, input.roundId);
    if (row.status !== 'open') throw new DomainError('conflict', betMessages.roadNotOpen, 'game.road.not-open');
    const outcome = row.outcome as RoadOutcome;
    if (outcome.passed < 1) throw new DomainError('conflict', betMessages.nothingToCash, 'game.road.nothing-to-cash');
    const value = roadPayout(row, outcome.passed);
    const updated = await finishRoad(tx, row, 'cashed', outcome, value.multiplier, value.payout, input.now);
    return { round: toRound(updated, pair), balance: await balanceOf(tx, input.userId) };
  });
}

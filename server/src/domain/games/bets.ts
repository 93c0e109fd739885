import {
  fairFloats,
  payoutOf,
  ROAD_FLOATS,
  roadLanes,
  roadTraps,
  type CoinSide,
  type RoadDifficulty,
  type RollDirection,
} from '@arcade/api-client/fair';
import type { BetResult, Currency, GameName } from '@arcade/api-client/games';
import { UNIQUE_VIOLATION, type Db, type Queryable } from '../../db/db';
import { DomainError } from '../errors';
import { currentActor } from '../actor';
import { balanceOf, ledgerMessages, RETRYABLE_CODES, storedReply, withIdempotencyKey, type MoneyKey } from '../ledger';
import { productConfig } from '../product-config';
import { accountMessages } from '../users';
import { toRound, type RoadOutcome, type RoadParams, type RoundRow } from './rounds';
import { BET_REFUSAL, PLAY_BET_REFUSAL, submitBet, type BetAnswer, type BetItem } from './bet-batches';
import { betRefusal } from '../play/play';
import { betsPlaced } from '../../metrics';
import { activePairForUpdate, nodeHmac, seedPairCache, type SeedPair } from './seeds';
import { betMessages, checkStake, decideFlip, roadValue, rollBet, type Decide } from './rules';

const { games } = productConfig;

interface BetInput {
  userId: bigint;
  stake: string;
  currency: Currency;
  /** The call's checked key and request fingerprint (routes/call.ts). */
  money: MoneyKey;
  now: Date;
}

/** The player of the session this call runs for: the actor of the bet's movements. */
function bettor(): string {
  const actor = currentActor();
  if (!('player' in actor)) throw new Error('A bet outside a player session');
  return actor.player.toString();
}

/**
 * A retried key answers its first reply before anything is read or decided (a road round a retry
 * finished is no longer open, but the retry still gets what the first call got); the same key with
 * another request is refused. A key held without a reply (a call of another kind still running)
 * answers null: the bet function decides.
 */
const replayedBet = (db: Queryable, money: MoneyKey) => storedReply<BetResult>(db, money);

/** What every bet's item carries about its call. */
function callPart(input: { userId: bigint; money: MoneyKey; now: Date }) {
  return {
    user: input.userId.toString(),
    key: input.money.idempotencyKey,
    hash: input.money.fingerprint,
    call: input.money.call,
    now: input.now.toISOString(),
    actor: bettor(),
  };
}

const retryPause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 10 * attempt));

/**
 * Sends a bet to the bet function (bet-batches.ts) and reads its answer. `make` builds the item
 * anew on every attempt: a stale answer (the seeds rotated, another server took the nonce, a road
 * step moved the round meanwhile) makes the caller's state be read again. Refusals become the
 * player's errors; null means the caller must decide again (stale after reloading).
 */
async function placeBet(db: Db, userId: bigint, now: Date, make: (attempt: number) => Promise<BetItem | BetResult>): Promise<BetResult> {
  for (let attempt = 1; attempt <= 8; attempt++) {
    const item = await make(attempt);
    if (!('kind' in item)) return item;
    let answer: BetAnswer;
    try {
      answer = await submitBet(db, userId, item);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      // A pair rotated under a batch, a serialization failure or a key race: try again.
      // (A unique violation: a call with the same key that is not a bet committed meanwhile.)
      if (code === BET_REFUSAL.stale || (typeof code === 'string' && (RETRYABLE_CODES.has(code) || code === UNIQUE_VIOLATION))) {
        seedPairCache.forget(db, userId);
        await retryPause(attempt);
        continue;
      }
      throw error;
    }
    if (typeof answer === 'object') return answer;
    switch (answer) {
      case BET_REFUSAL.stale:
        seedPairCache.forget(db, userId);
        continue;
      case BET_REFUSAL.balance:
        throw new DomainError('conflict', betMessages.balance, 'game.balance');
      case BET_REFUSAL.banned:
        throw new DomainError('forbidden', accountMessages.banned, 'account.banned');
      case BET_REFUSAL.keyReused:
        throw new DomainError('conflict', ledgerMessages.keyReused);
      case BET_REFUSAL.roadOpen:
        throw new DomainError('conflict', betMessages.roadOpen, 'game.road.open');
      case BET_REFUSAL.roadNotOpen:
        // Another step or cash-out ended the round after this one read it: read it again, and
        // the caller answers a double tap as it is, or refuses a round that is over.
        continue;
      case BET_REFUSAL.unknownPlayer:
        throw new DomainError('unauthenticated', accountMessages.unknown);
      case PLAY_BET_REFUSAL.age:
        throw await betRefusal(db, userId, 'age', now);
      case PLAY_BET_REFUSAL.paused:
        throw await betRefusal(db, userId, 'paused', now);
      case PLAY_BET_REFUSAL.excluded:
        throw await betRefusal(db, userId, 'excluded', now);
      case PLAY_BET_REFUSAL.loss:
        throw await betRefusal(db, userId, 'loss', now);
      case PLAY_BET_REFUSAL.wager:
        throw await betRefusal(db, userId, 'wager', now);
      default:
        throw new Error(`The bet function answered ${String(answer)}`);
    }
  }
  throw new DomainError('conflict', betMessages.busy, 'game.busy');
}

/**
 * The player's active seed pair and the nonce the bet will use. The first try takes the pair's
 * next nonce as this server last left it (in memory: no database call); the function checks that
 * it is still the next one. After a stale answer (another server or another bet of the same player
 * took it, or the seeds were rotated) the nonce is reserved in the database first, so the retry
 * cannot lose the race again (a retry refused after that leaves the nonce unused: a gap, never a
 * reuse). A player with no pair yet gets one made here.
 */
async function nonceFor(db: Db, userId: bigint, attempt: number): Promise<{ pair: SeedPair; nonce: number; reserved: boolean }> {
  if (attempt === 1) {
    let pair = await seedPairCache.get(db, userId);
    if (!pair) {
      pair = { ...(await db.transaction((tx) => activePairForUpdate(tx, userId))) };
      seedPairCache.remember(db, userId, pair);
    }
    return { pair, nonce: pair.next_nonce, reserved: false };
  }
  const { rows } = await db.query<SeedPair>('UPDATE seed_pairs SET next_nonce = next_nonce + 1 WHERE user_id = $1 AND active RETURNING *', [
    userId,
  ]);
  if (!rows[0]) return nonceFor(db, userId, 1);
  const pair = { ...rows[0], next_nonce: Number(rows[0].next_nonce) };
  seedPairCache.remember(db, userId, pair);
  return { pair, nonce: pair.next_nonce - 1, reserved: true };
}

/** After an accepted bet, the pair in memory expects the nonce after this bet's. */
function nonceUsed(pair: SeedPair, nonce: number): void {
  pair.next_nonce = Math.max(pair.next_nonce, nonce + 1);
}

/**
 * One instant bet (flip or roll): the outcome is worked out here from the player's seed pair (kept
 * in memory) and the nonce it expects; the bet function checks that pair and nonce, takes the
 * stake, pays out, settles the round and answers, in one transaction, together with other
 * players' bets that wait at the same time.
 */
async function instantBet(db: Db, input: BetInput, game: 'flip' | 'roll', decide: Decide): Promise<BetResult> {
  const stake = checkStake(input.stake, input.currency);
  let used: { pair: SeedPair; nonce: number } | null = null;
  const result = await placeBet(db, input.userId, input.now, async (attempt) => {
    const { pair, nonce, reserved } = await nonceFor(db, input.userId, attempt);
    used = { pair, nonce };
    const floats = fairFloats({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce }, 1, nodeHmac);
    const { params, outcome, multiplier } = decide(floats);
    const payout = payoutOf(stake, multiplier);
    const status = multiplier > 0 ? ('won' as const) : ('lost' as const);
    const round = toRound(
      {
        id: 0n,
        user_id: input.userId,
        game,
        currency: input.currency,
        stake,
        payout,
        multiplier: BigInt(multiplier),
        status,
        seed_pair_id: pair.id,
        nonce,
        params,
        outcome,
        created_at: input.now,
        finished_at: input.now,
      } as RoundRow,
      pair,
    );
    return {
      kind: 'instant',
      ...callPart(input),
      game,
      pair: pair.id.toString(),
      nonce,
      reserved,
      currency: input.currency,
      stake: stake.toString(),
      payout: payout.toString(),
      multiplier: String(multiplier),
      params,
      outcome,
      // The function puts the round id and the balances after the bet in place of the marks.
      reply: JSON.stringify({ round: { ...round, id: '@round' }, balance: { ton: '@ton', bonusTon: '@bonus' } }),
    };
  });
  // (A retried key's replay moved nothing: no harm, the next bet is stale once and reserves.)
  if (used) nonceUsed((used as { pair: SeedPair }).pair, (used as { nonce: number }).nonce);
  return result;
}

/** Counts an accepted bet (a retried key's replay too) for the metrics. */
function counted(game: GameName, currency: Currency, bet: Promise<BetResult>): Promise<BetResult> {
  return bet.then((result) => {
    betsPlaced.inc({ game, currency });
    return result;
  });
}

export function playFlip(db: Db, input: BetInput & { side: CoinSide }): Promise<BetResult> {
  return counted('flip', input.currency, instantBet(db, input, 'flip', decideFlip(input.side)));
}

export function playRoll(db: Db, input: BetInput & { target: string; direction: RollDirection }): Promise<BetResult> {
  const { multiplier, decide } = rollBet(input.target, input.direction);
  if (payoutOf(checkStake(input.stake, input.currency), multiplier) > games.maxPayoutNano) {
    throw new DomainError('invalid', betMessages.payoutMax, 'game.payout.max');
  }
  return counted('roll', input.currency, instantBet(db, input, 'roll', decide));
}

// ---- road ----

/** The reply of a road bet: the round as the function leaves it ("@round" for a new one) and the balances after it. */
function roadReply(row: RoundRow, pair: SeedPair, id?: string): string {
  return JSON.stringify({ round: { ...toRound(row, pair), ...(id ? { id } : {}) }, balance: { ton: '@ton', bonusTon: '@bonus' } });
}

export function startRoad(db: Db, input: BetInput & { difficulty: RoadDifficulty }): Promise<BetResult> {
  const stake = checkStake(input.stake, input.currency);
  let used: { pair: SeedPair; nonce: number } | null = null;
  return counted(
    'road',
    input.currency,
    placeBet(db, input.userId, input.now, async (attempt) => {
      const { pair, nonce, reserved } = await nonceFor(db, input.userId, attempt);
      used = { pair, nonce };
      // The traps are fixed now, from the seeds, before the first step.
      const floats = fairFloats({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce }, ROAD_FLOATS, nodeHmac);
      const outcome: RoadOutcome = { traps: roadTraps(floats, input.difficulty), passed: 0 };
      const params: RoadParams = { difficulty: input.difficulty };
      const row = {
        id: 0n,
        user_id: input.userId,
        game: 'road',
        currency: input.currency,
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
      } satisfies RoundRow;
      return {
        kind: 'road-start',
        ...callPart(input),
        game: 'road',
        pair: pair.id.toString(),
        nonce,
        reserved,
        currency: input.currency,
        stake: stake.toString(),
        payout: '0',
        multiplier: '0',
        params,
        outcome,
        reply: roadReply(row, pair, '@round'),
      };
    }).then((result) => {
      if (used) nonceUsed((used as { pair: SeedPair }).pair, (used as { nonce: number }).nonce);
      return result;
    }),
  );
}

/** The player's road round and its seed pair, as they are now. */
async function roadOf(db: Queryable, userId: bigint, roundId: bigint): Promise<{ row: RoundRow; pair: SeedPair }> {
  // By its id alone, the player and the game checked here: a statement a connection keeps planned
  // cannot take the (player, game) index instead and read every road round the player ever had.
  const { rows } = await db.query<RoundRow>('SELECT * FROM game_rounds WHERE id = $1', [roundId]);
  const row = rows[0];
  if (!row || row.user_id !== userId || row.game !== 'road') throw new DomainError('not-found', 'No such road round');
  const pair = await db.query<SeedPair>('SELECT * FROM seed_pairs WHERE id = $1', [row.seed_pair_id]);
  return { row, pair: pair.rows[0]! };
}

/** The end of a road round, for the bet function: the payout, the round as it ends, the referrer's share. */
function roadFinish(
  input: { userId: bigint; money: MoneyKey; now: Date },
  found: { row: RoundRow; pair: SeedPair },
  end: { status: 'cashed' | 'lost'; outcome: RoadOutcome; multiplier: number; payout: bigint },
): BetItem {
  const { row, pair } = found;
  const ended: RoundRow = {
    ...row,
    status: end.status,
    outcome: end.outcome,
    multiplier: BigInt(end.multiplier),
    payout: end.payout,
    finished_at: input.now,
  };
  return {
    kind: 'road-finish',
    ...callPart(input),
    game: 'road',
    round: row.id.toString(),
    passed: (row.outcome as RoadOutcome).passed,
    status: end.status,
    currency: row.currency,
    stake: row.stake.toString(),
    payout: end.payout.toString(),
    multiplier: String(end.multiplier),
    params: row.params,
    outcome: end.outcome,
    reply: roadReply(ended, pair),
  };
}

/**
 * One step onto `lane` (1-based, the next one): a trap ends the round, a safe lane raises the
 * multiplier; the last lane and reaching the maximum payout cash out by themselves (a step that
 * ends the round is a bet of the bet function: it pays out and settles). Asking for a lane already
 * crossed (a double tap) answers the round as it is and moves nothing.
 */
export async function stepRoad(
  db: Db,
  input: { userId: bigint; roundId: bigint; lane: number; money: MoneyKey; now: Date },
): Promise<BetResult> {
  return placeBet(db, input.userId, input.now, async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const replayed = await replayedBet(db, input.money);
      if (replayed) return replayed;
      const found = await roadOf(db, input.userId, input.roundId);
      const { row, pair } = found;
      const outcome = row.outcome as RoadOutcome;
      // A lane already reached, the round open or ended on it, is a double tap: answered as it is.
      if (input.lane <= (outcome.hitLane ?? outcome.passed)) {
        return withIdempotencyKey(db, input.money, async (tx) => ({
          round: toRound(row, pair),
          balance: await balanceOf(tx, input.userId),
        }));
      }
      if (row.status !== 'open') throw new DomainError('conflict', betMessages.roadNotOpen, 'game.road.not-open');
      if (input.lane !== outcome.passed + 1) throw new DomainError('conflict', betMessages.roadLane, 'game.road.lane');

      if (outcome.traps.includes(input.lane - 1)) {
        return roadFinish(input, found, { status: 'lost', outcome: { ...outcome, hitLane: input.lane }, multiplier: 0, payout: 0n });
      }
      const passed = input.lane;
      const { difficulty } = row.params as RoadParams;
      const value = roadValue(row, passed);
      if (passed === roadLanes(difficulty) || value.capped) {
        return roadFinish(input, found, {
          status: 'cashed',
          outcome: { ...outcome, passed },
          multiplier: value.multiplier,
          payout: value.payout,
        });
      }
      // A safe lane moves no money: the round alone changes, if no other step moved it meanwhile.
      const stepped = await withIdempotencyKey(db, input.money, async (tx) => {
        const next = await tx.query<RoundRow>(
          `UPDATE game_rounds SET outcome = $2, multiplier = $3 WHERE id = $1 AND status = 'open' AND (outcome->>'passed')::integer = $4 RETURNING *`,
          [row.id, JSON.stringify({ ...outcome, passed }), value.multiplier, outcome.passed],
        );
        // Thrown inside the key's transaction, so the key is not kept and the step is read again.
        if (!next.rows[0]) throw new StaleStep();
        return { round: toRound(next.rows[0], pair), balance: await balanceOf(tx, input.userId) };
      }).catch((error: unknown) => {
        if (error instanceof StaleStep) return null;
        throw error;
      });
      if (stepped) return stepped;
      await retryPause(attempt);
    }
    throw new DomainError('conflict', betMessages.busy, 'game.busy');
  });
}

/** A step that found its round moved by another step between reading it and writing it. */
class StaleStep extends Error {}

export async function cashOutRoad(db: Db, input: { userId: bigint; roundId: bigint; money: MoneyKey; now: Date }): Promise<BetResult> {
  return placeBet(db, input.userId, input.now, async () => {
    const replayed = await replayedBet(db, input.money);
    if (replayed) return replayed;
    const found = await roadOf(db, input.userId, input.roundId);
    const { row } = found;
    if (row.status !== 'open') throw new DomainError('conflict', betMessages.roadNotOpen, 'game.road.not-open');
    const outcome = row.outcome as RoadOutcome;
    if (outcome.passed < 1) throw new DomainError('conflict', betMessages.nothingToCash, 'game.road.nothing-to-cash');
    const value = roadValue(row, outcome.passed);
    return roadFinish(input, found, { status: 'cashed', outcome, multiplier: value.multiplier, payout: value.payout });
  });
}

import { fromNano } from '@arcade/api-client/money';
import {
  formatHundredths,
  multiplierText,
  roadLanes,
  type CoinSide,
  type RoadDifficulty,
  type RollDirection,
} from '@arcade/api-client/fair';
import type { Currency, GameName, Round } from '@arcade/api-client/games';
import type { Queryable } from '../../db/db';

export interface RoundRow {
  id: bigint;
  user_id: bigint;
  game: GameName;
  currency: Currency;
  stake: bigint;
  payout: bigint;
  multiplier: bigint;
  status: Round['status'];
  seed_pair_id: bigint;
  nonce: number;
  params: FlipParams | RollParams | RoadParams;
  outcome: FlipOutcome | RollOutcome | RoadOutcome;
  created_at: Date;
  finished_at: Date | null;
}

export interface FlipParams {
  choice: CoinSide;
}
export interface FlipOutcome {
  side: CoinSide;
}
export interface RollParams {
  /** Hundredths. */
  target: number;
  direction: RollDirection;
}
export interface RollOutcome {
  roll: number;
}
export interface RoadParams {
  difficulty: RoadDifficulty;
}
export interface RoadOutcome {
  /** 0-based trap slots: secret while the round is open. */
  traps: number[];
  passed: number;
  hitLane?: number;
}

/** What a round looks like to its player; road traps stay hidden while the round is open. */
export function toRound(
  row: RoundRow,
  pair: { server_seed: string; server_seed_hash: string; client_seed: string; active: boolean },
): Round {
  const round: Round = {
    id: row.id.toString(),
    game: row.game,
    currency: row.currency,
    stake: fromNano(row.stake),
    payout: fromNano(row.payout),
    multiplier: multiplierText(Number(row.multiplier)),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    fairness: {
      serverSeedHash: pair.server_seed_hash,
      serverSeed: pair.active ? null : pair.server_seed,
      clientSeed: pair.client_seed,
      nonce: row.nonce,
    },
  };
  if (row.game === 'flip') {
    round.flip = { choice: (row.params as FlipParams).choice, side: (row.outcome as FlipOutcome).side };
  } else if (row.game === 'roll') {
    const params = row.params as RollParams;
    const chance = params.direction === 'under' ? params.target : 10_000 - params.target;
    round.roll = {
      target: formatHundredths(params.target),
      direction: params.direction,
      chance: formatHundredths(chance),
      roll: formatHundredths((row.outcome as RollOutcome).roll),
    };
  } else {
    const { difficulty } = row.params as RoadParams;
    const outcome = row.outcome as RoadOutcome;
    round.road = {
      difficulty,
      lanes: roadLanes(difficulty),
      passed: outcome.passed,
      ...(outcome.hitLane ? { hitLane: outcome.hitLane } : {}),
      traps: row.status === 'open' ? null : outcome.traps.map((slot) => slot + 1).sort((a, b) => a - b),
    };
  }
  return round;
}

interface RoundWithPair extends RoundRow {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  active: boolean;
}

const WITH_PAIR = `SELECT r.*, p.server_seed, p.server_seed_hash, p.client_seed, p.active
  FROM game_rounds r JOIN seed_pairs p ON p.id = r.seed_pair_id`;

export async function openRoadOf(db: Queryable, userId: bigint): Promise<Round | null> {
  const { rows } = await db.query<RoundWithPair>(`${WITH_PAIR} WHERE r.user_id = $1 AND r.game = 'road' AND r.status = 'open'`, [userId]);
  return rows[0] ? toRound(rows[0], rows[0]) : null;
}

export async function roundsOf(
  db: Queryable,
  userId: bigint,
  options: { game?: GameName; cursor?: bigint; limit: number },
): Promise<{ items: Round[]; nextCursor: string | null }> {
  const { rows } = await db.query<RoundWithPair>(
    `${WITH_PAIR} WHERE r.user_id = $1 AND ($2::text IS NULL OR r.game = $2) AND ($3::bigint IS NULL OR r.id < $3)
     ORDER BY r.id DESC LIMIT $4`,
    [userId, options.game ?? null, options.cursor ?? null, options.limit + 1],
  );
  const page = rows.slice(0, options.limit);
  return {
    items: page.map((row) => toRound(row, row)),
    nextCursor: rows.length > options.limit ? (page.at(-1)?.id.toString() ?? null) : null,
  };
}

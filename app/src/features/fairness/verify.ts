import {
  fairFloats,
  flipSide,
  formatHundredths,
  hashServerSeed,
  ROAD_FLOATS,
  roadTraps,
  rollHundredths,
  rollWins,
  type CoinSide,
  type RoadDifficulty,
  type Seeds,
} from '@arcade/api-client/fair';
import type { Round } from '@arcade/api-client/games';

/** What the seeds decide, in the words a round reports it. */
export type Outcome =
  | { game: 'flip'; side: CoinSide }
  | { game: 'roll'; roll: string }
  /** Trap lanes, 1-based and ascending (slots past the last lane included, as the round shows them). */
  | { game: 'road'; traps: number[] };

/** The seeds a round was played with, once its server seed is revealed (null before). */
export function roundSeeds(round: Round): Seeds | null {
  const { serverSeed, clientSeed, nonce } = round.fairness;
  return serverSeed === null ? null : { serverSeed, clientSeed, nonce };
}

/** Recomputes a round's outcome from seeds, with the same functions the server decides with. */
export function outcomeFromSeeds(round: Round, seeds: Seeds): Outcome {
  if (round.game === 'flip') return { game: 'flip', side: flipSide(fairFloats(seeds, 1)) };
  if (round.game === 'roll') return { game: 'roll', roll: formatHundredths(rollHundredths(fairFloats(seeds, 1))) };
  const difficulty: RoadDifficulty = round.road?.difficulty ?? 'easy';
  const slots = roadTraps(fairFloats(seeds, ROAD_FLOATS), difficulty);
  return { game: 'road', traps: slots.map((slot) => slot + 1).sort((a, b) => a - b) };
}

/** What the round itself reports (null while a road round is open: its traps are not shown yet). */
export function recordedOutcome(round: Round): Outcome | null {
  if (round.flip) return { game: 'flip', side: round.flip.side };
  if (round.roll) return { game: 'roll', roll: round.roll.roll };
  if (round.road?.traps) return { game: 'road', traps: [...round.road.traps].sort((a, b) => a - b) };
  return null;
}

function sameOutcome(a: Outcome, b: Outcome): boolean {
  if (a.game === 'flip' && b.game === 'flip') return a.side === b.side;
  if (a.game === 'roll' && b.game === 'roll') return a.roll === b.roll;
  if (a.game === 'road' && b.game === 'road') return a.traps.length === b.traps.length && a.traps.every((lane, i) => lane === b.traps[i]);
  return false;
}

/** Hundredths of "49.50". */
function hundredths(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Does the round's result (won, lost, where it stopped) follow from the outcome the seeds give? */
function resultFollows(round: Round, computed: Outcome): boolean {
  if (computed.game === 'flip' && round.flip) {
    return round.status === (round.flip.choice === computed.side ? 'won' : 'lost');
  }
  if (computed.game === 'roll' && round.roll) {
    const won = rollWins(hundredths(computed.roll), hundredths(round.roll.target), round.roll.direction);
    return round.status === (won ? 'won' : 'lost');
  }
  if (computed.game === 'road' && round.road) {
    const { passed, hitLane } = round.road;
    const traps = new Set(computed.traps);
    for (let lane = 1; lane <= passed; lane++) if (traps.has(lane)) return false;
    if (round.status === 'lost') return hitLane !== undefined && hitLane === passed + 1 && traps.has(hitLane);
    return true;
  }
  return false;
}

export interface Verification {
  /** SHA-256 of the server seed given. */
  hash: string;
  /** It equals the hash committed before the round. */
  hashMatches: boolean;
  computed: Outcome;
  recorded: Outcome | null;
  /** The outcome and the result follow from the seeds; null while the round has not shown its outcome. */
  outcomeMatches: boolean | null;
  /** Everything checked matches. */
  matches: boolean;
}

/** Checks a round against seeds (its own revealed ones, or any the player typed). */
export function verifyRound(round: Round, seeds: Seeds): Verification {
  const hash = hashServerSeed(seeds.serverSeed);
  const hashMatches = hash === round.fairness.serverSeedHash;
  const computed = outcomeFromSeeds(round, seeds);
  const recorded = recordedOutcome(round);
  const outcomeMatches = recorded === null ? null : sameOutcome(computed, recorded) && resultFollows(round, computed);
  return { hash, hashMatches, computed, recorded, outcomeMatches, matches: hashMatches && outcomeMatches === true };
}

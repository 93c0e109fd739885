import { fairFloats, flipSide, formatHundredths, hashServerSeed, ROAD_FLOATS, roadTraps, rollHundredths } from '@arcade/api-client/fair';
import type { Round } from '@arcade/api-client/games';

/** A demo round checked in the browser from its revealed seed, with the fair functions the server decided with. */
export interface DemoCheck {
  /** SHA-256 of the revealed seed is the hash shown before the round. */
  hashMatches: boolean;
  /** What the seeds give, in the round's own words (the side, the roll, the trap lanes). */
  computed: string;
  recorded: string;
  matches: boolean;
}

function outcomeText(round: Round, floats: (count: number) => number[]): string {
  if (round.game === 'flip') return flipSide(floats(1));
  if (round.game === 'roll') return formatHundredths(rollHundredths(floats(1)));
  return roadTraps(floats(ROAD_FLOATS), round.road?.difficulty ?? 'easy')
    .map((slot) => slot + 1)
    .sort((a, b) => a - b)
    .join(', ');
}

function recordedText(round: Round): string {
  if (round.flip) return round.flip.side;
  if (round.roll) return round.roll.roll;
  return [...(round.road?.traps ?? [])].sort((a, b) => a - b).join(', ');
}

/** Null while the demo seed is not revealed yet (or a road round is still open). */
export function checkDemoRound(round: Round): DemoCheck | null {
  const { serverSeed, clientSeed, nonce } = round.fairness;
  if (serverSeed === null || round.status === 'open') return null;
  const computed = outcomeText(round, (count) => fairFloats({ serverSeed, clientSeed, nonce }, count));
  const recorded = recordedText(round);
  const hashMatches = hashServerSeed(serverSeed) === round.fairness.serverSeedHash;
  return { hashMatches, computed, recorded, matches: hashMatches && computed === recorded };
}

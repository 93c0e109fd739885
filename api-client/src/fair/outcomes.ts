import { hmacSha256, sha256, toHex, utf8 } from './sha256';

/**
 * Provably fair outcomes (design/PRODUCT.md): HMAC-SHA256(key = server seed, message =
 * `clientSeed:nonce:round`), every 4 bytes one float in [0, 1). Pure functions shared by the
 * server, which decides, and the app's verify view, which recomputes.
 */

export interface Seeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** HMAC-SHA256 over strings; the server passes node:crypto's, the browser uses the built-in one. */
export type Hmac = (key: string, message: string) => Uint8Array;

export const hmac: Hmac = (key, message) => hmacSha256(utf8(key), utf8(message));

/** The commitment shown before play: SHA-256 of the server seed, hex. */
export function hashServerSeed(serverSeed: string): string {
  return toHex(sha256(utf8(serverSeed)));
}

/** `count` floats for one bet, 8 per HMAC round. */
export function fairFloats(seeds: Seeds, count: number, mac: Hmac = hmac): number[] {
  const floats: number[] = [];
  for (let round = 0; floats.length < count; round++) {
    const bytes = mac(seeds.serverSeed, `${seeds.clientSeed}:${seeds.nonce}:${round}`);
    for (let i = 0; i + 4 <= bytes.length && floats.length < count; i += 4) {
      floats.push(bytes[i]! / 256 + bytes[i + 1]! / 256 ** 2 + bytes[i + 2]! / 256 ** 3 + bytes[i + 3]! / 256 ** 4);
    }
  }
  return floats;
}

// ---- multipliers: integers in ten-thousandths (1.98x = 19800), floored to 4 decimals ----

export const MULTIPLIER_SCALE = 10_000;

/**
 * The house edge of each game in ten-thousandths (1 − RTP): the one place it is set. Every
 * multiplier below is derived from it, and the server's product configuration (the referral
 * share of the edge) reads it from here.
 */
export const HOUSE_EDGE = { flip: 100, roll: 100, road: 200 } as const;

/** What a game returns of a stake over many rounds, in ten-thousandths (9900 is 99%). */
const rtp = (game: keyof typeof HOUSE_EDGE): number => MULTIPLIER_SCALE - HOUSE_EDGE[game];

export function multiplierText(scaledMultiplier: number): string {
  const whole = Math.floor(scaledMultiplier / MULTIPLIER_SCALE);
  const fraction = String(scaledMultiplier % MULTIPLIER_SCALE)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Payout in nanotons for a stake at a multiplier, floored to a whole nanoton. */
export function payoutOf(stakeNano: bigint, scaledMultiplier: number): bigint {
  return (stakeNano * BigInt(scaledMultiplier)) / BigInt(MULTIPLIER_SCALE);
}

// ---- flip ----

export type CoinSide = 'heads' | 'tails';
/** Even odds at the flip's RTP: 1.98x. */
export const FLIP_MULTIPLIER = 2 * rtp('flip');

export function flipSide(floats: readonly number[]): CoinSide {
  return floats[0]! < 0.5 ? 'heads' : 'tails';
}

// ---- roll: 0.00 .. 100.00, kept as whole hundredths 0..10000 ----

export type RollDirection = 'under' | 'over';
/** Win chance bounds, in hundredths of a percent. */
export const ROLL_MIN_CHANCE = 100;
export const ROLL_MAX_CHANCE = 9_500;

export function rollHundredths(floats: readonly number[]): number {
  return Math.floor(floats[0]! * 10_001);
}

/** Win chance in hundredths of a percent for a target (hundredths) and direction. */
export function rollChance(target: number, direction: RollDirection): number {
  return direction === 'under' ? target : 10_000 - target;
}

/** RTP / chance (99 / chance% at a 1% edge), floored to 4 decimals. */
export function rollMultiplier(chance: number): number {
  return Math.floor((rtp('roll') * MULTIPLIER_SCALE) / chance);
}

export function rollWins(roll: number, target: number, direction: RollDirection): boolean {
  return direction === 'under' ? roll < target : roll > target;
}

export function formatHundredths(value: number): string {
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

// ---- road: 25 slots, m traps, lanes = 25 - m ----

export const ROAD_SLOTS = 25;
export const ROAD_TRAPS = { easy: 1, medium: 3, hard: 5, hardcore: 10 } as const;
export type RoadDifficulty = keyof typeof ROAD_TRAPS;

export function roadLanes(difficulty: RoadDifficulty): number {
  return ROAD_SLOTS - ROAD_TRAPS[difficulty];
}

/** Trap slots (0-based lane indexes): the first m picks of a Fisher-Yates shuffle of the 25 slots. */
export function roadTraps(floats: readonly number[], difficulty: RoadDifficulty): number[] {
  const remaining = Array.from({ length: ROAD_SLOTS }, (_, i) => i);
  const traps: number[] = [];
  for (let i = 0; i < ROAD_TRAPS[difficulty]; i++) {
    const index = Math.floor(floats[i]! * remaining.length);
    traps.push(remaining.splice(index, 1)[0]!);
  }
  return traps;
}

/** Floats a road round needs: one per trap pick (at most 24 for a full shuffle). */
export const ROAD_FLOATS = 24;

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** Multiplier after `safeLanes` safe lanes: RTP x C(25, m) / C(25 - k, m) (0.98 x … at a 2% edge), floored to 4 decimals. */
export function roadMultiplier(difficulty: RoadDifficulty, safeLanes: number): number {
  if (safeLanes === 0) return MULTIPLIER_SCALE;
  const m = ROAD_TRAPS[difficulty];
  return Number((BigInt(rtp('road')) * choose(ROAD_SLOTS, m)) / choose(ROAD_SLOTS - safeLanes, m));
}

/** The whole ladder of a difficulty: the multiplier reached on each lane. */
export function roadLadder(difficulty: RoadDifficulty): number[] {
  return Array.from({ length: roadLanes(difficulty) }, (_, i) => roadMultiplier(difficulty, i + 1));
}

import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fairFloats,
  flipSide,
  formatHundredths,
  hashServerSeed,
  hmac,
  multiplierText,
  payoutOf,
  roadLadder,
  roadMultiplier,
  roadTraps,
  rollChance,
  rollHundredths,
  rollMultiplier,
  rollWins,
  type Hmac,
} from '../src/fair';
import { sha256, toHex, utf8 } from '../src/fair/sha256';

const nodeHmac: Hmac = (key, message) => createHmac('sha256', key).update(message).digest();

describe('provably fair bytes', () => {
  it('matches the published known answer: server seed def, client seed abc, nonce 0', () => {
    const floats = fairFloats({ serverSeed: 'def', clientSeed: 'abc', nonce: 0 }, 8);
    expect(floats[0]).toBe(0.8320531346835196);
    expect(floats).toEqual([
      0.8320531346835196, 0.8531235849950463, 0.18227359023876488, 0.774284637067467, 0.18627392360940576, 0.6012540922965854,
      0.608081541955471, 0.46018488449044526,
    ]);
    expect(formatHundredths(rollHundredths(floats))).toBe('83.21');
    expect(toHex(hmac('def', 'abc:0:0'))).toMatch(/^d5016f2a.*75cead35$/);
  });

  it('our SHA-256 and HMAC agree with node:crypto on random inputs of every length', () => {
    for (let length = 0; length < 200; length += 7) {
      const data = randomBytes(length);
      expect(toHex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
      const key = randomBytes(length % 90).toString('hex');
      const message = `${randomBytes(length).toString('base64')}:${length}:0`;
      expect(toHex(hmac(key, message))).toBe(toHex(nodeHmac(key, message)));
    }
    expect(hashServerSeed('def')).toBe(createHash('sha256').update('def').digest('hex'));
    expect(toHex(sha256(utf8('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('streams into later HMAC rounds when a bet needs more than 8 floats', () => {
    const seeds = { serverSeed: 'def', clientSeed: 'abc', nonce: 0 };
    const many = fairFloats(seeds, 24, nodeHmac);
    expect(many.slice(0, 8)).toEqual(fairFloats(seeds, 8));
    expect(many.slice(8, 16)).toEqual(fairFloats({ ...seeds }, 16).slice(8));
    const round1 = nodeHmac('def', 'abc:0:1');
    expect(many[8]).toBe(round1[0]! / 256 + round1[1]! / 256 ** 2 + round1[2]! / 256 ** 3 + round1[3]! / 256 ** 4);
    for (const f of many) expect(f >= 0 && f < 1).toBe(true);
  });
});

describe('game outcomes', () => {
  it('flip: a float under one half is heads', () => {
    expect(flipSide([0.4999999])).toBe('heads');
    expect(flipSide([0.5])).toBe('tails');
    expect(flipSide(fairFloats({ serverSeed: 'def', clientSeed: 'abc', nonce: 0 }, 1))).toBe('tails');
    expect(flipSide(fairFloats({ serverSeed: 'def', clientSeed: 'abc', nonce: 1 }, 1))).toBe(
      fairFloats({ serverSeed: 'def', clientSeed: 'abc', nonce: 1 }, 1)[0]! < 0.5 ? 'heads' : 'tails',
    );
  });

  it('roll: 0.00 to 100.00, chance and multiplier 99 / chance%', () => {
    expect(rollHundredths([0])).toBe(0);
    expect(rollHundredths([1 - 2 ** -32])).toBe(10_000);
    expect(rollChance(5_000, 'under')).toBe(5_000);
    expect(rollChance(7_525, 'over')).toBe(2_475);
    expect(multiplierText(rollMultiplier(5_000))).toBe('1.98');
    expect(multiplierText(rollMultiplier(100))).toBe('99');
    expect(multiplierText(rollMultiplier(9_500))).toBe('1.0421');
    expect(multiplierText(rollMultiplier(3_333))).toBe('2.9702');
    expect(rollWins(4_999, 5_000, 'under')).toBe(true);
    expect(rollWins(5_000, 5_000, 'under')).toBe(false);
    expect(rollWins(5_000, 5_000, 'over')).toBe(false);
    expect(rollWins(5_001, 5_000, 'over')).toBe(true);
  });

  it('road: the published top multipliers and the ladders', () => {
    expect(multiplierText(roadMultiplier('easy', 24))).toBe('24.5');
    expect(multiplierText(roadMultiplier('medium', 22))).toBe('2254');
    expect(multiplierText(roadMultiplier('hard', 20))).toBe('52067.4');
    expect(multiplierText(roadMultiplier('hardcore', 15))).toBe('3203384.8');
    expect(roadLadder('easy').slice(0, 3).map(multiplierText)).toEqual(['1.0208', '1.0652', '1.1136']);
    expect(roadLadder('hardcore')).toHaveLength(15);
    expect(roadLadder('medium')).toHaveLength(22);
  });

  it('road: m distinct trap slots from a Fisher-Yates pick, same seeds same traps', () => {
    const seeds = { serverSeed: 'def', clientSeed: 'abc', nonce: 3 };
    const traps = roadTraps(fairFloats(seeds, 24), 'hardcore');
    expect(traps).toHaveLength(10);
    expect(new Set(traps).size).toBe(10);
    for (const slot of traps) expect(slot >= 0 && slot < 25).toBe(true);
    expect(roadTraps(fairFloats(seeds, 24), 'hardcore')).toEqual(traps);
    expect(roadTraps([0.999, 0], 'easy')).toEqual([24]);
    expect(roadTraps([0, 0, 0], 'medium')).toEqual([0, 1, 2]);
  });

  it('payouts are floored to whole nanotons', () => {
    expect(payoutOf(1_000_000_000n, 19_800)).toBe(1_980_000_000n);
    expect(payoutOf(3n, 19_800)).toBe(5n);
    expect(payoutOf(10_000_000n, rollMultiplier(3_333))).toBe(29_702_000n);
  });
});

describe('our own vectors, pinned so any change to the derivation shows', () => {
  const serverSeed = '9f2c4e1a7b3d5f60819a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70';
  const vectors: Array<[nonce: number, flip: string, roll: string, easy: number[], medium: number[], hardcore: number[]]> = [
    [0, 'tails', '53.15', [13], [13, 19, 22], [13, 19, 22, 10, 8, 17, 5, 14, 7, 3]],
    [1, 'heads', '43.47', [10], [10, 18, 16], [10, 18, 16, 0, 24, 7, 2, 14, 12, 11]],
    [2, 'tails', '50.55', [12], [12, 21, 9], [12, 21, 9, 2, 14, 10, 19, 17, 24, 16]],
    [42, 'heads', '39.44', [9], [9, 19, 17], [9, 19, 17, 22, 13, 18, 20, 7, 5, 1]],
  ];
  it.each(vectors)('nonce %i', (nonce, flip, roll, easy, medium, hardcore) => {
    const floats = fairFloats({ serverSeed, clientSeed: 'lucky-player', nonce }, 24, nodeHmac);
    expect(flipSide(floats)).toBe(flip);
    expect(formatHundredths(rollHundredths(floats))).toBe(roll);
    expect(roadTraps(floats, 'easy')).toEqual(easy);
    expect(roadTraps(floats, 'medium')).toEqual(medium);
    expect(roadTraps(floats, 'hardcore')).toEqual(hardcore);
  });
});

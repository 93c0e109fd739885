/**
 * Seeded randomness for cosmetic choices (spins, car colours, sparkles). Outcomes never come
 * from here: the server decides them and the engine is told.
 */

/** mulberry32: a tiny, fast 32-bit PRNG; the same seed always yields the same sequence. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a over the parts: derives independent sub-seeds ("road", lane 3) from one seed. */
export function hashSeed(...parts: ReadonlyArray<string | number>): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    const text = `${String(part)}\u0000`;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
  }
  return hash >>> 0;
}

export class Random {
  private readonly source: () => number;

  constructor(readonly seed: number) {
    this.source = mulberry32(seed);
  }

  /** A float in [0, 1). */
  next(): number {
    return this.source();
  }

  /** A float in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.source();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.source() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.source() < probability;
  }

  sign(): 1 | -1 {
    return this.source() < 0.5 ? -1 : 1;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from an empty list');
    return items[Math.floor(this.source() * items.length)] as T;
  }
}

/**
 * How a gift is drawn from its attributes alone: the figure from the collection's name, its tint
 * from the model's name, and the rarity wording. Pure functions, so the cards stay cheap.
 */

export type FigureKind = 'frog' | 'cap' | 'ring' | 'watch' | 'shard' | 'lollipop' | 'cake' | 'globe' | 'box';

const FIGURE_WORDS: ReadonlyArray<[keyword: string, figure: FigureKind]> = [
  ['pepe', 'frog'],
  ['frog', 'frog'],
  ['cap', 'cap'],
  ['hat', 'cap'],
  ['ring', 'ring'],
  ['watch', 'watch'],
  ['clock', 'watch'],
  ['shard', 'shard'],
  ['crystal', 'shard'],
  ['gem', 'shard'],
  ['pop', 'lollipop'],
  ['candy', 'lollipop'],
  ['cake', 'cake'],
  ['cupcake', 'cake'],
  ['globe', 'globe'],
  ['snow', 'globe'],
];

/** The figure of a collection; a collection we do not know is a gift box. */
export function figureFor(collectionName: string): FigureKind {
  const words = collectionName
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  for (const [keyword, figure] of FIGURE_WORDS) {
    if (words.includes(keyword)) return figure;
  }
  return 'box';
}

/** A model's tint as hue, saturation and lightness. */
export interface Tint {
  h: number;
  s: number;
  l: number;
}

const NAMED_TINTS: Readonly<Record<string, Tint>> = {
  aurora: { h: 165, s: 70, l: 58 },
  'night owl': { h: 228, s: 38, l: 40 },
  ruby: { h: 350, s: 72, l: 50 },
  emerald: { h: 148, s: 62, l: 44 },
  golden: { h: 43, s: 88, l: 58 },
  gold: { h: 43, s: 88, l: 58 },
  frost: { h: 200, s: 80, l: 80 },
  neon: { h: 312, s: 95, l: 62 },
  obsidian: { h: 250, s: 12, l: 22 },
  sakura: { h: 340, s: 90, l: 80 },
  cosmic: { h: 258, s: 80, l: 62 },
  toxic: { h: 88, s: 78, l: 52 },
  vintage: { h: 32, s: 36, l: 52 },
};

/** A small stable hash of a name (FNV-1a), so an unknown model keeps its colour everywhere. */
function hashName(name: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < name.length; index += 1) {
    hash ^= name.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The tint of a model: a known colour word, otherwise a hue from the name. */
export function tintFor(modelName: string): Tint {
  const key = modelName.trim().toLowerCase();
  const named = NAMED_TINTS[key] ?? Object.entries(NAMED_TINTS).find(([word]) => key.split(/\s+/).includes(word))?.[1];
  if (named) return named;
  const hash = hashName(key);
  return { h: hash % 360, s: 55 + ((hash >>> 9) % 25), l: 50 + ((hash >>> 17) % 14) };
}

const clamp = (value: number) => Math.min(96, Math.max(6, value));

export function tintColor({ h, s, l }: Tint, lighten = 0): string {
  return `hsl(${h} ${s}% ${clamp(l + lighten)}%)`;
}

// ---- Rarity ----

/** Per-mille values multiply into the combined rarity: a chance out of 1000³. */
const COMBINED_SCALE = 1_000_000_000;

export type RarityTier = 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary';

/** Tier of a combined rarity (lower is rarer), by the share of all upgrades that look like it. */
export function rarityTier(rarity: number): RarityTier {
  const share = rarity / COMBINED_SCALE;
  if (share >= 0.01) return 'common';
  if (share >= 0.002) return 'uncommon';
  if (share >= 0.0005) return 'rare';
  if (share >= 0.0001) return 'epic';
  return 'legendary';
}

/** "1 in N": how many upgrades it takes, on average, to see this combination once. */
export function oneIn(rarity: number): number {
  if (rarity <= 0) return Infinity;
  return Math.max(1, Math.round(COMBINED_SCALE / rarity));
}

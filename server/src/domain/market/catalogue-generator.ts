import type { Db } from '../../db/db';
import { productConfig } from '../product-config';

/** A seeded generator (mulberry32): the offline catalogue is the same on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COLLECTIONS: Array<[id: string, name: string, basePrice: number]> = [
  ['plush-pepe', 'Plush Pepe', 120],
  ['durovs-cap', "Durov's Cap", 60],
  ['signet-ring', 'Signet Ring', 18],
  ['swiss-watch', 'Swiss Watch', 12],
  ['astral-shard', 'Astral Shard', 9],
  ['lol-pop', 'Lol Pop', 2.5],
  ['homemade-cake', 'Homemade Cake', 1.8],
  ['snow-globe', 'Snow Globe', 3.2],
];

const MODELS = ['Aurora', 'Night Owl', 'Ruby', 'Emerald', 'Golden', 'Frost', 'Neon', 'Obsidian', 'Sakura', 'Cosmic', 'Toxic', 'Vintage'];
const SYMBOLS = ['Star', 'Diamond', 'Crown', 'Heart', 'Anchor', 'Clover', 'Bolt', 'Moon', 'Skull', 'Rocket'];
const BACKDROPS: Array<[name: string, center: string, edge: string]> = [
  ['Midnight Blue', '#2b4c7e', '#152238'],
  ['Emerald', '#2e8b57', '#134e2f'],
  ['Ruby', '#b0303c', '#5c1119'],
  ['Amber', '#e0a33b', '#8a5a12'],
  ['Lavender', '#9b7fd4', '#4e3a7a'],
  ['Onyx Black', '#3a3a3a', '#101010'],
  ['Coral Red', '#f06e5b', '#8c2f22'],
  ['Sky Blue', '#5fb4f0', '#1f5f94'],
  ['Mint', '#6fd6b0', '#24785a'],
  ['Gold', '#f5cf5b', '#9b7a13'],
];

/** Rarities in per mille that add up to about 1000 over a list of n names, rarest last. */
function rarities(n: number): number[] {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1.2));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => Math.max(2, Math.round((w / total) * 1000)));
}

function pick(rng: () => number, weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = rng() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/**
 * Fills an empty market with a believable catalogue for the offline start mode: eight
 * collections, `perCollection` gifts each with weighted models, backdrops and symbols, and
 * about two thirds of them listed by the house at prices that follow rarity and number.
 */
export async function seedMarketCatalogue(db: Db, options: { perCollection?: number; seed?: number } = {}): Promise<number> {
  const existing = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM gifts');
  if ((existing.rows[0]?.n ?? 0n) > 0n) return 0;
  const rng = random(options.seed ?? 20261121);
  const perCollection = options.perCollection ?? 70;
  const modelRarity = rarities(MODELS.length);
  const symbolRarity = rarities(SYMBOLS.length);
  const backdropRarity = rarities(BACKDROPS.length);
  let made = 0;
  await db.transaction(async (tx) => {
    for (const [id, name, basePrice] of COLLECTIONS) {
      await tx.query('INSERT INTO gift_collections (id, name) VALUES ($1, $2)', [id, name]);
      for (let number = 1; number <= perCollection; number++) {
        const m = pick(rng, modelRarity);
        const b = pick(rng, backdropRarity);
        const s = pick(rng, symbolRarity);
        const [backdrop, center, edge] = BACKDROPS[b]!;
        const inserted = await tx.query<{ id: bigint; rarity: bigint }>(
          `INSERT INTO gifts (collection_id, number, model, model_rarity, backdrop, backdrop_rarity, backdrop_center, backdrop_edge, symbol, symbol_rarity, telegram_gift_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id, rarity`,
          [
            id,
            number * 37 + Math.floor(rng() * 30),
            MODELS[m]!,
            modelRarity[m]!,
            backdrop,
            backdropRarity[b]!,
            center,
            edge,
            SYMBOLS[s]!,
            symbolRarity[s]!,
            `house-${id}-${number}`,
          ],
        );
        made += 1;
        if (rng() < 0.68) {
          const row = inserted.rows[0]!;
          // Rarer attributes and low numbers cost more; two decimals like a human seller would write.
          const rarityFactor = 1 + 400 / Math.sqrt(Number(row.rarity) / 1000 + 1);
          const price = Math.max(
            Number(productConfig.market.minPriceNano) / 1e9,
            basePrice * (0.6 + rng() * 0.8) * (rarityFactor / 40) * (number < 10 ? 3 : 1),
          );
          const priceNano = BigInt(Math.round(price * 100)) * 10_000_000n;
          const listedAt = new Date(Date.now() - Math.floor(rng() * 14 * 24 * 3600_000));
          await tx.query(
            `INSERT INTO listings (gift_id, seller_id, price, listed_at, collection_id, model, backdrop, symbol, number, rarity)
             SELECT g.id, NULL, $2, $3, g.collection_id, g.model, g.backdrop, g.symbol, g.number, g.rarity FROM gifts g WHERE g.id = $1`,
            [row.id, priceNano, listedAt],
          );
        }
      }
    }
  });
  return made;
}

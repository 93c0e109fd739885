import { createHmac, randomBytes } from 'node:crypto';
import { hashServerSeed, type Hmac } from '@arcade/api-client/fair';
import type { RevealedPage, RevealedPair, SeedsInfo } from '@arcade/api-client/games';
import type { Queryable } from '../../db/db';
import { DomainError } from '../errors';
import { lockInOrder } from '../ledger';
import { productConfig } from '../product-config';

/** node:crypto's HMAC: the same bytes as the contract's own, several times faster. */
export const nodeHmac: Hmac = (key, message) => createHmac('sha256', key).update(message).digest();

export interface SeedPair {
  id: bigint;
  user_id: bigint;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
  next_server_seed: string;
  next_server_seed_hash: string;
  active: boolean;
  revealed_at: Date | null;
}

export const newServerSeed = () => randomBytes(32).toString('hex');
export const newClientSeed = () => randomBytes(productConfig.games.defaultClientSeedLength / 2).toString('hex');

/** The two tables of seed pairs, of one shape: real play's, and demo play's (games/demo.ts). */
export type SeedTable = 'seed_pairs' | 'demo_seed_pairs';

/** A new active pair whose next server seed is committed (hashed) at once. */
export async function insertPair(
  tx: Queryable,
  userId: bigint,
  serverSeed: string,
  clientSeed: string,
  table: SeedTable = 'seed_pairs',
): Promise<SeedPair> {
  const next = newServerSeed();
  const { rows } = await tx.query<SeedPair>(
    `INSERT INTO ${table} (user_id, server_seed, server_seed_hash, client_seed, next_server_seed, next_server_seed_hash)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [userId, serverSeed, hashServerSeed(serverSeed), clientSeed, next, hashServerSeed(next)],
  );
  return rows[0]!;
}

/**
 * The player's active pair, locked for this transaction. The first one is made when the player
 * first asks for their seeds (every game screen does, to show the commitment before a bet), with
 * the client seed their browser made; `firstClientSeed` is used for that first pair only. A server
 * client seed is drawn only for a player whose app never asked (a bare API client's first bet).
 */
export async function activePairForUpdate(tx: Queryable, userId: bigint, firstClientSeed?: string): Promise<SeedPair> {
  const found = await tx.query<SeedPair>('SELECT * FROM seed_pairs WHERE user_id = $1 AND active FOR NO KEY UPDATE', [userId]);
  if (found.rows[0]) return found.rows[0];
  // Serialise the first pair of a player on their user row, so two first asks cannot both make one.
  await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
  const again = await tx.query<SeedPair>('SELECT * FROM seed_pairs WHERE user_id = $1 AND active FOR NO KEY UPDATE', [userId]);
  return again.rows[0] ?? insertPair(tx, userId, newServerSeed(), firstClientSeed ?? newClientSeed());
}

/** Revealed pairs shown with the seeds in use; the rest come page by page (revealedPairs). */
export const REVEALED_FIRST_PAGE = 20;

function revealedOf(row: SeedPair): RevealedPair {
  return {
    id: row.id.toString(),
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    bets: Number(row.next_nonce),
    rotatedAt: (row.revealed_at ?? new Date(0)).toISOString(),
  };
}

/**
 * The player's revealed pairs, newest first, `limit` at a time: those with an id below `before`
 * (none: from the newest). `next` is the cursor of the page after this one, null at the end.
 */
export async function revealedPairs(db: Queryable, userId: bigint, page: { before?: bigint; limit: number }): Promise<RevealedPage> {
  const { rows } = await db.query<SeedPair>(
    `SELECT * FROM seed_pairs WHERE user_id = $1 AND NOT active AND ($2::bigint IS NULL OR id < $2)
      ORDER BY id DESC LIMIT $3`,
    [userId, page.before ?? null, page.limit + 1],
  );
  const items = rows.slice(0, page.limit).map(revealedOf);
  return { items, next: rows.length > page.limit ? (items[items.length - 1]?.id ?? null) : null };
}

/** The seeds in use (the pair is made now if the player has none: see activePairForUpdate) and the latest revealed ones. */
export async function seedsInfo(tx: Queryable, userId: bigint, firstClientSeed?: string): Promise<SeedsInfo> {
  const pair = await activePairForUpdate(tx, userId, firstClientSeed);
  const revealed = await revealedPairs(tx, userId, { limit: REVEALED_FIRST_PAGE });
  return {
    serverSeedHash: pair.server_seed_hash,
    nextServerSeedHash: pair.next_server_seed_hash,
    clientSeed: pair.client_seed,
    nonce: Number(pair.next_nonce),
    revealed: revealed.items,
    revealedNext: revealed.next,
  };
}

export const seedMessages = {
  roadOpen: 'Finish the open road round before changing seeds: its outcome is already fixed by them',
};

/**
 * Rotates the pair: the old server seed is revealed, the committed next seed becomes the one in
 * use (its hash was shown in advance), a new next seed is committed, and the nonce starts at 0.
 * Refused while a road round is open.
 */
export async function rotateSeeds(tx: Queryable, userId: bigint, clientSeed: string | undefined, now: Date): Promise<SeedsInfo> {
  // The player's row first, the lock every bet holds (docs/locks.md): a bet that read the old pair
  // has committed its round before this reads the open rounds, and a bet after this sees the new
  // pair, so no round can start on the pair revealed here.
  await lockInOrder(tx, { users: [userId], accounts: [] });
  const pair = await activePairForUpdate(tx, userId);
  const open = await tx.query("SELECT id FROM game_rounds WHERE user_id = $1 AND game = 'road' AND status = 'open'", [userId]);
  if (open.rowCount > 0) throw new DomainError('conflict', seedMessages.roadOpen, 'fairness.road-open');
  await tx.query('UPDATE seed_pairs SET active = false, revealed_at = $2 WHERE id = $1', [pair.id, now]);
  await insertPair(tx, userId, pair.next_server_seed, clientSeed ?? newClientSeed());
  return seedsInfo(tx, userId);
}

const CACHED_PAIRS = 50_000;

/**
 * Active seed pairs kept in memory for the one-round-trip bet: the database function checks the
 * pair is still active and the nonce still the expected one, so a stale entry (another server
 * took the nonce, the seeds were rotated) only costs a reload and another try.
 */
export const seedPairCache = {
  /** Per database: pair ids are only unique within one. */
  byDb: new WeakMap<object, Map<bigint, SeedPair>>(),
  async get(db: Queryable, userId: bigint): Promise<SeedPair | null> {
    const cached = this.byDb.get(db)?.get(userId);
    if (cached) return cached;
    const { rows } = await db.query<SeedPair>('SELECT * FROM seed_pairs WHERE user_id = $1 AND active', [userId]);
    const pair = rows[0];
    if (pair) this.remember(db, userId, pair);
    return pair ?? null;
  },
  remember(db: Queryable, userId: bigint, pair: SeedPair): void {
    let pairs = this.byDb.get(db);
    if (!pairs) this.byDb.set(db, (pairs = new Map<bigint, SeedPair>()));
    if (pairs.size >= CACHED_PAIRS && !pairs.has(userId)) pairs.delete(pairs.keys().next().value!);
    pairs.set(userId, pair);
  },
  forget(db: Queryable, userId: bigint): void {
    this.byDb.get(db)?.delete(userId);
  },
};

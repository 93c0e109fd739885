import type { Queryable } from '../db/db';

/**
 * The database as the domain's functions take it. Routes and the wiring hold one and hand it on;
 * every query is the domain's (and db/'s), never a route's.
 */
export type { Db, Queryable } from '../db/db';
/** Where the reads that tolerate lag go: db/read-replica.ts. */
export type { LagTolerantReads } from '../db/read-replica';

/** Resolves when the database answers a trivial query: what the health checks probe. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('select 1');
}

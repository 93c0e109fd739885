import pg from 'pg';

/**
 * Who runs the background work: on PostgreSQL the replica holding a session advisory lock on
 * its own connection (released by the server if that connection dies, so another replica
 * takes over); on PGlite, which only one process can open, always this process. The URL must
 * reach PostgreSQL without a transaction pooler (DATABASE_DIRECT_URL): behind one, the lock
 * would be taken by whichever server connection ran the query, and every replica would find it
 * already "theirs".
 */
export interface LeaderLock {
  /** True while this process holds the lock; tries to take it when it does not. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

export function leaderLock(directUrl: string | null, key: number, onError: (error: Error) => void = () => {}): LeaderLock {
  if (!directUrl) return { acquire: () => Promise.resolve(true), release: () => Promise.resolve() };
  let client: pg.Client | null = null;
  let held = false;

  const drop = () => {
    const old = client;
    client = null;
    held = false;
    if (old) void old.end().catch(() => {});
  };

  return {
    async acquire() {
      if (held && client) return true;
      try {
        if (!client) {
          const fresh = new pg.Client({ connectionString: directUrl, application_name: 'arcade-workers-lock' });
          fresh.on('error', (error) => {
            onError(error);
            if (client === fresh) drop();
          });
          client = fresh;
          await fresh.connect();
        }
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key]);
        held = rows[0]?.locked === true;
        return held;
      } catch (error) {
        onError(error instanceof Error ? error : new Error(String(error)));
        drop();
        return false;
      }
    },
    async release() {
      const old = client;
      client = null;
      held = false;
      if (old) await old.end().catch(() => {});
    },
  };
}

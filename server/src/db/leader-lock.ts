import pg from 'pg';

/**
 * Who runs the background work: on PostgreSQL the replica holding a session advisory lock on
 * its own connection (released by the server if that connection dies, so another replica
 * takes over); on PGlite, which only one process can open, always this process.
 */
export interface LeaderLock {
  /** True while this process holds the lock; tries to take it when it does not. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

export function leaderLock(databaseUrl: string | null, key: number, onError: (error: Error) => void = () => {}): LeaderLock {
  if (!databaseUrl) return { acquire: () => Promise.resolve(true), release: () => Promise.resolve() };
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
          const fresh = new pg.Client({ connectionString: databaseUrl });
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

import type { Redis } from 'ioredis';
import { lagTolerantReads, readReplicaLag, readReplicaUp } from '../metrics';
import type { Db, Queryable, QueryResult, SqlValue } from './db';

/**
 * Where the reads that tolerate lag go (the market's list, facets, floors and sales history, the
 * leaderboard's ranking): a streaming replica (DATABASE_READ_URL) while it is reachable and
 * at most DATABASE_READ_MAX_LAG seconds behind, else the primary. A player's own writes are read
 * back from the primary: after a player's market write, their reads stay there until the
 * replica has replayed it. Nothing the replica does fails a request: a read it fails is run
 * again on the primary.
 */
export interface LagTolerantReads {
  /** Runs `read` on the replica when it may (fresh enough, past `player`'s own writes), else on the primary. */
  read<T>(player: bigint | null, read: (db: Queryable) => Promise<T>): Promise<T>;
  /** Call after `player`'s write has committed: their reads come from the primary until the replica has replayed it. */
  wrote(player: bigint): Promise<void>;
  close(): Promise<void>;
}

/** Without a replica every read is the primary's. */
export function primaryReads(primary: Queryable): LagTolerantReads {
  return { read: (_player, read) => read(primary), wrote: () => Promise.resolve(), close: () => Promise.resolve() };
}

/** Where a player's latest write ends in the primary's WAL, shared by the server processes. */
export interface WriteFences {
  /** Keeps the later of `lsn` and the fence already there, for `ttlMs` from now. */
  set(player: bigint, lsn: bigint, ttlMs: number): Promise<void>;
  /** null: no write of the player within the fences' lifetime. Rejects when it cannot tell. */
  get(player: bigint): Promise<bigint | null>;
}

/** The later fence wins, whichever process sets it last (16 hex digits compare as the positions do). */
const KEEP_LATER = `local held = redis.call('GET', KEYS[1])
if held and held >= ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])`;

/** Fences in Redis, so a write on one server process holds the player's reads on every other. */
export function redisFences(redis: Redis, prefix = 'arcade-read-fence:'): WriteFences {
  return {
    async set(player, lsn, ttlMs) {
      await redis.eval(KEEP_LATER, 1, `${prefix}${player}`, lsn.toString(16).padStart(16, '0'), String(ttlMs));
    },
    async get(player) {
      const held = await redis.get(`${prefix}${player}`);
      return held === null ? null : BigInt(`0x${held}`);
    },
  };
}

export interface ReplicaLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface ReadReplicaOptions {
  primary: Db;
  /** The replica's pool (opened without a check: it may be down at start). Closed by the caller. */
  replica: Db;
  maxLagSeconds: number;
  log: ReplicaLog;
  /** Shared fences (REDIS_URL); this process's own writes are fenced in memory as well. */
  fences?: WriteFences | null;
  /** The clock the lag is measured on (the server's). */
  now?: () => Date;
}

/** A WAL position (`16/B374D848`) as a number, for comparing. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** A fence no replica passes: what a write whose position could not be read is held by. */
const UNKNOWN_POSITION = 0xffff_ffff_ffff_ffffn;
/** Primary positions kept while the replica is behind them (one per measure): past this the oldest go. */
const MAX_SAMPLES = 10_000;

const NOT_MEASURED = 'not measured yet';

type Reason = 'fresh' | 'lagging' | 'unavailable' | 'own_write' | 'fence_unknown' | 'replica_failed';

/**
 * Reads routed by the replica's lag, measured every second (a quarter of the bound when that is
 * shorter) by comparing WAL positions, not replay timestamps: `now() -
 * pg_last_xact_replay_timestamp()` grows on an idle primary with nothing to replay. Each measure
 * reads the primary's `pg_current_wal_lsn()` (every commit a client has seen ends at or before
 * it), then the replica's `pg_last_wal_replay_lsn()`. The replica holds everything committed
 * before the newest measure whose primary position it has replayed: the lag is the time since
 * that measure began, 0 when it has replayed the latest, whatever the primary is doing.
 */
export function replicaReads(options: ReadReplicaOptions): LagTolerantReads {
  const { primary, replica, log } = options;
  const now = () => (options.now ?? (() => new Date()))().getTime();
  const maxLagMs = options.maxLagSeconds * 1000;
  const every = Math.min(1000, Math.max(250, maxLagMs / 4));
  // A fence older than the bound is implied by the lag check; a minute's slack covers clock skew between processes.
  const fenceTtlMs = maxLagMs + 60_000;

  /** Primary positions the replica had not replayed when last measured, oldest first. */
  const samples: { at: number; lsn: bigint }[] = [];
  let caughtUpTo: number | null = null;
  let replayed = -1n;
  /** Why the replica cannot be read (null: it can); measured, or set by a read it failed. */
  let problem: string | null = NOT_MEASURED;
  let primarySystem: string | null = null;
  const ownFences = new Map<bigint, { lsn: bigint; until: number }>();
  let lagging = false;

  const lagMs = (): number => (caughtUpTo === null ? Number.POSITIVE_INFINITY : Math.max(0, now() - caughtUpTo));

  const setProblem = (next: string | null, error?: unknown) => {
    if (next === problem) return;
    if (next === null)
      log.info({}, `read replica: ${problem === NOT_MEASURED ? 'in use' : 'readable again'}, lag-tolerant reads may use it`);
    else if (problem === null || problem === NOT_MEASURED)
      log.warn({ err: error, problem: next }, 'read replica: cannot be read, lag-tolerant reads go to the primary');
    problem = next;
    readReplicaUp.set(next === null ? 1 : 0);
    if (next !== null) readReplicaLag.set(Number.POSITIVE_INFINITY);
  };

  const measure = async (): Promise<void> => {
    const at = now();
    let primaryAt: bigint;
    try {
      const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      primaryAt = parseLsn(rows[0]!.lsn);
      primarySystem ??= await systemIdentifier(primary);
    } catch {
      // The primary's own failures show everywhere else; the lag just is not measured this time.
      return;
    }
    if (samples.length === MAX_SAMPLES) samples.shift();
    samples.push({ at, lsn: primaryAt });
    try {
      const { rows } = await replica.query<{ standby: boolean; replayed: string | null }>(
        'SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed',
      );
      const row = rows[0]!;
      const system = primarySystem === null ? null : await systemIdentifier(replica);
      if (!row.standby || row.replayed === null)
        return setProblem('DATABASE_READ_URL is not a standby server (promoted, or not a replica)');
      if (system !== null && system !== primarySystem) return setProblem("DATABASE_READ_URL is not a replica of DATABASE_URL's server");
      replayed = parseLsn(row.replayed);
    } catch (error) {
      return setProblem('unreachable', error);
    }
    let passed = -1;
    for (let i = 0; i < samples.length && samples[i]!.lsn <= replayed; i += 1) passed = i;
    if (passed >= 0) {
      caughtUpTo = Math.max(caughtUpTo ?? 0, samples[passed]!.at);
      samples.splice(0, passed + 1);
    }
    for (const [player, fence] of ownFences) if (fence.lsn <= replayed || fence.until <= at) ownFences.delete(player);
    setProblem(null);
    // The lag as of this measure's start: 0 when the replica has replayed what the primary had then
    // (the time the queries took is not lag; reads between measures count it, see lagMs).
    const lag = caughtUpTo === null ? Number.POSITIVE_INFINITY : Math.max(0, at - caughtUpTo);
    readReplicaLag.set(lag / 1000);
    if (lag > maxLagMs !== lagging) {
      lagging = !lagging;
      if (lagging)
        log.warn({ lagSeconds: lag / 1000 }, 'read replica: lag over DATABASE_READ_MAX_LAG, lag-tolerant reads go to the primary');
      else log.info({ lagSeconds: lag / 1000 }, 'read replica: caught up, lag-tolerant reads use it again');
    }
  };

  let timer: NodeJS.Timeout | null = null;
  let measuring: Promise<void> = Promise.resolve();
  let closed = false;
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      measuring = measure().finally(schedule);
    }, every);
    timer.unref();
  };
  readReplicaUp.set(0);
  readReplicaLag.set(Number.POSITIVE_INFINITY);
  measuring = measure().finally(schedule);

  const route = async (player: bigint | null): Promise<Reason> => {
    if (problem !== null) return 'unavailable';
    if (lagMs() > maxLagMs) return 'lagging';
    if (player === null) return 'fresh';
    const own = ownFences.get(player);
    if (own && own.lsn > replayed && own.until > now()) return 'own_write';
    if (!options.fences) return 'fresh';
    try {
      const shared = await options.fences.get(player);
      return shared !== null && shared > replayed ? 'own_write' : 'fresh';
    } catch {
      return 'fence_unknown';
    }
  };

  return {
    async read(player, read) {
      const reason = await route(player);
      if (reason !== 'fresh') {
        lagTolerantReads.inc({ database: 'primary', reason });
        return read(primary);
      }
      // Only the replica's own failures send the read to the primary; a refusal of the read itself (a bad cursor) stands.
      let failure: { error: unknown } | null = null;
      const watch = <R>(running: Promise<R>): Promise<R> =>
        running.catch((error: unknown) => {
          failure ??= { error };
          throw error;
        });
      const watched: Queryable = {
        query: <T extends object>(sql: string, params?: readonly SqlValue[]): Promise<QueryResult<T>> =>
          watch(replica.query<T>(sql, params)),
        exec: (sql) => watch(replica.exec(sql)),
      };
      try {
        const result = await read(watched);
        lagTolerantReads.inc({ database: 'replica', reason });
        return result;
      } catch (error) {
        if (failure === null) throw error;
        // Until the next measure finds it readable, the replica is left alone.
        setProblem('a read failed', (failure as { error: unknown }).error);
        lagTolerantReads.inc({ database: 'primary', reason: 'replica_failed' });
        return read(primary);
      }
    },
    async wrote(player) {
      let lsn = UNKNOWN_POSITION;
      try {
        // The insert position: past the write's commit record even when it is not yet flushed
        // (synchronous_commit off), so the fence never falls short of the write.
        const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
        lsn = parseLsn(rows[0]!.lsn);
      } catch {
        // Held until the fence expires: the write's position is unknown.
      }
      const held = ownFences.get(player);
      ownFences.set(player, { lsn: held && held.lsn > lsn ? held.lsn : lsn, until: now() + fenceTtlMs });
      try {
        await options.fences?.set(player, lsn, fenceTtlMs);
      } catch (error) {
        log.warn({ err: error }, "read replica: a player's write fence could not be shared (Redis): only this process holds their reads");
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await measuring;
    },
  };
}

/** The cluster's identity: a streaming replica has its primary's. Null where it cannot be read. */
async function systemIdentifier(db: Queryable): Promise<string | null> {
  try {
    const { rows } = await db.query<{ id: string }>('SELECT system_identifier::text AS id FROM pg_control_system()');
    return rows[0]?.id ?? null;
  } catch {
    return null;
  }
}

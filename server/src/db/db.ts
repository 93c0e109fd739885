import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { checkChannel, listenPostgres, type ChannelListener } from './listener';

/** Values a query parameter may take; bigint is how money and Telegram ids travel. */
export type SqlValue = string | number | bigint | boolean | Date | null;

export interface QueryResult<T> {
  rows: T[];
  /** Rows returned by a SELECT or touched by INSERT/UPDATE/DELETE. */
  rowCount: number;
}

/** What both a connection and an open transaction can do. Parameters are `$1`, `$2`, ... */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * The one database interface the server uses, over PGlite or a PostgreSQL server.
 * INT8 columns (ids, nanotons, counts) always come back as bigint, on both engines.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** PGlite only: the whole data folder as a gzipped tarball. */
  dumpDataDir(): Promise<Buffer>;
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Hears a channel's notifications (sent at commit, by any connection); resolves, once listening, to the function that stops. */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /** PostgreSQL only: the pool's connections now, for the metrics. */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open (busy and idle). */
  total: number;
  idle: number;
  /** Queries and transactions waiting for a free connection. */
  waiting: number;
  /** The most the pool opens (DATABASE_POOL_SIZE). */
  max: number;
}

export interface PostgresOptions {
  url: string;
  /**
   * A session of its own for LISTEN (DATABASE_DIRECT_URL): straight to PostgreSQL, never through a
   * transaction pooler. Default `url`.
   */
  directUrl?: string | null;
  /**
   * `transaction`: `url` is a pooler in transaction mode (PgBouncer), which hands each transaction to
   * any of its server connections: statements run unnamed (a named one would be prepared on one
   * server connection and looked for on another), and the timeout is set in each transaction.
   * `none` (default): PostgreSQL itself, or a pool in session mode.
   */
  pooler?: 'none' | 'transaction';
  /** DATABASE_POOL_SIZE; default 10. */
  maxConnections?: number;
  /** Cancel a statement running longer (DATABASE_STATEMENT_TIMEOUT); 0 or omitted: none. */
  statementTimeoutMs?: number;
  onError?: (error: Error) => void;
  /** How long a query waits for a connection (a new one or a free one) before it fails; default 30 s. */
  connectTimeoutMs?: number;
  /** A query with no answer after this long fails, and its connection is dropped (a read replica that hangs); default none. */
  queryTimeoutMs?: number;
  /** false: open without trying the server (a read replica may be down at start); default true, fail fast. */
  checkOnOpen?: boolean;
}

export type OpenDbOptions =
  | {
      kind: 'pglite';
      /** a folder; omitted = in memory */
      dataDir?: string;
      /** A data folder tarball (pglite-template.ts) a new, empty folder starts from instead of initdb; used if the file is there. */
      template?: string;
    }
  | ({ kind: 'postgres' } & PostgresOptions);

const INT8_OID = 20;
const parseInt8 = (value: string): bigint => BigInt(value);

export async function openDb(options: OpenDbOptions): Promise<Db> {
  return options.kind === 'pglite' ? openPglite(options.dataDir, options.template) : openPostgres(options);
}

async function openPglite(dataDir: string | undefined, template: string | undefined): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // A folder that holds no database yet starts from the template, when there is one.
  const fresh = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
  // Loaded only here: production runs on PostgreSQL, and the release folder does not ship PGlite.
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(fresh && template && existsSync(template) ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
    parsers: { [INT8_OID]: parseInt8 },
  });

  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T extends object>(sql: string, params: readonly SqlValue[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });

  return {
    kind: 'pglite',
    ...wrap(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    // In process: the one connection hears its own commits.
    listen: async (channel, listener) => {
      const stop = await pglite.listen(checkChannel(channel), (payload) => listener.onPayload(payload));
      return () => (pglite.closed ? Promise.resolve() : stop());
    },
    dumpDataDir: async () => Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer()),
    close: () => pglite.close(),
  };
}

/** node-postgres' own parsers, except INT8 as bigint (its default is a string). */
function pgTypeParser(oid: number, format: 'text' | 'binary' = 'text'): (value: string) => unknown {
  if (oid === INT8_OID && format === 'text') return parseInt8;
  return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
}

const statementNames = new Map<string, string>();
/** Past this many distinct texts (SQL built with literals, say) statements run unnamed. */
const MAX_PREPARED = 500;

/** A stable name per statement text, for node-postgres' per-connection prepared statements. */
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (!name && statementNames.size < MAX_PREPARED) {
    name = `s${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

function prepared(sql: string): { name?: string } {
  const name = statementName(sql);
  return name ? { name } : {};
}

/** SQLSTATEs of a named statement that met another server connection than its own: "already exists", "does not exist". */
const PREPARED_ELSEWHERE = new Set(['42P05', '26000']);

/** Says what to set when named statements fail the way a transaction pooler makes them fail. */
function withPoolerHint(error: unknown): unknown {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (error instanceof Error && typeof code === 'string' && PREPARED_ELSEWHERE.has(code)) {
    error.message +=
      ' (is DATABASE_URL a pooler in transaction mode? Then set DATABASE_POOLER=transaction and DATABASE_DIRECT_URL: docs/operations.md, "Connections")';
  }
  return error;
}

const DEFAULT_MAX_CONNECTIONS = 10;

async function openPostgres(options: PostgresOptions): Promise<Db> {
  const pooler = options.pooler ?? 'none';
  const timeoutMs = options.statementTimeoutMs ?? 0;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 0) throw new Error('statementTimeoutMs must be a whole number of milliseconds');
  const max = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const pool = new pg.Pool({
    connectionString: options.url,
    max,
    // A database that does not answer fails the request instead of holding it forever. (This
    // also bounds the wait for a free connection at peak, so it is generous.)
    connectionTimeoutMillis: options.connectTimeoutMs ?? 30_000,
    ...(options.queryTimeoutMs === undefined ? {} : { query_timeout: options.queryTimeoutMs }),
    types: { getTypeParser: pgTypeParser },
    // Each connection is a session of its own (PostgreSQL, or a session-mode pool): the timeout
    // goes with its startup (PgBouncer in transaction mode refuses it there; see `begin` below).
    ...(pooler === 'none' && timeoutMs > 0 ? { statement_timeout: timeoutMs } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => options.onError?.(error));
  // Behind a transaction pooler a session setting would land on whichever server connection ran it:
  // the timeout goes with each transaction instead (one round trip with its BEGIN).
  const begin = pooler === 'transaction' && timeoutMs > 0 ? `BEGIN; SET LOCAL statement_timeout = ${timeoutMs}` : 'BEGIN';

  const wrap = (target: pg.Pool | pg.PoolClient, oneConnection: boolean): Queryable => {
    // One connection answers one query at a time, and node-postgres deprecates being handed a
    // second meanwhile (pg 9 refuses it): reads a transaction starts together wait their turn here.
    let turn: Promise<unknown> = Promise.resolve();
    const inTurn = <R>(run: () => Promise<R>): Promise<R> => {
      if (!oneConnection) return run();
      const mine = turn.then(run, run);
      turn = mine.catch(() => undefined);
      return mine;
    };
    return {
      query<T extends object>(sql: string, params: readonly SqlValue[] = []) {
        return inTurn(async () => {
          // A query with parameters runs as a named prepared statement: each connection parses and
          // plans it once, then only binds and executes (the same few dozen statements run per bet).
          // Behind a transaction pooler it runs unnamed (parsed each time), as the pooler needs.
          try {
            const result =
              params.length > 0
                ? await target.query<T & pg.QueryResultRow>({ text: sql, values: [...params], ...(pooler === 'none' ? prepared(sql) : {}) })
                : await target.query<T & pg.QueryResultRow>(sql);
            return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
          } catch (error) {
            throw withPoolerHint(error);
          }
        });
      },
      exec(sql: string) {
        return inTurn(async () => {
          await target.query(sql);
        });
      },
    };
  };

  // Fail fast on a wrong DATABASE_URL instead of on the first request.
  if (options.checkOnOpen !== false) await pool.query('select 1');

  const transaction: Db['transaction'] = async (fn) => {
    const client = await pool.connect();
    // A connection lost while checked out emits 'error' on the client; unheard, it would end the
    // process. The query in flight fails on its own, and the broken client is discarded below.
    const lost = (error: Error) => options.onError?.(error);
    client.on('error', lost);
    const release = (error?: Error | boolean) => {
      client.off('error', lost);
      client.release(error);
    };
    try {
      await client.query(begin);
      const result = await fn(wrap(client, true));
      await client.query('COMMIT');
      release();
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
        release();
      } catch (rollbackError) {
        // A connection that cannot roll back is broken: destroy it rather than reuse it.
        release(rollbackError instanceof Error ? rollbackError : true);
      }
      throw error;
    }
  };

  // Behind a transaction pooler with a timeout, a statement outside a transaction runs in one of its
  // own, which carries the timeout (BEGIN with it, the statement, COMMIT: two more round trips).
  const outside: Queryable =
    pooler === 'transaction' && timeoutMs > 0
      ? {
          query: <T extends object>(sql: string, params?: readonly SqlValue[]) => transaction((tx) => tx.query<T>(sql, params)),
          exec: (sql: string) => transaction((tx) => tx.exec(sql)),
        }
      : wrap(pool, false);

  return {
    kind: 'postgres',
    ...outside,
    transaction,
    dumpDataDir: () => Promise.reject(new Error('Only an embedded database can be dumped as a data folder')),
    // LISTEN keeps a session: never through a transaction pooler.
    listen: (channel, listener) => listenPostgres(options.directUrl ?? options.url, channel, listener),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    close: () => pool.end(),
  };
}

/** PostgreSQL's SQLSTATE for a unique violation. */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: name } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && (constraint === undefined || name === constraint);
}

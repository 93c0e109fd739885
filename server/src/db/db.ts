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
  close(): Promise<void>;
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

interface PostgresOptions {
  url: string;
  maxConnections?: number;
  onError?: (error: Error) => void;
  /** How long a query waits for a connection (a new one or a free one) before it fails; default 30 s. */
  connectTimeoutMs?: number;
  /** A query with no answer after this long fails, and its connection is dropped (a read replica that hangs); default none. */
  queryTimeoutMs?: number;
  /** false: open without trying the server (a read replica may be down at start); default true, fail fast. */
  checkOnOpen?: boolean;
}

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

async function openPostgres(options: PostgresOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    // A database that does not answer fails the request instead of holding it forever. (This
    // also bounds the wait for a free connection at peak, so it is generous.)
    connectionTimeoutMillis: options.connectTimeoutMs ?? 30_000,
    ...(options.queryTimeoutMs === undefined ? {} : { query_timeout: options.queryTimeoutMs }),
    types: { getTypeParser: pgTypeParser },
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => options.onError?.(error));

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
          const result =
            params.length > 0
              ? await target.query<T & pg.QueryResultRow>({ text: sql, values: [...params], ...prepared(sql) })
              : await target.query<T & pg.QueryResultRow>(sql);
          return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
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

  return {
    kind: 'postgres',
    ...wrap(pool, false),
    async transaction(fn) {
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
        await client.query('BEGIN');
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
    },
    dumpDataDir: () => Promise.reject(new Error('Only an embedded database can be dumped as a data folder')),
    listen: (channel, listener) => listenPostgres(options.url, channel, listener),
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

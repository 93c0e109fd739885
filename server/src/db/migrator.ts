import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './db';

/** Any constant works; it only has to be the same in every replica. */
const MIGRATION_LOCK_KEY = 7_310_001;
const FILE_NAME = /^(\d{3})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Where the .sql files are: src/db/migrations when running from source (tsx, vitest), and
 * dist/migrations next to the bundle (build.mjs copies them there).
 */
export function findMigrationsDir(): string {
  // This module sits in src/db/ (source) or is bundled into dist/main.js: both have ./migrations beside them.
  const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
  if (!existsSync(dir)) throw new Error(`No migrations folder at ${dir}`);
  return dir;
}

/** The folder of the SQL functions (./functions beside ./migrations, in source and in dist). */
export function findFunctionsDir(): string {
  const dir = fileURLToPath(new URL('./functions/', import.meta.url));
  if (!existsSync(dir)) throw new Error(`No functions folder at ${dir}`);
  return dir;
}

/** One SQL function (or trigger function) as its file defines it: `name.sql` holds `CREATE OR REPLACE FUNCTION name(...)`. */
export interface SqlFunction {
  name: string;
  sql: string;
}

const FUNCTION_FILE = /^([a-z0-9_]+)\.sql$/;

/**
 * The SQL functions in force, one file each, in name order. The migrations made earlier versions
 * of them (history, never edited); these files are the source of what runs now.
 */
export function readFunctions(dir: string = findFunctionsDir()): SqlFunction[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const name = FUNCTION_FILE.exec(file)?.[1];
      if (!name) throw new Error(`Function file "${file}" is not named name.sql`);
      const sql = readFileSync(join(dir, file), 'utf8');
      if (!new RegExp(`^CREATE OR REPLACE FUNCTION ${name}\\(`, 'm').test(sql)) {
        throw new Error(`Function file "${file}" does not define CREATE OR REPLACE FUNCTION ${name}(...)`);
      }
      return { name, sql };
    });
}

export function readMigrations(dir: string = findMigrationsDir()): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = FILE_NAME.exec(file);
      if (!match?.[1]) throw new Error(`Migration file "${file}" is not named NNN_name.sql`);
      return { version: Number(match[1]), name: file, sql: readFileSync(join(dir, file), 'utf8') };
    });
  const versions = new Set<number>();
  for (const migration of migrations) {
    if (versions.has(migration.version)) throw new Error(`Two migrations share version ${migration.version}`);
    versions.add(migration.version);
  }
  return migrations;
}

/** What schema_migrations keeps of a file: the sha256 of its text, hex. */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/** The database and the migration files do not match: named by migration, never a query's data. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

interface AppliedRow {
  version: number;
  name: string;
  checksum: string | null;
}

/**
 * Refuses when a migration recorded with a checksum has a file whose text is not that text any
 * more: an applied migration is never edited, a change is a new migration. Applied versions this
 * build has no file for (a database already migrated by a newer release) are left alone, so an
 * older replica can still restart during a rolling deploy.
 */
function refuseChanged(rows: AppliedRow[], migrations: Migration[]): void {
  const files = new Map(migrations.map((migration) => [migration.version, migration]));
  const changed = rows.flatMap((row) => {
    const file = files.get(Number(row.version));
    return file && row.checksum !== null && row.checksum !== migrationChecksum(file.sql) ? [file.name] : [];
  });
  if (changed.length === 0) return;
  throw new MigrationError(
    `${changed.length === 1 ? `Migration ${changed[0]} was` : `Migrations ${changed.join(', ')} were`} changed after being applied to this database ` +
      '(the file is not the text it had then): an applied migration is never edited; restore the file and put the change in a new migration',
  );
}

async function hasChecksumColumn(tx: Queryable): Promise<boolean> {
  const { rows } = await tx.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM information_schema.columns
                    WHERE table_schema = current_schema() AND table_name = 'schema_migrations' AND column_name = 'checksum') AS found`,
  );
  return rows[0]?.found === true;
}

async function appliedRows(tx: Queryable): Promise<AppliedRow[]> {
  const { rows } = await tx.query<AppliedRow>('SELECT version, name, checksum FROM schema_migrations ORDER BY version');
  return rows;
}

/**
 * The first line of a migration that must run outside a transaction (`CREATE INDEX CONCURRENTLY`,
 * which PostgreSQL refuses inside one, so an index on a big table is built without blocking its
 * writes). Such a file runs one statement at a time (statements end with `;` at the end of a line,
 * and no dollar-quoted bodies), each committed on its own: a failure half-way leaves the earlier
 * statements done and the migration unrecorded, so each statement must be safe to run again
 * (`IF NOT EXISTS`; for an index, `DROP INDEX CONCURRENTLY IF EXISTS` first, since a build that
 * failed leaves an invalid index behind).
 */
export const NO_TRANSACTION_MARKER = '-- arcade:no-transaction';

export function runsOutsideTransaction(migration: Migration): boolean {
  return migration.sql.split('\n', 1)[0]?.trim() === NO_TRANSACTION_MARKER;
}

/** The statements of a no-transaction migration, in order; refuses a file that cannot be split safely. */
export function noTransactionStatements(migration: Migration): string[] {
  if (/\$[A-Za-z_]*\$/.test(migration.sql)) {
    throw new MigrationError(
      `Migration ${migration.name} runs outside a transaction one statement at a time: it may not hold dollar-quoted bodies (put functions in a migration of their own)`,
    );
  }
  return migration.sql
    .split(/;[ \t]*(?:\r?\n|$)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.replace(/--[^\n]*/g, '').trim() !== '');
}

/** How long a migrator waits before trying the migrations' lock again. */
const LOCK_RETRY_MS = 200;

/**
 * Runs fn in a transaction holding the migrations' advisory lock. The lock is tried, never waited
 * for inside a transaction: a transaction waiting for it would hold a snapshot, which another
 * runner's `CREATE INDEX CONCURRENTLY` waits for while that runner holds the lock. A try that
 * fails ends its transaction at once and tries again a moment later. Without parameters, so over
 * the simple protocol: a parameterized query's portal (and the snapshot it pins) would stay open
 * in the transaction.
 */
async function lockedTransaction<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      // A migration may rewrite a big table: no statement timeout (DATABASE_STATEMENT_TIMEOUT) here.
      await tx.exec('SET LOCAL statement_timeout = 0');
      const { rows } = await tx.query<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock(${MIGRATION_LOCK_KEY}) AS locked`);
      return rows[0]?.locked === true ? { value: await fn(tx) } : null;
    });
    if (outcome !== null) return outcome.value;
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
}

async function isApplied(db: Queryable, version: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
  return rows.length > 0;
}

function record(db: Queryable, migration: Migration): Promise<unknown> {
  return db.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
    migration.version,
    migration.name,
    migrationChecksum(migration.sql),
  ]);
}

/**
 * Applies one migration unless another runner did meanwhile (checked under the migrations' lock).
 * Normally the migration and its record are one transaction holding the lock. A no-transaction one
 * runs its statements outside any transaction while, on PostgreSQL, a transaction of its own on
 * another connection holds the lock (and writes the record at the end); that transaction holds no
 * snapshot and has written nothing while the statements run, so `CREATE INDEX CONCURRENTLY` does
 * not wait for it.
 * PGlite has one connection and one process: nothing runs beside it.
 */
async function applyMigration(db: Db, migration: Migration): Promise<boolean> {
  if (!runsOutsideTransaction(migration)) {
    return lockedTransaction(db, async (tx) => {
      if (await isApplied(tx, migration.version)) return false;
      await tx.exec(migration.sql);
      await record(tx, migration);
      return true;
    });
  }
  const statements = noTransactionStatements(migration);
  if (db.kind === 'pglite') {
    if (await isApplied(db, migration.version)) return false;
    for (const statement of statements) await db.exec(statement);
    await record(db, migration);
    return true;
  }
  // The lock's transaction holds one connection while the statements take another.
  const pool = db.poolStats?.().max;
  if (pool !== undefined && pool < 2) {
    throw new MigrationError(
      `Migration ${migration.name} runs outside a transaction: migrating it needs a pool of two connections or more`,
    );
  }
  return lockedTransaction(db, async (holder) => {
    // Without parameters (see lockedTransaction): the transaction holds no snapshot while the statements run.
    const found = await holder.query(`SELECT 1 FROM schema_migrations WHERE version = ${Number(migration.version)}`);
    if (found.rows.length > 0) return false;
    for (const statement of statements) await db.exec(statement);
    await record(holder, migration);
    return true;
  });
}

/**
 * Applies every migration not yet recorded in schema_migrations, in order, each in a transaction
 * of its own (or none, for a file marked NO_TRANSACTION_MARKER) under an advisory lock, so
 * replicas starting together apply each migration exactly once, and an upgrade never holds one
 * transaction (and its locks) across every migration. Each applied migration is recorded with its
 * file's checksum; a database migrated before checksums were kept gets the column, and its rows the
 * checksums of the files as they are now, the first time. Refuses (MigrationError, nothing applied)
 * when an applied file has changed. A migration that fails stops the run: the ones before it stay
 * applied, it and the ones after are not. Returns the names of the migrations it applied.
 */
export async function migrate(
  db: Db,
  migrations: Migration[] = readMigrations(),
  functions: SqlFunction[] = readFunctions(),
): Promise<string[]> {
  const pending = await lockedTransaction(db, async (tx) => {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version    INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        checksum   TEXT
      )
    `);
    // The migrator's own table: databases made before checksums were kept get the column here.
    if (!(await hasChecksumColumn(tx))) await tx.exec('ALTER TABLE schema_migrations ADD COLUMN checksum TEXT');
    const rows = await appliedRows(tx);
    refuseChanged(rows, migrations);

    const applied = new Set(rows.map((row) => Number(row.version)));
    const unrecorded = new Set(rows.filter((row) => row.checksum === null).map((row) => Number(row.version)));
    for (const migration of migrations) {
      if (unrecorded.has(migration.version)) {
        await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [
          migration.version,
          migrationChecksum(migration.sql),
        ]);
      }
    }
    return migrations.filter((migration) => !applied.has(migration.version));
  });
  // A no-transaction file that cannot be split is refused before anything is applied.
  for (const migration of pending.filter(runsOutsideTransaction)) noTransactionStatements(migration);
  const done: string[] = [];
  for (const migration of pending) if (await applyMigration(db, migration)) done.push(migration.name);
  await lockedTransaction(db, (tx) => applyFunctions(tx, functions));
  return done;
}

/**
 * After the migrations, in a transaction of its own: each function file whose text is not the one last
 * applied (schema_functions keeps its checksum) replaces the function, as a repeatable migration
 * does. Bodies are checked when they run, not here (the files apply in name order, and one may
 * call another), as pg_dump's restores do.
 */
async function applyFunctions(tx: Queryable, functions: SqlFunction[]): Promise<void> {
  await tx.exec(`
    CREATE TABLE IF NOT EXISTS schema_functions (
      name       TEXT PRIMARY KEY,
      checksum   TEXT NOT NULL,
      applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )
  `);
  const stale = new Set(await staleFunctions(tx, functions));
  if (stale.size === 0) return;
  // Only until this transaction ends (SET LOCAL).
  await tx.exec('SET LOCAL check_function_bodies = off');
  for (const fn of functions.filter((candidate) => stale.has(candidate.name))) {
    await tx.exec(fn.sql);
    await tx.query(
      `INSERT INTO schema_functions (name, checksum) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
      [fn.name, migrationChecksum(fn.sql)],
    );
  }
}

/** The function files whose text the database has not applied (none recorded, or another text). */
async function staleFunctions(db: Queryable, functions: SqlFunction[]): Promise<string[]> {
  const { rows: tables } = await db.query<{ found: string | null }>("SELECT to_regclass('schema_functions')::text AS found");
  const applied = new Map<string, string>();
  if (tables[0]?.found) {
    const { rows } = await db.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_functions');
    for (const row of rows) applied.set(row.name, row.checksum);
  }
  return functions.filter((fn) => applied.get(fn.name) !== migrationChecksum(fn.sql)).map((fn) => fn.name);
}

/**
 * What a production server checks at start instead of migrating (it only reads): every migration
 * of this build applied, with its checksum recorded, and none changed since. Throws a
 * MigrationError saying to run `operator migrate` otherwise.
 */
export async function assertMigrated(
  db: Db,
  migrations: Migration[] = readMigrations(),
  functions: SqlFunction[] = readFunctions(),
): Promise<void> {
  const { rows: tables } = await db.query<{ found: string | null }>("SELECT to_regclass('schema_migrations')::text AS found");
  const rows = !tables[0]?.found
    ? []
    : (await hasChecksumColumn(db))
      ? await appliedRows(db)
      : (await db.query<AppliedRow>('SELECT version, name, NULL::text AS checksum FROM schema_migrations ORDER BY version')).rows;
  refuseChanged(rows, migrations);
  const recorded = new Map(rows.map((row) => [Number(row.version), row.checksum]));
  const pending = migrations.filter((migration) => !recorded.has(migration.version)).map((migration) => migration.name);
  const unrecorded = migrations.filter((migration) => recorded.get(migration.version) === null).map((migration) => migration.name);
  const problems = [
    ...(pending.length > 0
      ? [`${pending.length} migration(s) not applied (${pending.length > 3 ? `${pending[0]} … ${pending.at(-1)}` : pending.join(', ')})`]
      : []),
    ...(unrecorded.length > 0 ? [`${unrecorded.length} applied migration(s) without a recorded checksum`] : []),
  ];
  const stale = await staleFunctions(db, functions);
  if (stale.length > 0) {
    problems.push(
      `${stale.length} SQL function(s) not at this release's text (${stale.length > 3 ? `${stale[0]} … ${stale.at(-1)}` : stale.join(', ')})`,
    );
  }
  if (problems.length > 0) {
    throw new MigrationError(
      `The database is not migrated to this release: ${problems.join('; ')}. Run \`operator migrate\` first (the deploy's entrypoint does)`,
    );
  }
}

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
 * Applies every migration not yet recorded in schema_migrations, all in one transaction
 * under an advisory lock, so replicas starting together apply each migration exactly once.
 * Each applied migration is recorded with its file's checksum; a database migrated before
 * checksums were kept gets the column, and its rows the checksums of the files as they are now,
 * the first time. Refuses (MigrationError, nothing applied) when an applied file has changed.
 * Returns the names of the migrations it applied.
 */
export async function migrate(
  db: Db,
  migrations: Migration[] = readMigrations(),
  functions: SqlFunction[] = readFunctions(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    // A migration may rewrite a big table, and a replica may wait here while another migrates:
    // no statement timeout (DATABASE_STATEMENT_TIMEOUT) in this transaction.
    await tx.exec('SET LOCAL statement_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
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
    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = migrationChecksum(migration.sql);
      if (unrecorded.has(migration.version)) {
        await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [migration.version, checksum]);
      }
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        checksum,
      ]);
      done.push(migration.name);
    }
    await applyFunctions(tx, functions);
    return done;
  });
}

/**
 * After the migrations, in their transaction: each function file whose text is not the one last
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

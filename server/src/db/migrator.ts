import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

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

/**
 * Applies every migration not yet recorded in schema_migrations, all in one transaction
 * under an advisory lock, so replicas starting together apply each migration exactly once.
 * Returns the names of the migrations it applied.
 */
export async function migrate(db: Db, migrations: Migration[] = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version    INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )
    `);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => Number(row.version)));

    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      done.push(migration.name);
    }
    return done;
  });
}

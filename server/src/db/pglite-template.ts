import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { openDb } from './db';
import { migrate, readFunctions, readMigrations, type Migration, type SqlFunction } from './migrator';

/**
 * A new embedded database spends most of its first start in PostgreSQL's initdb (10-20 s on a
 * small machine). The build makes one migrated data folder once and ships it as a tarball beside
 * the bundle; a server starting on an empty DATA_DIR unpacks it instead (see openDb), then
 * applies any migration the tarball lacks as usual.
 */
export async function writePgliteTemplate(file: string): Promise<void> {
  const db = await openDb({ kind: 'pglite' });
  try {
    await migrate(db);
    const dump = await db.dumpDataDir();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.part`, dump);
    renameSync(`${file}.part`, file);
  } finally {
    await db.close();
  }
}

/** What a template depends on: the PGlite build, the migrations and the SQL functions. */
export function pgliteTemplateKey(migrations: Migration[] = readMigrations(), functions: SqlFunction[] = readFunctions()): string {
  const hash = createHash('sha256');
  // The package's own folder holds its version (its package.json is not exported).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = join(entry.slice(0, entry.lastIndexOf(`${sep}dist${sep}`)), 'package.json');
  hash.update((JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version);
  for (const migration of migrations) hash.update(migration.name).update(migration.sql);
  for (const fn of functions) hash.update(fn.name).update(fn.sql);
  return hash.digest('hex').slice(0, 16);
}

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDb } from '../src/db/db';
import { migrate } from '../src/db/migrator';
import { pgliteTemplateKey, writePgliteTemplate } from '../src/db/pglite-template';
import { createDatabaseOn } from '../src/db/server-admin';

/**
 * Migrated databases for the whole run, made once: most test files want a fresh migrated
 * database of each kind, and making one from nothing (PGlite's initdb, then every migration and
 * function) cost seconds per file. The PGlite data folder tarball is the one the build ships
 * (same key, same cache folder); the PostgreSQL one is a template database, copied by CREATE
 * DATABASE ... TEMPLATE and dropped when the run ends.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pgliteTemplate = join(import.meta.dirname, '..', '.cache', `pglite-template-${pgliteTemplateKey()}.tar.gz`);
  if (!existsSync(pgliteTemplate)) await writePgliteTemplate(pgliteTemplate);
  project.provide('pgliteTemplate', pgliteTemplate);

  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    project.provide('postgresTemplate', null);
    return () => Promise.resolve();
  }
  const name = `arcade_test_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const { url, drop } = await createDatabaseOn(serverUrl, name);
  // Two connections: a migration that runs outside a transaction takes one beside the lock's.
  const db = await openDb({ kind: 'postgres', url, maxConnections: 2 });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  project.provide('postgresTemplate', name);
  return drop;
}

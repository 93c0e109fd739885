import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DatabaseConfig } from './config';
import { openDb } from './db/db';
import { readMigrations } from './db/migrator';
import { onServer } from './db/server-admin';
import { audit } from './domain/ledger';

/**
 * `operator backup:verify [file]`: restores a backup (the newest `*.dump` in BACKUP_DIR, or the
 * file given) into a scratch database made for it on the same server, runs the ledger's audit on
 * the copy, says what it restored, and drops the copy. A backup is known good only once it has
 * been restored: this is the monthly drill of docs/operations.md, section 5, in one command.
 */

export const backupVerifyUsage =
  '  backup:verify [file]                    restore the newest backup in BACKUP_DIR (or the file) into a scratch database, audit it, drop it\n' +
  '                                          (exit code 0 clean, 3 the restore failed, 4 the audit found a problem)';

/** The exit codes, distinct from the audit's 1 and a refusal's 2. */
export const BACKUP_VERIFY_EXIT = { clean: 0, restoreFailed: 3, auditFailed: 4 } as const;

export function isBackupCommand(command: string | undefined): boolean {
  return command === 'backup:verify';
}

/** The newest dump in a folder (by modification time), or null when there is none. */
export function newestBackup(dir: string): string | null {
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.dump'));
  } catch {
    return null;
  }
  const dated = files.map((name) => ({ path: join(dir, name), at: statSync(join(dir, name)).mtimeMs }));
  dated.sort((a, b) => b.at - a.at || b.path.localeCompare(a.path));
  return dated[0]?.path ?? null;
}

/** Runs pg_restore into the scratch database; resolves to null when it worked, else what went wrong. */
function pgRestore(file: string, url: URL): Promise<string | null> {
  // The password goes to pg_restore in its environment, not on its command line (ps shows that).
  const password = decodeURIComponent(url.password);
  const target = new URL(url);
  target.password = '';
  const child = spawn('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.toString()}`, file], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => {
    child.on('error', (error: NodeJS.ErrnoException) =>
      done(
        error.code === 'ENOENT'
          ? 'pg_restore is not on PATH: install PostgreSQL’s client tools (postgresql-client, the major version of the server)'
          : error.message,
      ),
    );
    child.on('close', (code) =>
      done(code === 0 ? null : `pg_restore exited with ${code}: ${stderr.trim().split('\n').slice(-5).join(' | ')}`),
    );
  });
}

const count = async (db: { query: (sql: string) => Promise<{ rows: { n: bigint }[] }> }, table: string): Promise<string> =>
  String((await db.query(`SELECT count(*)::bigint AS n FROM ${table}`)).rows[0]?.n ?? 0n);

/** Restores, audits and drops; returns the exit code. */
export async function verifyBackup(
  config: DatabaseConfig,
  args: string[],
  backupDir: string,
  out: (line: string) => void,
  now: Date = new Date(),
): Promise<number> {
  if (!config.databaseUrl) {
    out('refused: backup:verify restores into a scratch database on the PostgreSQL server of DATABASE_URL: set it');
    return 2;
  }
  const file = args[0] !== undefined ? resolve(args[0]) : newestBackup(backupDir);
  if (file === null) {
    out(`restore FAILED: no backup (*.dump) in ${backupDir} (BACKUP_DIR); name a file: backup:verify <file>`);
    return BACKUP_VERIFY_EXIT.restoreFailed;
  }
  let stat;
  try {
    stat = statSync(file);
  } catch (error) {
    out(`restore FAILED: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
    return BACKUP_VERIFY_EXIT.restoreFailed;
  }
  out(`backup ${file}: ${stat.size} bytes, written ${stat.mtime.toISOString()}`);

  // A name of its own on the server: arcade_verify_<UTC time>_<random>, never a live database's.
  const scratch = `arcade_verify_${now.toISOString().replace(/\D/g, '').slice(0, 14)}_${randomBytes(3).toString('hex')}`;
  const scratchUrl = new URL(config.databaseUrl);
  scratchUrl.pathname = `/${scratch}`;
  try {
    await onServer(config.databaseUrl, `CREATE DATABASE ${scratch}`);
  } catch (error) {
    out(`restore FAILED: cannot create the scratch database ${scratch}: ${error instanceof Error ? error.message : String(error)}`);
    return BACKUP_VERIFY_EXIT.restoreFailed;
  }
  out(`restoring into the scratch database ${scratch}`);
  try {
    const failure = await pgRestore(file, scratchUrl);
    if (failure !== null) {
      out(`restore FAILED: ${failure}`);
      return BACKUP_VERIFY_EXIT.restoreFailed;
    }
    const db = await openDb({ kind: 'postgres', url: scratchUrl.toString(), maxConnections: 1 });
    try {
      let report;
      try {
        const migrations = await count(db, 'schema_migrations');
        out(
          `restored: players ${await count(db, 'users')}, movements ${await count(db, 'ledger_transactions')}, ` +
            `journal rows ${await count(db, 'journal_entries')}, migrations ${migrations} (this release has ${readMigrations().length})`,
        );
        report = await audit(db);
      } catch (error) {
        out(
          `audit FAILED: the restored database is not this application's book: ${error instanceof Error ? error.message : String(error)}`,
        );
        return BACKUP_VERIFY_EXIT.auditFailed;
      }
      for (const problem of report.problems) out(`PROBLEM ${problem}`);
      if (!report.ok) {
        out(`audit FAILED: ${report.problems.length} invariant breaks in the restored copy`);
        return BACKUP_VERIFY_EXIT.auditFailed;
      }
      out(`audit clean: 0 invariant breaks (accounts ${report.accounts}, journal sum ${report.journalSum})`);
      out(`backup verified: ${file} restores and audits clean`);
      return BACKUP_VERIFY_EXIT.clean;
    } finally {
      await db.close();
    }
  } finally {
    try {
      await onServer(config.databaseUrl, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
      out(`scratch database ${scratch} dropped`);
    } catch (error) {
      out(
        `WARNING: could not drop the scratch database ${scratch} (${error instanceof Error ? error.message : String(error)}): DROP DATABASE ${scratch}`,
      );
    }
  }
}

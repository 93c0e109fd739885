import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { envelope, fund, logIn, newUserId, post, postgresOnly, runOperatorCli, runProgram, startServer, tempDir } from './helpers';

/**
 * Backups that restore, as an operator runs them: deploy/backup.sh (the compose backup service's
 * own script, one iteration) dumps a database with real activity, then `operator backup:verify`
 * restores the newest dump into a scratch database, audits it and drops it. A dump cut short is
 * "restore failed" (exit 3) and leaves no scratch database; a broken book is "audit found a
 * problem" (exit 4).
 */

const BACKUP_SCRIPT = fileURLToPath(new URL('../../deploy/backup.sh', import.meta.url));
/** PostgreSQL 15's pg_dump and pg_restore, as the backup service and the server image have them. */
const PATH = `/usr/lib/postgresql/15/bin:${process.env.PATH ?? ''}`;

const run = (command: string, args: string[], env: Record<string, string>) => runProgram(command, args, { PATH, ...env });

/** The operator CLI in production, with the database settings and BACKUP_DIR only. */
const operator = (argv: string[], env: Record<string, string>) => runOperatorCli(argv, { PATH, ...env });

async function scalar(url: string, sql: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ value: string }>(sql);
    return String(rows[0]?.value);
  } finally {
    await client.end();
  }
}

/** The verification named its scratch database, and that database is no longer on the server. */
async function expectScratchDropped(url: string, stdout: string): Promise<void> {
  const name = /scratch database (arcade_verify_\d{14}_[0-9a-f]{6})\b/.exec(stdout)?.[1];
  expect(name, stdout).toBeDefined();
  expect(await scalar(url, `SELECT count(*) AS value FROM pg_database WHERE datname = '${name}'`)).toBe('0');
}

describe.each(postgresOnly('backups that restore (deploy/backup.sh, operator backup:verify)'))('backups on $name', (database) => {
  let source: { db: Db; url: string | null; drop: () => Promise<void> };
  let url: string;
  let app: FastifyInstance;
  const work = tempDir('backups');

  beforeAll(async () => {
    source = await database.create();
    url = source.url!;
    app = await startServer(source.db);
    // Real activity: players sign in, deposit, and bet.
    for (let player = 0; player < 3; player++) {
      const id = newUserId();
      const token = await logIn(app, { id });
      await fund(source.db, BigInt(id), '5');
      for (let bet = 0; bet < 4; bet++) {
        const answer = await post(
          app,
          '/api/v3/games/flip',
          { stake: '0.1', currency: 'ton', side: bet % 2 ? 'heads' : 'tails', idempotencyKey: `backup-${id}-${bet}` },
          { token },
        );
        expect(envelope(answer).success).toBe(true);
      }
    }
  });

  afterAll(async () => {
    await app?.close();
    await source?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('the backup script dumps the database and copies it off the host; backup:verify restores the newest and audits it clean', async () => {
    const dir = join(work, 'clean');
    const offsite = join(work, 'offsite');
    mkdirSync(dir);
    mkdirSync(offsite);
    const backup = await run('sh', [BACKUP_SCRIPT, 'once'], {
      DATABASE_URL: url,
      BACKUP_DIR: dir,
      BACKUP_UPLOAD_COMMAND: 'cp "$1" "$OFFSITE/"',
      OFFSITE: offsite,
    });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const dumps = readdirSync(dir).filter((name) => name.endsWith('.dump'));
    expect(dumps).toHaveLength(1);
    expect(dumps[0]).toMatch(/^arcade-\d{8}T\d{6}Z\.dump$/);
    expect(readFileSync(join(offsite, dumps[0]!))).toEqual(readFileSync(join(dir, dumps[0]!)));
    expect((await run('sh', [BACKUP_SCRIPT, 'check'], { DATABASE_URL: url, BACKUP_DIR: dir })).code).toBe(0);

    const players = await scalar(url, 'SELECT count(*) AS value FROM users');
    const movements = await scalar(url, 'SELECT count(*) AS value FROM ledger_transactions');
    const journal = await scalar(url, 'SELECT count(*) AS value FROM journal_entries');
    expect(Number(players)).toBeGreaterThanOrEqual(3);
    // Three deposits and twelve bets at least, each with its journal rows.
    expect(Number(movements)).toBeGreaterThanOrEqual(15);

    const verify = await operator(['backup:verify'], { DATABASE_URL: url, BACKUP_DIR: dir });
    expect(verify.stderr).toBe('');
    expect(verify.stdout).toContain(`backup ${join(dir, dumps[0]!)}`);
    expect(verify.stdout).toContain(`restored: players ${players}, movements ${movements}, journal rows ${journal}`);
    expect(verify.stdout).toContain('audit clean: 0 invariant breaks');
    expect(verify.code).toBe(0);
    await expectScratchDropped(url, verify.stdout);
  });

  it('a backup cut short is "restore failed" (exit 3) and leaves no scratch database behind', async () => {
    const dir = join(work, 'cut');
    mkdirSync(dir);
    expect((await run('sh', [BACKUP_SCRIPT, 'once'], { DATABASE_URL: url, BACKUP_DIR: dir })).code).toBe(0);
    const [dump] = readdirSync(dir);
    const whole = readFileSync(join(dir, dump!));
    const truncated = join(work, 'truncated.dump');
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));

    const verify = await operator(['backup:verify', truncated], { DATABASE_URL: url });
    expect(verify.code).toBe(3);
    expect(verify.stdout).toContain('restore FAILED: pg_restore exited with 1');
    expect(verify.stdout).not.toContain('audit clean');
    await expectScratchDropped(url, verify.stdout);

    // Nothing to restore is a failed restore too, before any database is made.
    const none = await operator(['backup:verify'], { DATABASE_URL: url, BACKUP_DIR: join(work, 'empty-or-missing') });
    expect(none.code).toBe(3);
    expect(none.stdout).toContain('restore FAILED: no backup (*.dump) in');
  });

  it('a backup of a broken book restores but is "audit found a problem" (exit 4), naming it', async () => {
    const dir = join(work, 'broken');
    mkdirSync(dir);
    // A balance changed behind the journal's back, as a bad hand-made fix would.
    const account = await scalar(url, 'SELECT min(id) AS value FROM accounts WHERE user_id IS NOT NULL');
    await source.db.query(`UPDATE accounts SET balance = balance + 1 WHERE id = ${account}`);
    expect((await run('sh', [BACKUP_SCRIPT, 'once'], { DATABASE_URL: url, BACKUP_DIR: dir })).code).toBe(0);

    const verify = await operator(['backup:verify'], { DATABASE_URL: url, BACKUP_DIR: dir });
    expect(verify.code).toBe(4);
    expect(verify.stdout).toContain(`PROBLEM account ${account} holds`);
    expect(verify.stdout).toContain('audit FAILED: 1 invariant breaks in the restored copy');
    await expectScratchDropped(url, verify.stdout);
  });

  it('keeps BACKUP_KEEP_DAYS of dumps; a failed off-host copy fails the backup and its health check, and prunes nothing', async () => {
    const dir = join(work, 'retention');
    mkdirSync(dir);
    const old = join(dir, 'arcade-20200101T000000Z.dump');
    const recent = join(dir, 'arcade-20200201T000000Z.dump');
    const day = 86_400;
    for (const [file, days] of [
      [old, 40],
      [recent, 5],
    ] as const) {
      writeFileSync(file, 'an older dump');
      utimesSync(file, Date.now() / 1000 - days * day, Date.now() / 1000 - days * day);
    }
    const settings = { DATABASE_URL: url, BACKUP_DIR: dir, BACKUP_KEEP_DAYS: '30' };

    const failed = await run('sh', [BACKUP_SCRIPT, 'once'], { ...settings, BACKUP_UPLOAD_COMMAND: 'exit 7' });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('FAILED: BACKUP_UPLOAD_COMMAND exited with an error');
    expect(existsSync(old)).toBe(true);
    const red = await run('sh', [BACKUP_SCRIPT, 'check'], settings);
    expect(red.code).toBe(2);
    expect(red.stderr).toContain('the last attempt failed');

    const good = await run('sh', [BACKUP_SCRIPT, 'once'], settings);
    expect(good.code).toBe(0);
    expect(good.stdout).toContain(`deleted ${old} (older than 30 days)`);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    expect((await run('sh', [BACKUP_SCRIPT, 'check'], settings)).code).toBe(0);

    // A setting it cannot read stops it before anything is dumped, naming the setting.
    const bad = await run('sh', [BACKUP_SCRIPT, 'once'], { ...settings, BACKUP_INTERVAL: 'daily' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("BACKUP_INTERVAL must be a number of seconds, or a number with s, m, h or d (e.g. 1d), got 'daily'");
  });
});

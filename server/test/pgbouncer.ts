import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, tempDir } from './helpers';

/** Debian's PgBouncer (`apt-get install pgbouncer`; `.ci/setup --browser` installs it). */
export const PGBOUNCER = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** `databaseUrl` with the pooler's host and port instead of PostgreSQL's. */
  url: string;
  /** The pooler's admin console (SHOW POOLS, SHOW STATS), simple queries only. */
  admin(sql: string): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction mode in front of one database of the test's PostgreSQL, in a folder of
 * its own, on a free port: the pgbouncer.ini of docs/operations.md ("Connections"), with
 * `default_pool_size` server connections for all its clients, so the clients of two processes
 * share them.
 */
export async function startPgBouncer(databaseUrl: string, options: { poolSize: number }): Promise<PgBouncer> {
  if (!existsSync(PGBOUNCER)) throw new Error(`${PGBOUNCER} is not there: apt-get install pgbouncer (.ci/setup --browser does)`);
  const target = new URL(databaseUrl);
  const database = decodeURIComponent(target.pathname.slice(1));
  const user = decodeURIComponent(target.username || 'postgres');
  const password = decodeURIComponent(target.password);
  const dir = tempDir('pgbouncer');
  const port = await freePort();
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" "${password}"\n`, { mode: 0o644 });
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=${target.hostname} port=${target.port || '5432'} dbname=${database}`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      `admin_users = ${user}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize}`,
      'max_client_conn = 200',
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: a root test run hands it to the postgres user.
  const asUser = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  const child: ChildProcess = spawn(PGBOUNCER, [...asUser, join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'] });
  // Its log (every login) is kept, and printed only when it does not start or stops by itself.
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  });
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      if (!stopping) console.error(`pgbouncer exited (${code}):\n${log}`);
      resolve();
    }),
  );

  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const admin = async (sql: string): Promise<Record<string, unknown>[]> => {
    const adminUrl = new URL(url);
    adminUrl.pathname = '/pgbouncer';
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      return (await client.query(sql)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  const stop = async (): Promise<void> => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // Listening once the admin console answers (a minute at most, on a loaded machine).
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}`);
    const up = await admin('SHOW VERSION').then(
      () => true,
      () => false,
    );
    if (up) break;
    if (waited > 60_000) {
      await stop();
      throw new Error(`pgbouncer did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: url.toString(), admin, stop };
}

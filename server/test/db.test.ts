import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation, openDb, type Db } from '../src/db/db';
import {
  assertMigrated,
  migrate,
  migrationChecksum,
  MigrationError,
  NO_TRANSACTION_MARKER,
  runsOutsideTransaction,
  readFunctions,
  readMigrations,
  type Migration,
} from '../src/db/migrator';
import { pgliteTemplateKey, writePgliteTemplate } from '../src/db/pglite-template';
import { databases, postgresOnly, suiteDatabase, tempDir } from './helpers';

describe.each(databases())('database on $name', (database) => {
  const suite = suiteDatabase(database, { migrated: false });

  it('migrations apply once and running them again changes nothing', async () => {
    const first = await migrate(suite.db);
    expect(first).toEqual(readMigrations().map((migration) => migration.name));
    expect(first[0]).toBe('001_users_and_accounts.sql');
    expect(await migrate(suite.db)).toEqual([]);
    const recorded = await suite.db.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    expect(recorded.rows.map((row) => row.name)).toEqual(first);
  });

  it('INT8 values come back as bigint', async () => {
    const { rows } = await suite.db.query<{ big: bigint; count: bigint }>(
      'SELECT 9007199254740993::bigint AS big, count(*) AS count FROM users',
    );
    expect(rows[0]).toEqual({ big: 9007199254740993n, count: 0n });
  });

  it('a transaction that throws leaves nothing behind', async () => {
    await expect(
      suite.db.transaction(async (tx) => {
        await tx.query("INSERT INTO users (id, referral_code) VALUES ($1, 'rollback1')", [1n]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await suite.db.query('SELECT id FROM users WHERE id = $1', [1n])).rowCount).toBe(0);
  });

  it('a transaction that resolves is committed and returns its value', async () => {
    const result = await suite.db.transaction(async (tx) => {
      await tx.query("INSERT INTO users (id, referral_code) VALUES ($1, 'commit01')", [2n]);
      await tx.query("INSERT INTO accounts (user_id, kind) VALUES ($1, 'ton'), ($1, 'bonus')", [2n]);
      return 'done';
    });
    expect(result).toBe('done');
    expect((await suite.db.query('SELECT id FROM accounts WHERE user_id = $1', [2n])).rowCount).toBe(2);
  });

  it('reads a transaction starts together all answer theirs, and the driver warns of nothing', async () => {
    const warnings: string[] = [];
    const heard = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', heard);
    try {
      const answers = await suite.db.transaction((tx) =>
        Promise.all([
          tx.query<{ n: number }>('SELECT 1 AS n FROM pg_sleep(0.05)'),
          tx.query<{ n: number }>('SELECT $1::int AS n', [2]),
          tx.query<{ n: number }>('SELECT 3 AS n'),
        ]),
      );
      expect(answers.map(({ rows }) => rows[0]?.n)).toEqual([1, 2, 3]);
      // A warning is emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', heard);
    }
  });

  it('the schema refuses a negative balance, a duplicate account, an unknown language and a duplicate referral code', async () => {
    await expect(suite.db.query("UPDATE accounts SET balance = -1 WHERE user_id = $1 AND kind = 'ton'", [2n])).rejects.toThrow();
    await expect(suite.db.query("INSERT INTO accounts (user_id, kind) VALUES ($1, 'ton')", [2n])).rejects.toSatisfy(isUniqueViolation);
    await expect(suite.db.query("UPDATE users SET lang = 'de' WHERE id = $1", [2n])).rejects.toThrow();
    const duplicate = suite.db.query("INSERT INTO users (id, referral_code) VALUES ($1, 'commit01')", [3n]);
    await expect(duplicate).rejects.toSatisfy((error: unknown) => isUniqueViolation(error, 'users_referral_code_key'));
  });
});

// PGlite has a single connection, so nothing can race there: this runs on a PostgreSQL server only.
describe.each(postgresOnly('replicas'))('replicas on $name', (database) => {
  it('two replicas migrating at once apply each migration exactly once', async () => {
    // A second connection pool on the same database, like a second replica starting.
    const fresh = await database.create({ migrated: false });
    const second = await openDb({ kind: 'postgres', url: fresh.url ?? '' });
    try {
      const applied = await Promise.all([fresh.db, second].map((replica) => migrate(replica)));
      expect(applied.flat().sort()).toEqual(readMigrations().map((migration) => migration.name));
    } finally {
      await second.close();
      await fresh.drop();
    }
  });

  it('a statement timeout cancels a statement running longer on every connection of the pool, but never a migration', async () => {
    const fresh = await database.create({ migrated: false });
    const timed = await openDb({ kind: 'postgres', url: fresh.url ?? '', maxConnections: 3, statementTimeoutMs: 300 });
    const code = (error: unknown) => (error as { code?: string }).code;
    try {
      const slept = await Promise.allSettled(Array.from({ length: 3 }, () => timed.query('SELECT pg_sleep(60)')));
      expect(slept.map((result) => result.status === 'rejected' && code(result.reason))).toEqual(['57014', '57014', '57014']);
      await expect(timed.transaction((tx) => tx.query('SELECT pg_sleep($1)', [60]))).rejects.toMatchObject({ code: '57014' });
      // A migration may rewrite a big table: it runs without the timeout.
      expect(await migrate(timed, [{ version: 1, name: '001_slow.sql', sql: 'SELECT pg_sleep(1)' }], [])).toEqual(['001_slow.sql']);
    } finally {
      await timed.close();
      await fresh.drop();
    }
  });
});

describe('PGlite data folder', () => {
  it('keeps the data across a restart', async () => {
    const dataDir = join(tempDir('pglite'), 'nested', 'data');
    const first = await openDb({ kind: 'pglite', dataDir });
    await migrate(first);
    await first.query("INSERT INTO users (id, first_name, referral_code) VALUES ($1, 'Kept', 'kept0001')", [77n]);
    await first.close();

    const second = await openDb({ kind: 'pglite', dataDir });
    expect(await migrate(second)).toEqual([]);
    const { rows } = await second.query<{ first_name: string }>('SELECT first_name FROM users WHERE id = $1', [77n]);
    expect(rows).toEqual([{ first_name: 'Kept' }]);
    await second.close();
  });
});

describe('PGlite template', () => {
  it('a new data folder starts from the migrated template without initdb and keeps what it is given', async () => {
    const template = join(tempDir('pglite-template'), 'template.tar.gz');
    await writePgliteTemplate(template);
    const dataDir = join(tempDir('pglite'), 'data');
    const first = await openDb({ kind: 'pglite', dataDir, template });
    // Everything is in already: no migration is left to apply.
    expect(await migrate(first)).toEqual([]);
    await first.query("INSERT INTO users (id, first_name, referral_code) VALUES ($1, 'Templated', 'tmpl0001')", [78n]);
    await first.close();

    // An existing folder is never overwritten by the template.
    const second = await openDb({ kind: 'pglite', dataDir, template });
    const { rows } = await second.query<{ first_name: string }>('SELECT first_name FROM users WHERE id = $1', [78n]);
    expect(rows).toEqual([{ first_name: 'Templated' }]);
    await second.close();
  });

  it('is keyed by the migrations, so a new or changed migration makes a new template', () => {
    const migrations = readMigrations();
    const key = pgliteTemplateKey(migrations);
    expect(pgliteTemplateKey(migrations)).toBe(key);
    expect(pgliteTemplateKey([...migrations, { version: 999, name: '999_more.sql', sql: 'SELECT 1;' }])).not.toBe(key);
    expect(pgliteTemplateKey(migrations.map((m, i) => (i === 0 ? { ...m, sql: `${m.sql}\n-- changed` } : m)))).not.toBe(key);
  });
});

describe('migration files', () => {
  it('must be named NNN_name.sql with distinct versions', () => {
    const badName = tempDir('migrations');
    writeFileSync(join(badName, 'first.sql'), 'SELECT 1;');
    expect(() => readMigrations(badName)).toThrow(/NNN_name\.sql/);

    const twice = tempDir('migrations');
    writeFileSync(join(twice, '001_a.sql'), 'SELECT 1;');
    writeFileSync(join(twice, '001_b.sql'), 'SELECT 1;');
    expect(() => readMigrations(twice)).toThrow(/share version 1/);
  });
});

/** Small migrations of our own: what the migrator does with files, not with the product's schema. */
const FILES: Migration[] = [
  { version: 1, name: '001_first.sql', sql: 'CREATE TABLE first_table (id INTEGER PRIMARY KEY);' },
  { version: 2, name: '002_second.sql', sql: 'CREATE TABLE second_table (id INTEGER PRIMARY KEY);' },
];
const THIRD: Migration = { version: 3, name: '003_third.sql', sql: 'CREATE TABLE third_table (id INTEGER PRIMARY KEY);' };
const edited = (migration: Migration): Migration => ({ ...migration, sql: `${migration.sql}\n-- an afterthought` });

async function tableExists(db: Db, table: string): Promise<boolean> {
  const { rows } = await db.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [table]);
  return (rows[0]?.found ?? null) !== null;
}

describe.each(databases())('migration checksums on $name', (database) => {
  const fresh = async () => database.create({ migrated: false });

  it('records the sha256 of each applied file; an applied file edited afterwards is refused by name and nothing is applied', async () => {
    const { db, drop } = await fresh();
    try {
      expect(await migrate(db, FILES, [])).toEqual(['001_first.sql', '002_second.sql']);
      const { rows } = await db.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations ORDER BY version');
      expect(rows).toEqual(FILES.map((file) => ({ name: file.name, checksum: createHash('sha256').update(file.sql).digest('hex') })));
      await expect(assertMigrated(db, FILES, [])).resolves.toBeUndefined();

      // Migration 2 edited after it ran, and a new migration 3 in the same release.
      const release = [FILES[0]!, edited(FILES[1]!), THIRD];
      const refusal = /^Migration 002_second\.sql was changed after being applied to this database .*put the change in a new migration$/;
      await expect(migrate(db, release, [])).rejects.toThrow(refusal);
      await expect(migrate(db, release, [])).rejects.toBeInstanceOf(MigrationError);
      expect(await tableExists(db, 'third_table')).toBe(false);
      await expect(assertMigrated(db, release, [])).rejects.toThrow(refusal);
      // Two edited files are both named.
      await expect(migrate(db, [edited(FILES[0]!), edited(FILES[1]!)], [])).rejects.toThrow(
        /^Migrations 001_first\.sql, 002_second\.sql were changed/,
      );

      // The file put back as it was: the new migration goes in.
      expect(await migrate(db, [...FILES, THIRD], [])).toEqual(['003_third.sql']);
    } finally {
      await drop();
    }
  });

  it("a database migrated before checksums were kept gets the column and the files' checksums once, then edits are refused", async () => {
    const { db, drop } = await fresh();
    try {
      // What the migrator made before this change: no checksum column.
      await db.exec(
        'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
      );
      for (const file of FILES) {
        await db.exec(file.sql);
        await db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [file.version, file.name]);
      }
      // A production server refuses it until `operator migrate` has recorded the checksums.
      await expect(assertMigrated(db, FILES, [])).rejects.toThrow(
        'The database is not migrated to this release: 2 applied migration(s) without a recorded checksum. Run `operator migrate` first',
      );

      expect(await migrate(db, FILES, [])).toEqual([]);
      const { rows } = await db.query<{ version: number; checksum: string }>(
        'SELECT version, checksum FROM schema_migrations ORDER BY version',
      );
      expect(rows.map((row) => row.checksum)).toEqual(FILES.map((file) => migrationChecksum(file.sql)));
      await expect(assertMigrated(db, FILES, [])).resolves.toBeUndefined();
      await expect(migrate(db, [FILES[0]!, edited(FILES[1]!)], [])).rejects.toThrow(/^Migration 002_second\.sql was changed/);
    } finally {
      await drop();
    }
  });

  it('a production start checks without changing anything: pending migrations are named, a newer database is accepted', async () => {
    const { db, drop } = await fresh();
    try {
      await expect(assertMigrated(db, FILES, [])).rejects.toThrow(
        'The database is not migrated to this release: 2 migration(s) not applied (001_first.sql, 002_second.sql). Run `operator migrate` first',
      );
      expect(await tableExists(db, 'schema_migrations')).toBe(false);
      await migrate(db, FILES, []);
      await expect(assertMigrated(db, [...FILES, THIRD], [])).rejects.toThrow('1 migration(s) not applied (003_third.sql)');
      // Migrated by a newer release (a rolling deploy): this one still starts and migrates nothing.
      await migrate(db, [...FILES, THIRD], []);
      await expect(assertMigrated(db, FILES, [])).resolves.toBeUndefined();
      expect(await migrate(db, FILES, [])).toEqual([]);
    } finally {
      await drop();
    }
  });
});

/** An index built without blocking writes: PostgreSQL refuses CREATE INDEX CONCURRENTLY inside a transaction. */
const CONCURRENT: Migration = {
  version: 3,
  name: '003_concurrent_index.sql',
  sql: `${NO_TRANSACTION_MARKER}
-- A build that failed half-way leaves an invalid index: dropped first, so running it again redoes it.
DROP INDEX CONCURRENTLY IF EXISTS first_table_id_idx;
CREATE INDEX CONCURRENTLY first_table_id_idx ON first_table (id);
`,
};

async function validIndex(db: Db, name: string): Promise<boolean> {
  const { rows } = await db.query<{ valid: boolean }>(
    'SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1',
    [name],
  );
  return rows[0]?.valid === true;
}

describe.each(databases())('migration transactions on $name', (database) => {
  // One database for the three steps, in order: a refused file, a failing migration, then the index.
  const suite = suiteDatabase(database, { migrated: false });

  it('refuses a no-transaction file with a dollar-quoted body before applying anything', async () => {
    const body: Migration = {
      version: 3,
      name: '003_function.sql',
      sql: `${NO_TRANSACTION_MARKER}\nCREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$;\n`,
    };
    await expect(migrate(suite.db, [...FILES, body], [])).rejects.toThrow(
      'Migration 003_function.sql runs outside a transaction one statement at a time: it may not hold dollar-quoted bodies',
    );
    expect(await tableExists(suite.db, 'first_table')).toBe(false);
  });

  it('each migration commits on its own: a failing one stops the run, the ones before it stay applied', async () => {
    const broken: Migration = {
      version: 3,
      name: '003_broken.sql',
      sql: 'CREATE TABLE half_made (id INTEGER);\nSELECT no_such_column FROM first_table;',
    };
    await expect(migrate(suite.db, [...FILES, broken], [])).rejects.toThrow(/no_such_column/);
    const { rows } = await suite.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => row.name)).toEqual(['001_first.sql', '002_second.sql']);
    // The failing migration's own statements were rolled back with it.
    expect(await tableExists(suite.db, 'half_made')).toBe(false);
  });

  it('a migration marked no-transaction builds an index CONCURRENTLY, is recorded with its checksum, and runs once', async () => {
    expect(runsOutsideTransaction(CONCURRENT)).toBe(true);
    expect(runsOutsideTransaction(FILES[0]!)).toBe(false);
    expect(await migrate(suite.db, [...FILES, CONCURRENT], [])).toEqual(['003_concurrent_index.sql']);
    expect(await validIndex(suite.db, 'first_table_id_idx')).toBe(true);
    const { rows } = await suite.db.query<{ checksum: string }>('SELECT checksum FROM schema_migrations WHERE version = 3');
    expect(rows).toEqual([{ checksum: migrationChecksum(CONCURRENT.sql) }]);
    expect(await migrate(suite.db, [...FILES, CONCURRENT], [])).toEqual([]);
    await expect(assertMigrated(suite.db, [...FILES, CONCURRENT], [])).resolves.toBeUndefined();
    // Edited after it ran: refused like any other.
    await expect(migrate(suite.db, [...FILES, edited(CONCURRENT)], [])).rejects.toThrow(/^Migration 003_concurrent_index\.sql was changed/);
  });
});

describe.each(postgresOnly('concurrent migrators'))('concurrent migrators on $name', (database) => {
  it('two runners at once apply each migration once, the CONCURRENTLY one included', async () => {
    const fresh = await database.create({ migrated: false });
    const second = await openDb({ kind: 'postgres', url: fresh.url ?? '' });
    try {
      await migrate(fresh.db, FILES, []);
      await fresh.db.exec('INSERT INTO first_table SELECT generate_series(1, 20000)');
      const fourth: Migration = { ...THIRD, version: 4, name: '004_third.sql' };
      const release = [...FILES, CONCURRENT, fourth];
      const [a, b] = await Promise.all([migrate(fresh.db, release, []), migrate(second, release, [])]);
      expect([...a, ...b].sort()).toEqual(['003_concurrent_index.sql', '004_third.sql']);
      expect(await validIndex(fresh.db, 'first_table_id_idx')).toBe(true);
      const { rows } = await fresh.db.query<{ n: bigint }>('SELECT count(*) AS n FROM schema_migrations');
      expect(rows[0]?.n).toBe(4n);
    } finally {
      await second.close();
      await fresh.drop();
    }
  });
});

/** Every function of the schema as PostgreSQL prints it back, by name and arguments. */
async function functionBodies(db: Db): Promise<Record<string, string>> {
  const { rows } = await db.query<{ name: string; def: string }>(
    `SELECT p.oid::regprocedure::text AS name, pg_get_functiondef(p.oid) AS def
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.prokind = 'f' ORDER BY 1`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.def]));
}

describe.each(databases())('SQL functions in files of their own on $name', (database) => {
  it('a fresh database and one upgraded from the release before the files end with the same function bodies', async () => {
    const fresh = await database.create();
    // The last release without the files: its migrations (up to 028) made the functions.
    const upgraded = await database.create({ migrated: false });
    try {
      const before = readMigrations().filter((migration) => migration.version <= 28);
      await migrate(upgraded.db, before, []);
      const old = await functionBodies(upgraded.db);
      await migrate(upgraded.db);
      const bodies = await functionBodies(fresh.db);
      expect(await functionBodies(upgraded.db)).toEqual(bodies);
      // Every file's function is in force, and the upgrade changed what 029 and the files changed.
      for (const fn of readFunctions()) expect(Object.keys(bodies).some((name) => name.startsWith(`${fn.name}(`))).toBe(true);
      expect(old['arcade_play_wager_room(bigint,timestamp with time zone)']).toContain('wager-session');
      expect(bodies['arcade_play_wager_room(bigint,timestamp with time zone)']).toContain("'wager-'");
      expect(bodies['arcade_play_wagered(bigint)']).toBeUndefined();
      await expect(assertMigrated(fresh.db)).resolves.toBeUndefined();
    } finally {
      await fresh.drop();
      await upgraded.drop();
    }
  });

  it('a changed file is applied again at the next migrate, an unchanged one is not; a server start names a stale one', async () => {
    const { db, drop } = await database.create();
    try {
      const functions = readFunctions();
      expect(await migrate(db)).toEqual([]);
      const applied = async () =>
        new Map(
          (
            await db.query<{ name: string; checksum: string; at: string }>(
              'SELECT name, checksum, applied_at::text AS at FROM schema_functions',
            )
          ).rows.map((row) => [row.name, row]),
        );
      const first = await applied();
      expect([...first.keys()].sort()).toEqual(functions.map((fn) => fn.name));
      const window = functions.find((fn) => fn.name === 'arcade_play_window')!;
      const changed = functions.map((fn) => (fn === window ? { ...fn, sql: fn.sql.replace("'UTC'", "'UTC' /* the same */") } : fn));
      await expect(assertMigrated(db, readMigrations(), changed)).rejects.toThrow(
        "1 SQL function(s) not at this release's text (arcade_play_window). Run `operator migrate` first",
      );
      await migrate(db, readMigrations(), changed);
      const second = await applied();
      expect(second.get('arcade_play_window')!.checksum).toBe(migrationChecksum(window.sql.replace("'UTC'", "'UTC' /* the same */")));
      for (const fn of functions.filter((f) => f !== window)) expect(second.get(fn.name)).toEqual(first.get(fn.name));
      expect((await functionBodies(db))['arcade_play_window(text,timestamp with time zone)']).toContain('/* the same */');
      await expect(assertMigrated(db, readMigrations(), changed)).resolves.toBeUndefined();
    } finally {
      await drop();
    }
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, openDb, type Db } from '../src/db/db';
import { migrate, readMigrations } from '../src/db/migrator';
import { pgliteTemplateKey, writePgliteTemplate } from '../src/db/pglite-template';
import { databases, postgresOnly, tempDir } from './helpers';

describe.each(databases())('database on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await database.create({ migrated: false }));
  });

  afterAll(async () => {
    await drop?.();
  });

  it('migrations apply once and running them again changes nothing', async () => {
    const first = await migrate(db);
    expect(first).toEqual(readMigrations().map((migration) => migration.name));
    expect(first[0]).toBe('001_users_and_accounts.sql');
    expect(await migrate(db)).toEqual([]);
    const recorded = await db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(recorded.rows.map((row) => row.name)).toEqual(first);
  });

  it('INT8 values come back as bigint', async () => {
    const { rows } = await db.query<{ big: bigint; count: bigint }>('SELECT 9007199254740993::bigint AS big, count(*) AS count FROM users');
    expect(rows[0]).toEqual({ big: 9007199254740993n, count: 0n });
  });

  it('a transaction that throws leaves nothing behind', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO users (id, referral_code) VALUES ($1, 'rollback1')", [1n]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query('SELECT id FROM users WHERE id = $1', [1n])).rowCount).toBe(0);
  });

  it('a transaction that resolves is committed and returns its value', async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO users (id, referral_code) VALUES ($1, 'commit01')", [2n]);
      await tx.query("INSERT INTO accounts (user_id, kind) VALUES ($1, 'ton'), ($1, 'bonus')", [2n]);
      return 'done';
    });
    expect(result).toBe('done');
    expect((await db.query('SELECT id FROM accounts WHERE user_id = $1', [2n])).rowCount).toBe(2);
  });

  it('the schema refuses a negative balance, a duplicate account, an unknown language and a duplicate referral code', async () => {
    await expect(db.query("UPDATE accounts SET balance = -1 WHERE user_id = $1 AND kind = 'ton'", [2n])).rejects.toThrow();
    await expect(db.query("INSERT INTO accounts (user_id, kind) VALUES ($1, 'ton')", [2n])).rejects.toSatisfy(isUniqueViolation);
    await expect(db.query("UPDATE users SET lang = 'de' WHERE id = $1", [2n])).rejects.toThrow();
    const duplicate = db.query("INSERT INTO users (id, referral_code) VALUES ($1, 'commit01')", [3n]);
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

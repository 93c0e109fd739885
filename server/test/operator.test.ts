import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNano } from '@arcade/api-client/money';
import { createPlayerAccounts } from '../src/db/accounts';
import type { Db } from '../src/db/db';
import { runOperator } from '../src/operator';
import { databases, fund, suiteDatabase } from './helpers';

function expectRun(result: { code: number; text: string }, code: number, text: string): void {
  expect(result.code, result.text).toBe(code);
  expect(result.text).toContain(text);
}

describe.each(databases())('operator commands on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  const player = 777_000_001n;

  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runOperator(db, argv, (line) => lines.push(line));
    return { code, text: lines.join('\n') };
  };

  beforeAll(async () => {
    ({ db, drop } = await database.create());
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO users (id, referral_code) VALUES ($1, 'operator1')", [player]);
      await createPlayerAccounts(tx, player);
    });
  });
  afterAll(async () => {
    await drop?.();
  });

  it('audit reports a clean book with exit code 0 and a tampered one with exit code 1', async () => {
    await fund(db, player, '2', 'op-test-deposit');
    expectRun(await run('audit'), 0, 'audit clean: 0 invariant breaks');
    await db.query("UPDATE accounts SET balance = balance + 5 WHERE user_id = $1 AND kind = 'ton'", [player]);
    const broken = await run('audit');
    expect(broken.code).toBe(1);
    expect(broken.text).toContain('PROBLEM account');
    await db.query("UPDATE accounts SET balance = balance - 5 WHERE user_id = $1 AND kind = 'ton'", [player]);
  });

  it('lists an unknown-memo deposit, credits it to a player once, and refuses it a second time', async () => {
    await db.query(
      `INSERT INTO deposits (chain, tx_hash, lt, source, amount, comment, status) VALUES ('sandbox:op', 'cd01', 10, '0:abc', $1, 'WRONGMEMO', 'unknown_memo')`,
      [toNano('1.5')],
    );
    const { rows } = await db.query<{ id: bigint }>("SELECT id FROM deposits WHERE tx_hash = 'cd01'");
    const depositId = String(rows[0]!.id);
    expect((await run('deposits:unknown')).text).toContain('1.5 TON  comment "WRONGMEMO"');
    expectRun(await run('deposits:resolve', depositId, String(player)), 2, 'note');
    expect((await run('deposits:resolve', depositId, String(player), 'ticket', '42')).code).toBe(0);
    expect((await run('deposits:resolve', depositId, String(player), 'again')).code).toBe(2);
    const balance = await db.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'ton'", [player]);
    expect(balance.rows[0]!.balance).toBe(toNano('3.5'));
    expect((await run('audit')).code).toBe(0);
  });

  it('bans and unbans a player, and refuses bad ids and unknown commands', async () => {
    expect((await run('users:ban', String(player))).code).toBe(0);
    expect((await db.query<{ is_banned: boolean }>('SELECT is_banned FROM users WHERE id = $1', [player])).rows[0]!.is_banned).toBe(true);
    expect((await run('users:unban', String(player))).code).toBe(0);
    expect((await db.query<{ is_banned: boolean }>('SELECT is_banned FROM users WHERE id = $1', [player])).rows[0]!.is_banned).toBe(false);
    expectRun(await run('users:ban', 'abc'), 2, 'player must be a number');
    expectRun(await run('users:ban', '123'), 2, 'no player 123');
    expectRun(await run('launch-missiles'), 2, 'unknown command');
  });
});

describe.each(databases())('gift stock import on $name', (database) => {
  const suite = suiteDatabase(database);

  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runOperator(suite.db, argv, (line) => lines.push(line));
    return { code, text: lines.join('\n') };
  };

  it('imports collections and gifts once, lists the priced ones, and refuses a broken file changing nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arcade-stock-'));
    const file = join(dir, 'stock.json');
    const gift = (number: number, price?: string) => ({
      collection: 'plush-pepe',
      number,
      model: { name: 'Aqua', rarityPerMille: 12 },
      backdrop: { name: 'Navy', rarityPerMille: 20, center: '#223344', edge: '#112233' },
      symbol: { name: 'Star', rarityPerMille: 5 },
      telegramGiftId: `owned-${number}`,
      ...(price ? { price } : {}),
    });
    writeFileSync(file, JSON.stringify({ collections: [{ id: 'plush-pepe', name: 'Plush Pepe' }], gifts: [gift(1, '150'), gift(2)] }));
    expectRun(await run('gifts:import', file), 0, 'imported 1 collection(s), 2 gift(s), 1 listed for sale');
    expectRun(await run('gifts:import', file), 0, 'imported 0 collection(s), 0 gift(s), 0 listed for sale');
    const rarity = await suite.db.query<{ rarity: bigint }>('SELECT rarity FROM gifts WHERE number = 1');
    expect(rarity.rows[0]!.rarity).toBe(1200n);

    writeFileSync(file, JSON.stringify({ collections: [], gifts: [gift(3)] }));
    expectRun(await run('gifts:import', file), 2, 'unknown collection');
    writeFileSync(file, '{"collections": [');
    expectRun(await run('gifts:import', file), 2, 'cannot read');
    expectRun(await run('gifts:import', join(dir, 'missing.json')), 2, 'cannot read');
    expect((await suite.db.query<{ n: bigint }>('SELECT count(*) AS n FROM gifts')).rows[0]!.n).toBe(2n);
  });
});

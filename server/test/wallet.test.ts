import { Address } from '@ton/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromNano, toNano } from '@arcade/api-client/money';
import type { HistoryPage, WalletInfo, Withdrawal } from '@arcade/api-client/wallet';
import type { ChainTx } from '../src/adapters/chain/chain-adapter';
import { ChainUnavailableError } from '../src/adapters/chain/chain-adapter';
import { openTon, type Ton } from '../src/adapters/chain/open-chain';
import type { Db } from '../src/db/db';
import { audit } from '../src/domain/ledger';
import { productConfig } from '../src/domain/product-config';
import { watchHotWallet } from '../src/domain/wallet/chain-watcher';
import { listUnknownDeposits, resolveUnknownDeposit } from '../src/domain/wallet/deposits';
import { applyOutgoing, approveWithdrawal, rejectWithdrawal, runSender } from '../src/domain/wallet/withdrawals';
import { databases, envelope, logIn, newUserId, post, postgresOnly, startServer, testConfig, withBroadcast } from './helpers';

// Chain time starts at the wall clock (player wallets sign with a wall-clock validity) and then moves only when a test says so.
const START = Math.floor(Date.now() / 1000);

/** A player's own wallet address on the emulated chain, to withdraw to. */
async function recipient(ton: Ton, seed: string) {
  const wallet = await ton.sandbox!.createUserWallet(seed, toNano('1'));
  return { address: wallet.address, friendly: wallet.address.toString({ bounceable: false, testOnly: true }) };
}

async function chainBalance(ton: Ton, address: Address): Promise<bigint> {
  return (await ton.chain.getAccountState(address.toRawString())).balance;
}

describe.each(databases())('TON wallet on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let ton: Ton;
  let app: FastifyInstance;
  let keySeq = 0;

  const call = async <T>(token: string, path: string, body: unknown = {}) => {
    const response = await post(app, `/api/v3/wallet/${path}`, body, { token });
    const reply = envelope(response) as { success: boolean; data: T; message?: string; code?: string };
    return { status: response.statusCode, ...reply };
  };
  const key = () => `test-key-${Date.now()}-${++keySeq}`;
  const sync = async () => {
    const watched = await watchHotWallet(db, ton);
    const sent = await runSender(db, ton, watched.syncedChainTime);
    return { watched, sent };
  };
  const info = async (token: string) => (await call<WalletInfo>(token, 'info')).data;
  const journalRows = async () => (await db.query<{ n: bigint }>('SELECT count(*) AS n FROM journal_entries')).rows[0]!.n;

  async function funded(amount: string): Promise<{ token: string; userId: bigint }> {
    const id = newUserId();
    const token = await logIn(app, { id });
    const sent = await call<{ txHash: string }>(token, 'test-deposit', { amount, idempotencyKey: key() });
    expect(sent.success, sent.message).toBe(true);
    await sync();
    return { token, userId: BigInt(id) };
  }

  beforeAll(async () => {
    ({ db, drop } = await database.create());
    ton = await openTon(testConfig().ton, { now: START });
    app = await startServer(db, { ton });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  describe('deposits', () => {
    it('gives each player a memo and the TON Connect transfer to the hot wallet with it', async () => {
      const token = await logIn(app, { id: newUserId() });
      const first = await info(token);
      expect(first.depositMemo).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
      expect((await info(token)).depositMemo).toBe(first.depositMemo);
      expect(Address.parse(first.depositAddress).equals(ton.hotWallet.address)).toBe(true);
      expect(first.testDeposits).toBe(true);

      const transfer = await call<{ messages: Array<{ address: string; amount: string; payload: string }>; network: string }>(
        token,
        'deposit',
        { amount: '2.5' },
      );
      expect(transfer.data.network).toBe('-3');
      expect(transfer.data.messages[0]?.amount).toBe('2500000000');
      expect(Buffer.from(transfer.data.messages[0]!.payload, 'base64').length).toBeGreaterThan(0);
    });

    it('credits a deposit once, and reading the chain again credits nothing', async () => {
      const { token } = await funded('3');
      expect((await info(token)).balance.ton).toBe('3');
      const again = await sync();
      expect(again.watched.credited).toHaveLength(0);
      expect((await info(token)).balance.ton).toBe('3');
      expect((await audit(db)).problems).toEqual([]);
    });

    it('keeps a transfer with an unknown memo for review, credits nothing, and an operator can credit it', async () => {
      const token = await logIn(app, { id: newUserId() });
      const me = await info(token);
      const stranger = await ton.sandbox!.createUserWallet(`stranger-${Date.now()}`, toNano('5'));
      await ton.sandbox!.sendFromUser(stranger, { to: ton.hotWallet.address, amount: toNano('1.25'), comment: 'ZZZZZZZZ' });
      const before = await journalRows();
      const { watched } = await sync();
      expect(watched.unknownMemo).toBe(1);
      expect(await journalRows()).toBe(before);

      const waiting = (await listUnknownDeposits(db)).filter((d) => d.comment === 'ZZZZZZZZ');
      expect(waiting).toHaveLength(1);
      const { rows } = await db.query<{ id: bigint }>('SELECT id FROM users WHERE deposit_memo = $1', [me.depositMemo]);
      await resolveUnknownDeposit(db, waiting[0]!.id, rows[0]!.id, 'player wrote to support with the transaction hash');
      expect((await info(token)).balance.ton).toBe('1.25');
      await expect(resolveUnknownDeposit(db, waiting[0]!.id, rows[0]!.id, 'twice')).rejects.toThrow('not waiting for review');
      expect((await info(token)).balance.ton).toBe('1.25');
    });

    it('credits nothing for a transfer that bounced back', async () => {
      const token = await logIn(app, { id: newUserId() });
      const { depositMemo } = await info(token);
      const sender = await ton.sandbox!.createUserWallet(`bouncer-${Date.now()}`, toNano('5'));
      // A bounceable transfer to an address with no contract comes back: the hot wallet never holds it.
      await ton.sandbox!.sendFromUser(sender, {
        to: ton.sandbox!.undeployedAddress(`nowhere-${Date.now()}`),
        amount: toNano('1'),
        comment: depositMemo,
        bounce: true,
      });
      await sync();
      expect((await info(token)).balance.ton).toBe('0');
    });

    it('a watcher that stops half-way loses nothing and credits nothing twice', async () => {
      const players = await Promise.all(
        [1, 2, 3].map(async () => {
          const token = await logIn(app, { id: newUserId() });
          return { token, memo: (await info(token)).depositMemo };
        }),
      );
      for (const player of players) {
        const wallet = await ton.sandbox!.createUserWallet(`restart-${player.memo}`, toNano('5'));
        await ton.sandbox!.sendFromUser(wallet, { to: ton.hotWallet.address, amount: toNano('0.5'), comment: player.memo });
      }
      // The database refuses the second write: the watcher dies after crediting the first transfer.
      let transactions = 0;
      const flaky: Db = {
        ...db,
        transaction: (fn) => (++transactions === 2 ? Promise.reject(new Error('connection lost')) : db.transaction(fn)),
      };
      await expect(watchHotWallet(flaky, ton)).rejects.toThrow('connection lost');
      await watchHotWallet(db, ton);
      await watchHotWallet(db, ton);
      for (const player of players) expect((await info(player.token)).balance.ton).toBe('0.5');
    });
  });

  describe('withdrawals', () => {
    it('refuses each bad address and amount with its own reason and moves nothing', async () => {
      const { token } = await funded('1');
      const own = ton.hotWallet.friendly;
      const good = (await recipient(ton, `good-${Date.now()}`)).friendly;
      const cases: Array<[address: string, amount: string, code: string]> = [
        ['', '0.5', 'withdraw.address.empty'],
        ['not-an-address', '0.5', 'withdraw.address.invalid'],
        [`-1:${'a'.repeat(64)}`, '0.5', 'withdraw.address.workchain'],
        [own, '0.5', 'withdraw.address.own-wallet'],
        [good, 'abc', 'withdraw.amount.invalid'],
        [good, '0.0000000001', 'withdraw.amount.invalid'],
        [good, '0.01', 'withdraw.amount.min'],
        [good, '0.98', 'withdraw.amount.balance'],
      ];
      const before = await journalRows();
      for (const [address, amount, code] of cases) {
        const refused = await call(token, 'withdraw', { address: address || ' ', amount, idempotencyKey: key() });
        expect(refused.success, `${address} ${amount}`).toBe(false);
        expect(refused.code, `${address} ${amount}: ${refused.message}`).toBe(code);
        expect(refused.status).toBeLessThan(500);
        expect(refused.message).toBeTruthy();
      }
      expect(await journalRows()).toBe(before);
      expect((await info(token)).balance.ton).toBe('1');
    });

    it('pays a withdrawal exactly once on chain and shows both in the history', async () => {
      const { token } = await funded('2');
      const to = await recipient(ton, `payee-${Date.now()}`);
      const before = await chainBalance(ton, to.address);

      const asked = await call<Withdrawal>(token, 'withdraw', { address: to.friendly, amount: '0.5', idempotencyKey: key() });
      expect(asked.data).toMatchObject({ status: 'queued', amount: '0.5', fee: '0.05', total: '0.55' });
      expect((await info(token)).balance.ton).toBe('1.45');

      await sync(); // signs, stores and broadcasts
      await sync(); // the watcher sees it
      const done = await call<Withdrawal>(token, 'withdrawal', { id: asked.data.id });
      expect(done.data.status).toBe('done');
      expect(done.data.txHash).toMatch(/^[0-9a-f]{64}$/);
      expect(await chainBalance(ton, to.address)).toBe(before + toNano('0.5'));

      const listed = await call<{ items: Withdrawal[] }>(token, 'withdrawals');
      expect(listed.data.items.map((w) => [w.id, w.status])).toEqual([[asked.data.id, 'done']]);
      const history = await call<HistoryPage>(token, 'history', {});
      expect(history.data.items.map((i) => [i.kind, i.amount])).toEqual([
        ['withdrawal', '-0.55'],
        ['deposit', '2'],
      ]);
      expect((await audit(db)).problems).toEqual([]);
    });

    it('a retried withdraw call with the same key creates one withdrawal', async () => {
      const { token } = await funded('2');
      const to = await recipient(ton, `retry-${Date.now()}`);
      const k = key();
      const first = await call<Withdrawal>(token, 'withdraw', { address: to.friendly, amount: '0.3', idempotencyKey: k });
      const retry = await call<Withdrawal>(token, 'withdraw', { address: to.friendly, amount: '0.3', idempotencyKey: k });
      expect(retry.data).toEqual(first.data);
      const other = await call(token, 'withdraw', { address: to.friendly, amount: '0.4', idempotencyKey: k });
      expect(other.status).toBe(409);
      expect((await info(token)).balance.ton).toBe('1.65');
    });

    it('is paid once when the sender crashes after broadcasting, and the resent message is refused by the contract', async () => {
      const { token } = await funded('3');
      const to = await recipient(ton, `crash-${Date.now()}`);
      const before = await chainBalance(ton, to.address);
      const asked = await call<Withdrawal>(token, 'withdraw', { address: to.friendly, amount: '1', idempotencyKey: key() });

      // First pass: signed, stored, broadcast; the process dies before the watcher marks it.
      await runSender(db, ton, (await ton.chain.chainTime()) - 1, new Date(Date.now() - 60_000));
      // A restarted process broadcasts the identical message again: the contract refuses it (query id spent).
      const { rows } = await db.query<{ boc: string }>('SELECT boc FROM withdrawals WHERE id = $1', [BigInt(asked.data.id)]);
      const boc = rows[0]!.boc;
      await runSender(db, ton, (await ton.chain.chainTime()) - 1);
      await expect(ton.chain.sendExternalMessage(boc)).rejects.toMatchObject({ exitCode: 36 });
      await sync();
      await sync();

      expect((await call<Withdrawal>(token, 'withdrawal', { id: asked.data.id })).data.status).toBe('done');
      expect(await chainBalance(ton, to.address)).toBe(before + toNano('1'));
      const sends = await db.query<{ sends: number; issues: number }>('SELECT sends, issues FROM withdrawals WHERE id = $1', [
        BigInt(asked.data.id),
      ]);
      expect(sends.rows[0]!.sends).toBeGreaterThanOrEqual(2);
      expect(sends.rows[0]!.issues).toBe(1);
    });

    it('re-issues a message that expired unseen with a new query id, and pays once', async () => {
      const { token } = await funded('2');
      const to = await recipient(ton, `expire-${Date.now()}`);
      const before = await chainBalance(ton, to.address);
      const asked = await call<Withdrawal>(token, 'withdraw', { address: to.friendly, amount: '0.7', idempotencyKey: key() });

      // The network is down for the whole validity of the first message.
      const offline = await runSender(
        db,
        withBroadcast(ton, () => Promise.reject(new ChainUnavailableError('timeout'))),
        await ton.chain.chainTime(),
      );
      expect(offline.failures.length).toBeGreaterThan(0);
      const first = (await db.query<{ query_id: number }>('SELECT query_id FROM withdrawals WHERE id = $1', [BigInt(asked.data.id)]))
        .rows[0]!.query_id;

      ton.sandbox!.advanceTime(ton.hotWallet.timeout + productConfig.wallet.expiryMarginSeconds + 5);
      await sync(); // the watcher catches up past the deadline: the sender re-issues
      await sync(); // signs with a new query id and broadcasts
      await sync(); // the watcher sees it paid
      const row = (
        await db.query<{ query_id: number; issues: number; status: string }>(
          'SELECT query_id, issues, status FROM withdrawals WHERE id = $1',
          [BigInt(asked.data.id)],
        )
      ).rows[0]!;
      expect(row.status).toBe('done');
      expect(row.issues).toBe(2);
      expect(row.query_id).not.toBe(first);
      // Paid once: the recipient gained 0.7 TON less the storage rent of the hour that passed (never 1.4).
      const gained = (await chainBalance(ton, to.address)) - before;
      expect(gained).toBeGreaterThan(toNano('0.699'));
      expect(gained).toBeLessThanOrEqual(toNano('0.7'));
      expect((await info(token)).balance.ton).toBe(fromNano(toNano('2') - toNano('0.75')));
    });

    it('refunds a withdrawal the hot wallet ran without sending the payment', async () => {
      const { token, userId } = await funded('1');
      const to = await recipient(ton, `refund-${Date.now()}`);
      const asked = await call<Withdrawal>(token, 'withdraw', { address: to.friendly, amount: '0.5', idempotencyKey: key() });
      // Signed and stored, but the message never reaches the chain here: the test plays the chain's answer.
      await runSender(
        db,
        withBroadcast(ton, () => Promise.resolve()),
        0,
      );
      const row = (
        await db.query<{ query_id: number; created_at_chain: bigint }>('SELECT query_id, created_at_chain FROM withdrawals WHERE id = $1', [
          BigInt(asked.data.id),
        ])
      ).rows[0]!;
      // What the chain reports for a highload message that executed with no out message (e.g. not enough balance).
      const skipped: ChainTx = {
        hash: 'ab'.repeat(32),
        lt: 1n,
        utime: START,
        inKind: 'external-in',
        src: null,
        value: 0n,
        bounce: false,
        bounced: false,
        op: null,
        comment: null,
        outCount: 0,
        aborted: false,
        computeOk: true,
        externalQuery: { queryId: row.query_id, createdAt: Number(row.created_at_chain) },
      };
      const outcome = await db.transaction((tx) => applyOutgoing(tx, ton.chainId, skipped));
      expect(outcome).toEqual({ kind: 'refunded', withdrawalId: BigInt(asked.data.id), userId });
      expect((await call<Withdrawal>(token, 'withdrawal', { id: asked.data.id })).data.status).toBe('refunded');
      expect((await info(token)).balance.ton).toBe('1');
      expect((await audit(db)).problems).toEqual([]);
    });

    it('holds a large withdrawal for review; approved it is paid, rejected it is refunded', async () => {
      const { token } = await funded('250');
      const to = await recipient(ton, `big-${Date.now()}`);
      const big = await call<Withdrawal>(token, 'withdraw', { address: to.friendly, amount: '100', idempotencyKey: key() });
      const other = await call<Withdrawal>(token, 'withdraw', { address: to.friendly, amount: '120', idempotencyKey: key() });
      expect([big.data.status, other.data.status]).toEqual(['review', 'review']);
      await sync();
      expect((await call<Withdrawal>(token, 'withdrawal', { id: big.data.id })).data.status).toBe('review');

      await approveWithdrawal(db, BigInt(big.data.id));
      await rejectWithdrawal(db, BigInt(other.data.id), 'address on a sanctions list');
      await sync();
      await sync();
      expect((await call<Withdrawal>(token, 'withdrawal', { id: big.data.id })).data.status).toBe('done');
      expect((await call<Withdrawal>(token, 'withdrawal', { id: other.data.id })).data.status).toBe('rejected');
      expect((await info(token)).balance.ton).toBe('149.95');
      await expect(rejectWithdrawal(db, BigInt(big.data.id), 'too late')).rejects.toThrow('not waiting for review');
    });

    it('enforces the daily limit per UTC day', async () => {
      const { token } = await funded('1200');
      const to = await recipient(ton, `daily-${Date.now()}`);
      for (const amount of ['99', '99', '99', '99', '99', '99', '99', '99', '99', '99']) {
        expect((await call(token, 'withdraw', { address: to.friendly, amount, idempotencyKey: key() })).success).toBe(true);
      }
      const over = await call(token, 'withdraw', { address: to.friendly, amount: '20.5', idempotencyKey: key() });
      expect(over.code).toBe('withdraw.amount.daily-limit');
      expect(over.message).toContain('10 TON left today');
      expect((await info(token)).limits.dailyWithdrawalLeft).toBe('10');
    });

    it('refuses a banned player every money call with a clear message', async () => {
      const { token, userId } = await funded('1');
      await db.query('UPDATE users SET is_banned = true WHERE id = $1', [userId]);
      const to = await recipient(ton, `banned-${Date.now()}`);
      for (const [path, body] of [
        ['withdraw', { address: to.friendly, amount: '0.5', idempotencyKey: key() }],
        ['deposit', { amount: '1' }],
        ['test-deposit', { amount: '1', idempotencyKey: key() }],
      ] as const) {
        const refused = await call(token, path, body);
        expect(refused.status, path).toBe(403);
        expect(refused.code, path).toBe('account.banned');
      }
      expect((await info(token)).balance.ton).toBe('1');
    });

    it('a chain that fails, times out and answers garbage: the watcher and sender retry and never credit or pay twice', async () => {
      // A seeded, repeatable mix of faults on every call the watcher and the sender make.
      let seed = 20261121;
      const roll = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
      const faults = { unavailable: 0, timeout: 0, garbage: 0, lostAnswer: 0 };
      const chain = ton.chain;
      const fault = async <T>(run: () => Promise<T>): Promise<T> => {
        const r = roll();
        if (r < 0.15) {
          faults.unavailable += 1;
          throw new ChainUnavailableError('toncenter answered 502');
        }
        if (r < 0.25) {
          faults.timeout += 1;
          await new Promise((resolve) => setTimeout(resolve, 5));
          throw new ChainUnavailableError('toncenter did not answer in time');
        }
        return run();
      };
      const flaky: Ton = {
        ...ton,
        chain: {
          chainTime: () => fault(() => chain.chainTime()),
          getAccountState: (address) => fault(() => chain.getAccountState(address)),
          getTransactionsAfter: (account, after, limit) =>
            fault(async () => {
              const page = await chain.getTransactionsAfter(account, after, limit);
              const r = roll();
              // Garbage that parses: the same transactions twice, or a page cut short.
              if (r < 0.4 && page.length > 0) {
                faults.garbage += 1;
                return [...page, ...page];
              }
              if (r < 0.6 && page.length > 1) {
                faults.garbage += 1;
                return page.slice(0, Math.ceil(page.length / 2));
              }
              return page;
            }),
          sendExternalMessage: (boc) =>
            fault(async () => {
              await chain.sendExternalMessage(boc);
              // Broadcast, but the answer is lost on the way back.
              if (roll() < 0.3) {
                faults.lostAnswer += 1;
                throw new ChainUnavailableError('connection reset after sending');
              }
            }),
        },
      };
      const flakySync = async () => {
        try {
          const watched = await watchHotWallet(db, flaky);
          await runSender(db, flaky, watched.syncedChainTime);
        } catch (error) {
          // What the workers do: log it and try again on the next pass.
          expect(error).toBeInstanceOf(ChainUnavailableError);
        }
      };

      const players = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const id = newUserId();
          return { id, token: await logIn(app, { id }) };
        }),
      );
      for (const player of players) {
        const sent = await call(player.token, 'test-deposit', { amount: '3', idempotencyKey: key() });
        expect(sent.success, sent.message).toBe(true);
      }
      const bookBefore = await journalRows();
      for (let pass = 0; pass < 30; pass++) await flakySync();
      for (const player of players) expect((await info(player.token)).balance.ton).toBe('3');

      const payees = await Promise.all(players.map((_, i) => recipient(ton, `chaos-${i}-${Date.now()}`)));
      const before = await Promise.all(payees.map((payee) => chainBalance(ton, payee.address)));
      const asked = [];
      for (const [i, player] of players.entries()) {
        asked.push(await call<Withdrawal>(player.token, 'withdraw', { address: payees[i]!.friendly, amount: '1', idempotencyKey: key() }));
      }
      for (let pass = 0; pass < 60; pass++) await flakySync();
      // Then the chain heals: whatever is still open settles.
      await sync();
      await sync();

      for (const [i, player] of players.entries()) {
        expect((await call<Withdrawal>(player.token, 'withdrawal', { id: asked[i]!.data.id })).data.status).toBe('done');
        expect(await chainBalance(ton, payees[i]!.address)).toBe(before[i]! + toNano('1'));
        expect((await info(player.token)).balance.ton).toBe('1.95');
      }
      console.log(`chain faults injected: ${JSON.stringify(faults)}`);
      expect(faults.unavailable + faults.timeout).toBeGreaterThan(10);
      expect(faults.garbage).toBeGreaterThan(0);
      expect(faults.lostAnswer).toBeGreaterThan(0);
      expect(await journalRows()).toBeGreaterThan(bookBefore);
      expect((await audit(db)).problems).toEqual([]);
    });
  });
});

describe.each(postgresOnly('TON wallet under load'))('TON wallet under load on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let ton: Ton;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ db, drop } = await database.create());
    ton = await openTon(testConfig().ton, { now: START });
    app = await startServer(db, { ton });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('parallel deposits, withdrawals and retries leave every balance and the book sound', async () => {
    const players = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const token = await logIn(app, { id: newUserId() });
        return { token, i };
      }),
    );
    const to = await ton.sandbox!.createUserWallet(`load-payee-${Date.now()}`, toNano('1'));
    const address = to.address.toString({ bounceable: false, testOnly: true });
    const withdraw = (token: string, amount: string, idempotencyKey: string) =>
      post(app, '/api/v3/wallet/withdraw', { address, amount, idempotencyKey }, { token });

    // Every player deposits 5 TON twice (the second with a retried key), all at once.
    const deposits = players.flatMap((p) =>
      [0, 0, 1].map((n) =>
        post(app, '/api/v3/wallet/test-deposit', { amount: '5', idempotencyKey: `load-dep-${p.i}-${n}-${START}` }, { token: p.token }),
      ),
    );
    expect((await Promise.all(deposits)).every((r) => r.statusCode === 200)).toBe(true);
    await watchHotWallet(db, ton);

    // Then each asks for 12 withdrawals of 1 TON (only 9 fit in 10 TON with the fee), each sent twice.
    const asks = players.flatMap((p) =>
      Array.from({ length: 12 }, (_, n) => `load-wd-${p.i}-${n}-${START}`).flatMap((k) => [
        withdraw(p.token, '1', k),
        withdraw(p.token, '1', k),
      ]),
    );
    const answers = await Promise.all(asks);
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    for (let pass = 0; pass < 3; pass++) {
      const watched = await watchHotWallet(db, ton);
      await runSender(db, ton, watched.syncedChainTime);
    }
    await watchHotWallet(db, ton);

    const rows = await db.query<{ user_id: bigint; n: bigint; done: bigint }>(
      `SELECT user_id, count(*) AS n, count(*) FILTER (WHERE status = 'done') AS done FROM withdrawals GROUP BY user_id`,
    );
    expect(rows.rows).toHaveLength(8);
    for (const row of rows.rows) expect([row.n, row.done]).toEqual([9n, 9n]);
    const balances = await db.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id IS NOT NULL AND kind = 'ton'");
    for (const { balance } of balances.rows) expect(balance).toBe(toNano('10') - 9n * toNano('1.05'));
    expect(await chainBalance(ton, to.address)).toBeGreaterThanOrEqual(toNano('72'));

    const report = await audit(db);
    console.log(
      `audit after load: ${report.transactions} movements, ${report.entries} journal rows, journal sum ${report.journalSum}, problems ${report.problems.length}`,
    );
    expect(report.problems).toEqual([]);
  });
});

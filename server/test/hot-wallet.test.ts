import type { Address } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromNano, toNano } from '@arcade/api-client/money';
import { hotWalletFor, openTon, type Ton } from '../src/adapters/chain/open-chain';
import { SandboxChain } from '../src/adapters/chain/sandbox-chain';
import { ChainUnavailableError } from '../src/adapters/chain/chain-adapter';
import { DEVELOPMENT_HOT_WALLET_SEED, loadWalletSettings } from '../src/config';
import { createPlayerAccounts } from '../src/db/accounts';
import type { Db } from '../src/db/db';
import { watchHotWallet } from '../src/domain/wallet/chain-watcher';
import { runWalletCommand, type WalletDeps } from '../src/wallet-operator';
import { configRefusal, databases, fund, postMovement, runOperatorCli, testConfig, withBroadcast } from './helpers';

// Chain time starts at the wall clock and moves only when a test says so.
const START = Math.floor(Date.now() / 1000);
const FLOAT = toNano('100');

async function run(deps: WalletDeps, ...argv: string[]): Promise<{ code: number; text: string }> {
  const lines: string[] = [];
  const code = await runWalletCommand(deps, argv, (line) => lines.push(line));
  return { code, text: lines.join('\n') };
}

const balanceOf = async (ton: Ton, address: Address | string) =>
  (await ton.chain.getAccountState(typeof address === 'string' ? address : address.toRawString())).balance;

describe('wallet settings for the operator', () => {
  it('production needs the seed and the toncenter key, and the database only for commands that read the book', () => {
    const refusal = (env: Record<string, string>, database: boolean) =>
      configRefusal(() => loadWalletSettings(env, { database, repoRoot: '/repo' }));
    expect(refusal({}, false)).toBe('Refusing to start in production: missing HOT_WALLET_SEED, TONCENTER_API_KEY');
    expect(refusal({}, true)).toBe('Refusing to start in production: missing HOT_WALLET_SEED, TONCENTER_API_KEY, DATABASE_URL');
    const seed = 'ab'.repeat(32);
    expect(refusal({ HOT_WALLET_SEED: seed, TONCENTER_API_KEY: 'k' }, false)).toBe('accepted');
    expect(refusal({ HOT_WALLET_SEED: DEVELOPMENT_HOT_WALLET_SEED, TONCENTER_API_KEY: 'k', TON_CHAIN: 'sandbox' }, false)).toBe(
      'Refusing to start in production: TON_CHAIN=sandbox is an emulated chain; HOT_WALLET_SEED is the development seed',
    );
    const broken = refusal({ HOT_WALLET_SEED: 'not-a-seed-but-a-secret', TONCENTER_API_KEY: 'k', HOT_WALLET_FLOAT: '1,5' }, false);
    expect(broken).toBe(
      'Refusing to start in production: HOT_WALLET_FLOAT must be a TON amount like 100 or 12.5; HOT_WALLET_SEED must be 64 hex characters (a 32-byte seed)',
    );
    expect(broken).not.toContain('not-a-seed');
    const settings = loadWalletSettings(
      { HOT_WALLET_SEED: seed, TONCENTER_API_KEY: 'k', HOT_WALLET_FLOAT: '250.5', DATABASE_URL: 'postgres://x@h/db' },
      { database: true, repoRoot: '/repo' },
    );
    expect(settings.ton).toMatchObject({ network: 'mainnet', chain: 'toncenter', hotWalletFloat: toNano('250.5') });
    expect(settings.database).toEqual({
      production: true,
      databaseUrl: 'postgres://x@h/db',
      connections: { directUrl: 'postgres://x@h/db', pooler: 'none', poolSize: 10, statementTimeoutMs: 30_000 },
      dataDir: '/repo/.data/pglite',
    });
    expect(loadWalletSettings({ NODE_ENV: 'development' }, { database: false, repoRoot: '/repo' }).ton.hotWalletFloat).toBe(toNano('100'));
  });

  it('the CLI names what a wallet command is missing in production, and prints the address in development', async () => {
    const cli = runOperatorCli;
    const refused = await cli(['wallet:reconcile'], { BOT_TOKEN: '1:a' });
    expect(refused.code).toBe(1);
    // Reconcile reads the chain and the book, and signs nothing: the address will do, the seed is not asked for.
    expect(refused.stderr.trim()).toBe(
      'Refusing to start in production: missing HOT_WALLET_ADDRESS (or HOT_WALLET_SEED), TONCENTER_API_KEY, DATABASE_URL',
    );
    const address = await cli(['wallet:address'], { NODE_ENV: 'development' });
    expect(address.stderr).toBe('');
    expect(address.code).toBe(0);
    const expected = hotWalletFor(testConfig().ton).address;
    expect(address.stdout).toContain(`raw          ${expected.toRawString()}`);
    expect(address.stdout).toContain(expected.toString({ urlSafe: true, bounceable: true, testOnly: true }));
  });
});

describe.each(databases())('hot wallet operator commands on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let ton: Ton;
  let deps: WalletDeps;
  let nextPlayer = 880_000_001n;

  async function player(ton: string, referral = '0'): Promise<bigint> {
    const id = nextPlayer++;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO users (id, referral_code) VALUES ($1, $2)', [id, `hw${id}`]);
      await createPlayerAccounts(tx, id);
    });
    if (ton !== '0') await fund(db, id, ton);
    if (referral !== '0') {
      await db.transaction((tx) =>
        postMovement(tx, {
          kind: 'referral',
          userId: id,
          reference: `hw-referral-${id}`,
          postings: [
            { account: { system: 'house' }, amount: -toNano(referral) },
            { account: { user: id, kind: 'referral' }, amount: toNano(referral) },
          ],
        }),
      );
    }
    return id;
  }

  beforeAll(async () => {
    ({ db, drop } = await database.create());
    ton = await openTon(testConfig().ton, { now: START });
    deps = { ton, db, float: FLOAT, now: () => new Date(START * 1000), requestedBy: 'alice' };
  });
  afterAll(async () => {
    await drop?.();
  });

  it('wallet:address prints the hot wallet in the configured network forms, and wallet:balance its balance on chain', async () => {
    const address = await run(deps, 'wallet:address');
    expect(address.code).toBe(0);
    const hot = ton.hotWallet.address;
    expect(address.text).toContain(`bounceable   ${hot.toString({ urlSafe: true, bounceable: true, testOnly: true })}`);
    expect(address.text).toContain(`non-bounce   ${hot.toString({ urlSafe: true, bounceable: false, testOnly: true })}`);
    expect(address.text).toContain(`raw          ${hot.toRawString()}`);
    expect(address.text).toMatch(/^network +testnet, emulated chain/);

    const balance = await run(deps, 'wallet:balance');
    expect(balance.code).toBe(0);
    expect(balance.text).toContain(`balance ${fromNano(await balanceOf(ton, hot))} TON, active`);
  });

  it('wallet:reconcile counts TON balances, referral earnings, unknown memos and pending withdrawals, and exits 1 when short', async () => {
    const alice = await player('120', '0.3');
    await player('80', '0.05');
    await db.query(
      `INSERT INTO deposits (chain, tx_hash, lt, source, amount, comment, status) VALUES ($1, 'hw-unknown-1', 1, '0:abc', $2, 'NOBODY', 'unknown_memo')`,
      [ton.chainId, toNano('1.5')],
    );
    await db.query(
      `INSERT INTO withdrawals (user_id, to_address, to_friendly, amount, fee, status) VALUES ($1, '0:ab', 'UQab', $2, $3, 'review'), ($1, '0:ab', 'UQab', $4, $3, 'queued')`,
      [alice, toNano('10'), toNano('0.05'), toNano('2')],
    );
    const chain = await balanceOf(ton, ton.hotWallet.address);
    // 200 TON of balances, 0.35 of referral earnings, 1.5 unknown, 12.1 pending (amount + fee).
    const liabilities = toNano('200') + toNano('0.35') + toNano('1.5') + toNano('12.1');
    const covered = await run(deps, 'wallet:reconcile');
    expect(covered.code, covered.text).toBe(0);
    expect(covered.text).toContain(`balance on chain            ${fromNano(chain)} TON (active)`);
    expect(covered.text).toContain("players' TON balances       200 TON");
    expect(covered.text).toContain('referral earnings           0.35 TON (0.3 TON claimable now; all counted)');
    expect(covered.text).toContain('unknown-memo deposits       1.5 TON (1 waiting for review)');
    expect(covered.text).toContain('pending withdrawals         12.1 TON (amount + fee; review 1, queued 1, sent 0)');
    expect(covered.text).toContain(`liabilities                 ${fromNano(liabilities)} TON`);
    expect(covered.text).toContain(`margin                      ${fromNano(chain - liabilities)} TON`);
    expect(covered.text).toContain('covered: the hot wallet holds what it owes');

    // A book that owes more than the wallet holds.
    const whale = await player(fromNano(chain));
    const short = await run(deps, 'wallet:reconcile');
    expect(short.code).toBe(1);
    expect(short.text).toContain(`SHORT: the hot wallet is ${fromNano(liabilities)} TON short of what it owes`);
    await db.transaction((tx) =>
      postMovement(tx, {
        kind: 'deposit_reversal',
        userId: whale,
        reference: `hw-whale-${whale}`,
        postings: [
          { account: { user: whale, kind: 'ton' }, amount: -chain },
          { account: { system: 'deposits' }, amount: chain },
        ],
      }),
    );
    expect((await run(deps, 'wallet:reconcile')).code).toBe(0);

    // toncenter down: not "short" (1) but "could not tell" (3), and no verdict printed.
    const down = new ChainUnavailableError('toncenter answered 503', 503);
    const real = ton.chain;
    const unreadable: Ton['chain'] = {
      getTransactionsAfter: (account, after, limit) => real.getTransactionsAfter(account, after, limit),
      sendExternalMessage: (boc) => real.sendExternalMessage(boc),
      chainTime: () => real.chainTime(),
      getAccountState: () => Promise.reject(down),
    };
    const unreachable = await run({ ...deps, ton: { ...ton, chain: unreadable } }, 'wallet:reconcile');
    expect(unreachable.code).toBe(3);
    expect(unreachable.text).toContain('the chain could not be read: toncenter answered 503');
    expect(unreachable.text).not.toMatch(/SHORT|covered/);
  });

  it('wallet:sweep prints, sends only with --yes, once per key, never below liabilities + float, and the watcher sees it done', async () => {
    const coldWallet = await ton.sandbox!.createUserWallet(`cold-${database.name}`, toNano('1'));
    // A transfer from it deploys it: a cold wallet that exists gets a bounceable sweep.
    await ton.sandbox!.sendFromUser(coldWallet, { to: ton.sandbox!.undeployedAddress('anyone'), amount: toNano('0.1'), bounce: false });
    const cold = coldWallet.address.toString({ urlSafe: true, bounceable: true, testOnly: true });
    const sweeps = async () => (await db.query<{ n: bigint }>('SELECT count(*) AS n FROM hot_wallet_sweeps')).rows[0]!.n;
    const hotBefore = await balanceOf(ton, ton.hotWallet.address);
    const coldBefore = await balanceOf(ton, coldWallet.address);

    const plan = await run(deps, 'wallet:sweep', cold, '500');
    expect(plan.code, plan.text).toBe(0);
    expect(plan.text).toContain(`sweep 500 TON to ${coldWallet.address.toString({ urlSafe: true, bounceable: false, testOnly: true })}`);
    expect(plan.text).toContain('cold address on chain: active; sent bounceable');
    expect(plan.text).toContain('float kept                  100 TON (HOT_WALLET_FLOAT)');
    expect(plan.text).toContain('nothing sent: run again with --yes to send it');
    expect(await sweeps()).toBe(0n);
    expect(await balanceOf(ton, ton.hotWallet.address)).toBe(hotBefore);

    // Past liabilities + float: refused, with the most that may go.
    const tooMuch = await run(deps, 'wallet:sweep', cold, fromNano(hotBefore), '--yes');
    expect(tooMuch.code).toBe(2);
    expect(tooMuch.text).toMatch(
      /refused: the hot wallet would go below the liabilities plus the float: at most [\d.]+ TON can be swept now/,
    );
    expect(await sweeps()).toBe(0n);

    const sent = await run(deps, 'wallet:sweep', cold, '500', '--yes');
    expect(sent.code, sent.text).toBe(0);
    expect(sent.text).toMatch(/sent: sweep #\d+, 500 TON to /);
    // The cold wallet pays a little gas to receive it.
    const coldAfter = await balanceOf(ton, coldWallet.address);
    expect(coldAfter - coldBefore).toBeGreaterThan(toNano('499.99'));
    expect(coldAfter - coldBefore).toBeLessThanOrEqual(toNano('500'));
    expect(await balanceOf(ton, ton.hotWallet.address)).toBeLessThan(hotBefore - toNano('500'));

    // The same command again (a double run): the first sweep's record, the same message, refused by the chain as already run.
    const again = await run(deps, 'wallet:sweep', cold, '500', '--yes');
    expect(again.code, again.text).toBe(0);
    expect(again.text).toContain('already recorded under this key: sweep #');
    expect(again.text).toContain('the chain refused it as already run (exit code 36)');
    expect(await sweeps()).toBe(1n);
    expect(await balanceOf(ton, coldWallet.address)).toBe(coldAfter);

    // Two runs at once under one key: one sweep.
    // (Each names its operator on the command line, which wins over OPERATOR_NAME.)
    const raced = await Promise.all([
      run(deps, 'wallet:sweep', cold, '1', '--yes', '--key=race', '--operator=Bob Smith'),
      run(deps, 'wallet:sweep', cold, '1', '--yes', '--key', 'race', '--operator', 'Bob Smith'),
    ]);
    expect(raced.map((r) => r.code)).toEqual([0, 0]);
    expect(await sweeps()).toBe(2n);
    const coldRaced = await balanceOf(ton, coldWallet.address);
    expect(coldRaced - coldAfter).toBeGreaterThan(toNano('0.99'));
    expect(coldRaced - coldAfter).toBeLessThanOrEqual(toNano('1'));

    const watched = await watchHotWallet(db, ton);
    expect(watched.sweeps.map((s) => [s.kind, s.amount])).toEqual([
      ['sweep-done', toNano('500')],
      ['sweep-done', toNano('1')],
    ]);
    const { rows } = await db.query<{
      status: string;
      requested_by: string;
      tx_hash: string | null;
      float_kept: bigint;
      to_address: string;
    }>('SELECT status, requested_by, tx_hash, float_kept, to_address FROM hot_wallet_sweeps ORDER BY id');
    expect(rows.map((r) => [r.status, r.requested_by, r.float_kept, r.to_address])).toEqual([
      ['done', 'alice', FLOAT, coldWallet.address.toRawString()],
      ['done', 'Bob Smith', FLOAT, coldWallet.address.toRawString()],
    ]);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tx_hash ?? ''))).toBe(true);
    const done = await run(deps, 'wallet:sweep', cold, '500', '--yes');
    expect(done.text).toMatch(/nothing sent: sweep #\d+ is done/);
    // Sweeps are not movements of the book: the reconciliation still balances.
    expect((await run(deps, 'wallet:reconcile')).code).toBe(0);
  });

  it('refuses a bad cold address, our own wallet, a zero amount and an unknown option, changing nothing', async () => {
    const own = ton.hotWallet.address.toString({ urlSafe: true, bounceable: false, testOnly: true });
    for (const [argv, text] of [
      [['wallet:sweep', 'EQnot-an-address', '1', '--yes'], 'refused: cold address: This is not a valid TON address'],
      [['wallet:sweep', own, '1', '--yes'], 'refused: cold address: This is the address of our own wallet'],
      [
        ['wallet:sweep', ton.sandbox!.undeployedAddress('x').toRawString(), '0', '--yes'],
        'refused: amount must be a number of TON above 0',
      ],
      [['wallet:sweep', ton.sandbox!.undeployedAddress('x').toRawString(), '1', '--force'], 'refused: unknown option --force'],
      [['wallet:sweep', 'only-one-argument'], 'refused: wallet:sweep <cold address> <amount in TON>'],
      [
        ['wallet:sweep', ton.sandbox!.undeployedAddress('x').toRawString(), '1', '--yes', '--operator', 'rm -rf /;'],
        'refused: --operator must be 1 to 64 letters',
      ],
    ] as const) {
      const result = await run(deps, ...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.text).toContain(text);
    }
    // Nobody named (production without OPERATOR_NAME): refused before anything is read or sent.
    const before = await db.query('SELECT id FROM hot_wallet_sweeps');
    for (const requestedBy of [null, undefined, '  ']) {
      const anonymous = await run(
        { ...deps, requestedBy },
        'wallet:sweep',
        ton.sandbox!.undeployedAddress('y').toRawString(),
        '1',
        '--yes',
      );
      expect(anonymous.code).toBe(2);
      expect(anonymous.text).toBe('refused: say who runs it: --operator <your name> or OPERATOR_NAME (kept with the sweep)');
    }
    expect((await db.query('SELECT id FROM hot_wallet_sweeps')).rows).toEqual(before.rows);
  });

  it('a sweep whose message never reached the chain expires once its validity has passed, and nothing left the wallet', async () => {
    const nobody = ton.sandbox!.undeployedAddress(`expiry-${database.name}`);
    const lost = { ...deps, ton: withBroadcast(ton, () => Promise.resolve()) };
    const hotBefore = await balanceOf(ton, ton.hotWallet.address);
    const sent = await run(lost, 'wallet:sweep', nobody.toRawString(), '2', '--yes');
    expect(sent.code, sent.text).toBe(0);
    expect(sent.text).toContain('WARNING: no wallet contract at this address yet');
    expect(sent.text).toContain('sent non-bounceable');
    ton.sandbox!.advanceTime(ton.hotWallet.timeout + 120);
    const watched = await watchHotWallet(db, ton);
    expect(watched.sweeps.map((s) => s.kind)).toEqual(['sweep-expired']);
    expect(await balanceOf(ton, ton.hotWallet.address)).toBe(hotBefore);
    const { rows } = await db.query<{ status: string }>('SELECT status FROM hot_wallet_sweeps WHERE to_address = $1', [
      nobody.toRawString(),
    ]);
    expect(rows).toEqual([{ status: 'expired' }]);
  });
});

describe('wallet:deploy on an emulated chain', () => {
  it('shows the state init and how to fund it, deploys only with --yes once funded, and refuses once deployed', async () => {
    const config = testConfig({ HOT_WALLET_SEED: 'ef'.repeat(32) }).ton;
    const sandbox = await SandboxChain.create({ now: START });
    const hotWallet = hotWalletFor(config);
    const fresh: Ton = { chainId: 'sandbox:deploy-test', chain: sandbox, network: config.network, hotWallet, sandbox };
    const deps: WalletDeps = { ton: fresh, db: null, float: FLOAT, deployWait: { pollMs: 1, sleep: () => Promise.resolve() } };
    const nonBounceable = hotWallet.address.toString({ urlSafe: true, bounceable: false, testOnly: true });

    const unfunded = await run(deps, 'wallet:deploy', '--yes');
    expect(unfunded.code).toBe(2);
    expect(unfunded.text).toContain('on chain: nonexist, balance 0 TON');
    expect(unfunded.text).toContain(`public key ${hotWallet.keys!.publicKey.toString('hex')}, subwallet 4269, timeout 3600 s`);
    expect(unfunded.text).toMatch(/BOC {4}te6/);
    expect(unfunded.text).toContain(`at least 0.1 TON, non-bounceable, from any wallet, to ${nonBounceable}`);
    expect(unfunded.text).toContain('refused: fund the address first');
    expect((await sandbox.getAccountState(hotWallet.address.toRawString())).status).toBe('nonexist');

    await sandbox.fund(hotWallet.address, toNano('1'));
    const plan = await run(deps, 'wallet:deploy');
    expect(plan.code, plan.text).toBe(0);
    expect(plan.text).toContain('on chain: uninit, balance 1 TON');
    expect(plan.text).toContain('will send: one external message to');
    expect(plan.text).toContain('nothing sent: run again with --yes to deploy');
    expect((await sandbox.getAccountState(hotWallet.address.toRawString())).status).toBe('uninit');

    const deployed = await run(deps, 'wallet:deploy', '--yes');
    expect(deployed.code, deployed.text).toBe(0);
    expect(deployed.text).toContain(`deployed: the hot wallet is active at ${hotWallet.friendly}`);
    const state = await sandbox.getAccountState(hotWallet.address.toRawString());
    expect(state.status).toBe('active');
    expect(state.balance).toBeLessThan(toNano('1'));

    const again = await run(deps, 'wallet:deploy', '--yes');
    expect(again.code).toBe(2);
    expect(again.text).toContain('refused: the hot wallet is already deployed');
  });
});

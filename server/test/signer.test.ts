import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNano } from '@arcade/api-client/money';
import { buildServer } from '../src/app';
import { hotWalletFor, NoSigningKeyError, openTon, type Ton } from '../src/adapters/chain/open-chain';
import { loadConfig, type Config } from '../src/config';
import { hotWalletAddressOfSeed } from '../src/config-hot-wallet';
import type { Db } from '../src/db/db';
import { runSender } from '../src/domain/wallet/withdrawals';
import { startSigner } from '../src/signer';
import { startWorkers } from '../src/workers';
import {
  configRefusal,
  databases,
  dataFromProcess,
  envelope,
  freePort,
  logIn,
  logInOnProcess,
  newUserId,
  post,
  postgresOnly,
  PRODUCTION_ENV,
  PUBLIC_URL,
  START_WAIT_MS,
  startServerProcess,
  stopServerProcesses,
  TEST_APP_KEY,
  TEST_BOT_TOKEN,
  testConfig,
} from './helpers';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Production as a public replica runs it: no seed, the wallet's address instead. */
const SEED = 'cd'.repeat(32);
const ADDRESS = hotWalletAddressOfSeed(SEED, 3600).toString({ urlSafe: true, bounceable: true });
const PRODUCTION: Record<string, string> = {
  ...PRODUCTION_ENV,
  HOT_WALLET_SEED: SEED,
  BOT_TOKEN: TEST_BOT_TOKEN,
  APP_KEY: TEST_APP_KEY,
  PUBLIC_URL,
};
const { HOT_WALLET_SEED: _seed, ...WITHOUT_SEED } = PRODUCTION;
const PUBLIC_REPLICA = { ...WITHOUT_SEED, WITHDRAWAL_SIGNER: 'off', HOT_WALLET_ADDRESS: ADDRESS };

const refusal = (env: Record<string, string>): string => configRefusal(() => loadConfig(env, '/repo'));

describe('WITHDRAWAL_SIGNER and HOT_WALLET_ADDRESS', () => {
  it('a public replica starts with the address and no seed; the wallet it watches is the seed holder’s', () => {
    const config = loadConfig(PUBLIC_REPLICA, '/repo');
    expect(config.ton).toMatchObject({ withdrawalSigner: false, hotWalletSeed: null });
    const wallet = hotWalletFor(config.ton);
    expect(wallet.keys).toBeNull();
    expect(wallet.address.equals(hotWalletFor(loadConfig(PRODUCTION, '/repo').ton).address)).toBe(true);
    // The raw form is taken too.
    const raw = hotWalletAddressOfSeed(SEED, 3600).toRawString();
    expect(hotWalletFor(loadConfig({ ...PUBLIC_REPLICA, HOT_WALLET_ADDRESS: raw }, '/repo').ton).friendly).toBe(ADDRESS);
    // The signer (the default) may name the address too: it must be its seed's.
    expect(refusal({ ...PRODUCTION, HOT_WALLET_ADDRESS: ADDRESS })).toBe('accepted');
  });

  it('refuses a replica that does not sign yet holds the seed, or knows no address; names no value', () => {
    const held = refusal({ ...PUBLIC_REPLICA, HOT_WALLET_SEED: SEED });
    expect(held).toBe(
      'Refusing to start in production: HOT_WALLET_SEED must not be set with WITHDRAWAL_SIGNER=off (a replica that does not sign must not hold the key)',
    );
    expect(held).not.toContain(SEED.slice(0, 8));
    expect(refusal({ ...WITHOUT_SEED, WITHDRAWAL_SIGNER: 'off' })).toBe(
      'Refusing to start in production: HOT_WALLET_ADDRESS is required with WITHDRAWAL_SIGNER=off (the deposit address, watched without the seed)',
    );
    // The signer (the default) still needs its seed.
    expect(refusal(WITHOUT_SEED)).toBe('Refusing to start in production: missing HOT_WALLET_SEED');
    // A word it does not know is named with the two it takes (and the default, signing, asks for the seed).
    expect(refusal({ ...PUBLIC_REPLICA, WITHDRAWAL_SIGNER: 'no' })).toBe(
      'Refusing to start in production: missing HOT_WALLET_SEED; WITHDRAWAL_SIGNER must be "off" or "on"',
    );
  });

  it('refuses where nothing could ever sign: an emulated chain, or the embedded database', () => {
    const dev = { NODE_ENV: 'development', WITHDRAWAL_SIGNER: 'off', HOT_WALLET_ADDRESS: ADDRESS };
    expect(refusal(dev)).toBe(
      'Invalid configuration: WITHDRAWAL_SIGNER=off needs TON_CHAIN=toncenter: an emulated chain lives in one process, so no signer could pay its withdrawals; ' +
        "WITHDRAWAL_SIGNER=off needs DATABASE_URL: the embedded database is one process's, so no signer could share it",
    );
    expect(refusal({ ...dev, TON_CHAIN: 'toncenter', DATABASE_URL: 'postgres://a@b/c' })).toBe('accepted');
  });

  it('HOT_WALLET_ADDRESS must be a basechain address of the network, and the seed’s when both are given', () => {
    const other = hotWalletAddressOfSeed('ef'.repeat(32), 3600).toString({ urlSafe: true, bounceable: true });
    expect(refusal({ ...PUBLIC_REPLICA, HOT_WALLET_ADDRESS: 'not-an-address' })).toBe(
      'Refusing to start in production: HOT_WALLET_ADDRESS must be a TON address (raw 0:<64 hex> or the 48-character friendly form)',
    );
    const testnet = hotWalletAddressOfSeed(SEED, 3600).toString({ urlSafe: true, bounceable: true, testOnly: true });
    expect(refusal({ ...PUBLIC_REPLICA, HOT_WALLET_ADDRESS: testnet })).toBe(
      'Refusing to start in production: HOT_WALLET_ADDRESS is a testnet address (its friendly form says so) but TON_NETWORK is mainnet',
    );
    expect(refusal({ ...PUBLIC_REPLICA, HOT_WALLET_ADDRESS: `-1:${'ab'.repeat(32)}` })).toBe(
      'Refusing to start in production: HOT_WALLET_ADDRESS must be in the basechain (workchain 0)',
    );
    const mismatch = refusal({ ...PRODUCTION, HOT_WALLET_ADDRESS: other });
    expect(mismatch).toBe(
      "Refusing to start in production: HOT_WALLET_ADDRESS is not the address of HOT_WALLET_SEED's wallet (with HIGHLOAD_TIMEOUT): one of them is wrong",
    );
    expect(mismatch).not.toContain(other);
  });
});

/** The configuration of a public replica over the emulated chain's wallet (loadConfig refuses it there: only tests share a chain). */
function publicReplicaConfig(ton: Ton): Config {
  const base = testConfig();
  return { ...base, ton: { ...base.ton, hotWalletSeed: null, hotWalletAddress: ton.hotWallet.friendly, withdrawalSigner: false } };
}

const quietBot = {
  isChatMember: () => Promise.resolve(false),
  sendMessage: () => Promise.resolve(),
  savePreparedInlineMessage: () => Promise.resolve('prepared'),
};
const noGifts = { transferGift: () => Promise.resolve(), receivedGifts: () => Promise.resolve({ gifts: [], nextOffset: null }) };

describe.each(databases())('a public replica without the seed, beside the signer, on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let signerTon: Ton;
  let publicTon: Ton;
  let app: FastifyInstance;
  let keys = 0;
  const key = () => `signer-test-${database.name}-${++keys}`;

  beforeAll(async () => {
    ({ db, drop } = await database.create());
    signerTon = await openTon(testConfig().ton);
    // The same chain and wallet, known by its address only.
    publicTon = { ...signerTon, hotWallet: { ...signerTon.hotWallet, keys: null } };
    app = await buildServer({ config: publicReplicaConfig(publicTon), db, ton: publicTon });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('shows the deposit address, credits deposits, takes bets and withdrawals; the signer pays them', async () => {
    const id = newUserId();
    const token = await logIn(app, { id });
    const info = await post(app, '/api/v3/wallet/info', {}, { token });
    expect(info.statusCode).toBe(200);
    const wallet = envelope(info).data as { depositAddress: string; depositMemo: string };
    expect(wallet.depositAddress).toBe(signerTon.hotWallet.friendly);
    const deposit = await post(app, '/api/v3/wallet/deposit', { amount: '3' }, { token });
    expect(deposit.statusCode, envelope(deposit).message).toBe(200);

    // The public replica's workers: the book's part only (it holds no key to send with).
    const watcher = startWorkers({
      db,
      ton: publicTon,
      bot: quietBot,
      relayer: noGifts,
      directUrl: null,
      log: app.log,
      intervalMs: 3_600_000,
    });
    const payer = await signerTon.sandbox!.createUserWallet(`signer-payer-${database.name}`, toNano('10'));
    await signerTon.sandbox!.sendFromUser(payer, { to: publicTon.hotWallet.address, amount: toNano('3'), comment: wallet.depositMemo });
    await watcher.runOnce();
    const balance = async () =>
      (envelope(await post(app, '/api/v3/wallet/info', {}, { token })).data as { balance: { ton: string } }).balance.ton;
    expect(await balance()).toBe('3');

    const flip = await post(app, '/api/v3/games/flip', { stake: '0.1', currency: 'ton', side: 'heads', idempotencyKey: key() }, { token });
    expect(flip.statusCode, envelope(flip).message).toBe(200);
    const to = signerTon.sandbox!.undeployedAddress(`signer-payee-${database.name}`);
    const friendlyTo = to.toString({ urlSafe: true, bounceable: false, testOnly: true });
    const withdraw = await post(app, '/api/v3/wallet/withdraw', { address: friendlyTo, amount: '1', idempotencyKey: key() }, { token });
    expect(withdraw.statusCode, envelope(withdraw).message).toBe(200);
    const status = async () =>
      (await db.query<{ status: string }>('SELECT status FROM withdrawals WHERE user_id = $1', [BigInt(id)])).rows[0]?.status;

    // Nothing here can sign: the withdrawal waits, queued, for the signer.
    await watcher.runOnce();
    expect(await status()).toBe('queued');
    await expect(runSender(db, publicTon, 0)).rejects.toBeInstanceOf(NoSigningKeyError);

    const signer = startSigner({ db, ton: signerTon, directUrl: null, log: app.log, intervalMs: 3_600_000 });
    await signer.runOnce();
    await signer.stop();
    expect(await status()).toBe('sent');
    // The public replica's watcher sees it paid.
    await watcher.runOnce();
    await watcher.stop();
    expect(await status()).toBe('done');
    expect((await signerTon.chain.getAccountState(to.toRawString())).balance).toBe(toNano('1'));
  });
});

const children: Parameters<typeof stopServerProcesses>[0] = [];
afterAll(() => stopServerProcesses(children));

describe.each(postgresOnly('a server process without the seed'))('a server process without the seed on $name', (database) => {
  it('starts with WITHDRAWAL_SIGNER=off and HOT_WALLET_ADDRESS, and shows that address for deposits', async () => {
    const { url, drop } = await database.create();
    try {
      const address = hotWalletAddressOfSeed(SEED, 3600).toString({ urlSafe: true, bounceable: true, testOnly: true });
      const { child, base } = await startServerProcess(url ?? '', {
        WITHDRAWAL_SIGNER: 'off',
        HOT_WALLET_ADDRESS: address,
        TON_CHAIN: 'toncenter',
        TONCENTER_URL: `http://127.0.0.1:${await freePort()}`,
      });
      children.push(child);
      const token = await logInOnProcess(base, { id: newUserId() });
      const info = await dataFromProcess<{ depositAddress: string }>(base, 'wallet/info', {}, token);
      expect(info.depositAddress).toBe(address);

      // The signer beside it: `operator withdrawals:sign`, in production, no HTTP; stops on SIGTERM.
      const signer = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'withdrawals:sign'], {
        cwd: SERVER_DIR,
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: url ?? '',
          HOT_WALLET_SEED: SEED,
          TONCENTER_API_KEY: 'test-key',
          TONCENTER_URL: `http://127.0.0.1:${await freePort()}`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(signer);
      let stdout = '';
      signer.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => signer.once('exit', resolve));
      for (let waited = 0; !stdout.includes('withdrawal signer running'); waited += 100) {
        if (waited > START_WAIT_MS || signer.exitCode !== null) throw new Error(`the signer did not start: ${stdout}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      signer.kill('SIGTERM');
      expect(await exited).toBe(0);
      const lines = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { msg: string; hotWallet?: string });
      expect(lines[0]).toMatchObject({ msg: 'withdrawal signer running', hotWallet: ADDRESS });
      expect(lines.at(-1)).toMatchObject({ msg: 'withdrawal signer stopping' });
    } finally {
      await stopServerProcesses(children.splice(0));
      await drop();
    }
  });
});

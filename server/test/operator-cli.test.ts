import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig, loadWalletSettings } from '../src/config';
import { botCommandNeeds } from '../src/operator-bot';
import { walletCommands } from '../src/wallet-operator';
import { operatorCommands, operatorDatabase } from '../src/operator';
import { createPlayerAccounts } from '../src/db/accounts';
import { openDb } from '../src/db/db';
import { configRefusal, createPostgresDatabase, runOperatorCli } from './helpers';

const DATABASE_URL = 'postgres://arcade@db:5432/arcade';
/** A mainnet hot wallet's address, friendly and bounceable (the seed behind it is not in this file). */
const HOT_WALLET = 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N';

const operator = runOperatorCli;

function refusal(argv: string[], env: Record<string, string>): string {
  return configRefusal(() => operatorDatabase(argv, env, '/repo'));
}

describe('the operator commands need only what they use', () => {
  it('reading commands, migrate (and the usage) need only DATABASE_URL in production', () => {
    for (const argv of [['migrate'], ['audit'], ['deposits:unknown'], ['withdrawals:review'], [], ['no-such-command']]) {
      expect(operatorDatabase(argv, { DATABASE_URL }, '/repo'), argv.join(' ')).toEqual({
        production: true,
        databaseUrl: DATABASE_URL,
        connections: { directUrl: DATABASE_URL, pooler: 'none', poolSize: 10, statementTimeoutMs: 30_000 },
        dataDir: '/repo/.data/pglite',
      });
      expect(refusal(argv, { BOT_TOKEN: '1:a', HOT_WALLET_SEED: 'ab'.repeat(32) })).toBe(
        'Refusing to start in production: missing DATABASE_URL',
      );
    }
    expect(operatorDatabase(['audit'], { NODE_ENV: 'development', DATA_DIR: '/data' }, '/repo')).toMatchObject({
      production: false,
      databaseUrl: null,
      dataDir: '/data',
    });
  });

  it('writing book commands need only DATABASE_URL too: no seed, chain key or bot token', () => {
    const writers = Object.entries(operatorCommands)
      .filter(([, kind]) => kind === 'writes')
      .map(([name]) => name);
    expect(writers).toEqual([
      'deposits:resolve',
      'deposits:dismiss',
      'withdrawals:approve',
      'withdrawals:reject',
      'users:ban',
      'users:unban',
      'gifts:import',
      'play:lift-exclusion',
    ]);
    for (const command of writers) {
      expect(operatorDatabase([command, '1'], { DATABASE_URL }, '/repo').databaseUrl).toBe(DATABASE_URL);
      expect(refusal([command, '1'], { BOT_TOKEN: '1:a' })).toBe('Refusing to start in production: missing DATABASE_URL');
    }
    expect(operatorDatabase(['users:ban', '1'], { NODE_ENV: 'development', DATA_DIR: '/data' }, '/repo').dataDir).toBe('/data');
  });

  it('each wallet and bot command asks production for what it declares it needs, and no more', () => {
    const walletRefusal = (command: keyof typeof walletCommands, env: Record<string, string>) =>
      configRefusal(() => loadWalletSettings(env, { ...walletCommands[command], repoRoot: '/repo' }));
    const missing = (names: string) => `Refusing to start in production: missing ${names}`;
    expect(walletRefusal('wallet:address', {})).toBe(missing('HOT_WALLET_ADDRESS (or HOT_WALLET_SEED)'));
    expect(walletRefusal('wallet:address', { HOT_WALLET_ADDRESS: HOT_WALLET })).toBe('accepted');
    expect(walletRefusal('wallet:address', { HOT_WALLET_SEED: 'ab'.repeat(32) })).toBe('accepted');
    expect(walletRefusal('wallet:balance', { HOT_WALLET_ADDRESS: HOT_WALLET })).toBe(missing('TONCENTER_API_KEY'));
    expect(walletRefusal('wallet:reconcile', { HOT_WALLET_ADDRESS: HOT_WALLET })).toBe(missing('TONCENTER_API_KEY, DATABASE_URL'));
    expect(walletRefusal('wallet:reconcile', { HOT_WALLET_ADDRESS: HOT_WALLET, TONCENTER_API_KEY: 'k', DATABASE_URL })).toBe('accepted');
    // Signing commands need the seed, whatever else is there.
    for (const signer of ['wallet:deploy', 'wallet:sweep', 'withdrawals:sign'] as const) {
      expect(walletRefusal(signer, { HOT_WALLET_ADDRESS: HOT_WALLET, TONCENTER_API_KEY: 'k', DATABASE_URL }), signer).toBe(
        missing('HOT_WALLET_SEED'),
      );
    }
    // An address that is not the seed's wallet is refused, naming neither value.
    const mismatch = walletRefusal('wallet:address', { HOT_WALLET_ADDRESS: HOT_WALLET, HOT_WALLET_SEED: 'ab'.repeat(32) });
    expect(mismatch).toBe(
      "Refusing to start in production: HOT_WALLET_ADDRESS is not the address of HOT_WALLET_SEED's wallet (with HIGHLOAD_TIMEOUT): one of them is wrong",
    );
    expect(mismatch).not.toContain(HOT_WALLET);

    // OPERATOR_NAME, kept with a sweep, is a name: no control characters or shell.
    expect(walletRefusal('wallet:address', { HOT_WALLET_ADDRESS: HOT_WALLET, OPERATOR_NAME: 'x; rm -rf /' })).toBe(
      'Refusing to start in production: OPERATOR_NAME must be 1 to 64 letters, digits, spaces, ".", "_", "@" or "-", starting with a letter or digit',
    );
    expect(
      loadWalletSettings({ HOT_WALLET_ADDRESS: HOT_WALLET, OPERATOR_NAME: 'Ana María' }, { ...walletCommands['wallet:address'] })
        .operatorName,
    ).toBe('Ana María');

    const botRefusal = (command: keyof typeof botCommandNeeds) =>
      configRefusal(() => loadConfig({}, '/repo', { required: botCommandNeeds[command] }));
    expect(botRefusal('bot:webhook')).toBe(missing('BOT_TOKEN, PUBLIC_URL, BOT_WEBHOOK_SECRET'));
    expect(botRefusal('bot:menu')).toBe(missing('BOT_TOKEN, PUBLIC_URL'));
  });

  it('the CLI prints the hot wallet address from HOT_WALLET_ADDRESS alone: no seed, no chain key, no database', async () => {
    const run = await operator(['wallet:address'], { HOT_WALLET_ADDRESS: HOT_WALLET });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('network      mainnet (no chain read)');
    expect(run.stdout).toContain(`bounceable   ${HOT_WALLET}`);
    expect(run.stdout).toContain('public key   (not known here: HOT_WALLET_ADDRESS without HOT_WALLET_SEED)');
  });

  // Defined only with a PostgreSQL server to audit, never reported as a skipped test.
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) console.log('operator CLI audit of a production database: needs PostgreSQL, not run: DATABASE_URL is not set');
  it.each(serverUrl ? [serverUrl] : [])(
    'the CLI migrates a production database with DATABASE_URL alone, audits it, bans, and reads without the seed or chain key',
    async (server) => {
      const { url, drop } = await createPostgresDatabase(server);
      // toncenter refusing the key at once: wallet:reconcile gets as far as the chain without the seed.
      const toncenter = createHttpServer((_request, response) =>
        response.writeHead(401).end('{"ok":false,"error":"API key does not exist"}'),
      );
      await new Promise<void>((resolve) => toncenter.listen(0, '127.0.0.1', resolve));
      const port = (toncenter.address() as AddressInfo).port;
      try {
        // Production never migrates behind an operator's back: a reading command refuses a database
        // this release has not migrated, and `migrate`, with DATABASE_URL alone, migrates it.
        const early = await operator(['audit'], { DATABASE_URL: url });
        expect(early.code).toBe(1);
        expect(early.stderr).toContain('The database is not migrated to this release');
        expect(early.stderr).toContain('Run `operator migrate` first');
        const migrate = await operator(['migrate'], { DATABASE_URL: url });
        expect(migrate.stderr).toBe('');
        expect(migrate.code).toBe(0);
        expect(migrate.stdout).toContain('database migrated: ');
        const audit = await operator(['audit'], { DATABASE_URL: url });
        expect(audit.stderr).toBe('');
        expect(audit.code).toBe(0);
        expect(audit.stdout).toContain('audit clean: 0 invariant breaks');
        const review = await operator(['withdrawals:review'], { NODE_ENV: 'production', DATABASE_URL: url });
        expect(review.code).toBe(0);
        expect(review.stdout).toContain('0 withdrawal(s) waiting for review');

        // Every reading command, and users:ban, with no seed, chain key or bot token.
        const db = await openDb({ kind: 'postgres', url, maxConnections: 1 });
        await db.transaction(async (tx) => {
          await tx.query("INSERT INTO users (id, referral_code) VALUES (424242, 'cli42424')");
          await createPlayerAccounts(tx, 424242n);
        });
        const env = { DATABASE_URL: url };
        const ban = await operator(['users:ban', '424242'], env);
        expect(ban.stderr).toBe('');
        expect(ban.code).toBe(0);
        const banned = await db.query<{ is_banned: boolean }>('SELECT is_banned FROM users WHERE id = 424242');
        await db.close();
        expect(banned.rows).toEqual([{ is_banned: true }]);
        // (audit and withdrawals:review ran above with DATABASE_URL alone, wallet:address in the test before.)
        const reads = await Promise.all([operator(['deposits:unknown'], env), operator(['play:lifts', '424242'], env)]);
        for (const read of reads) {
          expect(read.stderr).toBe('');
          expect(read.code).toBe(0);
        }
        const chainEnv = {
          HOT_WALLET_ADDRESS: HOT_WALLET,
          TONCENTER_API_KEY: 'a-key-toncenter-refuses',
          TONCENTER_URL: `http://127.0.0.1:${port}`,
        };
        const [reconcile, balance] = await Promise.all([
          operator(['wallet:reconcile'], { ...env, ...chainEnv }),
          operator(['wallet:balance'], chainEnv),
        ]);
        for (const chainRead of [reconcile, balance]) {
          expect(chainRead.stderr).toBe('');
          expect(chainRead.stdout).toContain('the chain could not be read');
          expect(chainRead.code).toBe(3);
        }

        // A sweep in production names its operator (a container's OS user is `node` for everyone).
        const signer = { ...env, HOT_WALLET_SEED: 'ab'.repeat(32), TONCENTER_API_KEY: 'k', TONCENTER_URL: `http://127.0.0.1:${port}` };
        const anonymous = await operator(['wallet:sweep', HOT_WALLET, '1', '--yes'], signer);
        expect(anonymous.stdout.trim()).toBe('refused: say who runs it: --operator <your name> or OPERATOR_NAME (kept with the sweep)');
        expect(anonymous.code).toBe(2);
      } finally {
        toncenter.close();
        await drop();
      }
    },
  );
});

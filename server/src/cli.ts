import { userInfo } from 'node:os';
import Fastify from 'fastify';
import { backupDir, ConfigError, loadConfig, loadDatabaseConfig, loadWalletSettings, type DatabaseConfig } from './config';
import { isBackupCommand, verifyBackup } from './backup-verify';
import { openDb, type Db } from './db/db';
import { assertMigrated, migrate, MigrationError } from './db/migrator';
import { operatorDatabase, runOperator } from './operator';
import { botCommandNeeds, isBotCommand, runBotOperator } from './operator-bot';
import { offlineTon, openTon } from './adapters/chain/open-chain';
import { isWalletCommand, runWalletCommand, walletCommands } from './wallet-operator';
import { runSigner } from './signer';

/**
 * Opens the operator's database; `migrate` aside, a production database must be migrated already.
 * A command connects as the workers' lock does, on DATABASE_DIRECT_URL (DATABASE_URL unless set):
 * straight to PostgreSQL, never through a transaction pooler, and without the server's statement
 * timeout (a migration or an audit of a big book may take longer).
 */
async function openDatabase(config: DatabaseConfig, command: string | undefined): Promise<Db> {
  const direct = config.connections.directUrl;
  const db = await openDb(direct ? { kind: 'postgres', url: direct } : { kind: 'pglite', dataDir: config.dataDir });
  try {
    // `migrate` is the one command that changes the schema in production; the others refuse a
    // database this release has not migrated (as the server does). Development migrates first.
    if (command !== 'migrate') {
      if (config.production) await assertMigrated(db);
      else await migrate(db);
    }
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * Who runs a command, for the sweep's record: OPERATOR_NAME; in development, failing that, the OS
 * user. Production takes no guess (a container's user is `node` for everyone): null, and a sweep
 * without `--operator` is refused.
 */
function operatorName(settings: { production: boolean; operatorName: string | null }): string | null {
  if (settings.operatorName !== null || settings.production) return settings.operatorName;
  try {
    return process.env.SUDO_USER ?? userInfo().username;
  } catch {
    return process.env.USER ?? null;
  }
}

/** The hot wallet's commands, with what each declares it needs (walletCommands). */
async function runWallet(argv: string[]): Promise<number> {
  const command = argv[0] as keyof typeof walletCommands;
  const needs = walletCommands[command];
  const settings = loadWalletSettings(process.env, needs);
  // wallet:address reads no chain: no toncenter key asked for, nothing dialled.
  const ton = needs.chain ? await openTon(settings.ton) : offlineTon(settings.ton);
  const db = settings.database ? await openDatabase(settings.database, command) : null;
  try {
    if (command === 'withdrawals:sign') {
      const log = Fastify({ logger: { level: 'info' } }).log;
      if (db === null || settings.database === null) throw new Error('the signer needs the database');
      return await runSigner({ db, ton, directUrl: settings.database.connections.directUrl, log });
    }
    const requestedBy = operatorName(settings);
    return await runWalletCommand({ ton, db, float: settings.ton.hotWalletFloat, requestedBy }, argv, (line) => console.log(line));
  } finally {
    await db?.close();
  }
}

/**
 * `pnpm --filter @arcade/server operator <command>`: each command asks the environment only for
 * what it needs (the book's commands the database; the wallet's and the bot's what they declare).
 */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  // bot:webhook and bot:menu talk to Telegram, not to the database: the bot's settings only.
  if (isBotCommand(argv[0])) {
    const config = loadConfig(process.env, undefined, { required: botCommandNeeds[argv[0]] });
    return runBotOperator(config, argv, (line) => console.log(line));
  }
  if (isWalletCommand(argv[0])) return runWallet(argv);
  // Restores into a scratch database of its own: the database settings alone.
  if (isBackupCommand(argv[0])) return verifyBackup(loadDatabaseConfig(), argv.slice(1), backupDir(), (line) => console.log(line));
  const db = await openDatabase(operatorDatabase(argv), argv[0]);
  try {
    return await runOperator(db, argv, (line) => console.log(line));
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof MigrationError ? error.message : error);
    process.exit(1);
  },
);

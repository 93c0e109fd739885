import { userInfo } from 'node:os';
import { backupDir, ConfigError, loadConfig, loadDatabaseConfig, loadWalletSettings, type DatabaseConfig } from './config';
import { isBackupCommand, verifyBackup } from './backup-verify';
import { openDb, type Db } from './db/db';
import { assertMigrated, migrate, MigrationError } from './db/migrator';
import { operatorDatabase, runOperator } from './operator';
import { isBotCommand, runBotOperator } from './operator-bot';
import { openTon } from './adapters/chain/open-chain';
import { isWalletCommand, runWalletCommand, walletCommands } from './wallet-operator';

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

/** Who runs a command, for the sweep's record (a container's user may have no name). */
function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown';
  }
}

/** The hot wallet's commands: the chain and the seed, and the database for reconcile and sweep. */
async function runWallet(argv: string[]): Promise<number> {
  const command = argv[0] as keyof typeof walletCommands;
  const settings = loadWalletSettings(process.env, { database: walletCommands[command].database });
  const ton = await openTon(settings.ton);
  const db = settings.database ? await openDatabase(settings.database, command) : null;
  try {
    const requestedBy = process.env.SUDO_USER ?? operatorName();
    return await runWalletCommand({ ton, db, float: settings.ton.hotWalletFloat, requestedBy }, argv, (line) => console.log(line));
  } finally {
    await db?.close();
  }
}

/**
 * `pnpm --filter @arcade/server operator <command>`: the same database settings as the server;
 * reading commands need only those, writing ones the server's whole configuration.
 */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  // bot:webhook and bot:menu talk to Telegram, not to the database: the server's whole configuration.
  if (isBotCommand(argv[0])) return runBotOperator(loadConfig(), argv, (line) => console.log(line));
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

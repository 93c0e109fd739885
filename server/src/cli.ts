import { ConfigError, loadConfig } from './config';
import { openDb } from './db/db';
import { assertMigrated, migrate, MigrationError } from './db/migrator';
import { operatorDatabase, runOperator } from './operator';
import { isBotCommand, runBotOperator } from './operator-bot';

/**
 * `pnpm --filter @arcade/server operator <command>`: the same database settings as the server;
 * reading commands need only those, writing ones the server's whole configuration.
 */
async function main(): Promise<number> {
  // bot:webhook and bot:menu talk to Telegram, not to the database: the server's whole configuration.
  if (isBotCommand(process.argv[2])) return runBotOperator(loadConfig(), process.argv.slice(2), (line) => console.log(line));
  const argv = process.argv.slice(2);
  const config = operatorDatabase(argv);
  const db = await openDb(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
  try {
    // `migrate` is the one command that changes the schema in production; the others refuse a
    // database this release has not migrated (as the server does). Development migrates first.
    if (argv[0] !== 'migrate') {
      if (config.production) await assertMigrated(db);
      else await migrate(db);
    }
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

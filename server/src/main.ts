import { fileURLToPath } from 'node:url';
import { buildServer } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDb, type Db } from './db/db';
import { assertMigrated, migrate } from './db/migrator';
import { openTon } from './adapters/chain/open-chain';
import { startWorkers, type Workers } from './workers';
import { buildMetricsServer } from './metrics-server';
import { HttpBotApi } from './adapters/telegram/bot-api';
import { HttpGiftRelayer } from './adapters/telegram/gift-relayer';
import { seedMarketCatalogue } from './domain/market/catalogue-generator';
import { fakeBotState, type FakeBotState } from './adapters/telegram/fake-bot-api';
import { relayerConnections } from './domain/business-connections';

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;
/** A read waits this long for a connection to the replica, then runs on the primary. */
const REPLICA_CONNECT_TIMEOUT_MS = 3_000;
/** A read the replica has not answered in this long (it hangs) runs on the primary; the market's slowest take about a second. */
const REPLICA_QUERY_TIMEOUT_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Offline mode: the local fake Telegram holds, on the relayer's business account, every gift the
 * market has not sent out yet, so a player can withdraw a gift bought from the house stock.
 */
async function stockedFakeBot(db: Db): Promise<FakeBotState> {
  const state = fakeBotState();
  const { rows } = await db.query<{ telegram_gift_id: string }>(
    "SELECT telegram_gift_id FROM gifts WHERE status <> 'withdrawn' AND telegram_gift_id IS NOT NULL ORDER BY id",
  );
  for (const row of rows) state.relayerGifts.push({ type: 'unique', owned_gift_id: row.telegram_gift_id });
  return state;
}

async function main(): Promise<void> {
  const config = readConfig();

  const db: Db = await openDb(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          directUrl: config.connections.directUrl,
          pooler: config.connections.pooler,
          maxConnections: config.connections.poolSize,
          statementTimeoutMs: config.connections.statementTimeoutMs,
          onError: (error) => console.error(`database: ${error.message}`),
        }
      : { kind: 'pglite', dataDir: config.dataDir, template: fileURLToPath(new URL('./pglite-template.tar.gz', import.meta.url)) },
  );
  // Production never changes the schema at start: the deploy runs `operator migrate` first (the
  // image's entrypoint does), and a server finding migrations pending, or an applied one edited,
  // refuses to start. Development (the embedded database, the tests' servers) migrates here.
  if (config.production) await assertMigrated(db);
  else await migrate(db);
  // The read replica may be down at start: opened without a try, it is measured before any read goes there.
  const replica = config.readReplica
    ? await openDb({
        kind: 'postgres',
        url: config.readReplica.url,
        maxConnections: config.connections.poolSize,
        statementTimeoutMs: config.connections.statementTimeoutMs,
        checkOnOpen: false,
        connectTimeoutMs: REPLICA_CONNECT_TIMEOUT_MS,
        queryTimeoutMs: REPLICA_QUERY_TIMEOUT_MS,
        onError: (error) => console.error(`read replica: ${error.message}`),
      })
    : undefined;

  const ton = await openTon(config.ton);
  let workers: Workers | null = null;
  const bot = new HttpBotApi({ token: config.botToken, baseUrl: config.botApiUrl });
  const relayer = new HttpGiftRelayer({
    token: config.botToken,
    baseUrl: config.botApiUrl,
    businessConnectionId: config.businessConnectionId,
    connection: relayerConnections(config),
  });
  if (config.seedMarket) await seedMarketCatalogue(db);
  const fakeBot = config.fakeBotApi ? await stockedFakeBot(db) : undefined;
  const app = await buildServer({
    config,
    db,
    ...(replica ? { replica } : {}),
    ton,
    bot,
    relayer,
    ...(fakeBot ? { fakeBot } : {}),
    kickWorkers: () => workers?.kick(),
  });
  // A replica with WITHDRAWAL_SIGNER=off watches and serves; only the signer runs the sender.
  if (config.workers) {
    workers = startWorkers({
      db,
      ton,
      bot,
      relayer,
      directUrl: config.connections.directUrl,
      log: app.log,
      sender: config.ton.withdrawalSigner,
    });
  }
  // Prometheus's listener: its own port, loopback unless METRICS_HOST says otherwise (then with a token).
  const metrics = config.metrics.port === null ? null : await buildMetricsServer({ config, db, ton, log: app.log });

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      // Stops accepting connections and waits for in-flight requests.
      await app.close();
      await metrics?.close();
      await workers?.stop();
      await replica?.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      void stop(signal);
    });
  }

  const address = await app.listen({ port: config.port, host: config.host });
  if (metrics && config.metrics.port !== null) {
    const at = await metrics.listen({ port: config.metrics.port, host: config.metrics.host });
    app.log.info({ metrics: `${at}/metrics`, bearerTokenRequired: config.metrics.token !== null }, 'metrics listening');
  }
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const chain = ton.sandbox ? 'emulated TON chain' : `TON ${config.ton.network} via toncenter`;
  const listening = `TON Arcade server listening on ${address}`;
  // Production's stdout is JSON lines only (a log collector parses each); in development, the one
  // plain line a person starting the server looks for.
  if (config.production) app.log.info({ address, publicUrl: config.publicUrl, database: where, chain }, listening);
  else console.log(`${listening} (public URL ${config.publicUrl}, ${where}, ${chain}, ${config.nodeEnv})`);
}

main().catch((error: unknown) => {
  console.error('Server failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

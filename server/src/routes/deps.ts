import type { Config } from '../config';
import type { Db, LagTolerantReads } from '../domain/database';
import type { Sessions } from '../domain/sessions';
import type { Ton } from '../adapters/chain/open-chain';
import type { BotApi } from '../adapters/telegram/bot-api';
import type { GiftRelayer } from '../adapters/telegram/gift-relayer';

/** What route modules get from buildServer. */
export interface RouteDeps {
  config: Config;
  db: Db;
  /** The reads that tolerate lag: the read replica's when there is one, else the primary's. */
  reads: LagTolerantReads;
  sessions: Sessions;
  now: () => Date;
  ton: Ton;
  bot: BotApi;
  relayer: GiftRelayer;
  /** Asks the background watcher and sender for a pass now, when this process runs them. */
  kickWorkers?: () => void;
}

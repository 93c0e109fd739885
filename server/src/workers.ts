import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/db';
import { leaderLock } from './db/leader-lock';
import type { Ton } from './adapters/chain/open-chain';
import { syncedChainTime, watchHotWallet } from './domain/wallet/chain-watcher';
import { runSender, SENDER_LOCK_KEY } from './domain/wallet/withdrawals';
import type { BotApi } from './adapters/telegram/bot-api';
import type { GiftRelayer } from './adapters/telegram/gift-relayer';
import { foldMarketCounts } from './domain/market/cells';
import { importReceivedGifts } from './domain/market/trade';
import { notify, sendQueuedNotices, type Notice } from './domain/notifications';
import { reconcile } from './domain/wallet/hot-wallet';
import {
  depositsCredited,
  depositsCreditedNano,
  recordReconciliation,
  withdrawalsPaid,
  withdrawalsPaidNano,
  workersLockHeld,
} from './metrics';

/** How often the workers compare the hot wallet's balance with the liabilities (a scan of the accounts). */
const RECONCILE_EVERY_MS = 60_000;

/** How often the workers fold the market's appended counts (a few tens of thousands of rows at most). */
const FOLD_COUNTS_EVERY_MS = 60_000;

/** Any constant; the same in every replica. */
const WORKERS_LOCK_KEY = 7_310_002;

export interface Workers {
  /** Runs a pass now (after a test deposit, say) instead of waiting for the next tick. */
  kick(): void;
  /** One full pass: watcher, then sender. Resolves when it is done. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The background work, one pass every `intervalMs`, in two parts each under an advisory lock of
 * its own, so exactly one process at a time runs each: the book's (the deposit watcher, gift
 * deposits, bot notices, the hot wallet's reconciliation), which needs the hot wallet's address
 * only, and the withdrawal sender, which signs and so runs only where the seed is (a public
 * replica with WITHDRAWAL_SIGNER=off runs the first, the signer the second, a single server both).
 * A failing pass is logged and retried on the next tick with a growing delay; nothing it did
 * half-way is lost (each step is its own database transaction).
 */
export function startWorkers(args: {
  db: Db;
  ton: Ton;
  bot: BotApi;
  relayer: GiftRelayer;
  /** Where the lock's session is (DATABASE_DIRECT_URL: never a transaction pooler); null on PGlite. */
  directUrl: string | null;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** Run the book's part (default on). */
  book?: boolean;
  /** Run the withdrawal sender (default: when `ton` holds the hot wallet's keys). */
  sender?: boolean;
}): Workers {
  const { db, ton, log, bot } = args;
  const tell = (userId: bigint, notice: Notice, amount: bigint) => {
    notify(db, bot, userId, notice, amount).catch((error: unknown) => log.warn({ err: error, notice }, 'bot notification failed'));
  };
  const interval = args.intervalMs ?? 1500;
  const bookLock =
    args.book === false
      ? null
      : leaderLock(args.directUrl, WORKERS_LOCK_KEY, (error) => log.warn({ err: error }, 'workers lock connection failed'));
  const senderLock =
    (args.sender ?? ton.hotWallet.keys !== null)
      ? leaderLock(args.directUrl, SENDER_LOCK_KEY, (error) => log.warn({ err: error }, 'sender lock connection failed'))
      : null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let failures = 0;
  let lastReconciled = 0;
  let lastFolded = 0;

  const pass = async (): Promise<void> => {
    const book = bookLock !== null && (await bookLock.acquire());
    workersLockHeld.set(book ? 1 : 0);
    const send = senderLock !== null && (await senderLock.acquire());
    const synced = book ? await watchBook() : null;
    if (send) {
      // The chain time up to which the watcher (here or in another process) has applied everything.
      const caughtUp = synced ?? (await syncedChainTime(db, ton));
      const sent = await runSender(db, ton, Number(caughtUp ?? 0));
      for (const failure of sent.failures) log.warn({ failure }, 'withdrawal broadcast failed, will retry');
    }
    if (book) await afterSending();
  };

  /** The watcher's pass; answers the chain time it caught up to. */
  const watchBook = async (): Promise<number> => {
    const watched = await watchHotWallet(db, ton);
    for (const credit of watched.credited) {
      log.info({ userId: String(credit.userId), amount: String(credit.amount) }, 'deposit credited');
      depositsCredited.inc();
      depositsCreditedNano.inc(Number(credit.amount));
      tell(credit.userId, 'depositCredited', credit.amount);
    }
    if (watched.unknownMemo > 0) log.warn({ count: watched.unknownMemo }, 'deposits with an unknown memo wait for review');
    for (const paid of watched.paid) {
      log.info({ withdrawalId: String(paid.withdrawalId) }, 'withdrawal paid');
      withdrawalsPaid.inc();
      withdrawalsPaidNano.inc(Number(paid.amount));
      tell(paid.userId, 'withdrawalDone', paid.amount);
    }
    for (const refunded of watched.refunded)
      log.error({ withdrawalId: String(refunded.withdrawalId) }, 'withdrawal not sent by the hot wallet, refunded');
    for (const sweep of watched.sweeps) {
      const fields = { sweepId: String(sweep.sweepId), amount: String(sweep.amount) };
      if (sweep.kind === 'sweep-done') log.info(fields, 'sweep to cold storage seen on chain');
      else
        log.error(fields, sweep.kind === 'sweep-failed' ? 'sweep ran on chain but sent nothing' : 'sweep expired unseen: nothing was sent');
    }
    for (const old of watched.retired) log.info({ wallet: old }, 'old hot wallet stayed empty: no longer watched');
    return watched.syncedChainTime;
  };

  /** Gifts, the reconciliation and the bot's queued messages. */
  const afterSending = async (): Promise<void> => {
    const gifts = await importReceivedGifts(db, args.relayer).catch((error: unknown) => {
      log.warn({ err: error }, 'reading the relayer account failed, will retry');
      return 0;
    });
    if (gifts > 0) log.info({ gifts }, 'gift deposits credited');
    if (Date.now() - lastReconciled >= RECONCILE_EVERY_MS) {
      lastReconciled = Date.now();
      await reconcile(db, ton).then(
        (r) => {
          recordReconciliation({
            balance: r.chainBalance,
            liabilities: r.liabilities.total,
            margin: r.margin,
            at: new Date(lastReconciled),
          });
          if (r.margin < 0n)
            log.error({ margin: String(r.margin), liabilities: String(r.liabilities.total) }, 'hot wallet short of its liabilities');
        },
        (error: unknown) => log.warn({ err: error }, 'hot wallet reconciliation failed, will retry'),
      );
    }
    if (Date.now() - lastFolded >= FOLD_COUNTS_EVERY_MS) {
      lastFolded = Date.now();
      await foldMarketCounts(db).catch((error: unknown) => log.warn({ err: error }, 'folding the market counts failed, will retry'));
    }
    const notices = await sendQueuedNotices(db, bot);
    if (notices.failed > 0) log.warn({ failed: notices.failed }, 'queued bot messages failed, will retry');
  };

  const runOnce = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
          failures = 0;
        } catch (error) {
          failures += 1;
          log.error({ err: error, failures }, 'background pass failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    // Back off while the chain or the database keeps failing: 1.5 s, 3 s, 6 s ... up to a minute.
    const delay = Math.min(60_000, interval * 2 ** Math.min(failures, 6));
    timer = setTimeout(() => {
      void runOnce().finally(schedule);
    }, delay);
    timer.unref();
  };
  schedule();

  return {
    kick: () => {
      if (!stopped) void runOnce();
    },
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await bookLock?.release();
      await senderLock?.release();
      workersLockHeld.set(0);
    },
  };
}

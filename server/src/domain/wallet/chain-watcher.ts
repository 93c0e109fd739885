import { actingAs } from '../actor';
import type { Db, Queryable } from '../../db/db';
import type { ChainCursor, ChainTx } from '../../adapters/chain/chain-adapter';
import type { Ton } from '../../adapters/chain/open-chain';
import { productConfig } from '../product-config';
import { applyIncoming, creditLateMemos, type IncomingOutcome } from './deposits';
import { applyOutgoing, type OutgoingOutcome } from './withdrawals';
import { applySweep, expireSweeps, type SweepOutcome } from './sweeps';
import { ownAccounts, retiringWallets } from './retired-wallets';
import { noteEmptiness } from './rotation';

export interface WatchReport {
  /** Chain time read before catching up: everything on chain up to it has been applied. */
  syncedChainTime: number;
  transactions: number;
  credited: Array<Extract<IncomingOutcome, { kind: 'credited' }>>;
  unknownMemo: number;
  paid: Array<Extract<OutgoingOutcome, { kind: 'paid' }>>;
  refunded: Array<Extract<OutgoingOutcome, { kind: 'refunded' }>>;
  /** Sweeps to cold storage the chain showed (done or failed), and those expired unseen. */
  sweeps: SweepOutcome[];
  /** Old wallets (rotated away) no longer watched: they stayed empty past a signed message's life. */
  retired: string[];
}

/**
 * Seconds the watcher is behind the chain: now minus the chain time up to which it has applied
 * everything (never below 0: the emulated chain's clock may run ahead). Null before its first pass.
 */
export function watcherLag(syncedChainTime: bigint | number | null, now: Date): number | null {
  if (syncedChainTime === null) return null;
  return Math.max(0, Math.floor(now.getTime() / 1000) - Number(syncedChainTime));
}

/** The chain time the watcher last caught up to on this chain (any replica's pass), or null. */
export async function syncedChainTime(db: Queryable, ton: Ton): Promise<bigint | null> {
  const { rows } = await db.query<{ chain_time: bigint }>('SELECT chain_time FROM chain_sync WHERE chain = $1 AND account = $2', [
    ton.chainId,
    ton.hotWallet.address.toRawString(),
  ]);
  return rows[0]?.chain_time ?? null;
}

async function readCursor(db: Db, ton: Ton, account: string): Promise<ChainCursor | null> {
  const { rows } = await db.query<{ lt: bigint; hash: string }>('SELECT lt, hash FROM chain_cursors WHERE chain = $1 AND account = $2', [
    ton.chainId,
    account,
  ]);
  return rows[0] ? { lt: rows[0].lt, hash: rows[0].hash } : null;
}

/** watchHotWallet as the chain-watcher (actor.ts): the movements it posts record that job. */
export function watchHotWallet(db: Db, ton: Ton): Promise<WatchReport> {
  return actingAs({ job: 'chain-watcher' }, () => watchHotWalletWork(db, ton));
}

/**
 * Reads the hot wallet's transactions after the stored cursor and applies each one (a deposit
 * credited, a withdrawal confirmed or refunded) in one database transaction with the cursor
 * move: a crash between two transactions loses nothing and applies nothing twice. Old wallets a
 * rotation left are watched the same way until they have stayed empty long enough.
 */
async function watchHotWalletWork(db: Db, ton: Ton): Promise<WatchReport> {
  const account = ton.hotWallet.address.toRawString();
  const report: WatchReport = {
    syncedChainTime: await ton.chain.chainTime(),
    transactions: 0,
    credited: [],
    unknownMemo: 0,
    paid: [],
    refunded: [],
    sweeps: [],
    retired: [],
  };
  const own = await ownAccounts(db, ton);
  await applyAccount(db, ton, account, own, report);
  for (const rotation of await retiringWallets(db, ton.chainId)) {
    if (rotation.old_address === account) continue;
    // Read before its transactions: empty then, with everything up to now applied after.
    const { balance } = await ton.chain.getAccountState(rotation.old_address);
    await applyAccount(db, ton, rotation.old_address, own, report);
    if (await noteEmptiness(db, ton, rotation, balance, report.syncedChainTime)) report.retired.push(rotation.old_friendly);
  }
  // Transfers read before the memo they carry was committed: credited now that it is.
  report.credited.push(...(await creditLateMemos(db, ton.chainId)));
  // Caught up: everything on chain up to syncedChainTime is applied (readiness and the lag metric read this).
  await db.query(
    `INSERT INTO chain_sync (chain, account, chain_time, synced_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (chain, account) DO UPDATE SET chain_time = GREATEST(chain_sync.chain_time, EXCLUDED.chain_time), synced_at = now()`,
    [ton.chainId, account, report.syncedChainTime],
  );
  report.sweeps.push(...(await expireSweeps(db, ton, report.syncedChainTime)));
  return report;
}

/** One watched account's transactions after its cursor, each applied with the cursor's move. */
async function applyAccount(db: Db, ton: Ton, account: string, own: readonly string[], report: WatchReport): Promise<void> {
  const pageSize = productConfig.wallet.watcherPageSize;
  for (;;) {
    const cursor = await readCursor(db, ton, account);
    const page: ChainTx[] = await ton.chain.getTransactionsAfter(account, cursor, pageSize);
    for (const chainTx of page) {
      const [incoming, outgoing, sweep] = await db.transaction(async (tx) => {
        const applied = [
          await applyIncoming(tx, ton.chainId, chainTx, own),
          await applyOutgoing(tx, ton.chainId, chainTx),
          await applySweep(tx, ton.chainId, chainTx),
        ] as const;
        await tx.query(
          `INSERT INTO chain_cursors (chain, account, lt, hash, updated_at) VALUES ($1, $2, $3, $4, now())
           ON CONFLICT (chain, account) DO UPDATE SET lt = EXCLUDED.lt, hash = EXCLUDED.hash, updated_at = now()`,
          [ton.chainId, account, chainTx.lt, chainTx.hash],
        );
        return applied;
      });
      report.transactions += 1;
      if (incoming.kind === 'credited') report.credited.push(incoming);
      if (incoming.kind === 'unknown-memo') report.unknownMemo += 1;
      if (outgoing.kind === 'paid') report.paid.push(outgoing);
      if (outgoing.kind === 'refunded') report.refunded.push(outgoing);
      if (sweep !== null) report.sweeps.push(sweep);
    }
    if (page.length < pageSize) break;
  }
}

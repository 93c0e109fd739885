import { fromNano } from '@arcade/api-client/money';
import type { HistoryItem, HistoryPage } from '@arcade/api-client/wallet';
import type { Queryable } from '../../db/db';

const KINDS: Record<string, HistoryItem['kind']> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  withdrawal_refund: 'withdrawal_refund',
  bet: 'bet',
  payout: 'payout',
  reward: 'reward',
  referral: 'referral',
  purchase: 'purchase',
  sale: 'sale',
};

/** The player's own journal rows, newest first, a page at a time (the cursor is the last row's id). */
export async function historyOf(db: Queryable, userId: bigint, cursor: bigint | null, limit: number): Promise<HistoryPage> {
  const { rows } = await db.query<{ id: bigint; amount: bigint; balance_after: bigint; currency: string; kind: string; created_at: Date }>(
    `SELECT j.id, j.amount, j.balance_after, a.kind AS currency, t.kind, t.created_at
     FROM journal_entries j
     JOIN accounts a ON a.id = j.account_id
     JOIN ledger_transactions t ON t.id = j.transaction_id
     WHERE a.user_id = $1 AND ($2::bigint IS NULL OR j.id < $2)
     ORDER BY j.id DESC
     LIMIT $3`,
    [userId, cursor, limit + 1],
  );
  const page = rows.slice(0, limit);
  return {
    items: page.map((row) => ({
      id: row.id.toString(),
      kind: KINDS[row.kind] ?? 'other',
      currency: row.currency as HistoryItem['currency'],
      amount: fromNano(row.amount),
      balanceAfter: fromNano(row.balance_after),
      createdAt: row.created_at.toISOString(),
    })),
    nextCursor: rows.length > limit ? (page.at(-1)?.id.toString() ?? null) : null,
  };
}

import { fromNano } from '@arcade/api-client/money';
import type { HistoryItem, HistoryPage } from '@arcade/api-client/wallet';
import type { Queryable } from '../../db/db';

/** The ledger kinds a player's own rows carry, as the history names them. */
const KINDS: Record<string, HistoryItem['kind']> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  withdrawal_refund: 'withdrawal_refund',
  bet: 'bet',
  payout: 'payout',
  reward: 'reward',
  referral: 'referral',
  referral_claim: 'referral_claim',
  bonus_release: 'bonus_release',
  play_release: 'play_release',
  purchase: 'purchase',
  gift_withdrawal: 'gift_withdrawal',
};

const GAMES = new Set(['flip', 'roll', 'road']);
const OUTCOMES = new Set(['open', 'won', 'lost', 'cashed']);

interface Row {
  id: bigint;
  amount: bigint;
  balance_after: bigint;
  currency: string;
  kind: string;
  created_at: Date;
  game: string | null;
  round_status: string | null;
  multiplier: bigint | null;
  tx_hash: string | null;
  count: number | null;
  locked: boolean;
  gift_name: string | null;
  gift_number: number | null;
}

/** A multiplier kept in ten-thousandths (19800), as a decimal ("1.98"). */
function multiplierText(value: bigint): string {
  const whole = value / 10_000n;
  const fraction = (value % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

function toItem(row: Row): HistoryItem {
  let kind = KINDS[row.kind] ?? 'other';
  // One purchase moves the buyer's and the seller's money: the seller's row is their sale.
  if (kind === 'purchase' && row.amount > 0n) kind = 'sale';
  const item: HistoryItem = {
    id: row.id.toString(),
    kind,
    currency: row.currency as HistoryItem['currency'],
    amount: fromNano(row.amount),
    balanceAfter: fromNano(row.balance_after),
    createdAt: row.created_at.toISOString(),
  };
  if ((kind === 'bet' || kind === 'payout') && row.game !== null && GAMES.has(row.game)) {
    item.game = row.game as NonNullable<HistoryItem['game']>;
    if (row.round_status !== null && OUTCOMES.has(row.round_status)) item.outcome = row.round_status as NonNullable<HistoryItem['outcome']>;
    if (row.multiplier !== null && row.multiplier > 0n && (row.round_status === 'won' || row.round_status === 'cashed')) {
      item.multiplier = multiplierText(row.multiplier);
    }
  }
  if (row.tx_hash) item.txHash = row.tx_hash;
  if (row.gift_name !== null && row.gift_number !== null) item.gift = { name: row.gift_name, number: row.gift_number };
  if (row.count !== null) item.count = row.count;
  if (row.locked) item.locked = true;
  return item;
}

/**
 * The player's own journal rows, newest first, a page at a time (the cursor is the last item's id):
 * - a bet or a payout names its game and how the round ended;
 * - a deposit or a paid withdrawal carries its chain transaction's hash;
 * - a purchase, a sale or a gift sent to Telegram names the gift;
 * - a referral claim or a bonus release is one row, the TON that arrived (its other leg, the
 *   referral or bonus balance emptied, is the same movement told twice), and so is the release
 *   of locked TON (responsible play);
 * - TON credited or withdrawn on the locked balance is TON marked locked, its balance the locked one;
 * - referral commissions are one row per UTC day: their sum and count, at the day's last one.
 */
export async function historyOf(db: Queryable, userId: bigint, cursor: bigint | null, limit: number): Promise<HistoryPage> {
  const [single, grouped] = await Promise.all([
    db.query<Row>(
      `SELECT j.id, j.amount, j.balance_after, CASE WHEN a.kind = 'locked' THEN 'ton' ELSE a.kind END AS currency, t.kind, t.created_at,
              r.game, r.status AS round_status, r.multiplier,
              CASE t.kind WHEN 'deposit' THEN t.reference WHEN 'withdrawal' THEN w.tx_hash END AS tx_hash,
              NULL::integer AS count, a.kind = 'locked' AS locked, c.name AS gift_name, g.number AS gift_number
       FROM journal_entries j
       JOIN accounts a ON a.id = j.account_id
       JOIN ledger_transactions t ON t.id = j.transaction_id
       LEFT JOIN game_rounds r
         ON r.id = CASE WHEN t.kind IN ('bet', 'payout') AND t.reference ~ '^[0-9]{1,18}$' THEN t.reference::bigint END
        AND r.user_id = a.user_id
       LEFT JOIN withdrawals w
         ON w.id = CASE WHEN t.kind = 'withdrawal' AND t.reference ~ '^[0-9]{1,18}$' THEN t.reference::bigint END
        AND w.user_id = a.user_id
       LEFT JOIN sales s
         ON s.id = CASE WHEN t.kind = 'purchase' AND t.reference ~ '^sale:[0-9]{1,18}$' THEN substr(t.reference, 6)::bigint END
       LEFT JOIN gift_transfers gt
         ON gt.id = CASE WHEN t.kind = 'gift_withdrawal' AND t.reference ~ '^gift-out:[0-9]{1,18}$' THEN substr(t.reference, 10)::bigint END
       LEFT JOIN gifts g ON g.id = COALESCE(s.gift_id, gt.gift_id)
       LEFT JOIN gift_collections c ON c.id = g.collection_id
       WHERE a.user_id = $1 AND ($2::bigint IS NULL OR j.id < $2)
         AND t.kind <> 'referral'
         AND NOT (t.kind IN ('referral_claim', 'bonus_release', 'play_release') AND a.kind <> 'ton')
       ORDER BY j.id DESC
       LIMIT $3`,
      [userId, cursor, limit + 1],
    ),
    db.query<Row>(
      `SELECT max(j.id) AS id, sum(j.amount)::bigint AS amount,
              (array_agg(j.balance_after ORDER BY j.id DESC))[1] AS balance_after,
              'referral' AS currency, 'referral' AS kind, max(t.created_at) AS created_at,
              NULL AS game, NULL AS round_status, NULL::bigint AS multiplier, NULL AS tx_hash,
              count(*)::integer AS count, false AS locked, NULL AS gift_name, NULL::integer AS gift_number
       FROM journal_entries j
       JOIN accounts a ON a.id = j.account_id
       JOIN ledger_transactions t ON t.id = j.transaction_id
       WHERE a.user_id = $1 AND a.kind = 'referral' AND t.kind = 'referral'
       GROUP BY date_trunc('day', t.created_at AT TIME ZONE 'UTC')
       HAVING $2::bigint IS NULL OR max(j.id) < $2
       ORDER BY max(j.id) DESC
       LIMIT $3`,
      [userId, cursor, limit + 1],
    ),
  ]);
  const rows = [...single.rows, ...grouped.rows].sort((a, b) => (a.id > b.id ? -1 : a.id < b.id ? 1 : 0));
  const page = rows.slice(0, limit);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > limit ? (page.at(-1)?.id.toString() ?? null) : null,
  };
}

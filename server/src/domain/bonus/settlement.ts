import type { Currency, GameName } from '@arcade/api-client/games';
import type { Queryable } from '../../db/db';
import type { RoundRow } from '../games/rounds';
import { lockInOrder, post } from '../ledger';
import { productConfig } from '../product-config';
import { countWagering, grantBonus } from './bonus';
import { queueNotice } from '../notifications';

/** The referrer's cut of a settled TON round: their share (20%) of the house edge on the stake. */
export function referralShareOf(game: GameName, stake: bigint): bigint {
  return (stake * productConfig.houseEdge[game] * productConfig.referral.shareOfEdge) / 100_000_000n;
}

export type Ladder = 'rounds' | 'wagered' | 'bestWin';
export const LADDERS: Ladder[] = ['rounds', 'wagered', 'bestWin'];

/**
 * Takes, at the start of a bet's transaction on the general path (a flip or roll, a road start,
 * step or cash-out), every row lock the bet and its settlement may need, in the book's one order
 * (lockInOrder, the order of the batch function arcade_instant_bets): the player's users row;
 * then the system rows by code: the player's house and bonus pool rows (the stake and payout, an
 * achievement's reward from the pool, the bonus released at the end of wagering, which moves both)
 * and, for a referred player's TON bet, the referrer's house row (their share); then the accounts
 * by user and kind: the player's TON and bonus, and the referrer's referral account (made here on
 * their first earning). Later statements of the transaction only re-lock rows it holds, so a bet
 * cannot deadlock with a batch or with another bet.
 */
export async function lockForBet(tx: Queryable, userId: bigint, currency: Currency): Promise<void> {
  const { rows } = await tx.query<{ referred_by: bigint | null }>('SELECT referred_by FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
  // The referrer's share is paid on TON rounds only (settleRound).
  const referrer = currency === 'ton' ? (rows[0]?.referred_by ?? null) : null;
  await lockInOrder(tx, {
    accounts: [
      { account: { system: 'house' }, userId },
      { account: { system: 'bonus_pool' }, userId },
      { account: { user: userId, kind: 'ton' } },
      { account: { user: userId, kind: 'bonus' } },
      ...(referrer === null
        ? []
        : [
            { account: { system: 'house' as const }, userId: referrer },
            { account: { user: referrer, kind: 'referral' as const } },
          ]),
    ],
  });
}

interface Stats {
  rounds: bigint;
  wagered: bigint;
  best_multiplier: bigint;
}

/**
 * Everything a settled round leads to, in the round's own transaction: the player's statistics,
 * the wagering countdown, the referrer's share of the house edge (TON bets only), and any
 * achievement tier reached (each granted once).
 */
export async function settleRound(tx: Queryable, round: RoundRow, now: Date): Promise<void> {
  const won = round.payout > 0n;
  const { rows } = await tx.query<Stats>(
    `INSERT INTO player_stats (user_id, rounds, wagered, best_multiplier, last_bet_at) VALUES ($1, 1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET rounds = player_stats.rounds + 1, wagered = player_stats.wagered + EXCLUDED.wagered,
       best_multiplier = GREATEST(player_stats.best_multiplier, EXCLUDED.best_multiplier), last_bet_at = EXCLUDED.last_bet_at
     RETURNING rounds, wagered, best_multiplier`,
    [round.user_id, round.stake, won ? round.multiplier : 0n, now],
  );
  const stats = rows[0]!;
  const reference = round.id.toString();

  const player = await tx.query<{ referred_by: bigint | null; wagering_left: bigint }>(
    'SELECT referred_by, wagering_left FROM users WHERE id = $1 FOR NO KEY UPDATE',
    [round.user_id],
  );
  await countWagering(tx, round.user_id, round.stake, reference, player.rows[0]?.wagering_left ?? 0n);

  if (round.currency === 'ton') {
    const referrerId = player.rows[0]?.referred_by;
    const share = referralShareOf(round.game, round.stake);
    if (referrerId && share > 0n) {
      await post(tx, {
        kind: 'referral',
        userId: referrerId,
        reference,
        postings: [
          { account: { system: 'house' }, amount: -share },
          { account: { user: referrerId, kind: 'referral' }, amount: share },
        ],
      });
      // The referrer hears once the earnings can be claimed, not at every bet of a friend.
      const minClaim = productConfig.referral.minClaimNano;
      const after = await tx.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'referral'", [referrerId]);
      const balance = after.rows[0]?.balance ?? 0n;
      if (balance >= minClaim && balance - share < minClaim) {
        await queueNotice(tx, referrerId, 'referralEarnings', balance, `referral:${reference}`);
      }
    }
  }

  // Only the tiers this round crossed are granted here (each once): a veteran's bet costs no
  // extra queries for the tiers reached long ago.
  const bestThisRound = won ? BigInt(round.multiplier) : 0n;
  const crossed: Record<Ladder, (threshold: bigint) => boolean> = {
    rounds: (t) => stats.rounds >= t && stats.rounds - 1n < t,
    wagered: (t) => stats.wagered >= t && stats.wagered - round.stake < t,
    bestWin: (t) => bestThisRound >= t,
  };
  for (const ladder of LADDERS) {
    const tiers = productConfig.achievements[ladder];
    for (let tier = 0; tier < tiers.length; tier++) {
      const step = tiers[tier]!;
      if (!crossed[ladder](step.threshold)) continue;
      const inserted = await tx.query(
        `INSERT INTO achievement_grants (user_id, ladder, tier, reward, granted_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING RETURNING tier`,
        [round.user_id, ladder, tier + 1, step.rewardNano, now],
      );
      if (inserted.rowCount > 0) await grantBonus(tx, round.user_id, step.rewardNano, 'reward', `achievement:${round.user_id}:${ladder}:${tier + 1}`);
    }
  }
}

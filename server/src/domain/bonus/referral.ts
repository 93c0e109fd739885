import type { ReferralInfo } from '@arcade/api-client/bonus';
import { fromNano } from '@arcade/api-client/money';
import type { Queryable } from '../../db/db';
import { DomainError } from '../errors';
import { post } from '../ledger';
import { assertMayReceivePromotion } from '../play/play';
import { productConfig } from '../product-config';
import { accountMessages } from '../users';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The messenger link that opens the app with a player's referral code. */
export function referralLink(miniAppUrl: string, code: string): string {
  const separator = miniAppUrl.includes('?') ? '&' : '?';
  return `${miniAppUrl}${separator}startapp=${productConfig.referral.startParamPrefix}${code}`;
}

export async function referralInfo(db: Queryable, userId: bigint, miniAppUrl: string, now: Date): Promise<ReferralInfo> {
  const { referral } = productConfig;
  const { rows } = await db.query<{ code: string; total: bigint; active: bigint; available: bigint | null; earned: bigint }>(
    `SELECT u.referral_code AS code,
       (SELECT count(*) FROM users r WHERE r.referred_by = u.id) AS total,
       (SELECT count(*) FROM users r JOIN player_stats s ON s.user_id = r.id WHERE r.referred_by = u.id AND s.last_bet_at > $2) AS active,
       (SELECT balance FROM accounts a WHERE a.user_id = u.id AND a.kind = 'referral') AS available,
       (SELECT COALESCE(SUM(j.amount), 0)::bigint FROM journal_entries j JOIN accounts a ON a.id = j.account_id
          WHERE a.user_id = u.id AND a.kind = 'referral' AND j.amount > 0) AS earned
     FROM users u WHERE u.id = $1`,
    [userId, new Date(now.getTime() - referral.activeDays * DAY_MS)],
  );
  const row = rows[0];
  if (!row) throw new DomainError('unauthenticated', accountMessages.unknown);
  return {
    code: row.code,
    link: referralLink(miniAppUrl, row.code),
    totalReferrals: Number(row.total),
    activeReferrals: Number(row.active),
    available: fromNano(row.available ?? 0n),
    totalEarned: fromNano(row.earned),
    minClaim: fromNano(referral.minClaimNano),
    activeDays: referral.activeDays,
  };
}

/**
 * Moves the referral earnings to the TON balance, from the minimum claim on. Refused during a pause: what
 * the player's invitees' play earns them meanwhile accrues on the referral account, claimable once
 * the pause ends (responsible play, play.ts).
 */
export async function claimReferral(tx: Queryable, userId: bigint, now: Date): Promise<bigint> {
  await assertMayReceivePromotion(tx, userId, now);
  const { rows } = await tx.query<{ balance: bigint }>(
    "SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'referral' FOR NO KEY UPDATE",
    [userId],
  );
  const available = rows[0]?.balance ?? 0n;
  if (available < productConfig.referral.minClaimNano) {
    throw new DomainError(
      'conflict',
      `Referral earnings can be claimed from ${fromNano(productConfig.referral.minClaimNano)} TON`,
      'referral.min',
    );
  }
  await post(tx, {
    kind: 'referral_claim',
    userId,
    postings: [
      { account: { user: userId, kind: 'referral' }, amount: -available },
      { account: { user: userId, kind: 'ton' }, amount: available },
    ],
  });
  return available;
}

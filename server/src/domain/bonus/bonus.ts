import type { Queryable } from '../../db/db';
import { DomainError } from '../errors';
import { post } from '../ledger';
import { productConfig } from '../product-config';

export const bonusMessages = {
  cap: 'You have received all the bonus there is: 70 TON',
};

/**
 * Credits a bonus (task, daily reward, achievement) to the player's bonus balance, inside the
 * caller's transaction: never past the lifetime cap, and each credit adds 25x its amount to the
 * wagering requirement. Returns what was credited (0 once the cap is reached).
 */
export async function grantBonus(tx: Queryable, userId: bigint, amount: bigint, kind: string, reference: string): Promise<bigint> {
  const { bonus } = productConfig;
  const { rows } = await tx.query<{ bonus_granted: bigint }>('SELECT bonus_granted FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
  const granted = rows[0]?.bonus_granted ?? 0n;
  const room = bonus.lifetimeCapNano - granted;
  const credit = amount < room ? amount : room > 0n ? room : 0n;
  if (credit <= 0n) return 0n;
  await tx.query('UPDATE users SET bonus_granted = bonus_granted + $2, wagering_left = wagering_left + $3 WHERE id = $1', [
    userId,
    credit,
    credit * bonus.wageringFactor,
  ]);
  await post(tx, {
    kind,
    userId,
    reference,
    postings: [
      { account: { system: 'bonus_pool' }, amount: -credit },
      { account: { user: userId, kind: 'bonus' }, amount: credit },
    ],
  });
  return credit;
}

/** Like grantBonus, but a claim that would credit nothing is refused (the cap is reached). */
export async function grantBonusOrRefuse(tx: Queryable, userId: bigint, amount: bigint, kind: string, reference: string): Promise<bigint> {
  const credited = await grantBonus(tx, userId, amount, kind, reference);
  if (credited === 0n) throw new DomainError('conflict', bonusMessages.cap, 'bonus.cap');
  return credited;
}

/**
 * A settled stake counts down the wagering requirement; when it reaches zero the whole bonus
 * balance becomes TON (the house pays real TON for the bonus it takes back).
 */
export async function countWagering(tx: Queryable, userId: bigint, stake: bigint, reference: string, lockedLeft?: bigint): Promise<bigint> {
  // The caller may have locked the user row and read the requirement already.
  const left =
    lockedLeft ??
    (await tx.query<{ wagering_left: bigint }>('SELECT wagering_left FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId])).rows[0]?.wagering_left ??
    0n;
  // No requirement running: nothing to count down.
  if (left === 0n) return 0n;
  const after = left > stake ? left - stake : 0n;
  await tx.query('UPDATE users SET wagering_left = $2 WHERE id = $1', [userId, after]);
  if (after > 0n) return 0n;
  const bonus = await tx.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'bonus'", [userId]);
  const amount = bonus.rows[0]?.balance ?? 0n;
  if (amount <= 0n) return 0n;
  await post(tx, {
    kind: 'bonus_release',
    userId,
    reference,
    postings: [
      { account: { user: userId, kind: 'bonus' }, amount: -amount },
      { account: { system: 'bonus_pool' }, amount },
      { account: { system: 'house' }, amount: -amount },
      { account: { user: userId, kind: 'ton' }, amount },
    ],
  });
  return amount;
}

import { isUniqueViolation, type Queryable } from '../../db/db';
import { actorColumns, currentActor } from '../actor';
import { DomainError } from '../errors';
import { ledgerMessages, lockInOrder, SYSTEM_SHARDS } from '../ledger';
import { assertMayReceivePromotion } from '../play/play';
import { fromNano } from '@arcade/api-client/money';
import { productConfig } from '../product-config';

export const bonusMessages = {
  cap: `You have received all the bonus there is: ${fromNano(productConfig.bonus.lifetimeCapNano)} TON`,
};

/**
 * Credits a bonus (task, daily reward) to the player's bonus balance, inside the caller's
 * transaction: never past the lifetime cap, and each credit adds wageringFactor times its amount to the wagering
 * requirement. The rule is the SQL function arcade_grant_bonus (db/functions), which the bet
 * function uses for achievement rewards too and which posts through arcade_post. Returns what was
 * credited (0 once the cap is reached). Refused, with
 * nothing moved, during the player's cool-off or self-exclusion (responsible play, play.ts).
 */
export async function grantBonus(
  tx: Queryable,
  userId: bigint,
  amount: bigint,
  kind: string,
  reference: string,
  now: Date,
): Promise<bigint> {
  const { bonus } = productConfig;
  await assertMayReceivePromotion(tx, userId, now);
  const actor = actorColumns(currentActor());
  // The book's lock order: the users row, then the pool row, then the player's account.
  await lockInOrder(tx, {
    users: [userId],
    accounts: [{ account: { system: 'bonus_pool' }, userId }, { account: { user: userId, kind: 'bonus' } }],
  });
  try {
    const { rows } = await tx.query<{ credited: bigint }>('SELECT arcade_grant_bonus($1, $2, $3, $4, $5, $6, $7, $8, $9) AS credited', [
      userId,
      amount,
      kind,
      reference,
      actor.playerId,
      actor.job,
      bonus.lifetimeCapNano,
      bonus.wageringFactor,
      SYSTEM_SHARDS,
    ]);
    return rows[0]!.credited;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', ledgerMessages.duplicate);
    throw error;
  }
}

/** Like grantBonus, but a claim that would credit nothing is refused (the cap is reached). */
export async function grantBonusOrRefuse(
  tx: Queryable,
  userId: bigint,
  amount: bigint,
  kind: string,
  reference: string,
  now: Date,
): Promise<bigint> {
  const credited = await grantBonus(tx, userId, amount, kind, reference, now);
  if (credited === 0n) throw new DomainError('conflict', bonusMessages.cap, 'bonus.cap');
  return credited;
}

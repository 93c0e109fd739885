import type { AchievementsState } from '@arcade/api-client/bonus';
import { multiplierText } from '@arcade/api-client/fair';
import { fromNano } from '@arcade/api-client/money';
import type { Queryable } from '../../db/db';
import { productConfig } from '../product-config';
import { LADDERS, type Ladder } from './settlement';

export interface PlayerStats {
  rounds: bigint;
  wagered: bigint;
  bestMultiplier: bigint;
}

export async function statsOf(db: Queryable, userId: bigint): Promise<PlayerStats> {
  const { rows } = await db.query<{ rounds: bigint; wagered: bigint; best_multiplier: bigint }>(
    'SELECT rounds, wagered, best_multiplier FROM player_stats WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  return { rounds: row?.rounds ?? 0n, wagered: row?.wagered ?? 0n, bestMultiplier: row?.best_multiplier ?? 0n };
}

const show: Record<Ladder, (value: bigint) => string> = {
  rounds: (value) => value.toString(),
  wagered: (value) => fromNano(value),
  bestWin: (value) => multiplierText(Number(value)),
};

export async function achievementsOf(db: Queryable, userId: bigint): Promise<AchievementsState> {
  const stats = await statsOf(db, userId);
  const { rows } = await db.query<{ ladder: string; tier: number }>('SELECT ladder, tier FROM achievement_grants WHERE user_id = $1', [
    userId,
  ]);
  const earned = new Set(rows.map((r) => `${r.ladder}:${r.tier}`));
  const value: Record<Ladder, bigint> = { rounds: stats.rounds, wagered: stats.wagered, bestWin: stats.bestMultiplier };
  return {
    ladders: LADDERS.map((id) => ({
      id,
      value: show[id](value[id]),
      tiers: productConfig.achievements[id].map((step, index) => ({
        tier: index + 1,
        threshold: show[id](step.threshold),
        reward: fromNano(step.rewardNano),
        earned: earned.has(`${id}:${index + 1}`),
      })),
    })),
  };
}

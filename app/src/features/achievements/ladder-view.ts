import type { AchievementsState } from '@arcade/api-client/bonus';
import { fromNano, toNano } from '@arcade/api-client/money';
import { ratio } from '../../lib/amounts';

export type Ladder = AchievementsState['ladders'][number];
export type Tier = Ladder['tiers'][number];

export interface LadderView {
  id: Ladder['id'];
  value: string;
  tiers: Tier[];
  /** The first tier not earned yet; null once all are. */
  next: Tier | null;
  /** value / next threshold, 0..1 (1 once every tier is earned). */
  progress: number;
  earned: number;
}

/** One achievement ladder as its card shows it: progress toward the next tier and the badges. */
export function ladderView(ladder: Ladder): LadderView {
  const tiers = [...ladder.tiers].sort((a, b) => a.tier - b.tier);
  const next = tiers.find((tier) => !tier.earned) ?? null;
  return {
    id: ladder.id,
    value: ladder.value,
    tiers,
    next,
    progress: next ? ratio(ladder.value, next.threshold) : 1,
    earned: tiers.filter((tier) => tier.earned).length,
  };
}

/** The largest stake (TON text, cut down) at which a win of `multiplier`× still pays in full under the `maxPayout` cap. */
export function stakeForWin(maxPayout: string, multiplier: string): string {
  const times = toNano(multiplier);
  if (times <= 0n) return maxPayout;
  return fromNano((toNano(maxPayout) * 1_000_000_000n) / times);
}

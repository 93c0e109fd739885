import { MULTIPLIER_SCALE } from '@arcade/api-client/fair';
import type { Round } from '@arcade/api-client/games';
import { toNano } from '@arcade/api-client/money';

/** "1.98" -> 19800 (ten-thousandths, as the fair functions count). */
export function multiplierUnits(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * MULTIPLIER_SCALE + Number(fraction.slice(0, 4).padEnd(4, '0'));
}

/** What a round gave back less what it took, in nanotons. */
export function roundNet(round: Pick<Round, 'stake' | 'payout'>): bigint {
  return toNano(round.payout) - toNano(round.stake);
}

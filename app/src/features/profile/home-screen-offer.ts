import type { HomeScreenStatus } from '../../telegram/home-screen';

/**
 * Offer 'Add to home screen' when the host says the app is not there ('missed') or cannot
 * tell ('unknown'), and only if the host can show its prompt; never when it is 'added' or the
 * host does not support home screens.
 */
export function shouldOfferHomeScreen(status: HomeScreenStatus | null, canAdd: boolean): boolean {
  return canAdd && (status === 'missed' || status === 'unknown');
}

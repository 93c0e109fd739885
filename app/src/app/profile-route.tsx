import { OwnedGifts } from '../features/market/owned-gifts';
import { ProfileScreen } from '../features/profile/profile-screen';

/**
 * The profile route: the profile screen with the player's gifts in it. Each feature stays on its
 * own; the route puts the market's part into the profile.
 */
export function Component() {
  return <ProfileScreen ownedGifts={<OwnedGifts />} />;
}

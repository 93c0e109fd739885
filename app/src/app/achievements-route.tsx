import { useAtomValue } from 'jotai';
import { AchievementsScreen } from '../features/achievements/achievements-screen';
import { gamesConfigQueryAtom } from '../features/games/games-state';

/**
 * The achievements route: the screen with the most a round pays (the games' configuration), so
 * the best win ladder can say which stake its top tier needs. Each feature stays on its own.
 */
export function Component() {
  const maxPayout = useAtomValue(gamesConfigQueryAtom).data?.maxPayout ?? null;
  return <AchievementsScreen maxPayout={maxPayout} />;
}

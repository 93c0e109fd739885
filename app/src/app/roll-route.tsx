import { Component as RollScreen } from '../features/games/roll-screen';
import { withSeedCommitment } from './game-route';

/** The roll route: the game screen with the seed commitment in its bar (game-route.tsx). */
export const Component = withSeedCommitment(RollScreen);

import { Component as FlipScreen } from '../features/games/flip-screen';
import { withSeedCommitment } from './game-route';

/** The flip route: the game screen with the seed commitment in its bar (game-route.tsx). */
export const Component = withSeedCommitment(FlipScreen);

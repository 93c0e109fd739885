import { Component as RoadScreen } from '../features/games/road-screen';
import { withSeedCommitment } from './game-route';

/** The road route: the game screen with the seed commitment in its bar (game-route.tsx). */
export const Component = withSeedCommitment(RoadScreen);

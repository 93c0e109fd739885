export type { CoinSide, FlipHandle, RoadHandle, RollDirection, RollHandle } from '@arcade/game-engine/react';
import type { DeepLink } from './deep-link';

/** Hands the deep link to the panel of the game it names, once. */
export type DeepLinkTaker = () => DeepLink | null;

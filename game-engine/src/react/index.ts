export { GameCanvas, type GameCanvasProps } from './game-canvas';
export type { EngineControls, FlipHandle, GameHandle, GameHandles, GameName, RoadHandle, RollHandle } from '../games/handles';
export type { EngineStats } from '../core/engine';
export type { Pace } from '../core/pace';
export type { CoinSide, FlipOutcome } from '../games/flip/plan';
export type { RollDirection, RollOutcome } from '../games/roll/plan';
export type { RoadSetup, RoadState, RoadStepResult } from '../games/road/plan';
export type { GameTexts } from '../games/texts';

import type { Engine, EngineStats } from '../core/engine';
import type { Pace } from '../core/pace';
import type { CoinSide, FlipOutcome } from './flip/plan';
import type { RollDirection, RollOutcome } from './roll/plan';
import type { RoadSetup, RoadState, RoadStepResult } from './road/plan';
import type { GameTexts } from './texts';

export type GameName = 'flip' | 'roll' | 'road';
export const GAME_NAMES: readonly GameName[] = ['flip', 'roll', 'road'];

/** What every game handle offers: time control and statistics. */
export interface EngineControls {
  readonly game: GameName;
  /** Jumps the running animation to its end; its promise resolves at once. */
  skip(): void;
  /** 1 = normal, 2 = twice as fast (0.05..20). */
  setSpeed(speed: number): void;
  readonly speed: number;
  /** 'normal', 'fast' or 'instant' (every animation shows its end state as it starts; its promise resolves at once). */
  setPace(pace: Pace): void;
  readonly pace: Pace;
  /** Frame work time p50/p95 (update + render, ms), fps, size. */
  stats(): EngineStats;
  resetStats(): void;
  /** Stops time (screenshots); with `atMs`, shows the running animation at that point first. */
  freeze(atMs?: number): void;
  resume(): void;
  /** Steps time by `ms` in ticker-sized frames, then renders once (manual clock, screenshots). */
  advance(ms: number): void;
  /** The words the canvas prints (upper case, in the language it was given) and the number formatters it uses. */
  readonly texts: Readonly<GameTexts>;
  /** The texts drawn on the canvas now (words and numbers as shown), in drawing order: for tests and tools. */
  labels(): string[];
  /** True once the engine or this game's scene is gone; every call then throws. */
  readonly disposed: boolean;
  /** The engine underneath, for tooling. */
  readonly engine: Engine;
}

export interface FlipHandle extends EngineControls {
  readonly game: 'flip';
  /** Tosses the coin and lands it on `outcome.side`, then shows win or lose. */
  play(outcome: FlipOutcome): Promise<void>;
  /** The idle coin showing `side` (default: the last result), no result shown. */
  reset(side?: CoinSide): void;
}

export interface RollHandle extends EngineControls {
  readonly game: 'roll';
  /** Rolls and lands exactly on `outcome.roll`, counting up, then shows win or lose. */
  play(outcome: RollOutcome): Promise<void>;
  /** Shows the winning zone for the player's target and side before rolling. */
  preview(target: number, direction: RollDirection): void;
  reset(): void;
}

export interface RoadHandle extends EngineControls {
  readonly game: 'road';
  /** A new road (lanes, one multiplier per lane, optionally lanes already crossed). */
  setup(config: RoadSetup): void;
  /** The hero hops onto `lane` (0-based, the next one); on 'trap' a car hits. */
  step(lane: number, result: RoadStepResult): Promise<void>;
  cashOut(): Promise<void>;
  /** After the round: shows the trap lanes (server trap slots; those past the road are ignored). */
  reveal(trapLanes: readonly number[]): Promise<void>;
  /** Back to the start pavement. */
  reset(): void;
  /** The round as the engine shows it. */
  readonly state: Readonly<RoadState>;
}

export interface GameHandles {
  flip: FlipHandle;
  roll: RollHandle;
  road: RoadHandle;
}

export type GameHandle = GameHandles[GameName];

import { Engine, type EngineOptions } from '../core/engine';
import type { GameScene } from './shared/game-scene';
import type { FlipScene } from './flip/view';
import type { RollScene } from './roll/view';
import type { RoadScene } from './road/view';
import type { EngineControls, GameHandles, GameName } from './handles';
import type { GameTexts } from './texts';

export type { EngineControls, FlipHandle, GameHandle, GameHandles, GameName, RoadHandle, RollHandle } from './handles';
export { GAME_NAMES } from './handles';
export { PACES, isPace, type Pace } from '../core/pace';
export { canvasTexts, type GameTexts } from './texts';

/**
 * Each game's scene lives in its own chunk, loaded only when that game is shown, so the
 * app's game routes pull in exactly one game.
 */
const loaders = {
  flip: () => import('./flip/view').then((module) => module.FlipScene),
  roll: () => import('./roll/view').then((module) => module.RollScene),
  road: () => import('./road/view').then((module) => module.RoadScene),
} as const;

type SceneOf = { flip: FlipScene; roll: RollScene; road: RoadScene };

function controls<G extends GameName>(game: G, engine: Engine, scene: GameScene): EngineControls & { game: G } {
  const alive = (): void => {
    if (engine.destroyed || scene.destroyed) throw new Error(`the ${game} game is no longer mounted`);
  };
  return {
    game,
    engine,
    texts: scene.texts,
    labels: () => (engine.destroyed || scene.destroyed ? [] : scene.drawnLabels()),
    get disposed() {
      return engine.destroyed || scene.destroyed;
    },
    get speed() {
      return engine.speed;
    },
    get pace() {
      return engine.pace;
    },
    skip: () => {
      alive();
      engine.skip();
    },
    setSpeed: (speed) => {
      alive();
      engine.setSpeed(speed);
    },
    setPace: (pace) => {
      alive();
      engine.setPace(pace);
    },
    stats: () => engine.stats(),
    resetStats: () => engine.resetStats(),
    freeze: (atMs) => {
      alive();
      engine.freeze(atMs);
    },
    resume: () => {
      alive();
      engine.resume();
    },
    advance: (ms) => {
      alive();
      engine.advance(ms);
    },
  };
}

/** Wraps a mounted scene in the handle the screens use. */
function handleFor<G extends GameName>(game: G, engine: Engine, scene: SceneOf[G]): GameHandles[G] {
  const base = controls(game, engine, scene);
  const guard =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R => {
      if (base.disposed) throw new Error(`the ${game} game is no longer mounted`);
      // Every change the host asks for is drawn: a resting engine draws frames again.
      engine.wake();
      return fn(...args);
    };
  // An async guard rejects instead of throwing, so `await handle.play()` sees the error.
  const guardAsync =
    <A extends unknown[]>(fn: (...args: A) => Promise<void>) =>
    (...args: A): Promise<void> => {
      try {
        return guard(fn)(...args);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
  if (game === 'flip') {
    const flip = scene as FlipScene;
    return Object.assign(base, {
      play: guardAsync((outcome: Parameters<FlipScene['play']>[0]) => flip.play(outcome)),
      reset: guard((side?: Parameters<FlipScene['reset']>[0]) => flip.reset(side)),
    }) as unknown as GameHandles[G];
  }
  if (game === 'roll') {
    const roll = scene as RollScene;
    return Object.assign(base, {
      play: guardAsync((outcome: Parameters<RollScene['play']>[0]) => roll.play(outcome)),
      preview: guard((target: number, direction: Parameters<RollScene['preview']>[1]) => roll.preview(target, direction)),
      reset: guard(() => roll.reset()),
    }) as unknown as GameHandles[G];
  }
  const road = scene as RoadScene;
  const handle = Object.assign(base, {
    setup: guard((config: Parameters<RoadScene['setup']>[0]) => road.setup(config)),
    step: guardAsync((lane: number, result: Parameters<RoadScene['step']>[1]) => road.step(lane, result)),
    cashOut: guardAsync(() => road.cashOut()),
    reveal: guardAsync((traps: readonly number[]) => road.reveal(traps)),
    reset: guard(() => road.reset()),
  });
  Object.defineProperty(handle, 'state', { get: () => road.road, enumerable: true });
  return handle as unknown as GameHandles[G];
}

/**
 * Loads `game`'s scene (lazily), shows it on `engine` and returns its handle. `texts`: the
 * words and number formatters of the host's language (the engine has none of its own).
 */
export async function showGame<G extends GameName>(engine: Engine, game: G, texts: GameTexts): Promise<GameHandles[G]> {
  const SceneClass = await loaders[game]();
  if (engine.destroyed) throw new Error('engine destroyed while the game loaded');
  const scene = engine.setScene((context) => new SceneClass(context, texts)) as SceneOf[G];
  return handleFor(game, engine, scene);
}

export type MountedGame<G extends GameName> = GameHandles[G] & { destroy(): void };

/**
 * Framework-free: creates an engine in `host`, shows `game` and returns its handle with a
 * `destroy()` that frees everything (canvas included).
 */
export async function mountGame<G extends GameName>(
  host: HTMLElement,
  game: G,
  options: Omit<EngineOptions, 'host'> & { texts: GameTexts },
): Promise<MountedGame<G>> {
  const { texts, ...engineOptions } = options;
  const engine = await Engine.create({ ...engineOptions, host });
  try {
    const handle = await showGame(engine, game, texts);
    return Object.assign(handle, { destroy: () => engine.destroy() });
  } catch (error) {
    engine.destroy();
    throw error;
  }
}

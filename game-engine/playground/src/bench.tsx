import { mountGame, showGame, type MountedGame } from '@arcade/game-engine/games';
import { GameCanvas, type GameHandle, type GameName } from '@arcade/game-engine/react';
import { createRoot, type Root } from 'react-dom/client';
import { randomFlip, randomRoll, randomTraps, roadSetup } from './outcomes';

/**
 * A bare page for the benchmark, the render check and the screenshots: it mounts one game
 * full-screen, through the React binding or the framework-free core, and exposes controls
 * on `window.arcadeBench` for Playwright.
 */
const stage = document.getElementById('stage') as HTMLElement;
let root: Root | null = null;
let core: MountedGame<GameName> | null = null;
let handle: GameHandle | null = null;

interface MountOptions {
  clock?: 'ticker' | 'manual';
  seed?: number;
}

function mountReact(game: GameName, options: MountOptions = {}): Promise<GameHandle> {
  return new Promise((resolve, reject) => {
    root = createRoot(stage);
    root.render(
      <GameCanvas
        game={game}
        clock={options.clock ?? 'ticker'}
        seed={options.seed ?? 7}
        onReady={(ready: GameHandle) => {
          handle = ready;
          resolve(ready);
        }}
        onError={reject}
      />,
    );
  });
}

async function unmountReact(): Promise<void> {
  root?.unmount();
  root = null;
  handle = null;
  // Let @pixi/react finish its own teardown (it destroys the Application after commit).
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function mountCore(game: GameName, options: MountOptions = {}): Promise<GameHandle> {
  core = await mountGame(stage, game, { clock: options.clock ?? 'ticker', seed: options.seed ?? 7 });
  handle = core;
  return core;
}

function unmountCore(): void {
  core?.destroy();
  core = null;
  handle = null;
}

/** Plays one random round of the current game; resolves when its animations end. */
async function playRound(): Promise<void> {
  const h = handle;
  if (!h) throw new Error('nothing mounted');
  if (h.game === 'flip') return h.play(randomFlip());
  if (h.game === 'roll') return h.play(randomRoll(50, 'under'));
  const difficulty = 'medium';
  const traps = randomTraps(difficulty);
  h.setup(roadSetup(difficulty));
  for (let lane = 0; lane < Math.min(6, h.state.lanes); lane++) {
    const trap = traps.includes(lane);
    await h.step(lane, trap ? 'trap' : 'safe');
    if (trap) return h.reveal(traps);
  }
  await h.cashOut();
  return h.reveal(traps);
}

/** Plays rounds back to back for `ms` and returns the frame statistics of that stretch. */
async function playFor(ms: number) {
  const h = handle;
  if (!h) throw new Error('nothing mounted');
  h.resetStats();
  const end = performance.now() + ms;
  while (performance.now() < end) await playRound();
  return h.stats();
}

/** Shows another game on the mounted engine (same Application, new scene). */
async function switchGame(game: GameName): Promise<GameHandle> {
  const engine = handle?.engine;
  if (!engine) throw new Error('nothing mounted');
  const next = await showGame(engine, game);
  if (core) core = Object.assign(next, { destroy: () => engine.destroy() });
  handle = next;
  return next;
}

function canvases(): number {
  return document.querySelectorAll('canvas').length;
}

const api = { mountReact, unmountReact, mountCore, unmountCore, switchGame, playRound, playFor, canvases, get handle() { return handle; }, randomFlip, randomRoll, randomTraps, roadSetup };

declare global {
  interface Window {
    arcadeBench: typeof api;
  }
}

window.arcadeBench = api;
document.body.dataset.ready = 'true';

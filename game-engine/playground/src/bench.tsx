import { Engine, mulberry32 } from '@arcade/game-engine/core';
import { mountGame, showGame, type GameTexts, type MountedGame } from '@arcade/game-engine/games';
import { DIFFICULTY_TRAPS } from '@arcade/game-engine/games/road/plan';
import { GameCanvas, type GameHandle, type GameName } from '@arcade/game-engine/react';
import { createRoot, type Root } from 'react-dom/client';
import { ENGLISH_TEXTS, RUSSIAN_TEXTS } from './labels';
import { randomFlip, randomRoll, randomTraps, roadSetup, rollOutcome } from './outcomes';

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
  /** Frames kept for stats() (the bench keeps every frame of its measured stretch). */
  statsWindow?: number;
  /** The playground's texts to print: English (the default) or Russian. */
  language?: 'en' | 'ru';
  /** Words the canvas prints instead of that language's. */
  texts?: Partial<GameTexts>;
}

/** The playground's texts in the language asked for, with any words the caller gives instead. */
function textsOf(options: MountOptions): GameTexts {
  return { ...(options.language === 'ru' ? RUSSIAN_TEXTS : ENGLISH_TEXTS), ...options.texts };
}

/** Outcomes for the bench come from a seeded sequence, so runs play the same rounds. */
let rng = mulberry32(1);

function mountReact(game: GameName, options: MountOptions = {}): Promise<GameHandle> {
  return new Promise((resolve, reject) => {
    root = createRoot(stage);
    root.render(
      <GameCanvas
        game={game}
        clock={options.clock ?? 'ticker'}
        seed={options.seed ?? 7}
        statsWindow={options.statsWindow}
        texts={textsOf(options)}
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
  // Let anything deferred by the teardown (microtasks, a frame) run before the next step.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Destroys the Application the engine keeps parked for the next mount (see Engine.create) and uninstalls idle fonts. */
function releaseIdle(): void {
  Engine.releaseIdle();
}

/** Uninstalls the fonts no scene uses (they linger for the next mount). */
function releaseIdleFonts(): void {
  Engine.releaseIdleFonts();
}

async function mountCore(game: GameName, options: MountOptions = {}): Promise<GameHandle> {
  core = await mountGame(stage, game, {
    clock: options.clock ?? 'ticker',
    seed: options.seed ?? 7,
    statsWindow: options.statsWindow,
    texts: textsOf(options),
  });
  handle = core;
  return core;
}

function unmountCore(): void {
  core?.destroy();
  core = null;
  handle = null;
}

/**
 * Plays one round of the current game (outcomes from the seeded sequence; `seed` restarts
 * it); resolves when its animations end. Road: a medium road, up to six lanes, then a cash
 * out, then the reveal of the traps.
 */
async function playRound(seed?: number): Promise<void> {
  const h = handle;
  if (!h) throw new Error('nothing mounted');
  if (seed !== undefined) rng = mulberry32(seed);
  if (h.game === 'flip') {
    const side = rng() < 0.5 ? 'heads' : 'tails';
    return h.play({ side, win: rng() < 0.5 });
  }
  if (h.game === 'roll') return h.play(rollOutcome(Math.floor(rng() * 10_001) / 100, 50, 'under'));
  const difficulty = 'medium';
  const slots = Array.from({ length: 25 }, (_, i) => i);
  const traps: number[] = [];
  for (let i = 0; i < DIFFICULTY_TRAPS[difficulty]; i++) traps.push(slots.splice(Math.floor(rng() * slots.length), 1)[0] ?? 0);
  h.setup(roadSetup(difficulty));
  for (let lane = 0; lane < Math.min(6, h.state.lanes); lane++) {
    const trap = traps.includes(lane);
    await h.step(lane, trap ? 'trap' : 'safe');
    if (trap) return h.reveal(traps);
  }
  await h.cashOut();
  return h.reveal(traps);
}

/**
 * Plays rounds back to back for `ms` (at least one whole round) and returns the frame
 * statistics of that stretch and the number of rounds played.
 */
async function playFor(ms: number, seed?: number) {
  const h = handle;
  if (!h) throw new Error('nothing mounted');
  if (seed !== undefined) rng = mulberry32(seed);
  h.resetStats();
  const end = performance.now() + ms;
  let rounds = 0;
  do {
    await playRound();
    rounds += 1;
  } while (performance.now() < end);
  return { ...h.stats(), rounds };
}

/** Shows another game on the mounted engine (same Application, new scene). */
async function switchGame(game: GameName): Promise<GameHandle> {
  const engine = handle?.engine;
  if (!engine) throw new Error('nothing mounted');
  const next = await showGame(engine, game, handle?.texts ?? ENGLISH_TEXTS);
  if (core) core = Object.assign(next, { destroy: () => engine.destroy() });
  handle = next;
  return next;
}

/**
 * One mount/unmount cycle for the heap check: mounts `game` (React binding or core), plays a
 * whole round on the engine clock with `advance` (bursts, banners, counters, traffic), and
 * unmounts.
 */
async function cycle(binding: 'react' | 'core', game: GameName): Promise<void> {
  const h = binding === 'react' ? await mountReact(game) : await mountCore(game);
  // A few renders per stretch: enough to create every GPU-side object, cheap on SwiftShader.
  const step = (ms: number): void => {
    for (let t = 0; t < ms; t += 700) h.advance(Math.min(700, ms - t));
  };
  if (h.game === 'flip') {
    void h.play({ side: 'tails', win: true });
    step(3500);
  } else if (h.game === 'roll') {
    void h.play(rollOutcome(31.4, 50, 'under'));
    step(3500);
  } else {
    h.setup(roadSetup('medium'));
    void h.step(0, 'safe');
    step(1500);
    void h.cashOut();
    step(2500);
    void h.reveal([1, 5, 9]);
    step(2500);
  }
  if (binding === 'react') await unmountReact();
  else unmountCore();
}

function canvases(): number {
  return document.querySelectorAll('canvas').length;
}

const api = {
  mountReact,
  unmountReact,
  mountCore,
  unmountCore,
  releaseIdle,
  releaseIdleFonts,
  switchGame,
  playRound,
  playFor,
  cycle,
  canvases,
  get handle() {
    return handle;
  },
  randomFlip,
  randomRoll,
  randomTraps,
  roadSetup,
};

declare global {
  interface Window {
    arcadeBench: typeof api;
  }
}

window.arcadeBench = api;
document.body.dataset.ready = 'true';

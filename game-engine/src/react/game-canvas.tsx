import { Application, useApplication } from '@pixi/react';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactElement, type RefObject } from 'react';
import { Engine, type ClockMode } from '../core/engine';
import type { Pace } from '../core/pace';
import { showGame, type GameHandles, type GameName, type GameTexts } from '../games/index';

export interface GameCanvasProps<G extends GameName> {
  game: G;
  /** Called with the game's handle once its scene is shown (again after `game` changes). */
  onReady?: (handle: GameHandles[G]) => void;
  /** Called when the engine or the game cannot start (no WebGL, a failed chunk). */
  onError?: (error: Error) => void;
  /** Animation speed (1 = normal). */
  speed?: number;
  /** The player's pace: 'normal', 'fast', or 'instant' (every animation shows its end at once). */
  pace?: Pace;
  /**
   * The words the canvas prints and the formatters of its numbers, in the host's language
   * (the engine has none of its own). A new object shows the game again with them: keep it
   * stable (memoised per language).
   */
  texts: GameTexts;
  /** Seed of cosmetic randomness; outcomes never depend on it. */
  seed?: number;
  /** 'manual' stops the ticker: time moves only on `handle.advance(ms)`. */
  clock?: ClockMode;
  /** Render resolution; default min(devicePixelRatio, 2). */
  resolution?: number;
  /** Frames kept for `stats()` p50/p95 (default 240); read when the canvas mounts. */
  statsWindow?: number;
  className?: string;
  style?: CSSProperties;
}

const hostStyle: CSSProperties = { position: 'relative', width: '100%', height: '100%', overflow: 'hidden' };

/**
 * The engine inside @pixi/react's <Application>: @pixi/react creates the WebGL Application
 * on its canvas and destroys it on unmount; the engine adopts it, follows the host's size,
 * runs the game scene and frees everything it created before @pixi/react tears down.
 */
export function GameCanvas<G extends GameName>(props: GameCanvasProps<G>): ReactElement {
  const { className, style, resolution, clock = 'ticker' } = props;
  const hostRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);
  // Fixed for the canvas's lifetime: changing them would need a new WebGL context.
  const [init] = useState(() => ({
    resolution: resolution ?? Math.min(globalThis.devicePixelRatio || 1, 2),
    autoStart: clock === 'ticker',
  }));
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  return (
    <div ref={hostRef} className={className} style={style ? { ...hostStyle, ...style } : hostStyle}>
      <Application
        preference="webgl"
        antialias={false}
        autoDensity
        backgroundAlpha={0}
        resolution={init.resolution}
        autoStart={init.autoStart}
        sharedTicker={false}
        onInit={Engine.prepareApplication}
      >
        <EngineBridge
          host={hostRef}
          mounted={mounted}
          latest={latest}
          game={props.game}
          texts={props.texts}
          speed={props.speed}
          pace={props.pace}
          clock={clock}
        />
      </Application>
    </div>
  );
}

interface BridgeProps<G extends GameName> {
  host: RefObject<HTMLDivElement | null>;
  mounted: RefObject<boolean>;
  latest: RefObject<GameCanvasProps<G>>;
  game: G;
  texts: GameTexts;
  speed: number | undefined;
  pace: Pace | undefined;
  clock: ClockMode;
}

/** Lives in @pixi/react's tree, where the Application is known. */
function EngineBridge<G extends GameName>({ host, mounted, latest, game, texts, speed, pace, clock }: BridgeProps<G>): null {
  const { app, isInitialised } = useApplication();
  const engineRef = useRef<Engine | null>(null);

  // Layout effects: their cleanup runs before @pixi/react's own destroy of the Application.
  useLayoutEffect(() => {
    const element = host.current;
    if (!isInitialised || !element || !mounted.current || !app.renderer) return;
    const { seed, speed: initialSpeed, pace: initialPace, statsWindow } = latest.current;
    const engine = Engine.adopt(app, { host: element, clock, seed, speed: initialSpeed, pace: initialPace, statsWindow });
    engineRef.current = engine;
    return () => {
      engineRef.current = null;
      engine.destroy();
    };
  }, [app, isInitialised, host, mounted, latest, clock]);

  // The game's scene: swapping games keeps the Application and the engine.
  useLayoutEffect(() => {
    const engine = engineRef.current;
    if (!engine || !isInitialised) return;
    let current = true;
    showGame(engine, game, texts).then(
      (handle) => {
        if (current && mounted.current && !engine.destroyed) latest.current.onReady?.(handle);
      },
      (error: unknown) => {
        if (current && mounted.current) latest.current.onError?.(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      current = false;
      if (!engine.destroyed) engine.clearScene();
    };
  }, [app, isInitialised, game, texts, latest, mounted, clock]);

  useEffect(() => {
    if (speed !== undefined && engineRef.current && !engineRef.current.destroyed) engineRef.current.setSpeed(speed);
  }, [speed, isInitialised]);

  useEffect(() => {
    if (pace !== undefined && engineRef.current && !engineRef.current.destroyed) engineRef.current.setPace(pace);
  }, [pace, isInitialised]);

  return null;
}

import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactElement } from 'react';
import { Engine, type ClockMode } from '../core/engine';
import { showGame, type GameHandles, type GameName } from '../games/index';

export interface GameCanvasProps<G extends GameName> {
  game: G;
  /** Called with the game's handle once its scene is shown (again after `game` changes). */
  onReady?: (handle: GameHandles[G]) => void;
  /** Called when the engine or the game cannot start (no WebGL, a failed chunk). */
  onError?: (error: Error) => void;
  /** Animation speed (1 = normal). */
  speed?: number;
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

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * The engine in a React tree: a host element the canvas fills, an engine created on mount
 * and destroyed on unmount (its Application is parked for the next mount, see
 * `Engine.create`), and the game's scene shown on it; changing `game` swaps the scene on the
 * same canvas. The engine owns its PixiJS Application, so no second React renderer
 * (@pixi/react) runs beside the page's.
 */
export function GameCanvas<G extends GameName>(props: GameCanvasProps<G>): ReactElement {
  const { className, style, game, speed, clock = 'ticker' } = props;
  const hostRef = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  // Fixed for the canvas's lifetime: changing it would need another WebGL context.
  const [resolution] = useState(() => props.resolution ?? Math.min(globalThis.devicePixelRatio || 1, 2));
  const [engine, setEngine] = useState<Engine | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let live = true;
    let created: Engine | null = null;
    const { seed, speed: initialSpeed, statsWindow } = latest.current;
    Engine.create({ host, clock, resolution, seed, speed: initialSpeed, statsWindow }).then(
      (next) => {
        if (!live) {
          next.destroy();
          return;
        }
        created = next;
        setEngine(next);
      },
      (error: unknown) => {
        if (live) latest.current.onError?.(asError(error));
      },
    );
    return () => {
      live = false;
      created?.destroy();
    };
  }, [clock, resolution]);

  // The game's scene: swapping games keeps the Application and the engine.
  useEffect(() => {
    if (!engine || engine.destroyed) return;
    let current = true;
    showGame(engine, game).then(
      (handle) => {
        if (current && !engine.destroyed) latest.current.onReady?.(handle);
      },
      (error: unknown) => {
        if (current) latest.current.onError?.(asError(error));
      },
    );
    return () => {
      current = false;
      if (!engine.destroyed) engine.clearScene();
    };
  }, [engine, game]);

  useEffect(() => {
    if (speed !== undefined && engine && !engine.destroyed) engine.setSpeed(speed);
  }, [engine, speed]);

  return <div ref={hostRef} className={className} style={style ? { ...hostStyle, ...style } : hostStyle} />;
}

import type { GameCanvasProps, GameHandles, GameName, GameTexts } from '@arcade/game-engine/react';
import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import { formatCount, formatHundredths, formatTimes } from '../../lib/format';
import { useGamesT, type GamesT } from './games-texts';
import { nextPace, type Pace } from './pace';
import { DemoOffer, DemoStageMark } from './demo/demo-parts';
import './game-stage.css';

// The engine (PixiJS) loads with the game screens only, after their controls have painted.
const GameCanvas = lazy(() =>
  import('@arcade/game-engine/react').then((module) => ({ default: module.GameCanvas as ComponentType<GameCanvasProps<GameName>> })),
);

export type EngineState = 'loading' | 'ready' | 'failed';

const wordsByLanguage = new Map<string, GameTexts>();

/**
 * The words the canvas prints and its numbers' forms, in the interface language (the one
 * formatter's, so a lane reads as the ladder beside it): one object per language, so the
 * canvas shows its game again only when the language changes. Asked for in that language by
 * name (a render during a language switch may still hold the other language's `t`).
 */
export function canvasWords(gt: GamesT, locale: string): GameTexts {
  const known = wordsByLanguage.get(locale);
  if (known) return known;
  const words: GameTexts = {
    heads: gt('play.canvas.heads', { lng: locale }),
    tails: gt('play.canvas.tails', { lng: locale }),
    win: gt('play.canvas.win', { lng: locale }),
    lose: gt('play.canvas.lose', { lng: locale }),
    under: gt('play.canvas.under', { lng: locale }),
    over: gt('play.canvas.over', { lng: locale }),
    finish: gt('play.canvas.finish', { lng: locale }),
    cashedOut: gt('play.canvas.cashedOut', { lng: locale }),
    crashed: gt('play.canvas.crashed', { lng: locale }),
    lane: gt('play.canvas.lane', { lng: locale }),
    // Multipliers arrive floored to 4 decimals, so 4 decimals give their exact text.
    multiplier: (value) => formatTimes(value.toFixed(4), locale),
    roll: (hundredths) => formatHundredths(hundredths, locale, { fixed: 2 }),
    count: (value) => formatCount(value, locale),
  };
  wordsByLanguage.set(locale, words);
  return words;
}

/** The engine's handle for one game, once its scene is shown; `live()` answers null once it is gone. */
export function useEngineHandle<G extends GameName>() {
  const [handle, setHandle] = useState<GameHandles[G] | null>(null);
  const [failed, setFailed] = useState(false);
  const ref = useRef<GameHandles[G] | null>(null);

  const onReady = useCallback((next: GameHandles[G]) => {
    ref.current = next;
    setHandle(next);
  }, []);
  const onFailed = useCallback((error: Error) => {
    console.warn('[games] the engine could not start; results are shown as text', error);
    ref.current = null;
    setFailed(true);
  }, []);
  const live = useCallback((): GameHandles[G] | null => {
    const current = ref.current;
    return current && !current.disposed ? current : null;
  }, []);

  const stage = useRef<HTMLDivElement>(null);
  /**
   * Scrolls the page back to the table when the player has scrolled it mostly out of sight
   * (between the top bar and the bet dock). The table is sized to fit there at the top of the
   * page, so a bet made from the top never moves the page.
   */
  const bringIntoView = useCallback(() => {
    const element = stage.current;
    if (!element) return;
    const rect = element.getBoundingClientRect();
    const top = document.querySelector('.top-bar')?.getBoundingClientRect().bottom ?? 0;
    const bottom = document.querySelector('.bet-dock')?.getBoundingClientRect().top ?? window.innerHeight;
    const seen = Math.min(rect.bottom, bottom) - Math.max(rect.top, top);
    if (seen >= rect.height * 0.75) return;
    window.scrollBy({ top: rect.top - top - 8, behavior: 'smooth' });
  }, []);

  const state: EngineState = failed ? 'failed' : handle ? 'ready' : 'loading';
  return { handle, state, onReady, onFailed, live, stage, bringIntoView };
}

export type EngineHandle<G extends GameName> = ReturnType<typeof useEngineHandle<G>>;

/** The stage element, with what its canvas draws now for tests and tools (`stage.canvasLabels()`). */
export type StageElement = HTMLDivElement & { canvasLabels?: () => string[] };

/** Lets tests read the texts drawn on the canvas (they are not in the DOM) from the stage element. */
function useCanvasLabels<G extends GameName>(stageRef: RefObject<HTMLDivElement | null>, handle: GameHandles[G] | null | undefined): void {
  useEffect(() => {
    const stage: StageElement | null = stageRef.current;
    if (!stage || !handle) return;
    stage.canvasLabels = () => (handle.disposed ? [] : handle.labels());
    return () => {
      delete stage.canvasLabels;
    };
  }, [stageRef, handle]);
}

class StageBoundary extends Component<{ onError: (error: Error) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

interface GameStageProps<G extends GameName> {
  game: G;
  /** The screen's engine handle (useEngineHandle): the stage starts the canvas into it and skips through it. */
  engine: EngineHandle<G>;
  animating: boolean;
  /** How fast the game animates; with `onPace`, a button on the stage goes round the paces. */
  pace?: Pace;
  onPace?: (pace: Pace) => void;
  /** The pace button is off (while auto-bet runs). */
  paceLocked?: boolean;
  /** The last round's result, in the stage's own bar under the canvas, so it stays on the table. */
  result?: ReactNode;
}

/** The engine's canvas for one game, a note when it cannot run, and a skip button while it animates. */
export function GameStage<G extends GameName>({
  game,
  engine,
  animating,
  pace = 'normal',
  onPace,
  paceLocked = false,
  result = null,
}: GameStageProps<G>) {
  const { gt, locale } = useGamesT();
  const texts = canvasWords(gt, locale);
  const { state, onReady, onFailed, stage: stageRef, handle, live } = engine;
  const ready = useCallback((next: GameHandles[GameName]) => onReady(next as GameHandles[G]), [onReady]);
  useCanvasLabels(stageRef, handle);
  return (
    <div
      ref={stageRef}
      className={`game-stage game-stage--${game}`}
      data-testid="game-stage"
      data-engine={state}
      data-animating={animating}
      data-pace={pace}
      data-canvas-words={
        handle && !handle.disposed
          ? Object.values(handle.texts)
              .filter((value) => typeof value === 'string')
              .join('|')
          : undefined
      }
    >
      <div className="game-stage__view">
        {state === 'failed' ? (
          <p className="game-stage__note">{gt('play.stage.unavailable')}</p>
        ) : (
          <StageBoundary onError={onFailed}>
            <Suspense fallback={null}>
              <GameCanvas game={game} texts={texts} pace={pace} onReady={ready} onError={onFailed} className="game-stage__canvas" />
            </Suspense>
          </StageBoundary>
        )}
        <DemoStageMark />
        {state === 'loading' ? (
          <div className="game-stage__loading" aria-live="polite">
            <span className="spinner" aria-hidden="true" />
            <span className="visually-hidden">{gt('play.stage.loading')}</span>
          </div>
        ) : null}
      </div>
      <div className="game-stage__bar">
        {/* Before a first round, a player with no balance is offered demo play here, where the result will be. */}
        <div className="game-stage__result">{result ?? <DemoOffer game={game} />}</div>
        {animating && state === 'ready' ? (
          <button type="button" className="game-stage__skip" onClick={() => live()?.skip()} data-testid="stage-skip">
            {gt('play.stage.skip')}
          </button>
        ) : null}
        {onPace && state !== 'failed' ? (
          <button
            type="button"
            className={`game-stage__pace game-stage__pace--${pace}`}
            aria-label={gt('play.pace.now', { pace: gt(`play.pace.${pace}`) })}
            disabled={paceLocked}
            data-testid="stage-pace"
            onClick={() => onPace(nextPace(pace))}
          >
            <span aria-hidden="true">{pace === 'instant' ? '⚡' : formatTimes(pace === 'fast' ? '2.5' : '1', locale)}</span>
            <span className="game-stage__pace-name" aria-hidden="true">
              {gt(`play.pace.${pace}`)}
            </span>
          </button>
        ) : null}
      </div>
    </div>
  );
}

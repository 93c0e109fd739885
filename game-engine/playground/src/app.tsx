import { GameCanvas, type GameHandle, type GameName } from '@arcade/game-engine/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readDeepLink, writeGame, type DeepLink } from './deep-link';
import { FlipPanel } from './flip-panel';
import { ENGLISH_TEXTS, RUSSIAN_TEXTS } from './labels';
import { RoadPanel } from './road-panel';
import { RollPanel } from './roll-panel';
import { StatsPanel } from './stats-panel';

const SPEEDS = [0.25, 0.5, 1, 2, 4];
const TITLES: Record<GameName, string> = { flip: 'Flip', roll: 'Roll', road: 'Road' };
/** The canvas's words: English, as game developers read them, and the other language the app ships. */
const LANGUAGES = { en: ENGLISH_TEXTS, ru: RUSSIAN_TEXTS } as const;
type Language = keyof typeof LANGUAGES;

export function App() {
  const [link] = useState<DeepLink>(() => readDeepLink(window.location.search));
  const [game, setGame] = useState<GameName>(link.game);
  const [speed, setSpeed] = useState(link.speed);
  const [handle, setHandle] = useState<GameHandle | null>(null);
  const [frozen, setFrozen] = useState(false);
  const [language, setLanguage] = useState<Language>('en');
  // The deep link's scenario plays once, for the game it names.
  const pendingLink = useRef<DeepLink | null>(link);

  useEffect(() => writeGame(game, speed), [game, speed]);

  const onReady = useCallback((ready: GameHandle) => {
    setHandle(ready);
    setFrozen(false);
  }, []);

  const choose = (next: GameName) => {
    if (next === game) return;
    pendingLink.current = null;
    setHandle(null);
    setGame(next);
  };

  const chooseLanguage = (next: Language) => {
    if (next === language) return;
    // The game is shown again with the other words.
    setHandle(null);
    setLanguage(next);
  };

  const toggleFreeze = () => {
    if (!handle) return;
    if (frozen) handle.resume();
    else handle.freeze();
    setFrozen(!frozen);
  };

  const takeLink = useCallback((): DeepLink | null => {
    const pending = pendingLink.current;
    pendingLink.current = null;
    return pending && pending.game === game ? pending : null;
  }, [game]);

  return (
    <div className="layout">
      <header className="bar">
        <div className="brand">
          <span className="logo">◆</span> TON Arcade <em>engine playground</em>
        </div>
        <nav className="tabs" aria-label="Game">
          {(Object.keys(TITLES) as GameName[]).map((name) => (
            <button key={name} className={name === game ? 'tab active' : 'tab'} onClick={() => choose(name)}>
              {TITLES[name]}
            </button>
          ))}
        </nav>
        <nav className="tabs" aria-label="Language">
          {(Object.keys(LANGUAGES) as Language[]).map((name) => (
            <button
              key={name}
              className={name === language ? 'tab active' : 'tab'}
              onClick={() => chooseLanguage(name)}
              data-language={name}
            >
              {name.toUpperCase()}
            </button>
          ))}
        </nav>
      </header>

      <main className="workbench">
        <section className="stage">
          <div className="phone">
            <GameCanvas
              game={game}
              texts={LANGUAGES[language]}
              speed={speed}
              seed={link.seed}
              onReady={onReady}
              onError={(error) => console.error(error)}
            />
            {handle && <StatsPanel handle={handle} />}
          </div>
        </section>

        <aside className="controls">
          <div className="group">
            <h2>Time</h2>
            <div className="row">
              {SPEEDS.map((value) => (
                <button key={value} className={value === speed ? 'chip active' : 'chip'} onClick={() => setSpeed(value)}>
                  {value}×
                </button>
              ))}
            </div>
            <div className="row">
              <button className="secondary" disabled={!handle} onClick={() => handle?.skip()}>
                Skip to end
              </button>
              <button className={frozen ? 'secondary active' : 'secondary'} disabled={!handle} onClick={toggleFreeze}>
                {frozen ? 'Resume' : 'Freeze'}
              </button>
            </div>
          </div>
          {handle?.game === 'flip' && <FlipPanel handle={handle} takeLink={takeLink} />}
          {handle?.game === 'roll' && <RollPanel handle={handle} takeLink={takeLink} />}
          {handle?.game === 'road' && <RoadPanel handle={handle} takeLink={takeLink} />}
          {!handle && <p className="hint">Loading {TITLES[game]}…</p>}
        </aside>
      </main>
    </div>
  );
}

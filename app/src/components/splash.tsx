import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinArt } from './coin-art';
import './splash.css';

/** Spec section 9: the text switches after 1 s; the styling gets a 3000 ms delay value. */
export const SPLASH_TEXT_SWITCH_MS = 1000;
export const SPLASH_DELAY_MS = 3000;

interface SplashProps {
  delayMs?: number;
}

/** Shown until start-up finishes: background, the coin logo in a progress ring, switching texts. */
export function Splash({ delayMs = SPLASH_DELAY_MS }: SplashProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'started' | 'continued'>('started');

  useEffect(() => {
    const timer = window.setTimeout(() => setPhase('continued'), SPLASH_TEXT_SWITCH_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const style = { '--splash-delay': `${delayMs}ms` } as CSSProperties;

  return (
    <div className="splash" data-testid="splash" data-phase={phase} style={style} role="status" aria-live="polite">
      <div className="splash__backdrop" aria-hidden="true">
        <span className="splash__orb splash__orb--ton" />
        <span className="splash__orb splash__orb--gold" />
      </div>
      <p className="splash__brand">{t('app.name')}</p>
      <div className="splash__logo">
        {/*
          The progress ring fills by turning two half rings into view (transforms only), so the
          compositor animates it while start-up keeps the main thread busy.
        */}
        <div className="splash__ring" aria-hidden="true">
          <span className="splash__ring-track" />
          <span className="splash__ring-window splash__ring-window--right">
            <span className="splash__ring-rotor splash__ring-rotor--first">
              <span className="splash__ring-half splash__ring-half--left" />
            </span>
          </span>
          <span className="splash__ring-window splash__ring-window--left">
            <span className="splash__ring-rotor splash__ring-rotor--second">
              <span className="splash__ring-half splash__ring-half--right" />
            </span>
          </span>
        </div>
        <CoinArt className="splash__coin" size={118} />
        <span className="visually-hidden">{t('splash.progress')}</span>
      </div>
      <div className="splash__texts">
        <div className="splash__text" data-visible={phase === 'started'} aria-hidden={phase !== 'started'}>
          <h1 className="splash__title">{t('splash.started.title')}</h1>
          <p className="splash__description">{t('splash.started.description')}</p>
        </div>
        <div className="splash__text" data-visible={phase === 'continued'} aria-hidden={phase !== 'continued'}>
          <h1 className="splash__title">{t('splash.continued.title')}</h1>
          <p className="splash__description">{t('splash.continued.description')}</p>
        </div>
      </div>
    </div>
  );
}

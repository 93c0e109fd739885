import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import '../styles/base.css';
import { AppRoot } from './app-root';
import { bootAtom } from './boot-state';
import { preloadRoute } from './route-modules';

/**
 * Start-up, once the code to paint the splash is here (main.tsx loads it): paint the splash,
 * then start the host and the session once the rest of start-up's code and the first screen's
 * are here (main.tsx has asked for them already; asked again here in case it could not).
 */
export function boot(): void {
  const startAppModule = import('./start-app');
  preloadRoute(window.location.pathname);

  const store = createStore();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root element not found in the document.');

  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <AppRoot />
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );

  startAppModule
    .then(({ startApp }) => startApp(store))
    .catch((error: unknown) => {
      // Start-up itself broke (not a refused login): log it and say so instead of spinning forever.
      console.error('[start] initialisation failed', error);
      store.set(bootAtom, { phase: 'failed', message: error instanceof Error ? error.message : String(error), serverMessage: null });
    });
}

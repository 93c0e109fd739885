import { createStore, Provider } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { createQueryClient } from '../lib/query-client';
import '../styles/base.css';
import { AppRoot, loadAppReady } from './app-root';
import { bootAtom } from './boot-state';
import { preloadRoute } from './route-modules';

/**
 * Start-up, once the code to paint the splash is here (main.tsx loads it): paint the splash,
 * then, once its code is here too (it was asked for with this, see vite.config.ts), start the
 * host and the session.
 */
export function boot(): void {
  // Already loaded with this chunk on /bonus; other first screens start loading here.
  loadAppReady().catch((error: unknown) => console.error('Error preloading route!', error));
  preloadRoute(window.location.pathname);

  const queryClient = createQueryClient();
  const store = createStore();
  store.set(queryClientAtom, queryClient);

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

  import('./start-app')
    .then(({ startApp }) => startApp(store, queryClient))
    .catch((error: unknown) => {
      // Start-up itself broke (not a refused login): log it and say so instead of spinning forever.
      console.error('[start] initialisation failed', error);
      store.set(bootAtom, { phase: 'failed', message: error instanceof Error ? error.message : String(error), serverMessage: null });
    });
}

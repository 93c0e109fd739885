import { createStore, Provider } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { AppRoot, loadAppReady } from './app/app-root';
import { bootAtom } from './app/boot-state';
import { earlyCalls } from './app/early-calls';
import EarlyCallsWorker from './app/early-worker?worker&inline';
import { preloadRoute } from './app/route-modules';
import { i18n } from './i18n/i18n';
import { installChunkReload } from './lib/chunk-reload';
import { createQueryClient } from './lib/query-client';
import './styles/base.css';

// Ask for the start-up code first, so it downloads while the splash paints; meanwhile the
// network logs in and loads the first screen's data (start-up's API client picks that up).
const startAppModule = import('./app/start-app');
earlyCalls.start(() => new EarlyCallsWorker({ name: 'early-calls' }));
// The app's own code and the first screen's come along at once, instead of after log-in.
loadAppReady().catch((error: unknown) => console.error('Error preloading route!', error));
preloadRoute(window.location.pathname);

installChunkReload();

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

startAppModule
  .then(({ startApp }) => startApp(store, queryClient))
  .catch((error: unknown) => {
    // Start-up itself broke (not a refused login): log it and say so instead of spinning forever.
    console.error('[start] initialisation failed', error);
    store.set(bootAtom, { phase: 'failed', message: error instanceof Error ? error.message : String(error), serverMessage: null });
  });

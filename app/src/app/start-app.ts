import type { createStore } from 'jotai';
import type { DataRouter } from 'react-router-dom';
import { queryClientAtom } from 'jotai-tanstack-query';
import { prefetchBonusStateAtom } from '../features/bonus/bonus-state';
import { changeAppLanguage, i18n, toAppLanguage } from '../i18n/i18n';
import { createAppApi } from '../lib/api';
import { appConfig } from '../lib/config';
import { createQueryClient } from '../lib/query-client';
import { hostStart } from '../telegram/early-host';
import { AppReady } from './app-ready';
import { appViewAtom, bootAtom, retryLoginAtom } from './boot-state';
import { earlyCalls } from './early-calls';
import { canonicalPath } from './route-paths';
import { createAppRouter } from './routes';
import { startSession } from './start-session';

type Store = ReturnType<typeof createStore>;

/** The first screens whose data start-up loads with the full profile (the early calls' SCREEN_CALLS). */
const SCREEN_DATA: Readonly<Record<string, typeof prefetchBonusStateAtom>> = {
  '/': prefetchBonusStateAtom,
  '/bonus': prefetchBonusStateAtom,
};

/** Settles once the router has loaded its first match's lazy modules (or failed to: it then shows the error). */
function whenInitialized(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Start-up outside React: the splash is already on screen. Host first (launch data, SDK,
 * viewport; the entry has usually started it by now), then the router (its first screen's
 * code loads while we log in), then the session.
 */
export async function startApp(store: Store): Promise<void> {
  // The data cache comes with this code (the splash needs none of it).
  const queryClient = createQueryClient();
  store.set(queryClientAtom, queryClient);
  const config = appConfig();
  // Usually started already by the entry (telegram/early-host.ts); this is the same start.
  const host = await hostStart();
  if (host.kind === 'unsupported') {
    console.warn(`[start] not opened in Telegram: ${host.reason}`);
    // No profile will ever say which language: the page's ?lang= (the legal pages' language
    // links), else the browser's, is the best guess here.
    const asked = new URLSearchParams(window.location.search).get('lang');
    await changeAppLanguage(i18n, toAppLanguage(asked ?? navigator.language));
    store.set(bootAtom, { phase: 'unsupported' });
    return;
  }

  // The app's own code and the first screen's came with start-up's (app/boot.tsx); the router
  // loads its first match's module (already asked for) while we log in. The splash gives way to
  // the app once both are done, so the app's first render already has its screen.
  const router = createAppRouter();
  void whenInitialized(router).then(() => store.set(appViewAtom, { router, Shell: AppReady }));

  // Answers the entry chunk already asked for (same request, same token) come from there.
  const api = createAppApi({ appKey: config.appKey, fetch: earlyCalls.fetch });
  const run = () =>
    startSession(
      {
        store,
        api,
        queryClient,
        changeLanguage: (lang) => changeAppLanguage(i18n, toAppLanguage(lang)),
        prefetchScreen: () => {
          const prefetch = SCREEN_DATA[canonicalPath(window.location.pathname)];
          return prefetch ? store.set(prefetch) : Promise.resolve();
        },
      },
      { initData: host.initData, userId: host.userId },
    );
  store.set(retryLoginAtom, {
    retry: () => {
      run().catch((error: unknown) => console.error('[start] retry failed', error));
    },
  });
  await run();
}

import type { createStore } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import { changeAppLanguage, i18n, toAppLanguage } from '../i18n/i18n';
import { createAppApi } from '../lib/api';
import { appConfig } from '../lib/config';
import { createQueryClient } from '../lib/query-client';
import { startHost } from '../telegram/start-host';
import { bootAtom, retryLoginAtom, routerAtom } from './boot-state';
import { earlyCalls } from './early-calls';
import { createAppRouter } from './routes';
import { startSession } from './start-session';

type Store = ReturnType<typeof createStore>;

/**
 * Start-up outside React: the splash is already on screen. Host first (launch data, SDK,
 * viewport), then the router (its first screen's code loads while we log in), then the session.
 */
export async function startApp(store: Store): Promise<void> {
  // The data cache comes with this code (the splash needs none of it).
  const queryClient = createQueryClient();
  store.set(queryClientAtom, queryClient);
  const config = appConfig();
  const host = await startHost(config.appKey);
  if (host.kind === 'unsupported') {
    console.warn(`[start] not opened in Telegram: ${host.reason}`);
    // No profile will ever say which language: the browser's is the best guess here.
    await changeAppLanguage(i18n, toAppLanguage(navigator.language));
    store.set(bootAtom, { phase: 'unsupported' });
    return;
  }

  // The app's own code and the first screen's came with start-up's (app/boot.tsx).
  store.set(routerAtom, createAppRouter());

  // Answers the entry chunk already asked for (same request, same token) come from there.
  const api = createAppApi({ appKey: config.appKey, fetch: earlyCalls.fetch });
  const run = () =>
    startSession(
      { store, api, queryClient, changeLanguage: (lang) => changeAppLanguage(i18n, toAppLanguage(lang)) },
      { initData: host.initData, userId: host.userId },
    );
  store.set(retryLoginAtom, {
    retry: () => {
      run().catch((error: unknown) => console.error('[start] retry failed', error));
    },
  });
  await run();
}

import { ApiError } from '@arcade/api-client/errors';
import type { AuthResult } from '@arcade/api-client/schemas';
import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { DataRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { changeAppLanguage, i18n, textsArrived, toAppLanguage } from '../i18n/i18n';
import { createAppApi } from '../lib/api';
import { appConfig } from '../lib/config';
import { apiAtom, sessionAtom } from '../state/session';
import type { HostStart } from '../telegram/start-host';
import '../styles/base.css';
import { AppRoot, type StartView } from './app-root';
import { preloadRoute } from './route-modules';

/** The login the page's entry sent before this code was here (main.tsx), and the launch data it sent. */
export interface EntryLogin {
  initData: string;
  reply: Promise<Response>;
}

export interface StartOptions {
  entryLogin?: EntryLogin | null;
  /** The host's start (launch data, SDK, host parts); telegram/start-host.ts unless a test gives one. */
  host?: () => Promise<HostStart>;
  /** The API's fetch; the page's unless a test gives one. */
  fetch?: typeof globalThis.fetch;
  /** Where each step's view goes; the page's #root unless a test gives one. */
  show?: (view: StartView) => void;
}

/**
 * Start-up, from the launch data to the first screen (spec section 4), in two API round trips:
 * the login, whose reply carries the light profile and so its language; then the full profile
 * and the first screen's data side by side. The splash shows from the first line on; a refused
 * login ends on the error screen (Retry logs in again), a page outside Telegram on its own screen.
 */
export async function start(options: StartOptions = {}): Promise<StartView> {
  const store = createStore();
  const show = options.show ?? showInPage(store);
  const shown = (view: StartView) => {
    show(view);
    return view;
  };
  shown({ phase: 'starting' });

  try {
    // 1. The launch data: the host SDK's, or in a plain browser a development launch.
    const host = await (options.host ?? startPageHost)();
    if (host.kind === 'unsupported') {
      console.warn(`[start] not opened in Telegram: ${host.reason}`);
      // No profile will say which language: the page's ?lang= (the legal pages' language links),
      // else the browser's.
      const asked = new URLSearchParams(window.location.search).get('lang');
      await changeAppLanguage(i18n, toAppLanguage(asked ?? navigator.language));
      return shown({ phase: 'unsupported' });
    }
    const { initData, userId } = host;

    // The first screen's code (the router and its first match) and start-up's data part load while we log in.
    const firstScreen = openFirstScreen();
    const data = import('./start-data').then(({ startData }) => startData(store));
    const api = createAppApi({ appKey: appConfig().appKey, ...(options.fetch ? { fetch: options.fetch } : {}) });
    store.set(apiAtom, api);

    const logIn = async (sent?: Promise<Response>): Promise<StartView> => {
      shown({ phase: 'starting' });

      // 2. Log in: round trip 1. The entry sent it already for this launch; start-up checks its reply.
      let auth: AuthResult;
      try {
        auth = await api.login(initData, sent);
      } catch (error) {
        console.error('[start] login failed', error);
        store.set(sessionAtom, null);
        const retry = () => void logIn();
        return shown({ phase: 'failed', message: messageOf(error), serverMessage: serverMessageOf(error), retry });
      }
      store.set(sessionAtom, { userId, expiresAt: auth.expired_at });

      try {
        // 3. The light profile and its language; 4. round trip 2, once onboarding is completed:
        // the full profile and the first screen's data side by side (start-data.ts).
        await (await data).load(api, userId, auth);
      } catch (error) {
        // The onboarding gate and the screens show what is missing.
        console.error('[start] loading the profile failed', error);
      }

      // 5. The first screen, once its code and the texts that code brings are here.
      const screen = await firstScreen;
      await textsArrived(i18n);
      return shown({ phase: 'ready', ...screen });
    };
    const entryReply = options.entryLogin?.initData === initData ? options.entryLogin.reply : undefined;
    return await logIn(entryReply);
  } catch (error) {
    // Start-up itself broke (its code did not load, say): say so instead of spinning forever.
    console.error('[start] initialisation failed', error);
    return shown({ phase: 'failed', message: messageOf(error), serverMessage: null, retry: () => window.location.reload() });
  }
}

/** Renders each view into the page's #root, inside the app's providers. */
function showInPage(store: ReturnType<typeof createStore>): (view: StartView) => void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root element not found in the document.');
  const root = createRoot(container);
  return (view) =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <I18nextProvider i18n={i18n}>
            <AppRoot view={view} />
          </I18nextProvider>
        </Provider>
      </StrictMode>,
    );
}

/** The page's host: its own chunk (vite.config.ts), which the entry has asked for already. */
async function startPageHost(): Promise<HostStart> {
  const { startHost } = await import('../telegram/start-host');
  return startHost(appConfig().appKey);
}

/** The router with its first match's code loaded, and the shell that shows it (app-ready.tsx). */
async function openFirstScreen(): Promise<{ router: DataRouter; Shell: typeof import('./app-ready').AppReady }> {
  preloadRoute(window.location.pathname);
  const [{ createAppRouter }, { AppReady }] = await Promise.all([import('./routes'), import('./app-ready')]);
  const router = createAppRouter();
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  }
  return { router, Shell: AppReady };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The server's own words, when the failure carries them. */
function serverMessageOf(error: unknown): string | null {
  if (!ApiError.is(error)) return null;
  if (error.kind === 'failure') return error.message || null;
  if (error.kind === 'invalid-response') return error.detail || null;
  return null;
}

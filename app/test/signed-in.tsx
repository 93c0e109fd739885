import { render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { createStore, Provider } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { AppLanguage } from '../src/i18n/i18n';
import { createAppApi } from '../src/lib/api';
import { createQueryClient } from '../src/lib/query-client';
import { apiAtom, sessionAtom } from '../src/state/session';
import { createI18n } from './i18n-helper';

interface SignedInOptions {
  /** Where the app's API calls go: a stub server's fetch. */
  fetch: typeof globalThis.fetch;
  /** Registers the texts of the feature under test. */
  texts: (i18n: I18n) => void;
  lang?: AppLanguage;
  /** The query client, when the test reads or seeds its cache. */
  client?: ReturnType<typeof createQueryClient>;
  /** The router's starting address. */
  path?: string;
}

/**
 * Renders part of the app for player 7, signed in and calling the API through `fetch`, inside the
 * store, texts and router the app gives it; returns the store.
 */
export function renderSignedIn(ui: ReactNode, { fetch, texts, lang = 'en', client = createQueryClient(), path = '/' }: SignedInOptions) {
  const store = createStore();
  store.set(queryClientAtom, client);
  store.set(apiAtom, createAppApi({ appKey: 'test-key', fetch }));
  store.set(sessionAtom, { userId: '7', expiresAt: 2_000_000_000 });
  const i18n = createI18n(lang);
  texts(i18n);
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return store;
}

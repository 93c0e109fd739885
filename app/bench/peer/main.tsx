import { QueryClient } from '@tanstack/query-core';
import {
  backButton,
  init,
  initData,
  miniApp,
  retrieveLaunchParams,
  retrieveRawInitData,
  settingsButton,
  swipeBehavior,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
import { type } from 'arktype';
import i18next from 'i18next';
import { createStore, Provider, useAtomValue } from 'jotai';
import { atomWithQuery, queryClientAtom } from 'jotai-tanstack-query';
import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

// The first-screen benchmark's peer (app/bench/first-screen.mjs): a bare page built with
// app/vite.config.ts from the same libraries the product's first screen loads, each used for the
// same kind of work and nothing more: the host SDK initialised with the same host parts
// mounted, arktype validating a reply shaped like the light profile, i18next with one language's
// texts through react-i18next, jotai holding a query of @tanstack/query-core (jotai-tanstack-query),
// react-router-dom's data router, React DOM. TON Connect UI is deferred as in the product: it loads
// only when the wallet button is pressed. No API calls, no styles, no texts beyond a heading.

function attempt(call: () => void): void {
  try {
    call();
  } catch {
    // A host part this host lacks: the product logs and goes on; so does the peer.
  }
}

const launch = retrieveLaunchParams();
init();
attempt(() => backButton.mount.ifAvailable());
attempt(() => initData.restore());
attempt(() => {
  if (miniApp.mount.isAvailable()) {
    themeParams.mount.ifAvailable();
    miniApp.mount();
  }
  if (!themeParams.isCssVarsBound()) themeParams.bindCssVars.ifAvailable();
  if (!miniApp.isCssVarsBound()) miniApp.bindCssVars.ifAvailable();
});
attempt(() => settingsButton.mount.ifAvailable());
attempt(() => {
  const mounted = viewport.mount.ifAvailable({ timeout: 3000 });
  if (mounted.ok) void mounted.data.then(() => viewport.bindCssVars.ifAvailable()).catch(() => undefined);
});
attempt(() => {
  swipeBehavior.mount.ifAvailable();
  swipeBehavior.disableVertical.ifAvailable();
});
attempt(() => miniApp.ready.ifAvailable());

const Profile = type({
  balance: { ton: /^(0|[1-9]\d{0,8})(\.\d{1,9})?$/, bonusTon: /^(0|[1-9]\d{0,8})(\.\d{1,9})?$/ },
  name: 'string',
  avatarUrl: 'string',
  onboardingCompleted: 'boolean',
  onboardingWalletCompleted: 'boolean',
  lang: 'string',
});

const user = launch.tgWebAppData?.user;
const reply = {
  balance: { ton: '0', bonusTon: '0' },
  name: user?.first_name ?? 'Player',
  avatarUrl: '',
  onboardingCompleted: true,
  onboardingWalletCompleted: false,
  lang: user?.language_code ?? 'en',
};

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: { bonus: { title: 'Bonus', hello: 'Hello, {{name}}', wallet: 'Connect wallet' } } } },
  initAsync: false,
  interpolation: { escapeValue: false },
});

const profileAtom = atomWithQuery(() => ({
  queryKey: ['profile', String(user?.id ?? 'anonymous'), retrieveRawInitData() ? 'signed' : 'unsigned'],
  queryFn: () => {
    const checked = Profile(reply);
    if (checked instanceof type.errors) throw new Error(checked.summary);
    return checked;
  },
}));

const Wallet = lazy(() => import('./wallet'));

function Bonus() {
  // The app's texts are typed (src/i18n/i18next.d.ts); the peer's own three are not among them.
  const t = useTranslation().t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const profile = useAtomValue(profileAtom);
  const [wallet, setWallet] = useState(false);
  if (!profile.data) return null;
  return (
    <main style={{ padding: 16 }}>
      <h1 data-testid="peer-title">{t('bonus.title')}</h1>
      <p data-testid="peer-profile">{t('bonus.hello', { name: profile.data.name })}</p>
      {wallet ? (
        <Suspense fallback={null}>
          <Wallet />
        </Suspense>
      ) : (
        <button type="button" data-testid="peer-ready" onClick={() => setWallet(true)}>
          {t('bonus.wallet')}
        </button>
      )}
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', Component: Bonus }]);
const store = createStore();
store.set(queryClientAtom, new QueryClient());

const container = document.getElementById('root');
if (!container) throw new Error('#root element not found in the document.');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);

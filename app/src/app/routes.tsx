import { createBrowserRouter, replace, type DataRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { RouteErrorView, ScreenErrorView } from '../components/route-error-view';
import { i18n, textsArrived } from '../i18n/i18n';
import type { SearchSchema } from '../lib/validated-search';
import { MainLayout } from './main-layout';
import { RootLayout } from './root-layout';
import { assertUniqueRouteIds } from './route-ids';
import { routeModules, type RouteModuleName } from './route-modules';
import { canonicalLocation, canonicalPath } from './route-paths';

/**
 * A search-checking loader whose schema comes with its screen's code (the same chunk the route
 * loads anyway), so the first screen neither downloads nor builds the other screens' schemas
 * (nor the search checking itself).
 */
function lazySearchLoader(loadSchema: () => Promise<SearchSchema>) {
  return async (args: LoaderFunctionArgs) => {
    const [{ searchLoader }, schema] = await Promise.all([import('../lib/validated-search'), loadSchema()]);
    return searchLoader(schema, canonicalPath)(args);
  };
}

/**
 * A screen's code, rendered once the texts it brings are here too: a screen whose other-language
 * texts are fetched when its code arrives (bonus-texts.ts) would otherwise show their keys.
 */
function lazyScreen(id: RouteModuleName) {
  return async () => {
    const module = await routeModules[id]();
    await textsArrived(i18n);
    return module;
  };
}

function screen(id: RouteModuleName, path: string, extra: Partial<RouteObject> = {}): RouteObject {
  return { id, path, lazy: lazyScreen(id), ErrorBoundary: ScreenErrorView, ...extra };
}

/** Spec section 2: the route table. Every screen is lazy; ids are unique (checked at start). */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorView,
    HydrateFallback: () => null,
    children: [
      {
        id: 'home',
        index: true,
        loader: ({ request }: LoaderFunctionArgs) => {
          const url = new URL(request.url);
          return replace(`/bonus${url.search}${url.hash}`);
        },
      },
      screen('profile', 'profile'),
      // Open before onboarding too (root-layout.tsx): the onboarding links to them.
      { id: 'terms', path: 'terms', lazy: lazyScreen('legal'), ErrorBoundary: ScreenErrorView },
      { id: 'privacy', path: 'privacy', lazy: lazyScreen('legal'), ErrorBoundary: ScreenErrorView },
      {
        id: 'main',
        Component: MainLayout,
        children: [
          screen('bonus', 'bonus'),
          screen('deposit', 'deposit'),
          screen('withdraw', 'withdraw'),
          screen('wallet', 'wallet'),
          screen('market', 'market', {
            loader: lazySearchLoader(() => import('../features/market/market-search').then((m) => m.MarketSearch)),
          }),
          screen('referral', 'referral'),
          screen('achievements', 'achievements'),
          screen('flip', 'flip'),
          screen('roll', 'roll', { loader: lazySearchLoader(() => import('../features/games/roll-search').then((m) => m.RollSearch)) }),
          screen('road', 'road'),
          screen('fairness', 'fairness'),
          screen('play', 'profile/play'),
        ],
      },
      { id: 'not-found', path: '*', lazy: lazyScreen('notFound') },
    ],
  },
];

/** Creates the browser router once the launch is known (the URL may just have changed). */
export function createAppRouter(routes: RouteObject[] = appRoutes): DataRouter {
  assertUniqueRouteIds(routes);
  // Put a differently-cased or slash-ended address right before the first match.
  const next = canonicalLocation(window.location);
  if (next !== null) window.history.replaceState(window.history.state, '', next);
  return createBrowserRouter(routes);
}

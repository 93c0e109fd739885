import { createBrowserRouter, replace, type DataRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RouteErrorView, ScreenErrorView } from '../components/route-error-view';
import { RollSearch } from '../features/games/roll-search';
import { MarketSearch } from '../features/market/market-search';
import { searchLoader } from '../lib/validated-search';
import { MainLayout } from './main-layout';
import { RootLayout } from './root-layout';
import { assertUniqueRouteIds } from './route-ids';
import { routeModules, type RouteModuleName } from './route-modules';
import { canonicalLocation, canonicalPath } from './route-paths';

function screen(id: RouteModuleName, path: string, extra: Partial<RouteObject> = {}): RouteObject {
  return { id, path, lazy: routeModules[id], ErrorBoundary: ScreenErrorView, ...extra };
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
      {
        id: 'main',
        Component: MainLayout,
        children: [
          screen('bonus', 'bonus'),
          screen('deposit', 'deposit'),
          screen('withdraw', 'withdraw'),
          screen('wallet', 'wallet'),
          screen('market', 'market', { loader: searchLoader(MarketSearch, canonicalPath) }),
          screen('referral', 'referral'),
          screen('achievements', 'achievements'),
          screen('flip', 'flip'),
          screen('roll', 'roll', { loader: searchLoader(RollSearch, canonicalPath) }),
          screen('road', 'road'),
          screen('fairness', 'fairness'),
        ],
      },
      { id: 'not-found', path: '*', lazy: routeModules.notFound },
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

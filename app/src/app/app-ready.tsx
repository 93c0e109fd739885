import { preloadCalls } from '@arcade/api-client/client';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { RouterProvider, type DataRouter } from 'react-router-dom';
import { RoutePreloadContext } from '../components/prefetch-link';
import { whenIdle } from '../lib/idle';
import { isToastAreaWanted, subscribeToastArea, wantToastArea } from '../lib/toast';
import { preloadRoute } from './route-modules';

// react-toastify and its styles are not needed to show the first screen.
const ToastArea = lazy(() => import('../lib/toast-area').then((module) => ({ default: module.ToastArea })));

/** After the app has been shown for a while the toast area mounts ahead of the first toast. */
export const TOAST_AREA_DELAY_MS = 3000;

/** The toast area: mounted with the first toast, or once the first screen has settled. */
function DeferredToastArea() {
  const wanted = useSyncExternalStore(subscribeToastArea, isToastAreaWanted, isToastAreaWanted);
  useEffect(() => {
    if (wanted) return;
    const timer = window.setTimeout(() => whenIdle(wantToastArea), TOAST_AREA_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  ) : null;
}

interface AppReadyProps {
  router: DataRouter;
}

/**
 * After start-up: the router and the toast area. TON Connect UI is not started here: the
 * wallet widget (deposit, withdraw, wallet screens) loads it with its own chunk when shown.
 */
export function AppReady({ router }: AppReadyProps) {
  // The API calls past the first screen (their schemas) load once it has settled, ahead of use.
  useEffect(() => {
    let cancelIdle = () => undefined as void;
    const timer = window.setTimeout(() => {
      cancelIdle = whenIdle(() => {
        preloadCalls().catch((error: unknown) => console.warn('[api] the other calls did not load yet', error));
      });
    }, TOAST_AREA_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      cancelIdle();
    };
  }, []);
  return (
    <RoutePreloadContext value={preloadRoute}>
      <RouterProvider router={router} />
      <DeferredToastArea />
    </RoutePreloadContext>
  );
}

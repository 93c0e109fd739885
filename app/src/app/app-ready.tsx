import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RoutePreloadContext } from '../components/prefetch-link';
import { ToastArea } from '../lib/toast-area';
import { preloadRoute } from './route-modules';

// TON Connect UI is large: it loads after the first screen has painted, in its own chunk.
const TonConnectRoot = lazy(() => import('../lib/ton-connect'));

function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setPainted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted ? children : null;
}

interface AppReadyProps {
  router: DataRouter;
  /** Called once mounted, so the splash can step aside. */
  onShown: () => void;
}

/** After start-up: the router, the toast area and the wallet connection provider. */
export default function AppReady({ router, onShown }: AppReadyProps) {
  useEffect(() => onShown(), [onShown]);
  return (
    <RoutePreloadContext value={preloadRoute}>
      <RouterProvider router={router} />
      <ToastArea />
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <TonConnectRoot />
        </Suspense>
      </AfterFirstPaint>
    </RoutePreloadContext>
  );
}

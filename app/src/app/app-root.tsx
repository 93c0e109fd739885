import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useState } from 'react';
import { LoginError } from '../components/login-error';
import { OpenInTelegram } from '../components/open-in-telegram';
import { Splash } from '../components/splash';
import { bootAtom, retryLoginAtom, routerAtom } from './boot-state';

/** The router, screens and toasts: not needed to paint the splash; start-up preloads them. */
export const loadAppReady = () => import('./app-ready');
const AppReady = lazy(loadAppReady);

/**
 * The splash stays mounted in one place (so its animation and texts do not restart) until
 * the app under it has mounted; unsupported and failed start-ups get their own screens.
 */
export function AppRoot() {
  const boot = useAtomValue(bootAtom);
  const router = useAtomValue(routerAtom);
  const retry = useAtomValue(retryLoginAtom);
  const [appShown, setAppShown] = useState(false);
  const onShown = useCallback(() => setAppShown(true), []);

  if (boot.phase === 'unsupported') return <OpenInTelegram />;
  if (boot.phase === 'failed') {
    return <LoginError message={boot.message} serverMessage={boot.serverMessage} onRetry={() => (retry ? retry.retry() : window.location.reload())} />;
  }

  const ready = boot.phase === 'ready' && router !== null;
  return (
    <>
      {ready ? (
        <Suspense fallback={null}>
          <AppReady router={router} onShown={onShown} />
        </Suspense>
      ) : null}
      {ready && appShown ? null : <Splash />}
    </>
  );
}

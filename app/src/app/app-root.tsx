import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { LoginError } from '../components/login-error';
import { OpenInTelegram } from '../components/open-in-telegram';
import { Splash } from '../components/splash';
import { legalPageAt } from '../features/legal/legal-pages';
import { appViewAtom, bootAtom, retryLoginAtom } from './boot-state';

// A wallet opens the manifest's terms and privacy links in a plain browser: no launch, no login.
const LegalStandalone = lazy(() => import('../features/legal/legal-standalone'));

/**
 * The splash until start-up is done and the app's code is here, then the app in its place (in
 * the same commit: the shell is never suspended, so nothing blank shows between the two);
 * unsupported and failed start-ups get their own screens.
 */
export function AppRoot() {
  const boot = useAtomValue(bootAtom);
  const app = useAtomValue(appViewAtom);
  const retry = useAtomValue(retryLoginAtom);

  if (boot.phase === 'unsupported') {
    const page = legalPageAt(window.location.pathname);
    if (page === null) return <OpenInTelegram />;
    return (
      <Suspense fallback={<Splash />}>
        <LegalStandalone page={page} />
      </Suspense>
    );
  }
  if (boot.phase === 'failed') {
    return (
      <LoginError
        message={boot.message}
        serverMessage={boot.serverMessage}
        onRetry={() => (retry ? retry.retry() : window.location.reload())}
      />
    );
  }
  if (boot.phase === 'ready' && app !== null) return <app.Shell router={app.router} />;
  return <Splash />;
}

import { lazy, Suspense, type ComponentType } from 'react';
import type { DataRouter } from 'react-router-dom';
import { LoginError } from '../components/login-error';
import { OpenInTelegram } from '../components/open-in-telegram';
import { Splash } from '../components/splash';
import { legalPageAt } from '../features/legal/legal-pages';

// A wallet opens the manifest's terms and privacy links in a plain browser: no launch, no login.
const LegalStandalone = lazy(() => import('../features/legal/legal-standalone'));

/** What start-up (app/start.tsx) shows, step by step. */
export type StartView =
  | { phase: 'starting' }
  | { phase: 'unsupported' }
  | { phase: 'failed'; message: string; serverMessage: string | null; retry: () => void }
  /** The router (its first screen's code loaded) and the shell that shows it (app-ready.tsx). */
  | { phase: 'ready'; router: DataRouter; Shell: ComponentType<{ router: DataRouter }> };

/**
 * The splash until start-up is done, then the app in its place (in one commit: the shell is
 * never suspended, so nothing blank shows between the two); unsupported and failed start-ups get
 * their own screens.
 */
export function AppRoot({ view }: { view: StartView }) {
  switch (view.phase) {
    case 'unsupported': {
      const page = legalPageAt(window.location.pathname);
      if (page === null) return <OpenInTelegram />;
      return (
        <Suspense fallback={<Splash />}>
          <LegalStandalone page={page} />
        </Suspense>
      );
    }
    case 'failed':
      return <LoginError message={view.message} serverMessage={view.serverMessage} onRetry={view.retry} />;
    case 'ready':
      return <view.Shell router={view.router} />;
    case 'starting':
      return <Splash />;
  }
}

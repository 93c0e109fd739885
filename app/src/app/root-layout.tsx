import { useCallback } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router-dom';
import { legalPageAt } from '../features/legal/legal-pages';
import { OnboardingGate } from '../features/onboarding/onboarding-gate';
import { isTabRoot, useGoBack } from '../lib/navigation';
import { useBackButton } from '../telegram/back-button';
import { useSettingsButton } from '../telegram/settings-button';
import { canonicalLocation } from './route-paths';

/**
 * The root route: the path policy (case and trailing slash), scroll restoration per history
 * entry, the host's back and settings buttons, and the onboarding gate (not before the legal pages).
 */
export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const canonical = canonicalLocation(location);
  const goBack = useGoBack(location.pathname);

  useBackButton(canonical === null && !isTabRoot(location.pathname), goBack);
  useSettingsButton(
    useCallback(() => {
      if (window.location.pathname !== '/profile') void navigate('/profile');
    }, [navigate]),
  );

  if (canonical !== null) return <Navigate to={canonical} replace />;

  return (
    <>
      <ScrollRestoration />
      {/* The terms and the privacy policy are read before onboarding is done (it links to them). */}
      {legalPageAt(location.pathname) ? (
        <Outlet />
      ) : (
        <OnboardingGate>
          <Outlet />
        </OnboardingGate>
      )}
    </>
  );
}

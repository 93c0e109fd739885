import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { BottomNav } from '../components/bottom-nav';
import { TopBar } from '../components/top-bar';
import { BonusReleaseWatch } from '../features/wallet/bonus-release-watch';
import { isTabRoot, useGoBack } from '../lib/navigation';
import { hasNativeBackButton } from '../telegram/back-button';
import '../components/primitives';
import './main-layout.css';

/** The reality check's code comes after the first screen. */
const RealityCheck = lazy(() => import('../features/play/reality-check').then((module) => ({ default: module.RealityCheck })));

/** The top bar, the screen (the document scrolls, so scroll restoration works) and the tabs. */
export function MainLayout() {
  const { pathname } = useLocation();
  const goBack = useGoBack(pathname);
  const drawBack = !isTabRoot(pathname) && !hasNativeBackButton();
  return (
    <div className="main-layout" data-testid="main-layout">
      <TopBar onBack={drawBack ? goBack : undefined} />
      <main className="main-layout__content">
        <Outlet />
      </main>
      <BottomNav />
      <BonusReleaseWatch />
      <Suspense fallback={null}>
        <RealityCheck />
      </Suspense>
    </div>
  );
}

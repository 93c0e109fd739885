import type { ComponentType } from 'react';
import { canonicalPath } from './route-paths';

export interface ScreenModule {
  Component: ComponentType;
}

/**
 * Every screen's code, one dynamic import each. The route table's `lazy` and PrefetchLink
 * use this same map, so a preloaded module is the one the router later renders.
 */
export const routeModules = {
  profile: () => import('./profile-route'),
  play: () => import('../features/play/play-screen'),
  bonus: () => import('../features/bonus/bonus-screen'),
  deposit: () => import('../features/wallet/deposit-screen'),
  withdraw: () => import('../features/wallet/withdraw-screen'),
  wallet: () => import('../features/wallet/wallet-screen'),
  market: () => import('../features/market/market-screen'),
  referral: () => import('../features/referral/referral-screen'),
  achievements: () => import('./achievements-route'),
  flip: () => import('./flip-route'),
  roll: () => import('./roll-route'),
  road: () => import('./road-route'),
  fairness: () => import('../features/fairness/fairness-screen'),
  legal: () => import('../features/legal/legal-screen'),
  notFound: () => import('../components/not-found-screen'),
} satisfies Record<string, () => Promise<ScreenModule>>;

export type RouteModuleName = keyof typeof routeModules;

const modulesByPath: ReadonlyMap<string, RouteModuleName> = new Map<string, RouteModuleName>([
  ['/', 'bonus'],
  ['/profile', 'profile'],
  ['/profile/play', 'play'],
  ['/bonus', 'bonus'],
  ['/deposit', 'deposit'],
  ['/withdraw', 'withdraw'],
  ['/wallet', 'wallet'],
  ['/market', 'market'],
  ['/referral', 'referral'],
  ['/achievements', 'achievements'],
  ['/flip', 'flip'],
  ['/roll', 'roll'],
  ['/road', 'road'],
  ['/fairness', 'fairness'],
  ['/terms', 'legal'],
  ['/privacy', 'legal'],
]);

export function moduleForPath(pathname: string): RouteModuleName | undefined {
  return modulesByPath.get(canonicalPath(pathname));
}

/** Loads a screen's code ahead of navigation; failures are only logged (spec: 'Error preloading route!'). */
export function preloadRoute(pathname: string): void {
  const name = moduleForPath(pathname);
  if (!name) return;
  routeModules[name]().catch((error: unknown) => console.error('Error preloading route!', error));
}

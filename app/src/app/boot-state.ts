import { atom } from 'jotai';
import type { ComponentType } from 'react';
import type { DataRouter } from 'react-router-dom';

export type BootState =
  | { phase: 'starting' }
  | { phase: 'unsupported' }
  | { phase: 'failed'; message: string; serverMessage: string | null }
  | { phase: 'ready' };

/** Where start-up is; the React tree shows the splash, an error screen or the app from it. */
export const bootAtom = atom<BootState>({ phase: 'starting' });

/** The app under the splash: the router (its first screen's code loaded) and the shell that shows it. */
export interface AppView {
  router: DataRouter;
  /** The router, screens and toasts (app-ready.tsx), which come with start-up's code, not the splash's. */
  Shell: ComponentType<{ router: DataRouter }>;
}

/**
 * Set by start-up once the router has its first screen's code (loaded while we log in), so the
 * app replaces the splash in one commit, with nothing left to wait for.
 */
export const appViewAtom = atom<AppView | null>(null);

/** Re-runs the login after a failure (set by start-up, called by the error screen's Retry). */
export const retryLoginAtom = atom<{ retry: () => void } | null>(null);

import { atom } from 'jotai';
import type { DataRouter } from 'react-router';

export type BootState =
  | { phase: 'starting' }
  | { phase: 'unsupported' }
  | { phase: 'failed'; message: string; serverMessage: string | null }
  | { phase: 'ready' };

/** Where start-up is; the React tree shows the splash, an error screen or the app from it. */
export const bootAtom = atom<BootState>({ phase: 'starting' });

/** Created once the launch is known, so route chunks load while we log in. */
export const routerAtom = atom<DataRouter | null>(null);

/** Re-runs the login after a failure (set by start-up, called by the error screen's Retry). */
export const retryLoginAtom = atom<{ retry: () => void } | null>(null);

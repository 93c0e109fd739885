import type { Id, ToastContent, ToastOptions, UpdateOptions } from 'react-toastify/unstyled';

/**
 * The app's toasts, with react-toastify's code (and its styles) out of the first screen's
 * path: the library loads with the first toast asked for, or once the app has been shown for
 * a while (the toast area then mounts ahead of time). A toast asked for before the library is
 * there is shown as soon as it is: react-toastify queues toasts until its container mounts.
 */

type ToastModule = typeof import('react-toastify/unstyled');
type Kind = 'success' | 'info' | 'warning' | 'error';

let library: Promise<ToastModule> | null = null;
let areaWanted = false;
const areaListeners = new Set<() => void>();

/** Loads react-toastify (once). */
export function loadToastLibrary(): Promise<ToastModule> {
  library ??= import('react-toastify/unstyled');
  return library;
}

/** Asks for the toast area to be mounted (the first toast, or the app idle after start). */
export function wantToastArea(): void {
  if (areaWanted) return;
  areaWanted = true;
  for (const listener of areaListeners) listener();
}

/** For useSyncExternalStore: whether the toast area should be mounted. */
export function isToastAreaWanted(): boolean {
  return areaWanted;
}

export function subscribeToastArea(listener: () => void): () => void {
  areaListeners.add(listener);
  return () => areaListeners.delete(listener);
}

function withLibrary(use: (module: ToastModule) => void): void {
  wantToastArea();
  loadToastLibrary()
    .then(use)
    .catch((error: unknown) => console.error('[toast] react-toastify failed to load', error));
}

function show(kind: Kind | 'default', content: ToastContent, options?: ToastOptions): void {
  withLibrary(({ toast: library }) => {
    if (kind === 'default') library(content, options);
    else library[kind](content, options);
  });
}

/**
 * react-toastify's `toast`, loaded on first use. Calls return nothing: give a `toastId` to
 * update or dismiss a toast later.
 */
export const toast = Object.assign((content: ToastContent, options?: ToastOptions) => show('default', content, options), {
  success: (content: ToastContent, options?: ToastOptions) => show('success', content, options),
  info: (content: ToastContent, options?: ToastOptions) => show('info', content, options),
  warning: (content: ToastContent, options?: ToastOptions) => show('warning', content, options),
  error: (content: ToastContent, options?: ToastOptions) => show('error', content, options),
  loading: (content: ToastContent, options?: ToastOptions) => withLibrary(({ toast: library }) => void library.loading(content, options)),
  update: (id: Id, options: UpdateOptions) => withLibrary(({ toast: library }) => library.update(id, options)),
  dismiss: (id?: Id) => {
    // Nothing can be on screen before the library has loaded.
    if (library) void library.then(({ toast: loaded }) => loaded.dismiss(id));
  },
});

let oneAtATime = 0;
const limitListeners = new Set<() => void>();

/**
 * A game screen asks for one toast at a time (the others wait their turn), so toasts never
 * stack down over its stage. Returns the undo, for an effect's cleanup.
 */
export function toastsOneAtATime(): () => void {
  oneAtATime += 1;
  for (const listener of limitListeners) listener();
  return () => {
    oneAtATime -= 1;
    for (const listener of limitListeners) listener();
  };
}

/** For useSyncExternalStore: whether a screen wants one toast at a time. */
export function isOneToastAtATime(): boolean {
  return oneAtATime > 0;
}

export function subscribeToastLimit(listener: () => void): () => void {
  limitListeners.add(listener);
  return () => limitListeners.delete(listener);
}

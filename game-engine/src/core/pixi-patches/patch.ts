/**
 * One fix to pixi.js, written against the pixi version in ./index.ts: it replaces pixi methods
 * with copies of that version's code, changed where the file says.
 */
export interface PixiPatch {
  /** The file's name, for warnings and tests. */
  readonly name: string;
  /** Replaces pixi's methods once; a second call (a second copy of the engine) changes nothing. */
  install(): void;
}

const PATCHED = Symbol.for('arcade.engine.pixiPatch');

/**
 * Claims `prototype` for the patch `name`: true the first time, false when it is already
 * patched (pixi's classes are shared by every copy of the engine on the page).
 */
export function claim(prototype: object, name: string): boolean {
  const marked = prototype as { [PATCHED]?: string };
  if (marked[PATCHED] !== undefined) return false;
  marked[PATCHED] = name;
  return true;
}

/** pixi's own method on `prototype` as it is now (before the patch replaces it). */
export function original<F>(prototype: object, method: string): F {
  const value = Object.getOwnPropertyDescriptor(prototype, method)?.value as F | undefined;
  if (typeof value !== 'function') throw new Error(`pixi has no ${method} to patch`);
  return value;
}

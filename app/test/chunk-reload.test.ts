import { describe, expect, it, vi } from 'vitest';
import { claimChunkReload, installChunkReload, isChunkLoadError, reloadDecision } from '../src/lib/chunk-reload';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('chunk reload', () => {
  it('reloads once per distinct message', () => {
    const storage = memoryStorage();
    expect(claimChunkReload('Failed to fetch dynamically imported module: /a.js', storage)).toBe(true);
    expect(claimChunkReload('Failed to fetch dynamically imported module: /a.js', storage)).toBe(false);
    expect(claimChunkReload('Failed to fetch dynamically imported module: /b.js', storage)).toBe(true);
  });

  it('recognises the chunk errors of Chrome, Safari and Firefox', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('decides once per route error, so a re-render does not flip the answer', () => {
    const storage = memoryStorage();
    const error = new TypeError('Failed to fetch dynamically imported module: /c.js');
    expect(reloadDecision(error, storage)).toBe(true);
    expect(reloadDecision(error, storage)).toBe(true);
    // after the reload, the same failure is a new error object: this time it reaches the error view
    expect(reloadDecision(new TypeError(error.message), storage)).toBe(false);
    expect(reloadDecision(new Error('a bug'), storage)).toBe(false);
  });

  it('answers vite:preloadError with one reload, then lets the error through', () => {
    const target = new EventTarget();
    const reload = vi.fn();
    installChunkReload(Object.assign(target, { location: { reload }, sessionStorage: memoryStorage() }));
    const fire = () => {
      const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
        payload: new Error('Unable to preload CSS for /assets/x.css'),
      });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(fire()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fire()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

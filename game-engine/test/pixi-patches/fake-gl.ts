import { vi, type Mock } from 'vitest';
import { DOMAdapter, type ICanvas } from 'pixi.js';

export interface FakeGl {
  /** What pixi is given as its WebGL2 context. */
  readonly context: WebGL2RenderingContext;
  /** The mock behind one of the context's methods. */
  readonly method: (name: string) => Mock;
}

/**
 * A stand-in for a WebGL2 context in node: every constant (an upper-case name) is a number of
 * its own, every method a vi.fn() (returning `results[name]` when given), so pixi's systems
 * can run their WebGL code here and a test can count its calls.
 */
export function fakeGl(results: Record<string, unknown> = {}): FakeGl {
  const constants = new Map<string, number>();
  const methods = new Map<string, Mock>();
  const method = (name: string): Mock => {
    let fn = methods.get(name);
    if (!fn) {
      const result = results[name];
      fn = vi.fn(typeof result === 'function' ? (result as (...args: unknown[]) => unknown) : () => result);
      methods.set(name, fn);
    }
    return fn;
  };
  const context = new Proxy({} as WebGL2RenderingContext, {
    get(_target, key) {
      if (typeof key !== 'string') return undefined;
      if (!/^[A-Z0-9_]+$/.test(key)) return method(key);
      if (!constants.has(key)) constants.set(key, 0x1000 + constants.size);
      return constants.get(key);
    },
  });
  return { context, method };
}

/**
 * What pixi asks of the browser while making programs and blend tables, in node: a test
 * canvas (without WebGL, so pixi takes its default shader precision) and WebGL1's class
 * (which no fake context is, so pixi sees WebGL2).
 */
export function setNodeAdapter(): void {
  DOMAdapter.set({
    ...DOMAdapter.get(),
    createCanvas: () => ({ getContext: () => null }) as unknown as ICanvas,
    getWebGLRenderingContext: () => class NoWebGL1 {} as unknown as typeof WebGLRenderingContext,
  });
}

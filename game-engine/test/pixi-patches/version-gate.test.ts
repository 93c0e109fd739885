import { describe, expect, test, vi } from 'vitest';
// pixi.js/unsafe-eval swaps in its own uniform sync when it loads: pixi as the engine finds it.
import 'pixi.js/unsafe-eval';
import * as pixi from 'pixi.js';

// A pixi the patches were not written for.
vi.mock('pixi.js', async (importOriginal) => ({ ...(await importOriginal<typeof import('pixi.js')>()), VERSION: '8.23.0' }));

/** Every method the patches replace, as pixi has it. */
function pixiMethods(): unknown[] {
  const of = (prototype: object, name: string): unknown => Object.getOwnPropertyDescriptor(prototype, name)?.value;
  return [
    of(pixi.GlGraphicsAdaptor.prototype, 'contextChange'),
    of(pixi.GlGraphicsAdaptor.prototype, 'destroy'),
    of(pixi.GlBackBufferSystem.prototype, 'init'),
    of(pixi.GlBackBufferSystem.prototype, 'destroy'),
    of(pixi.GCManagedHash.prototype, 'remove'),
    of(pixi.BatchTextureArray.prototype, 'clear'),
    of(pixi.RenderTargetSystem.prototype, 'renderStart'),
    of(pixi.GlUniformGroupSystem.prototype, '_generateUniformsSync'),
    of(pixi.GlLimitsSystem.prototype, 'contextChange'),
  ];
}

describe('pixi version gate', () => {
  test('on another pixi version the engine warns once and leaves pixi as it is', async () => {
    expect(pixi.VERSION).toBe('8.23.0');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const before = pixiMethods();
    const { Engine } = await import('../../src/core/engine');
    const { installPixiPatches, PIXI_PATCHES, PIXI_VERSION_PATCHED } = await import('../../src/core/pixi-patches');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(`pixi.js 8.23.0 is not ${PIXI_VERSION_PATCHED}`);
    expect(pixiMethods()).toEqual(before);
    expect(before.every((method) => typeof method === 'function')).toBe(true);
    expect(PIXI_PATCHES.length).toBeGreaterThan(0);
    // Asked again (another engine, a renderer prepared): still unpatched, no second warning.
    expect(installPixiPatches()).toBe(false);
    const state = { blendModesMap: { add: [1, 1] } };
    Engine.prepareApplication({ renderer: { gl: { ONE: 1, ZERO: 0 }, state } } as unknown as pixi.Application);
    expect(state.blendModesMap.add).toEqual([1, 1]);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

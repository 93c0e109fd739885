import { describe, expect, test } from 'vitest';
// The engine installs the patches when it loads, as in the app.
import '../../src/core/engine';
import { GlLimitsSystem, type WebGLRenderer } from 'pixi.js';
import { BATCH_TEXTURES } from '../../src/core/pixi-patches/batch-texture-cap';
import { fakeGl } from './fake-gl';

/** pixi's WebGL limits for a device with `units` texture units (shaders always compile). */
function limitsFor(units: number): GlLimitsSystem {
  const gl = fakeGl({ getParameter: () => units, createShader: () => ({}), getShaderParameter: () => true }).context;
  const limits = new GlLimitsSystem({ gl, context: { webGLVersion: 2 } } as unknown as WebGLRenderer);
  limits.contextChange();
  return limits;
}

describe('batch-texture-cap', () => {
  test('batches sample at most BATCH_TEXTURES textures, whatever the device offers', () => {
    expect(BATCH_TEXTURES).toBe(4);
    const limits = limitsFor(32);
    expect(limits.maxTextures).toBe(32);
    expect(limits.maxBatchableTextures).toBe(BATCH_TEXTURES);
  });

  test('a device with fewer units keeps its own limit', () => {
    expect(limitsFor(2).maxBatchableTextures).toBe(2);
  });
});

import { GlLimitsSystem } from 'pixi.js';
import { claim, original, type PixiPatch } from './patch';

/** Texture units one batch may sample. */
export const BATCH_TEXTURES = 4;

/**
 * Batch and graphics shaders sample at most BATCH_TEXTURES textures.
 *
 * Why: pixi sizes its batch shaders by the device's limit (16 on most phones, 32 in
 * SwiftShader), and every pixel of every sprite then runs a chain of that many texture tests
 * in the fragment shader: a software rasteriser pays for the whole chain, and weak GPUs pay
 * for the longer shader too. A scene's sprites come from six or seven texture sources (its
 * sheets, the glyph pages, a glow), so a frame is still two or three draw calls, one more
 * than with 8; a limit of 2 would split the road into dozens.
 *
 * It is applied to pixi's WebGL limits system, so every Application's batch and graphics
 * shaders are compiled for it from the start (compiling them again afterwards would leave
 * pixi one more program source for good, pixijs/pixijs#12213). The engine is the page's only
 * pixi user; any other Application on the page batches as few textures too.
 *
 * What differs from pixi 8.22: `contextChange` runs pixi's own, then lowers
 * `maxBatchableTextures`.
 * Private fields: none (`maxBatchableTextures` is public).
 *
 * Measured: commit a818457 (SwiftShader's CPU time per frame of each game, 4 textures against
 * 8); commit aa92e14 (8 against SwiftShader's limit: the flip's SwiftShader time per frame, in
 * that commit's comment in engine.ts). BENCHMARKS.md, "Engine frames", has today's costs.
 * Test: test/pixi-patches/batch-texture-cap.test.ts.
 */
export const batchTextureCap: PixiPatch = {
  name: 'batch-texture-cap',
  install() {
    const limits = GlLimitsSystem.prototype;
    if (!claim(limits, this.name)) return;
    // pixi's own method, called with the system as `this`.
    const contextChange = original<(this: GlLimitsSystem) => void>(limits, 'contextChange');
    limits.contextChange = function capBatchTextures(this: GlLimitsSystem): void {
      contextChange.call(this);
      this.maxBatchableTextures = Math.min(this.maxBatchableTextures, BATCH_TEXTURES);
    };
  },
};

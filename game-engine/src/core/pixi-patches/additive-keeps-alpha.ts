import type { Renderer } from 'pixi.js';

/**
 * Additive light adds colour without adding coverage.
 *
 * Why: the canvas is transparent over the page (the backdrop is drawn behind it), and pixi's
 * 'add' blend mode adds alpha too: where a glow is drawn the canvas turns opaque, and the page
 * behind it darkens. Destination alpha is kept instead. A correctness fix, not a speed-up:
 * there is no figure; what it keeps is seen in the screenshots (bench/screenshots.mjs) and the
 * render check.
 *
 * Unlike the other patches it is applied per renderer, not to a pixi class: by
 * `Engine.prepareApplication` (the @pixi/react binding's `onInit`) and by every engine, and
 * again whenever the renderer's context is restored.
 *
 * What differs from pixi 8.22: the 'add' entry of the WebGL state system's blend table is
 * [ONE, ONE, ZERO, ONE] instead of pixi's [ONE, ONE] (alpha added like colour).
 * Private fields: `blendModesMap` (protected, of GlStateSystem).
 *
 * Test: test/pixi-patches/additive-keeps-alpha.test.ts.
 */
interface StateInternals {
  blendModesMap?: Record<string, number[]>;
}

const fixed = new WeakSet<Renderer>();

export const additiveKeepsAlpha = {
  name: 'additive-keeps-alpha',
  apply(renderer: Renderer): void {
    const keepAlpha = (): void => {
      const gl = (renderer as { gl?: WebGLRenderingContext }).gl;
      const state = (renderer as { state?: StateInternals }).state;
      if (gl && state?.blendModesMap) state.blendModesMap.add = [gl.ONE, gl.ONE, gl.ZERO, gl.ONE];
    };
    keepAlpha();
    if (fixed.has(renderer)) return;
    fixed.add(renderer);
    const runners = (renderer as { runners?: { contextChange?: { add(item: { contextChange(): void }): void } } }).runners;
    runners?.contextChange?.add({ contextChange: keepAlpha });
  },
};

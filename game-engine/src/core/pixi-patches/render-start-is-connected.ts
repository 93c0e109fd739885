import { RenderTargetSystem, type BindOptions, type Rectangle, type RenderTarget } from 'pixi.js';
import { claim, type PixiPatch } from './patch';

/**
 * No DOM walk at the start of every render.
 *
 * Why: pixi's RenderTargetSystem.renderStart asks `document.body.contains(canvas)` on every
 * render (isRenderingToScreen; only pixi's accessibility system reads the answer): a call into
 * the DOM per frame that the CPU profile of a throttled frame shows next to the GL calls.
 * `canvas.isConnected` gives the same answer for a canvas on the page without walking it.
 *
 * What differs from pixi 8.22: `renderStart` computes `renderingToScreen` with `isConnected`.
 * Private fields: `_renderTargetStack`.
 *
 * Measured: no gain shown. Commit 5f0b69f brought it with other frame changes and could not
 * compare frame figures under the machine's load; the commit that wrote this line compared it
 * with pixi's check (CPU profiles of the road at 4x CPU with and without the patch, and the two
 * checks timed alone on the playground page), and the difference was within the noise (its
 * body has the figures).
 * Test: test/pixi-patches/render-start-is-connected.test.ts.
 */
interface RenderTargetInternals {
  _renderTargetStack: unknown[];
  rootViewPort: Rectangle;
  viewport: Rectangle;
  rootRenderTarget: RenderTarget;
  renderTarget: RenderTarget;
  renderingToScreen: boolean;
  adaptor: { prerender?(target: RenderTarget): void };
  push(options: BindOptions): void;
}

function onScreen(target: RenderTarget): boolean {
  if (target.colorAttachments.length === 0) return false;
  const resource: unknown = target.colorTexture.resource;
  return typeof HTMLCanvasElement !== 'undefined' && resource instanceof HTMLCanvasElement && resource.isConnected;
}

export const renderStartIsConnected: PixiPatch = {
  name: 'render-start-is-connected',
  install() {
    const targets = RenderTargetSystem.prototype as RenderTargetSystem<never>;
    if (!claim(targets, this.name)) return;
    targets.renderStart = function renderStart(this: RenderTargetSystem<never>, options: BindOptions): void {
      const self = this as unknown as RenderTargetInternals;
      self._renderTargetStack.length = 0;
      self.push(options);
      self.rootViewPort.copyFrom(self.viewport);
      self.rootRenderTarget = self.renderTarget;
      self.renderingToScreen = onScreen(self.rootRenderTarget);
      self.adaptor.prerender?.(self.rootRenderTarget);
    };
  },
};

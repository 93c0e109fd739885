import { GlBackBufferSystem, GlProgram, Shader, State, Texture, warn, type GlBackBufferOptions, type Renderer } from 'pixi.js';
import { claim, original, type PixiPatch } from './patch';

/**
 * The back buffer's full-screen program is made once per page, and its shader goes with the
 * system.
 *
 * Why: pixi builds the back buffer's "big triangle" program with `new GlProgram` in
 * GlBackBufferSystem.init, for every WebGL renderer it creates, under a freshly numbered
 * name that pixi's program-id table keeps for good (pixijs/pixijs#12213); and it never
 * destroys that shader, whose bind group stays subscribed to Texture.WHITE's source (which
 * lives as long as the page): one more listener per renderer made. Under `<GameCanvas>`,
 * @pixi/react makes a new Application (a new renderer) on every mount.
 *
 * What differs from pixi 8.22: `init` takes the shared program instead of making one;
 * `destroy` runs pixi's own, then destroys the shader (not the shared program).
 * Private fields: `_renderer`, `_antialias`, `_state`, `_bigTriangleShader`.
 *
 * Measured: commit 624b19d (heap per mount/unmount cycle, together with
 * shared-graphics-program.ts, managed-hash-forgets.ts and batch-slots-forget.ts).
 * Test: test/pixi-patches/shared-back-buffer-program.test.ts.
 */
interface BackBufferInternals {
  useBackBuffer: boolean;
  _antialias: boolean;
  _renderer: Renderer;
  _state: State;
  _bigTriangleShader: Shader | undefined;
}

// pixi 8.22's GlBackBufferSystem sources, unchanged.
const BIG_TRIANGLE_VERTEX = `
                attribute vec2 aPosition;
                out vec2 vUv;

                void main() {
                    gl_Position = vec4(aPosition, 0.0, 1.0);

                    vUv = (aPosition + 1.0) / 2.0;

                    // flip dem UVs
                    vUv.y = 1.0 - vUv.y;
                }`;
const BIG_TRIANGLE_FRAGMENT = `
                in vec2 vUv;
                out vec4 finalColor;

                uniform sampler2D uTexture;

                void main() {
                    finalColor = texture(uTexture, vUv);
                }`;

let program: GlProgram | null = null;

function bigTriangleProgram(): GlProgram {
  program ??= new GlProgram({ vertex: BIG_TRIANGLE_VERTEX, fragment: BIG_TRIANGLE_FRAGMENT, name: 'big-triangle' });
  return program;
}

export const sharedBackBufferProgram: PixiPatch = {
  name: 'shared-back-buffer-program',
  install() {
    const backBuffer = GlBackBufferSystem.prototype;
    if (!claim(backBuffer, this.name)) return;
    const destroy = original<(this: GlBackBufferSystem) => void>(backBuffer, 'destroy');
    backBuffer.init = function init(this: GlBackBufferSystem, options: GlBackBufferOptions = {}): void {
      const self = this as unknown as BackBufferInternals;
      const { useBackBuffer, antialias } = { ...GlBackBufferSystem.defaultOptions, ...options };
      self.useBackBuffer = useBackBuffer ?? false;
      self._antialias = antialias ?? false;
      if (!(self._renderer as { context?: { supports?: { msaa?: boolean } } }).context?.supports?.msaa) {
        warn('antialiasing, is not supported on when using the back buffer');
        self._antialias = false;
      }
      self._state = State.for2d();
      self._bigTriangleShader = new Shader({ glProgram: bigTriangleProgram(), resources: { uTexture: Texture.WHITE.source } });
    };
    backBuffer.destroy = function destroyBackBuffer(this: GlBackBufferSystem): void {
      destroy.call(this);
      const self = this as unknown as Partial<BackBufferInternals>;
      self._bigTriangleShader?.destroy(false);
      self._bigTriangleShader = undefined;
    };
  },
};

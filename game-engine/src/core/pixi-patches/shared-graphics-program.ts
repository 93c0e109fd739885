import {
  colorBitGl,
  compileHighShaderGlProgram,
  generateTextureBatchBitGl,
  getBatchSamplersUniformGroup,
  GlGraphicsAdaptor,
  localUniformBitGl,
  Matrix,
  roundPixelsBitGl,
  Shader,
  UniformGroup,
  type GlProgram,
  type Renderer,
} from 'pixi.js';
import { claim, type PixiPatch } from './patch';

/**
 * The graphics pipe's shader program is made once per page (per batch size), not once per
 * Application.
 *
 * Why: pixi builds the program with `new GlProgram` in GlGraphicsAdaptor.contextChange, for
 * every WebGL renderer it creates. Each one gets a freshly numbered name in its source
 * ("#define SHADER_NAME graphics-vertex-87"), and pixi's program-id table keys every program by
 * its whole source and never forgets one (pixijs/pixijs#12213): every Application made leaves
 * its graphics shader source on the heap for good. Under `<GameCanvas>`, @pixi/react makes a
 * new Application on every mount. A GlProgram is only the source and the reflection data:
 * each renderer still compiles and links it in its own context.
 *
 * What differs from pixi 8.22: `contextChange` takes the shared program instead of compiling
 * one; `destroy` destroys the shader but not the program it shares (pixi's `destroy(true)`).
 * Private fields: none (`shader` is public).
 *
 * Measured: commit 624b19d (heap per mount/unmount cycle, together with the back buffer's
 * program and the uid tables, shared-back-buffer-program.ts, managed-hash-forgets.ts and
 * batch-slots-forget.ts).
 * Test: test/pixi-patches/shared-graphics-program.test.ts.
 */
const programs = new Map<number, GlProgram>();

function graphicsProgram(maxTextures: number): GlProgram {
  let program = programs.get(maxTextures);
  if (!program) {
    program = compileHighShaderGlProgram({
      name: 'graphics',
      bits: [colorBitGl, generateTextureBatchBitGl(maxTextures), localUniformBitGl, roundPixelsBitGl],
    });
    programs.set(maxTextures, program);
  }
  return program;
}

export const sharedGraphicsProgram: PixiPatch = {
  name: 'shared-graphics-program',
  install() {
    const adaptor = GlGraphicsAdaptor.prototype;
    if (!claim(adaptor, this.name)) return;
    adaptor.contextChange = function contextChange(this: GlGraphicsAdaptor, renderer: Renderer): void {
      const uniforms = new UniformGroup({
        uColor: { value: new Float32Array([1, 1, 1, 1]), type: 'vec4<f32>' },
        uTransformMatrix: { value: new Matrix(), type: 'mat3x3<f32>' },
        uRound: { value: 0, type: 'f32' },
      });
      const maxTextures = renderer.limits.maxBatchableTextures;
      const glProgram = graphicsProgram(maxTextures);
      this.shader = new Shader({
        glProgram,
        resources: { localUniforms: uniforms, batchSamplers: getBatchSamplersUniformGroup(maxTextures) },
      });
    };
    adaptor.destroy = function destroy(this: GlGraphicsAdaptor): void {
      // The program is shared: only the shader and its uniforms go.
      this.shader.destroy(false);
      (this as { shader: Shader | null }).shader = null;
    };
  },
};

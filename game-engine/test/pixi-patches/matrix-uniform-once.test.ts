import { describe, expect, test } from 'vitest';
// The engine installs the patches when it loads, as in the app.
import '../../src/core/engine';
import { GlUniformGroupSystem, Matrix, UniformGroup, type WebGLRenderer } from 'pixi.js';
import { fakeGl } from './fake-gl';

type Sync = (ud: Record<string, unknown>, uv: Record<string, unknown>, renderer: unknown) => void;

/** pixi's sync function for a group like its global uniforms: a matrix and a colour. */
function globalUniforms() {
  const group = new UniformGroup({
    uProjectionMatrix: { value: new Matrix(), type: 'mat3x3<f32>' },
    uWorldColorAlpha: { value: new Float32Array([1, 1, 1, 1]), type: 'vec4<f32>' },
  });
  const programData = () => ({
    uProjectionMatrix: { name: 'uProjectionMatrix', location: 1, type: 'mat3x3<f32>', size: 1, value: new Float32Array(9) },
    uWorldColorAlpha: { name: 'uWorldColorAlpha', location: 2, type: 'vec4<f32>', size: 1, value: new Float32Array(4) },
  });
  const system = new GlUniformGroupSystem({} as WebGLRenderer) as unknown as {
    _generateUniformsSync: (this: void, group: UniformGroup, data: object) => Sync;
  };
  const sync = system._generateUniformsSync(group, programData());
  return { group, sync, programData };
}

describe('matrix-uniform-once', () => {
  test('a matrix is uploaded again only when it changed, per program', () => {
    const { group, sync, programData } = globalUniforms();
    const { context: gl, method } = fakeGl();
    const program = programData();
    sync(program, group.uniforms, { gl });
    sync(program, group.uniforms, { gl });
    expect(method('uniformMatrix3fv')).toHaveBeenCalledTimes(1);
    group.uniforms.uProjectionMatrix.translate(5, 0);
    sync(program, group.uniforms, { gl });
    expect(method('uniformMatrix3fv')).toHaveBeenCalledTimes(2);
    // Another program has its own copy of the uniform: it gets the upload too.
    sync(programData(), group.uniforms, { gl });
    expect(method('uniformMatrix3fv')).toHaveBeenCalledTimes(3);
  });

  test('the other uniforms of the group go through pixi as before', () => {
    const { group, sync, programData } = globalUniforms();
    const { context: gl, method } = fakeGl();
    const program = programData();
    sync(program, group.uniforms, { gl });
    sync(program, group.uniforms, { gl });
    expect(method('uniform4f')).toHaveBeenCalledTimes(1);
    expect(method('uniform4f')).toHaveBeenCalledWith(2, 1, 1, 1, 1);
    group.uniforms.uWorldColorAlpha[3] = 0.5;
    sync(program, group.uniforms, { gl });
    expect(method('uniform4f')).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, test, vi } from 'vitest';
// The engine installs the patches when it loads, as in the app.
import '../../src/core/engine';
import { GlBackBufferSystem, Texture, type Shader, type WebGLRenderer } from 'pixi.js';
import { setNodeAdapter } from './fake-gl';

setNodeAdapter();

const renderer = { context: { supports: { msaa: true } } } as unknown as WebGLRenderer;

function bigTriangle(system: GlBackBufferSystem): Shader | undefined {
  return (system as unknown as { _bigTriangleShader: Shader | undefined })._bigTriangleShader;
}

function backBuffer(): GlBackBufferSystem {
  const system = new GlBackBufferSystem(renderer);
  system.init();
  return system;
}

describe('shared-back-buffer-program', () => {
  test('the back buffers of every renderer share one program', () => {
    const first = bigTriangle(backBuffer());
    const second = bigTriangle(backBuffer());
    expect(first).toBeDefined();
    expect(second).not.toBe(first);
    expect(second?.glProgram).toBe(first?.glProgram);
  });

  test('a back buffer destroyed lets go of Texture.WHITE and keeps the shared program', () => {
    const white = Texture.WHITE.source;
    const before = white.listenerCount('change');
    const system = backBuffer();
    expect(white.listenerCount('change')).toBe(before + 1);
    const program = bigTriangle(system)?.glProgram;
    if (!program) throw new Error('no back buffer program');
    const destroyProgram = vi.spyOn(program, 'destroy');
    system.destroy();
    expect(white.listenerCount('change')).toBe(before);
    expect(bigTriangle(system)).toBeUndefined();
    expect(destroyProgram).not.toHaveBeenCalled();
    expect(bigTriangle(backBuffer())?.glProgram).toBe(program);
  });
});

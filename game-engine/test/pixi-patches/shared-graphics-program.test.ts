import { describe, expect, test, vi } from 'vitest';
// The engine installs the patches when it loads, as in the app.
import '../../src/core/engine';
import { GlGraphicsAdaptor, type Renderer } from 'pixi.js';
import { setNodeAdapter } from './fake-gl';

setNodeAdapter();

const renderer = (maxBatchableTextures: number) => ({ limits: { maxBatchableTextures } }) as unknown as Renderer;

function graphicsPipe(maxBatchableTextures = 4): GlGraphicsAdaptor {
  const adaptor = new GlGraphicsAdaptor();
  adaptor.contextChange(renderer(maxBatchableTextures));
  return adaptor;
}

describe('shared-graphics-program', () => {
  test('the graphics pipes of every renderer share one program per batch size', () => {
    const first = graphicsPipe();
    const second = graphicsPipe();
    expect(second.shader).not.toBe(first.shader);
    expect(second.shader.glProgram).toBe(first.shader.glProgram);
    expect(graphicsPipe(8).shader.glProgram).not.toBe(first.shader.glProgram);
  });

  test('a graphics pipe destroyed leaves the shared program to the others', () => {
    const first = graphicsPipe();
    const second = graphicsPipe();
    const program = second.shader.glProgram;
    const destroyProgram = vi.spyOn(program, 'destroy');
    first.destroy();
    expect(first.shader).toBeNull();
    expect(destroyProgram).not.toHaveBeenCalled();
    expect(graphicsPipe().shader.glProgram).toBe(program);
  });
});

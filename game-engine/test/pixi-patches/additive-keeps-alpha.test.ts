import { describe, expect, test } from 'vitest';
import { Engine } from '../../src/core/engine';
import { GlStateSystem, SystemRunner, type Application } from 'pixi.js';
import { fakeGl, setNodeAdapter } from './fake-gl';

setNodeAdapter();

/** A WebGL renderer with pixi's own state system and context runner, on a fake context. */
function webglRenderer() {
  const gl = fakeGl().context;
  const runners = { contextChange: new SystemRunner('contextChange') };
  const renderer = { gl, runners, renderTarget: { onRenderTargetChange: { add: () => undefined } } } as Record<string, unknown>;
  const state = new GlStateSystem(renderer as never);
  renderer.state = state;
  runners.contextChange.add(state);
  runners.contextChange.emit(gl);
  return { gl, state: state as unknown as { blendModesMap: Record<string, number[]> }, runners };
}

describe('additive-keeps-alpha', () => {
  test("'add' adds colour and keeps the canvas's alpha, also after a context restore", () => {
    const { gl, state, runners } = webglRenderer();
    expect(state.blendModesMap.add).toEqual([gl.ONE, gl.ONE]);
    // What the React binding's onInit and every engine call.
    Engine.prepareApplication({ renderer: { gl, state, runners } } as unknown as Application);
    expect(state.blendModesMap.add).toEqual([gl.ONE, gl.ONE, gl.ZERO, gl.ONE]);
    runners.contextChange.emit(gl);
    expect(state.blendModesMap.add).toEqual([gl.ONE, gl.ONE, gl.ZERO, gl.ONE]);
  });
});

import { afterEach, describe, expect, test, vi } from 'vitest';
// The engine installs the patches when it loads, as in the app.
import '../../src/core/engine';
import { Rectangle, RenderTargetSystem, type BindOptions } from 'pixi.js';

class FakeCanvas {
  isConnected = true;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

interface TargetSystem {
  renderStart(options: BindOptions): void;
  renderingToScreen: boolean;
  rootRenderTarget: unknown;
  rootViewPort: Rectangle;
}

/** A render target system with just what renderStart reads, rendering to `canvas`. */
function targetSystem(canvas: FakeCanvas) {
  const target = { colorAttachments: [{}], colorTexture: { resource: canvas } };
  const system: unknown = Object.assign(Object.create(RenderTargetSystem.prototype) as object, {
    _renderTargetStack: ['left over'],
    rootViewPort: new Rectangle(),
    viewport: new Rectangle(0, 0, 320, 480),
    renderTarget: target,
    adaptor: { prerender: vi.fn() },
    push: vi.fn(),
  });
  return { system: system as TargetSystem, target };
}

describe('render-start-is-connected', () => {
  test('a render asks the canvas whether it is on the page, not the document', () => {
    const contains = vi.fn(() => true);
    vi.stubGlobal('HTMLCanvasElement', FakeCanvas);
    vi.stubGlobal('document', { body: { contains } });
    const canvas = new FakeCanvas();
    const { system, target } = targetSystem(canvas);
    system.renderStart({ target: canvas } as unknown as BindOptions);
    expect(system.renderingToScreen).toBe(true);
    expect(system.rootRenderTarget).toBe(target);
    expect(system.rootViewPort.height).toBe(480);
    canvas.isConnected = false;
    system.renderStart({ target: canvas } as unknown as BindOptions);
    expect(system.renderingToScreen).toBe(false);
    expect(contains).not.toHaveBeenCalled();
  });
});

import { describe, expect, test, vi } from 'vitest';
// The engine installs the patches when it loads, as in the app.
import '../../src/core/engine';
import { GCManagedHash, TextureSource, type Renderer } from 'pixi.js';

type GpuData = Record<number, { destroy(): void } | null>;

function rendererHash(uid: number) {
  const renderer = { uid, gc: { addResourceHash: () => undefined, now: 0 } } as unknown as Renderer;
  return new GCManagedHash<TextureSource>({ renderer, type: 'resource', name: 'test' });
}

function gpuDataOf(source: TextureSource): GpuData {
  return source._gpuData;
}

describe('managed-hash-forgets', () => {
  test('a removed item leaves no key in the hash nor in its GPU data', () => {
    const hash = rendererHash(5);
    const source = new TextureSource();
    const gpu = { destroy: vi.fn() };
    gpuDataOf(source)[5] = gpu;
    hash.add(source);
    expect(Object.keys(hash.items)).toEqual([String(source.uid)]);
    hash.remove(source);
    expect(gpu.destroy).toHaveBeenCalledTimes(1);
    expect(Object.keys(hash.items)).toEqual([]);
    expect(Object.keys(gpuDataOf(source))).toEqual([]);
    expect(source.listenerCount('unload')).toBe(0);
  });

  test('GPU data left empty is a new table; another renderer keeps its own', () => {
    const first = rendererHash(7);
    const second = rendererHash(8);
    const source = new TextureSource();
    gpuDataOf(source)[7] = { destroy: vi.fn() };
    gpuDataOf(source)[8] = { destroy: vi.fn() };
    first.add(source);
    second.add(source);
    const table = gpuDataOf(source);
    first.remove(source);
    expect(gpuDataOf(source)).toBe(table);
    expect(Object.keys(gpuDataOf(source))).toEqual(['8']);
    second.remove(source);
    expect(gpuDataOf(source)).not.toBe(table);
    expect(Object.keys(gpuDataOf(source))).toEqual([]);
  });
});

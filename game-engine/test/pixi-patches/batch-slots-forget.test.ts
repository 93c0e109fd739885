import { describe, expect, test } from 'vitest';
// The engine installs the patches when it loads, as in the app.
import '../../src/core/engine';
import { BatchTextureArray, TextureSource } from 'pixi.js';

describe('batch-slots-forget', () => {
  test('clearing a batch leaves no key for the textures it held', () => {
    const slots = new BatchTextureArray();
    const sources = [new TextureSource(), new TextureSource()];
    sources.forEach((source, i) => {
      slots.textures[i] = source;
      slots.ids[source.uid] = i;
    });
    slots.count = sources.length;
    slots.clear();
    expect(slots.count).toBe(0);
    expect(slots.textures.slice(0, 2)).toEqual([null, null]);
    expect(Object.keys(slots.ids)).toEqual([]);
  });
});

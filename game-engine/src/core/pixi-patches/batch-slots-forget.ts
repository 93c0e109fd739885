import { BatchTextureArray } from 'pixi.js';
import { claim, type PixiPatch } from './patch';

/**
 * A pooled batch's texture slots forget the textures they clear instead of keeping a null.
 *
 * Why: every batch pixi pools keeps its texture slots keyed by the uid of each texture source
 * (BatchTextureArray.ids), and BatchTextureArray.clear writes null there. Uids only grow and
 * each mount's new textures take new ones, so each of the parked Application's pooled batches
 * grew by one slot per texture ever drawn. Deleting the key lets V8 keep the table as small
 * as what it holds; pixi's reader treats a missing key like null (`!id && id !== 0`).
 *
 * What differs from pixi 8.22: `clear` deletes the key instead of writing null (and skips an
 * empty slot instead of throwing on it).
 * Private fields: none (`textures`, `ids` and `count` are public).
 *
 * Measured: commit 624b19d (heap per mount/unmount cycle, together with
 * shared-graphics-program.ts, shared-back-buffer-program.ts and managed-hash-forgets.ts).
 * Test: test/pixi-patches/batch-slots-forget.test.ts.
 */
export const batchSlotsForget: PixiPatch = {
  name: 'batch-slots-forget',
  install() {
    const slots = BatchTextureArray.prototype;
    if (!claim(slots, this.name)) return;
    slots.clear = function clear(this: BatchTextureArray): void {
      for (let i = 0; i < this.count; i++) {
        const source = this.textures[i];
        (this.textures as unknown[])[i] = null;
        if (source) delete this.ids[source.uid];
      }
      this.count = 0;
    };
  },
};

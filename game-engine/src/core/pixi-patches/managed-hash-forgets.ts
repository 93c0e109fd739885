import { GCManagedHash } from 'pixi.js';
import { claim, type PixiPatch } from './patch';

/**
 * A renderer's uid-keyed tables forget what they remove instead of keeping a null for it.
 *
 * Why: pixi keys a renderer's tables of textures, buffers and geometries
 * (GCManagedHash.items) by the uid of each source or buffer, and GCManagedHash.remove writes
 * null there: uids only grow and each mount's new textures take new ones, so the parked
 * Application's tables grow by one slot per texture ever made (pixi compacts them only after
 * many thousands of nulls). The same goes the other way round: a texture source that outlives
 * renderers (Texture.WHITE and EMPTY, shared by every Application on the page, and the bitmap
 * fonts' pages) keeps its GPU data per renderer uid (`_gpuData`), nulled when that renderer
 * goes; under `<GameCanvas>` every mount makes a new renderer, so each such source gained a
 * slot per mount for good. Deleting the key instead lets V8 keep these objects as small as
 * what they hold; pixi's readers treat a missing key like null (`!items[uid]`,
 * `_gpuData[uid]?.`, `_gpuData[uid] || init()`).
 *
 * Deleting was not enough for `_gpuData` (old objects keyed by every renderer uid ever made:
 * V8 kept their element stores, all empty slots, until it switched them to a hash table some
 * hundreds of mounts later), so a `_gpuData` left empty is replaced by a new empty table that
 * V8 keeps as a small hash table for good: an index above 2^29, set and deleted at once, puts
 * an object's elements in V8's dictionary mode and keeps them there. pixi replaces `_gpuData`
 * the same way itself (unload, destroy) and reads it only through its owner.
 *
 * What differs from pixi 8.22: `remove` deletes both keys instead of writing null, and
 * replaces a `_gpuData` it leaves empty.
 * Private fields: `_renderer`, `_onUnload` (and the texture source's public `_gpuData`).
 *
 * Measured: commit 624b19d (the tables, with the other heap fixes of that commit), commit
 * 33b8e4e (`_gpuData` keys deleted: what heap-diff finds left per mount) and commit ab86488
 * (`_gpuData` as a hash table: the settled heap growth per mount of the React binding).
 * Test: test/pixi-patches/managed-hash-forgets.test.ts.
 */
interface ManagedItem {
  uid: number;
  _gpuData: Record<number, { destroy(): void } | null>;
  off(event: string, fn: unknown, context: unknown): void;
}

interface ManagedHash {
  items: Record<number, ManagedItem | null>;
  _renderer: { uid: number };
  _onUnload?: (item: ManagedItem, ...args: unknown[]) => void;
  remove(item: ManagedItem, ...args: unknown[]): void;
}

const SLOW_INDEX = 2 ** 30;

function slowTable(): Record<number, null> {
  const table = Object.create(null) as Record<number, null>;
  table[SLOW_INDEX] = null;
  delete table[SLOW_INDEX];
  return table;
}

function isEmpty(table: object): boolean {
  for (const _ in table) return false;
  return true;
}

export const managedHashForgets: PixiPatch = {
  name: 'managed-hash-forgets',
  install() {
    const managed = GCManagedHash.prototype as unknown as ManagedHash;
    if (!claim(managed, this.name)) return;
    managed.remove = function remove(this: ManagedHash, item: ManagedItem, ...args: unknown[]): void {
      if (!this.items[item.uid]) return;
      const gpuData = item._gpuData[this._renderer.uid];
      if (!gpuData) return;
      this._onUnload?.(item, ...args);
      // `add` subscribed this very function (the prototype's) with the hash as context.
      item.off('unload', remove, this);
      gpuData.destroy();
      delete item._gpuData[this._renderer.uid];
      delete this.items[item.uid];
      if (isEmpty(item._gpuData)) item._gpuData = slowTable();
    };
  },
};

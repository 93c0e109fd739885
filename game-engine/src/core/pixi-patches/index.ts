import { VERSION, type Renderer } from 'pixi.js';
import { additiveKeepsAlpha } from './additive-keeps-alpha';
import { batchSlotsForget } from './batch-slots-forget';
import { batchTextureCap } from './batch-texture-cap';
import { managedHashForgets } from './managed-hash-forgets';
import { matrixUniformOnce } from './matrix-uniform-once';
import type { PixiPatch } from './patch';
import { renderStartIsConnected } from './render-start-is-connected';
import { sharedBackBufferProgram } from './shared-back-buffer-program';
import { sharedGraphicsProgram } from './shared-graphics-program';

/**
 * Fixes to pixi.js for an engine that mounts and unmounts scenes all session long, one file
 * each (what it fixes, what it changes in pixi's code, the private fields it touches, where
 * its gain was measured, its test). Each replaces pixi methods with copies of this version's
 * code: on any other version they would silently run old code against new internals, so they
 * are installed only on this one; otherwise the engine warns once and runs pixi unpatched
 * (the engine's README, "Upgrading pixi.js", says how to move them on).
 */
export const PIXI_VERSION_PATCHED = '8.22.0';

/** Patches of pixi's classes, installed once for the page. */
export const PIXI_PATCHES: readonly PixiPatch[] = [
  sharedGraphicsProgram,
  sharedBackBufferProgram,
  managedHashForgets,
  batchSlotsForget,
  renderStartIsConnected,
  matrixUniformOnce,
  batchTextureCap,
];

let installed: boolean | null = null;

/**
 * Installs every patch when pixi is the version they were written for (the engine calls it
 * when it loads); otherwise warns, once, and leaves pixi as it is. Returns whether pixi is
 * patched.
 */
export function installPixiPatches(): boolean {
  if (installed !== null) return installed;
  // pixi's types name the version by its build placeholder.
  const version: string = VERSION;
  installed = version === PIXI_VERSION_PATCHED;
  if (!installed) {
    console.warn(
      `@arcade/game-engine: pixi.js ${version} is not ${PIXI_VERSION_PATCHED}, the version its pixi patches were written for; running pixi unpatched (see the engine's README, "Upgrading pixi.js").`,
    );
    return false;
  }
  for (const patch of PIXI_PATCHES) patch.install();
  return true;
}

/** Settings of a renderer the engine draws with (see additive-keeps-alpha.ts); nothing on an unpatched pixi. */
export function patchRenderer(renderer: Renderer): void {
  if (installPixiPatches()) additiveKeepsAlpha.apply(renderer);
}

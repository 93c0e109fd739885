// The patch wraps pixi's eval-free uniform sync (the page's CSP forbids eval), which this
// module installs: it must be in place before the patch reads it.
import 'pixi.js/unsafe-eval';
import { GlUniformGroupSystem, type Renderer } from 'pixi.js';
import { claim, original, type PixiPatch } from './patch';

/**
 * An unchanged matrix uniform is not uploaded again.
 *
 * Why: on every render pixi fills a uniform group with the projection and world matrices
 * (GlobalUniformSystem.bind marks it changed every frame), and its eval-free sync
 * (pixi.js/unsafe-eval) uploads every uniform of a changed group: two `uniformMatrix3fv`
 * calls per frame with the same numbers, the GL call the CPU profile of a throttled frame
 * put first. Here each matrix uniform (a pixi Matrix) of a synced group remembers, per
 * program, what it last uploaded and skips the call when nothing changed; every other uniform
 * goes through pixi's own sync function as before. A program's uniform values persist in the
 * GL program, and programData (where the copy lives) is per renderer and program, made anew
 * after a context loss.
 *
 * What differs from pixi 8.22: `_generateUniformsSync` wraps pixi's own generator: a group
 * without a matrix gets pixi's function as it is; in one with matrices each matrix gets its
 * own sync behind the check, the rest one sync of pixi's.
 * Private fields: `_generateUniformsSync`.
 *
 * Measured: commit fdd5858 (pixi render and ticker work per frame of the roll at 4x CPU).
 * Test: test/pixi-patches/matrix-uniform-once.test.ts.
 */
type UniformSync = (ud: Record<string, UniformSlot>, uv: Record<string, unknown>, renderer: Renderer, syncData?: unknown) => void;
interface UniformSlot {
  arcadeLastMatrix?: Float64Array;
}
interface MatrixLike {
  a: number;
  b: number;
  c: number;
  d: number;
  tx: number;
  ty: number;
}
type UniformStructures = Record<string, { type: string; size?: number; value: unknown }>;
interface UniformSyncInternals {
  _generateUniformsSync(group: { uniformStructures: UniformStructures }, uniformData: Record<string, unknown>): UniformSync;
}

function matrixOnce(name: string, sync: UniformSync): UniformSync {
  return (ud, uv, renderer, syncData) => {
    const m = uv[name] as MatrixLike;
    const slot = ud[name];
    if (!slot) return;
    const last = (slot.arcadeLastMatrix ??= new Float64Array(6).fill(Number.NaN));
    if (last[0] === m.a && last[1] === m.b && last[2] === m.c && last[3] === m.d && last[4] === m.tx && last[5] === m.ty) return;
    last[0] = m.a;
    last[1] = m.b;
    last[2] = m.c;
    last[3] = m.d;
    last[4] = m.tx;
    last[5] = m.ty;
    sync(ud, uv, renderer, syncData);
  };
}

export const matrixUniformOnce: PixiPatch = {
  name: 'matrix-uniform-once',
  install() {
    const system = GlUniformGroupSystem.prototype as unknown as UniformSyncInternals;
    if (!claim(system, this.name)) return;
    // pixi's own generator at the time of the call (pixi.js/unsafe-eval's polyfill).
    const generate = original<UniformSyncInternals['_generateUniformsSync']>(system, '_generateUniformsSync');
    system._generateUniformsSync = function generateUniformsSync(this: unknown, group, uniformData) {
      const parts: UniformSync[] = [];
      const rest: UniformStructures = {};
      let others = false;
      for (const name in group.uniformStructures) {
        const structure = group.uniformStructures[name];
        if (!structure || !uniformData[name]) continue;
        const value = structure.value as Partial<MatrixLike> | null;
        if (structure.type === 'mat3x3<f32>' && (structure.size ?? 1) === 1 && typeof value?.a === 'number') {
          parts.push(matrixOnce(name, generate.call(this, { uniformStructures: { [name]: structure } }, uniformData)));
        } else {
          rest[name] = structure;
          others = true;
        }
      }
      // No matrix in the group: pixi's own sync as it is.
      if (parts.length === 0) return generate.call(this, group, uniformData);
      if (others) parts.push(generate.call(this, { ...group, uniformStructures: rest }, uniformData));
      if (parts.length === 1) return parts[0]!;
      return (ud, uv, renderer, syncData) => {
        for (let i = 0; i < parts.length; i++) (parts[i] as UniformSync)(ud, uv, renderer, syncData);
      };
    };
  },
};

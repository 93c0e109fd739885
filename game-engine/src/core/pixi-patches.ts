import {
  BatchTextureArray,
  colorBitGl,
  compileHighShaderGlProgram,
  generateTextureBatchBitGl,
  getBatchSamplersUniformGroup,
  GlBackBufferSystem,
  GlGraphicsAdaptor,
  GCManagedHash,
  GlProgram,
  GlUniformGroupSystem,
  localUniformBitGl,
  Matrix,
  RenderTargetSystem,
  roundPixelsBitGl,
  Shader,
  State,
  Texture,
  UniformGroup,
  warn,
  type BindOptions,
  type GlBackBufferOptions,
  type Rectangle,
  type RenderTarget,
  type Renderer,
} from 'pixi.js';

/**
 * Fixes to pixi 8.22 for an engine that mounts and unmounts scenes all session long: what
 * each mount leaves behind must not pile up on the heap. Applied once when the engine loads
 * (the engine is the page's only pixi user); each keeps pixi's behaviour otherwise.
 *
 * 1. Shader programs shared by every pixi Application on the page, instead of one new program
 * per Application.
 *
 * pixi 8.22 builds two programs with `new GlProgram` for each WebGL renderer it creates: the
 * graphics pipe's (GlGraphicsAdaptor.contextChange) and the back buffer's full-screen
 * triangle (GlBackBufferSystem.init). Each gets a freshly numbered name in its source
 * ("#define SHADER_NAME graphics-vertex-87") and pixi's id table keys every program by its
 * whole source and never forgets one (pixijs/pixijs#12213), so every Application made
 * leaves about 7 KB of shader source on the heap for good. Under `<GameCanvas>`, @pixi/react
 * makes a new Application on every mount.
 *
 * Here both are made once per page (per batch size) and handed to every renderer; a
 * GlProgram is only the source and the reflection data, each renderer still compiles and
 * links it in its own context. The two methods below are pixi 8.22's own, but for the shared
 * program (and the graphics adaptor no longer destroys the program with its shader). The
 * engine is the page's only pixi user.
 */
// pixi 8.22's GlBackBufferSystem sources, unchanged.
const BIG_TRIANGLE_VERTEX = `
                attribute vec2 aPosition;
                out vec2 vUv;

                void main() {
                    gl_Position = vec4(aPosition, 0.0, 1.0);

                    vUv = (aPosition + 1.0) / 2.0;

                    // flip dem UVs
                    vUv.y = 1.0 - vUv.y;
                }`;
const BIG_TRIANGLE_FRAGMENT = `
                in vec2 vUv;
                out vec4 finalColor;

                uniform sampler2D uTexture;

                void main() {
                    finalColor = texture(uTexture, vUv);
                }`;

const SHARED = Symbol.for('arcade.engine.sharedPrograms');
const programs = new Map<string, GlProgram>();

function shared(key: string, make: () => GlProgram): GlProgram {
  let program = programs.get(key);
  if (!program) {
    program = make();
    programs.set(key, program);
  }
  return program;
}

type Patched<T> = T & { [SHARED]?: true };

const graphics = GlGraphicsAdaptor.prototype as Patched<GlGraphicsAdaptor>;
if (!graphics[SHARED]) {
  graphics[SHARED] = true;
  graphics.contextChange = function contextChange(this: GlGraphicsAdaptor, renderer: Renderer): void {
    const uniforms = new UniformGroup({
      uColor: { value: new Float32Array([1, 1, 1, 1]), type: 'vec4<f32>' },
      uTransformMatrix: { value: new Matrix(), type: 'mat3x3<f32>' },
      uRound: { value: 0, type: 'f32' },
    });
    const maxTextures = renderer.limits.maxBatchableTextures;
    const glProgram = shared(`graphics:${maxTextures}`, () =>
      compileHighShaderGlProgram({ name: 'graphics', bits: [colorBitGl, generateTextureBatchBitGl(maxTextures), localUniformBitGl, roundPixelsBitGl] }),
    );
    this.shader = new Shader({ glProgram, resources: { localUniforms: uniforms, batchSamplers: getBatchSamplersUniformGroup(maxTextures) } });
  };
  graphics.destroy = function destroy(this: GlGraphicsAdaptor): void {
    // The program is shared: only the shader and its uniforms go.
    this.shader.destroy(false);
    (this as { shader: Shader | null }).shader = null;
  };
}

interface BackBufferInternals {
  useBackBuffer: boolean;
  _antialias: boolean;
  _renderer: Renderer;
  _backBufferTexture: Texture | null;
  _state: State;
  _bigTriangleShader: Shader | undefined;
}

const backBuffer = GlBackBufferSystem.prototype as Patched<GlBackBufferSystem>;
if (!backBuffer[SHARED]) {
  backBuffer[SHARED] = true;
  backBuffer.init = function init(this: GlBackBufferSystem, options: GlBackBufferOptions = {}): void {
    const self = this as unknown as BackBufferInternals;
    const { useBackBuffer, antialias } = { ...GlBackBufferSystem.defaultOptions, ...options };
    self.useBackBuffer = useBackBuffer ?? false;
    self._antialias = antialias ?? false;
    if (!(self._renderer as { context?: { supports?: { msaa?: boolean } } }).context?.supports?.msaa) {
      warn('antialiasing, is not supported on when using the back buffer');
      self._antialias = false;
    }
    self._state = State.for2d();
    const glProgram = shared('big-triangle', () => new GlProgram({ vertex: BIG_TRIANGLE_VERTEX, fragment: BIG_TRIANGLE_FRAGMENT, name: 'big-triangle' }));
    self._bigTriangleShader = new Shader({ glProgram, resources: { uTexture: Texture.WHITE.source } });
  };
  // pixi never destroys that shader: its bind group stays subscribed to Texture.WHITE's source
  // (which lives as long as the page), one per renderer made.
  const destroy = Object.getOwnPropertyDescriptor(GlBackBufferSystem.prototype, 'destroy')?.value as (this: GlBackBufferSystem) => void;
  backBuffer.destroy = function destroyBackBuffer(this: GlBackBufferSystem): void {
    destroy.call(this);
    const self = this as unknown as Partial<BackBufferInternals>;
    self._bigTriangleShader?.destroy(false);
    self._bigTriangleShader = undefined;
  };
}

/**
 * 2. Tables keyed by uid that forget entries instead of nulling them. pixi keys per-renderer
 * tables (a renderer's textures, buffers, geometries: GCManagedHash.items) and the texture
 * slots of every pooled batch (BatchTextureArray.ids) by the uid of a texture source or
 * buffer, and on removal writes null: uids only grow, each mount's new textures take new
 * ones, so these objects' element stores grow by one slot per texture ever made (the parked
 * Application's tables and its ~300 pooled batches: a few KB per mount; GCManagedHash
 * compacts only after 10,000 nulls). The same goes the other way round: a texture source
 * that outlives renderers (Texture.WHITE and EMPTY, shared by every Application on the page)
 * keeps its GPU data per renderer uid (`_gpuData`), nulled when that renderer goes; under
 * `<GameCanvas>` every mount makes a new renderer, so each such source gained a slot per
 * mount (about 60 bytes a mount in all, for good). Deleting the key instead lets V8 keep
 * them as small as what they hold. Readers treat a missing key like null (`!items[uid]`,
 * `!id && id !== 0`, `_gpuData[uid]?.`, `_gpuData[uid] || init()`).
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

/**
 * Deleting keys alone was not enough for the sources that outlive renderers (Texture.WHITE
 * and EMPTY, the bitmap fonts' pages): their `_gpuData`, old objects keyed by the uid of
 * every renderer ever made, kept element stores of 1.2 to 1.6 KB each after 250 mounts, all
 * of it empty slots, growing by a few bytes a mount until V8 switched them to a hash table
 * some hundreds of mounts later (the settled heap bench saw about +17 bytes a mount). So a
 * `_gpuData` left empty is replaced by a new empty table that V8 keeps as a small hash table
 * for good: an index above 2^29, set and deleted at once, puts an object's elements in V8's
 * dictionary mode and keeps them there. pixi replaces `_gpuData` the same way itself
 * (unload, destroy) and reads it only through its owner.
 */
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

const managed = GCManagedHash.prototype as unknown as Patched<ManagedHash>;
if (!managed[SHARED]) {
  managed[SHARED] = true;
  // pixi 8.22's remove, but the keys are deleted.
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
}

const textureSlots = BatchTextureArray.prototype as Patched<BatchTextureArray>;
if (!textureSlots[SHARED]) {
  textureSlots[SHARED] = true;
  // pixi 8.22's clear, but the keys are deleted.
  textureSlots.clear = function clear(this: BatchTextureArray): void {
    for (let i = 0; i < this.count; i++) {
      const source = this.textures[i];
      (this.textures as unknown[])[i] = null;
      if (source) delete this.ids[source.uid];
    }
    this.count = 0;
  };
}

/**
 * 3. No DOM query on every frame. pixi 8.22's RenderTargetSystem.renderStart asks
 * `document.body.contains(canvas)` at the start of every render (isRenderingToScreen; only
 * pixi's accessibility system reads the answer): a call into the DOM per frame that the
 * CPU profile of a throttled frame shows next to the GL calls. `canvas.isConnected` gives the
 * same answer for a canvas on the page without walking it. pixi 8.22's renderStart otherwise.
 */
interface RenderTargetInternals {
  _renderTargetStack: unknown[];
  rootViewPort: Rectangle;
  viewport: Rectangle;
  rootRenderTarget: RenderTarget;
  renderTarget: RenderTarget;
  renderingToScreen: boolean;
  adaptor: { prerender?(target: RenderTarget): void };
  push(options: BindOptions): void;
}

function onScreen(target: RenderTarget): boolean {
  if (target.colorAttachments.length === 0) return false;
  const resource: unknown = target.colorTexture.resource;
  return typeof HTMLCanvasElement !== 'undefined' && resource instanceof HTMLCanvasElement && resource.isConnected;
}

const targets = RenderTargetSystem.prototype as Patched<RenderTargetSystem<never>>;
if (!targets[SHARED]) {
  targets[SHARED] = true;
  targets.renderStart = function renderStart(this: RenderTargetSystem<never>, options: BindOptions): void {
    const self = this as unknown as RenderTargetInternals;
    self._renderTargetStack.length = 0;
    self.push(options);
    self.rootViewPort.copyFrom(self.viewport);
    self.rootRenderTarget = self.renderTarget;
    self.renderingToScreen = onScreen(self.rootRenderTarget);
    self.adaptor.prerender?.(self.rootRenderTarget);
  };
}

/**
 * 4. Unchanged matrices are not uploaded again. Every render pixi fills a uniform group with the
 * projection and world matrices (GlobalUniformSystem.bind marks it changed every frame) and its
 * eval-free sync (pixi.js/unsafe-eval, which the page's CSP needs) uploads every uniform of a
 * changed group: two `uniformMatrix3fv` calls per frame with the same numbers, the GL call the
 * CPU profile of a throttled frame puts first. Here each matrix uniform (a pixi Matrix) of a
 * synced group remembers, per program, what it last uploaded and skips the call when nothing
 * changed; every other uniform goes through pixi's own sync function as before. A program's
 * uniform values persist in the GL program, and programData (where the copy lives) is per
 * renderer and program, made anew after a context loss.
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
interface UniformSyncInternals {
  _generateUniformsSync(group: { uniformStructures: Record<string, { type: string; size?: number; value: unknown }> }, uniformData: Record<string, unknown>): UniformSync;
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

const uniformSystem = GlUniformGroupSystem.prototype as unknown as Patched<UniformSyncInternals>;
if (!uniformSystem[SHARED]) {
  uniformSystem[SHARED] = true;
  // pixi's own generator at the time of the call (pixi.js/unsafe-eval installs its polyfill).
  const generate = Object.getOwnPropertyDescriptor(GlUniformGroupSystem.prototype, '_generateUniformsSync')?.value as UniformSyncInternals['_generateUniformsSync'];
  uniformSystem._generateUniformsSync = function generateUniformsSync(this: unknown, group, uniformData) {
    const parts: UniformSync[] = [];
    const rest: Record<string, { type: string; size?: number; value: unknown }> = {};
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
}

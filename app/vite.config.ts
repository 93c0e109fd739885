import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';

// The API server (server/) serves the built app on the same origin; in `vite dev` we proxy to it.
const apiServer = 'http://localhost:8080';
const proxy = {
  '/api': { target: apiServer, changeOrigin: true },
  '/storage': { target: apiServer, changeOrigin: true },
};

/** Files worth compressing; smaller ones gain nothing over a mobile link. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `name.gz` (gzip level 9) and `name.br` (brotli quality 11) next to every emitted code
 * and style file, once per build. The server sends them to browsers that accept them
 * (@fastify/static preCompressed), so a phone on mobile data never waits for raw JavaScript and
 * the server never compresses on the fly.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'arcade:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const path = join(dir, fileName);
        const bytes = readFileSync(path);
        if (bytes.length < MIN_COMPRESS_BYTES) continue;
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
      }
    },
  };
}

const ENTRY = '/src/main.tsx';
/** Where the app's sources are, as module ids end (another page built with this config has none). */
const APP_DIR = '/app';

/**
 * Start-up in stages, each a chunk, by the source files each
 * starts from (its static import closure, less the stages before it), in the order they arrive:
 * - `first-api`: the API client and arktype, whose set-up is start-up's largest piece of work;
 *   index.html asks for it, so it has the link to itself until the entry runs and arrives
 *   first, and it is run at once (main.tsx) while the splash's code is still downloading;
 * - `first-host`: the host SDK and the host's start (telegram/start-host.ts), asked for by the
 *   entry once the API client is here; React, which the SDK's React bindings import for their
 *   hooks only (unused outside React here, so left out of the bundle), stays with the splash;
 * - `first-paint`: React DOM, jotai, i18next, the splash and start-up itself (app/start.tsx),
 *   asked for by the entry as it runs and run as soon as here;
 * - `first-screen`: the router, the app shell, the bonus screen and start-up's data part
 *   (app/start-data.ts: the query cache and what fills it), asked for with the host's, so it
 *   comes right behind the splash's code; the splash paints without the query library.
 */
const STAGES: ReadonlyArray<{ name: string; roots: string[]; inHtml: boolean; leave?: RegExp }> = [
  { name: 'first-api', roots: ['/../api-client/src/client.ts'], inHtml: true },
  { name: 'first-host', roots: ['/src/telegram/start-host.ts'], inHtml: false, leave: /\/node_modules\/(?:react|react-dom|scheduler)\// },
  { name: 'first-paint', roots: ['/src/app/start.tsx'], inHtml: false },
  {
    name: 'first-screen',
    roots: ['/src/app/routes.tsx', '/src/app/app-ready.tsx', '/src/features/bonus/bonus-screen.tsx', '/src/app/start-data.ts'],
    inHtml: false,
  },
];

/**
 * The first screen in few files: over a phone link every extra file is another request in the
 * browser's six per host (the log-in call waits behind them) and another small gzip stream.
 * The entry chunk (index.html's script) is only what main.tsx imports: the login it sends.
 * index.html also asks for the stages marked `inHtml` and their styles (modulepreload / preload),
 * so they download while the entry comes and runs; the others are asked for from main.tsx, each
 * when the link has room for it (one download at a time arrives sooner than two sharing the
 * link, and what arrives is run while the next downloads). Other screens keep their own chunks.
 */
function firstScreenChunks(): { plugin: Plugin; groupOf: (id: string) => string | null } {
  let stageOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'arcade:first-screen-chunks',
    apply: 'build',
    buildEnd() {
      stageOf = new Map();
      const ids = [...this.getModuleIds()];
      const find = (path: string) => {
        const suffix = join(APP_DIR, path);
        return ids.find((candidate) => candidate.endsWith(suffix));
      };
      const entry = find(ENTRY);
      // Another page built with this config (the first-screen bench's peer) is left as it is.
      if (!entry) return;
      const taken = new Set<string>();
      const claim = (roots: string[], stage: string | null, leave?: RegExp) => {
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (taken.has(id) || leave?.test(id)) continue;
          taken.add(id);
          if (stage) stageOf.set(id, stage);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
        }
      };
      claim([entry], null);
      for (const stage of STAGES) {
        const roots = stage.roots.map((root) => {
          const id = find(root);
          if (!id) throw new Error(`first-screen chunks: no module ${root} in the build`);
          return id;
        });
        claim(roots, stage.name, stage.leave);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = new Map<string, Rolldown.OutputChunk>();
        for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
        // The stages' chunks, in stage order, and what they import (the bundler's small runtime),
        // never the entry itself.
        const wanted: string[] = [];
        const visit = (fileName: string) => {
          const chunk = chunks.get(fileName);
          if (!chunk || chunk.isEntry || wanted.includes(fileName)) return;
          wanted.push(fileName);
          for (const next of chunk.imports) visit(next);
        };
        for (const stage of STAGES) {
          if (!stage.inHtml) continue;
          for (const chunk of chunks.values()) if (chunk.name === stage.name) visit(chunk.fileName);
        }
        const tags: HtmlTagDescriptor[] = [];
        for (const fileName of wanted) {
          tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` }, injectTo: 'head' });
          for (const css of chunks.get(fileName)?.viteMetadata?.importedCss ?? []) {
            tags.push({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${css}` }, injectTo: 'head' });
          }
        }
        return tags;
      },
    },
  };
  return { plugin, groupOf: (id) => stageOf.get(id) ?? null };
}

const firstScreen = firstScreenChunks();

export default defineConfig({
  plugins: [react(), precompress(), firstScreen.plugin],
  build: {
    target: 'es2022',
    // TON Connect UI, eruda and the screens are reached only through dynamic imports,
    // so the bundler already keeps them out of the entry chunk.
    chunkSizeWarningLimit: 700,
    // Every browser the messenger runs in knows modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              debugName: 'first screen',
              name: (id: string) => firstScreen.groupOf(id),
              test: (id: string) => firstScreen.groupOf(id) !== null,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      onwarn(warning, warn) {
        // eruda (the debug console, loaded only in debug mode on phones) uses eval by design.
        if (warning.code === 'EVAL' && warning.id?.includes('/eruda/')) return;
        warn(warning);
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});

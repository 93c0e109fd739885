import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    target: 'es2022',
    // TON Connect UI, eruda and the screens are reached only through dynamic imports,
    // so the bundler already keeps them out of the entry chunk.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
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

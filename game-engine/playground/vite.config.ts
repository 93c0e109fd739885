import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    // BENCH_MINIFY=0 keeps names readable for bench/profile.mjs.
    ...(process.env.BENCH_MINIFY === '0' ? { minify: false } : {}),
    rolldownOptions: {
      input: {
        main: resolve(here, 'index.html'),
        bench: resolve(here, 'bench.html'),
      },
    },
  },
  server: { port: 5180 },
  preview: { port: 5180 },
});

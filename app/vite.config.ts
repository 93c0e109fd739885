import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (server/) serves the built app on the same origin; in `vite dev` we proxy to it.
const apiServer = 'http://localhost:8080';
const proxy = {
  '/api': { target: apiServer, changeOrigin: true },
  '/storage': { target: apiServer, changeOrigin: true },
};

export default defineConfig({
  plugins: [react()],
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

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // PGlite boots a WASM PostgreSQL per test file; that takes a few seconds on a busy machine.
    // Generous: the suite runs on PGlite and PostgreSQL at once on two cores; nothing here measures speed.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

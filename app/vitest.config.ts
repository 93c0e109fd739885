import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Each test file still gets a DOM and modules of its own, in a VM context of the worker, instead
    // of a worker set up afresh: setting up happy-dom per worker was half the suite's time.
    pool: 'vmThreads',
  },
});

import { defineConfig } from 'vitest/config';

// Browser tests: build the app, serve it on 127.0.0.1, drive headless Chromium with playwright-core.
export default defineConfig({
  test: {
    include: ['tests/browser/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});

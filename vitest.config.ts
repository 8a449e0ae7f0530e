import { defineConfig } from 'vitest/config';

// One run for everything: unit and integration tests in Node, and browser tests that build the app,
// serve it on 127.0.0.1 and drive headless Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/browser/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});

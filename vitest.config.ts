import { defineConfig } from 'vitest/config';

// Two projects in one run: unit and integration tests in Node, and browser tests that serve one
// production build (made once by tests/browser/buildOnce.ts) on 127.0.0.1 and drive headless
// Chromium through playwright-core.
const limits = { testTimeout: 120_000, hookTimeout: 240_000 };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'node', include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'], environment: 'node', ...limits } },
      { test: { name: 'browser', include: ['tests/browser/**/*.test.ts'], environment: 'node', globalSetup: ['tests/browser/buildOnce.ts'], ...limits } },
    ],
  },
});

import { defineConfig } from 'vitest/config';

// Unit and integration tests: pure Node, no browser.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});

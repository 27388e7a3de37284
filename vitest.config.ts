import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['app/**/*.test.ts', 'workers/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // Hooks load models (kv-reuse's beforeAll): the 10 s default timed out on a loaded machine.
    hookTimeout: 60_000,
    reporters: ['default', './e2e/reporters/vitest-summary.ts'],
  },
});

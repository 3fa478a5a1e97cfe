import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts', 'notebooks/**/*.test.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    setupFiles: ['./scripts/vitest-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

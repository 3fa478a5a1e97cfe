import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Tests run on the TypeScript sources: the packages' names resolve to src/, not to the built dist/
// that their exports maps give to users (tsconfig.json's paths do the same for tsc and tsx).
const source = (file: string): string => resolve(import.meta.dirname, 'packages', file);

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@ccalc\/dcqcn-model\/render$/, replacement: source('dcqcn-model/src/render.ts') },
      { find: /^@ccalc\/(curves|cca|dcqcn-model)$/, replacement: source('$1/src/index.ts') },
    ],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts', 'notebooks/**/*.test.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    setupFiles: ['./scripts/vitest-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

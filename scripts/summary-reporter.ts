import type { Reporter, TestModule } from 'vitest/node';

/**
 * Vitest reporter that ends the run with one plain line, `N passed, N failed` (`, N skipped` when
 * some were skipped), which CI reads. Used next to vitest's default reporter.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      const failedBefore = failed;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      // A file that failed to load, or whose beforeAll failed (its tests then count as skipped), has
      // no failed test but must count as a failure.
      if (module.state() === 'failed' && failed === failedBefore) failed += 1;
    }
    failed += unhandledErrors.length;
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`);
  }
}

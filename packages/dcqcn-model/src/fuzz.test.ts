import { describe, expect, it } from 'vitest';
import { runFuzz } from './test-support/fuzz/fuzz.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE_SCENARIOS, ccalc, PACKETS } from './test-support/fuzz/fuzz-case.ts';

describe('fuzzing the ccalc command (issue 17)', () => {
  it('starts from scenarios that run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ccalc-fuzz-bases-'));
    writeFileSync(join(dir, 'packets.csv'), PACKETS);
    for (const [k, s] of BASE_SCENARIOS.entries()) {
      writeFileSync(join(dir, `${k}.json`), JSON.stringify({ ...s, name: `base-${k}` }));
      const r = await ccalc(['run', join(dir, `${k}.json`), '--out', join(dir, `out-${k}`), '--no-plots']);
      expect(r.stderr, `base scenario ${k}`).toMatch(/computed in/);
      expect(r.code).toBe(0);
    }
  });

  // 10,000 mutated scenario files, generic traces and DCQCN traces (seeds 1–10,000; `scripts/fuzz.ts`
  // runs more): each must give a result with no NaN or Infinity in its files, or one line on stderr
  // that is not an internal error, within 30 s, writing nothing outside --out.
  it('10,000 mutated inputs: results or one-line refusals, no internal error, no hang, no NaN, nothing outside --out', { timeout: 1_200_000 }, async () => {
    const report = await runFuzz({ cases: 10_000 });
    expect(report.failures).toEqual([]);
    expect(report.hangs).toEqual([]);
    // The mix is as designed: every kind of input, and many cases that run, not only refusals.
    expect(report.results + report.refused).toBe(10_000);
    expect(report.results).toBeGreaterThan(1000);
    expect(report.byInput['dcqcn-trace']).toBeGreaterThan(300);
  });
});

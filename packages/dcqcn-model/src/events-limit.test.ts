import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScenario } from './cli.ts';
import { BUILT_INS } from './scenarios.ts';
import { RUN_LIMITS } from './run-cost.ts';

// events.csv of a run with more events than RUN_LIMITS.eventRows (20 million: 10,000 senders × 1 MB
// log 4.8·10⁸, 43 GB) is left out, and said so, unless forced; the limit is lowered here to a
// short run's size.
describe('events.csv beyond the limit of rows', () => {
  it('is left out, with a note in summary.json, and written with force', async () => {
    const saved = RUN_LIMITS.eventRows;
    RUN_LIMITS.eventRows = 100;
    try {
      const out = mkdtempSync(join(tmpdir(), 'ccalc-events-limit-'));
      const scenario = { name: 'ns3-31-dcqcn', ...BUILT_INS['ns3-31-dcqcn'] };
      const left = await runScenario(scenario, 100e-6, 1e-6, join(out, 'left'), undefined, { plots: false });
      expect(existsSync(join(out, 'left', 'events.csv'))).toBe(false);
      expect(existsSync(join(out, 'left', 'series.csv'))).toBe(true);
      const events = left.events as number;
      expect(events).toBeGreaterThan(100);
      expect(left.events_csv).toBe(`not written: ${events.toLocaleString('en-US')} events, more than 100 (--force writes it, --no-events leaves it out without this note)`);
      const forced = await runScenario(scenario, 100e-6, 1e-6, join(out, 'forced'), undefined, { plots: false, force: true });
      expect(forced.events_csv).toBeUndefined();
      // Every event a row, and the flows that completed (none by 100 µs), under the header.
      expect(readFileSync(join(out, 'forced', 'events.csv'), 'utf8').trim().split('\n').length).toBe(1 + events);
      // Nothing else differs: the summaries but for the run's id, its time and the note.
      const rest = (s: Record<string, unknown>): Record<string, unknown> => {
        const { run_id: _id, compute_ms: _ms, events_csv: _note, ...others } = s;
        return others;
      };
      expect(rest(left)).toEqual(rest(forced));
    } finally {
      RUN_LIMITS.eventRows = saved;
    }
  });
});

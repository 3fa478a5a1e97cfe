import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScenario, writeEventsLast } from './cli.ts';
import { BUILT_INS } from './scenarios.ts';
import { RUN_LIMITS } from './run-cost.ts';

// events.csv of a run with more events than RUN_LIMITS.eventRows (20 million: 10,000 senders × 1 MB
// log 4.8·10⁸, 43 GB) is left out, and said so, unless --all-events asks for it and its table fits
// in memory; the limits are lowered here to a short run's size.
describe('events.csv beyond the limit of rows', () => {
  const scenario = { name: 'ns3-31-dcqcn', ...BUILT_INS['ns3-31-dcqcn'] };
  // The summaries but for the run's id, its time and the note.
  const rest = (s: Record<string, unknown>): Record<string, unknown> => {
    const { run_id: _id, compute_ms: _ms, events_csv: _note, ...others } = s;
    return others;
  };
  const lowered = async (limits: Partial<typeof RUN_LIMITS>, body: (out: string) => Promise<void>): Promise<void> => {
    const saved = { ...RUN_LIMITS };
    Object.assign(RUN_LIMITS, limits);
    try {
      await body(mkdtempSync(join(tmpdir(), 'ccalc-events-limit-')));
    } finally {
      Object.assign(RUN_LIMITS, saved);
    }
  };

  it('is left out, with a note in summary.json, and written last with --all-events', () =>
    lowered({ eventRows: 100 }, async (out) => {
      const left = await runScenario(scenario, 100e-6, 1e-6, join(out, 'left'), undefined, { plots: false });
      expect(existsSync(join(out, 'left', 'events.csv'))).toBe(false);
      expect(existsSync(join(out, 'left', 'series.csv'))).toBe(true);
      const events = left.events as number;
      expect(events).toBeGreaterThan(100);
      expect(left.events_csv).toBe(`not written: ${events.toLocaleString('en-US')} events, more than 100 (--all-events writes it, --no-events leaves it out without this note)`);
      const all = await runScenario(scenario, 100e-6, 1e-6, join(out, 'all'), undefined, { plots: false, allEvents: true });
      expect(all.events_csv).toBeUndefined();
      // Every event a row, and the flows that completed (none by 100 µs), under the header; no partial file left.
      expect(readFileSync(join(out, 'all', 'events.csv'), 'utf8').trim().split('\n').length).toBe(1 + events);
      expect(readdirSync(join(out, 'all')).sort()).toEqual(['events.csv', 'series.csv', 'summary.json']);
      expect(rest(left)).toEqual(rest(all));
      // The same file as a run within the limit writes with its other files.
      RUN_LIMITS.eventRows = events;
      await runScenario(scenario, 100e-6, 1e-6, join(out, 'within'), undefined, { plots: false });
      expect(readFileSync(join(out, 'all', 'events.csv'), 'utf8')).toBe(readFileSync(join(out, 'within', 'events.csv'), 'utf8'));
    }));

  it('is left out, saying why, when its table would not fit in memory', () =>
    lowered({ eventRows: 100, memoryBytes: process.memoryUsage().rss }, async (out) => {
      const s = await runScenario(scenario, 100e-6, 1e-6, join(out, 'big'), undefined, { plots: false, allEvents: true });
      expect(existsSync(join(out, 'big', 'events.csv'))).toBe(false);
      expect(s.events_csv).toMatch(/^not written: [\d,]+ events, more than 100, whose table would take [\d.]+ GB beside the run's [\d.]+ GB, more than this machine's [\d.]+ GB \(--no-events leaves it out without this note\)$/);
      expect(JSON.parse(readFileSync(join(out, 'big', 'summary.json'), 'utf8')).events_csv).toBe(s.events_csv);
    }));

  it('written last, a failure loses events.csv alone and says so in summary.json', async () => {
    const out = mkdtempSync(join(tmpdir(), 'ccalc-events-last-'));
    const summary: Record<string, unknown> = { scenario: 'x', events: 2 };
    writeFileSync(join(out, 'summary.json'), JSON.stringify(summary));
    function* failing(): Generator<Uint8Array> {
      yield new TextEncoder().encode('time_us,sender,kind,details\n');
      throw new Error('out of disk');
    }
    await writeEventsLast(out, 'x', summary, failing);
    expect(readdirSync(out)).toEqual(['summary.json']);
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'))).toEqual({ scenario: 'x', events: 2, events_csv: 'not written: out of disk' });
  });
});

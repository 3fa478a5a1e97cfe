import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parseSweep, sweepPoint, type Sweep } from './sweep-definition.ts';
import { runSweep, sweepCommand } from './sweep-command.ts';
import { runPoint } from './run-point.ts';
import { SWEEP_FIGURES } from './figures.ts';
import { querySweep } from './query.ts';

/** A small incast that runs in a few ms: 4 senders × 200 kB, DCQCN, RED, PFC, whole packets. */
const base = {
  link: { rate: '100 Gbps' },
  packetSize: '1048 B',
  wholePackets: true,
  delays: { feedback: '5 us' },
  senders: [{ count: 4, arrival: { pattern: 'burst', size: '200 kB' } }],
  cca: { algorithm: 'dcqcn', variant: 'ns3-mlx' },
  ecn: { kMin: '5 kB', kMax: '100 kB', pMax: 0.01, at: 'dequeue', marking: 'random' },
  pfc: { xOff: '150 kB', xOn: '125 kB' },
  horizon: 'until-complete',
};
// 2 × 2 × 2 points; the kMin of 150 kB is above the kMax of 100 kB: those 2 points are invalid.
const definition = { name: 'small', base, vary: [{ grid: { 'ecn.kMin': ['5 kB', '150 kB'], 'ecn.kMax': ['100 kB', '200 kB'] } }, { zip: { 'senders[0].count': [2, 4], seed: [1, 2] } }] };
const sweep = (d: unknown = definition): Sweep => parseSweep(d);
const options = { workers: 2, resume: false, keepSeries: false, shard: null };

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ccalc-sweep-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function rows(parquet: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  const r = (await c.runAndReadAll(`SELECT * FROM read_parquet('${parquet}') ORDER BY point`)).getRowObjectsJS() as Record<string, unknown>[];
  c.closeSync();
  instance.closeSync();
  return r;
}

describe('ccalc sweep', () => {
  it('runs every point on worker threads into one row each: the figures of the point, or its error', async () => {
    const report = await runSweep(sweep(), join(dir, 'a'), options);
    expect(report).toMatchObject({ points: 8, ran: 6, failed: 2, skipped: 0 });
    const table = await rows(report.parquet);
    expect(table.map((r) => r.point)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const s = sweep();
    for (const row of table) {
      const point = sweepPoint(s, row.point as number);
      expect(row['ecn.kMin']).toBe(point.assignment['ecn.kMin'] === '5 kB' ? 5e3 : 150e3);
      expect(row['senders[0].count']).toBe(point.assignment['senders[0].count']);
      if (point.assignment['ecn.kMin'] === '150 kB' && point.assignment['ecn.kMax'] === '100 kB') {
        expect(row.error).toMatch(/^ecn\.kMin: expected a size ≤ ecn\.kMax \(100000 B\), got "150 kB"$/);
        expect(row.peak_backlog_bytes).toBeNull();
        continue;
      }
      // The row holds what this point computes when run alone, in this process.
      const alone = await runPoint({ index: point.index, scenario: point.scenario, baseDir: '.', figures: [...SWEEP_FIGURES] });
      expect(alone.ok).toBe(true);
      if (!alone.ok) continue;
      for (const f of SWEEP_FIGURES) expect(row[f]).toBe(alone.figures[f]);
      expect(row.error).toBeNull();
      expect(row.engine).toBe('events');
      expect(row.seed).toBe(point.assignment.seed); // varied: the parameter is the seed column
      expect(row.compute_ms).toBeGreaterThan(0);
    }
    // The points differ: 2 senders finish sooner than 4.
    const completion = (count: number) => table.filter((r) => r['senders[0].count'] === count && r.error === null).map((r) => r.completion_max_us as number);
    expect(Math.max(...completion(2))).toBeLessThan(Math.min(...completion(4)));
    // querySweep reads either file as the table `points`, integers as numbers.
    const sql = 'SELECT "senders[0].count" AS n, count(*) AS points, count(error) AS failed FROM points GROUP BY 1 ORDER BY 1';
    const expected = [{ n: 2, points: 4, failed: 1 }, { n: 4, points: 4, failed: 1 }];
    expect(await querySweep(report.parquet, sql)).toEqual(expected);
    expect(await querySweep(report.database, sql)).toEqual(expected);
  }, 120_000);

  it('resumes: skips the points computed, runs the failed ones again, refuses another sweep or an existing table', async () => {
    const out = join(dir, 'a');
    const report = await runSweep(sweep(), out, { ...options, resume: true });
    expect(report).toMatchObject({ points: 8, ran: 0, failed: 2, skipped: 6 });
    expect((await rows(report.parquet)).length).toBe(8);
    await expect(runSweep(sweep(), out, options)).rejects.toThrow(/^--out: expected a folder without a sweep table \(pass --resume/);
    const other = sweep({ ...definition, vary: [{ grid: { 'ecn.kMax': ['300 kB'] } }] });
    await expect(runSweep(other, out, { ...options, resume: true })).rejects.toThrow(/^--resume: expected the table of this sweep \(id [0-9a-f]{16}\); it holds sweep [0-9a-f]{16}: the sweep file changed since/);
  }, 120_000);

  it('runs shards that merge into the table of the whole sweep', async () => {
    const out = join(dir, 'shards');
    const s = sweep();
    for (let i = 0; i < 3; i++) await runSweep(s, out, { ...options, workers: 1, shard: { index: i, count: 3, source: '--shard' } });
    expect(existsSync(join(out, 'shard-2-of-3.parquet'))).toBe(true);
    expect(await sweepCommand(['merge', out])).toBe(1); // two points failed
    const whole = await rows(join(dir, 'a', 'points.parquet'));
    const merged = await rows(join(out, 'points.parquet'));
    const strip = (t: Record<string, unknown>[]) => t.map(({ compute_ms: _, ...rest }) => rest);
    expect(strip(merged)).toEqual(strip(whole));
    // Merging again refuses to overwrite; a missing shard is named.
    await expect(sweepCommand(['merge', out])).rejects.toThrow(/^merge: expected a folder without a merged table yet/);
    rmSync(join(out, 'sweep.duckdb'));
    rmSync(join(out, 'shard-1-of-3.parquet'));
    await expect(sweepCommand(['merge', out])).rejects.toThrow(/^merge: expected all 3 shards; missing: 1, got "2 of 3 shards"/);
  }, 120_000);

  it('stops before running when no point is a valid scenario, naming the first point', async () => {
    const bad = sweep({ ...definition, vary: [{ grid: { 'ecn.kMin': ['150 kB'], 'ecn.kMax': ['100 kB'] } }] });
    await expect(runSweep(bad, join(dir, 'bad'), options)).rejects.toThrow(/^point 0 \(ecn\.kMin = "150 kB", ecn\.kMax = "100 kB"\): expected a valid scenario at one point at least, got nothing \(ecn\.kMin: expected a size ≤ ecn\.kMax/);
    expect(existsSync(join(dir, 'bad'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { fromPackets, rate, step } from '@ccalc/curves';
import { aggregateRateChart, curvesChart, fixedRate, flowCompletionTimes, rateChart, runPathServer, type PathServerModel } from './index.ts';

type Point = { series: string; run: number; t: number; y: number };
const points = (spec: Record<string, unknown>): Point[] => (spec.data as { values: Point[] }).values;

describe('plots', () => {
  const model: PathServerModel = {
    service: rate(12.5e9),
    flows: [0, 1].map((j) => ({ arrivals: step(1e6, 0), cca: fixedRate(10e9), name: `f${j}` })),
    horizon: 200e-6,
    feedbackDelay: 1e-6,
  };
  const result = runPathServer(model);

  it('aggregateRateChart: Σ admitted per bin, in Gb/s: 2 × 80 Gb/s until each 1 MB is sent at 100 µs', () => {
    const v = points(aggregateRateChart([{ label: 'two', result }], 200e-6, 10e-6, 'x'));
    expect(v).toHaveLength(20);
    expect(v[0]).toMatchObject({ series: 'two', t: 0.005 });
    expect(v.slice(0, 10).every((p) => Math.abs(p.y - 160) < 1e-9)).toBe(true);
    expect(v.slice(10).every((p) => p.y === 0)).toBe(true);
  });

  it('rateChart: a constant rate is one horizontal line (unchanged steps add no vertex), until the flow completes', () => {
    const v = points(rateChart(result)).filter((p) => p.series === 'f0');
    const done = flowCompletionTimes(result)[0]!; // 1 MB at 80 Gb/s, sharing 100 Gb/s: about 160 µs
    expect(done).toBeGreaterThan(100e-6);
    expect(v.map((p) => [p.t, p.y])).toEqual([[0, 80], [done * 1e3, 80]]);
  });

  it('rateChart: the legend lists the flows in their order (s2 before s10), not sorted as text', () => {
    const twelve = runPathServer({ ...model, flows: Array.from({ length: 12 }, (_, j) => ({ arrivals: step(1e4, 0), cca: fixedRate(1e9), name: `s${j}` })) });
    const color = (rateChart(twelve).encoding as { color: { sort: string[] } }).color;
    expect(color.sort).toEqual(Array.from({ length: 12 }, (_, j) => `s${j}`));
  });

  it('curvesChart: exact below maxPoints; a 10,000-packet staircase is drawn by its per-column extremes', () => {
    const small = points(curvesChart([{ label: 's', curve: step(5e3, 1e-6) }], 3e-6, 'x'));
    expect(small.map((p) => [p.t, p.y])).toEqual([[0, 0], [0.001, 0], [0.001, 5], [0.003, 5]]);
    const times = Array.from({ length: 10_000 }, (_, k) => k * 1e-7);
    const stairs = fromPackets(times, new Array(10_000).fill(1000));
    const big = points(curvesChart([{ label: 'b', curve: stairs }], 1e-3, 'x', 'kB', 2000));
    expect(big.length).toBeLessThanOrEqual(2000);
    expect(Math.max(...big.map((p) => p.y))).toBe(10_000); // 10 MB in kB: the top is kept
    expect(big.every((p, k) => k === 0 || p.t >= big[k - 1].t)).toBe(true);
  });
});

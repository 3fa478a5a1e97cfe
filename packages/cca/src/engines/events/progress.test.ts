import { describe, expect, it } from 'vitest';
import { Progress, instantTolerance } from './progress.ts';

describe('Progress', () => {
  it('reports at the 256th step (before the engine loop is compiled), then every 65,536 units of work', () => {
    const reports: number[] = [];
    const p = new Progress((t) => reports.push(t));
    for (let k = 1; k <= 255; k++) p.step(k, 1e9);
    expect(reports).toEqual([]);
    p.step(256, 1e9);
    expect(reports).toEqual([256]);
    // A batch of work counts its units: the next report comes 65,536 units after the first.
    p.step(257, 1e9, 65_535);
    expect(reports).toEqual([256]);
    p.step(258, 1e9);
    expect(reports).toEqual([256, 258]);
    for (let k = 0; k < 65_535; k++) p.step(300, 1e9);
    expect(reports).toEqual([256, 258]);
    p.step(301, 1e9);
    expect(reports).toEqual([256, 258, 301]);
  });

  it('an instant reaches 1 ps, relative beyond 1 s', () => {
    expect(instantTolerance(0.5)).toBe(1e-12);
    expect(instantTolerance(2)).toBe(2e-12);
  });
});

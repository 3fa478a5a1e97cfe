import { describe, expect, it } from 'vitest';
import { type Curve, Curve as C, rate, step } from '@ccalc/curves';
import { fluidNicAdmission, waterFill } from './fluid-nic.ts';
import { pacedAdmissionGeneral } from './admission.ts';

const MARGIN = 1e-6;
const fill = (demands: number[], capacity: number): number[] => {
  const out = new Float64Array(demands.length);
  waterFill(Float64Array.from(demands), capacity, out);
  return [...out];
};
/** The slope of a curve just after τ (bytes/s). */
const slopeAfter = (f: Curve, tau: number): number => (f.at(tau + 1e-9) - f.at(tau)) / 1e-9;

describe('waterFill', () => {
  it('gives each demand in full when they fit, else max-min fair shares', () => {
    expect(fill([1, 2, 3], 10)).toEqual([1, 2, 3]);
    expect(fill([1, 5, 9], 9)).toEqual([1, 4, 4]);
    expect(fill([6, 6], 10)).toEqual([5, 5]);
    expect(fill([Infinity, 2, Infinity], 10)).toEqual([4, 2, 4]);
    expect(fill([0, 0], 10)).toEqual([0, 0]);
  });
});

describe('fluidNicAdmission', () => {
  const L = 12.5e9;

  it('shares the line rate equally between two backlogged connections whose limits exceed half of it', () => {
    const [a, b] = fluidNicAdmission([{ arrivals: step(1e6, 0), base: 0, rate: 8e9 }, { arrivals: step(1e6, 0), base: 0, rate: 8e9 }], L, 0, 1e-3, MARGIN);
    for (const f of [a, b]) {
      expect(f.at(0)).toBe(0);
      expect(f.at(1e-5)).toBeCloseTo(62500, 6);
      // 1 MB at 6.25 GB/s: done at 160 µs, and nothing after.
      expect(f.at(160e-6)).toBeCloseTo(1e6, 6);
      expect(f.at(1e-3)).toBeCloseTo(1e6, 6);
    }
  });

  it('gives a connection limited below its share its limit, and the rest to the other; the rest goes back when one finishes', () => {
    const [a, b] = fluidNicAdmission([{ arrivals: step(1e6, 0), base: 0, rate: 2e9 }, { arrivals: step(1e6, 0), base: 0, rate: 20e9 }], L, 0, 1e-3, MARGIN);
    expect(slopeAfter(a, 0)).toBeCloseTo(2e9, -2);
    expect(slopeAfter(b, 0)).toBeCloseTo(10.5e9, -2);
    expect(b.at(1e6 / 10.5e9)).toBeCloseTo(1e6, 6);
    // a keeps its own limit after b finishes: 1 MB at 2 GB/s, done at 500 µs.
    expect(a.at(250e-6)).toBeCloseTo(5e5, 6);
    expect(a.at(500e-6)).toBeCloseTo(1e6, 6);
  });

  it('hands the capacity of a connection whose backlog empties to the others', () => {
    const [a, b] = fluidNicAdmission([{ arrivals: step(5e5, 0), base: 0, rate: Infinity }, { arrivals: step(1e6, 0), base: 0, rate: Infinity }], 10e9, 0, 1e-3, MARGIN);
    // 5 GB/s each until a's 0.5 MB are out at 100 µs, then 10 GB/s for b's last 0.5 MB: done at 150 µs.
    expect(a.at(100e-6)).toBeCloseTo(5e5, 6);
    expect(b.at(100e-6)).toBeCloseTo(5e5, 6);
    expect(slopeAfter(b, 120e-6)).toBeCloseTo(10e9, -2);
    expect(b.at(150e-6)).toBeCloseTo(1e6, 6);
    expect(a.t.length + b.t.length).toBeLessThanOrEqual(7);
  });

  it('lets a connection without a backlog send what arrives, the backlogged ones sharing the rest', () => {
    const [a, b] = fluidNicAdmission([{ arrivals: rate(2e9), base: 0, rate: Infinity }, { arrivals: step(1e6, 0), base: 0, rate: Infinity }], 10e9, 0, 1e-3, MARGIN);
    expect(a.at(50e-6)).toBeCloseTo(1e5, 6);
    expect(b.at(125e-6)).toBeCloseTo(1e6, 6);
    // After b: a still sends what arrives, no more.
    expect(slopeAfter(a, 200e-6)).toBeCloseTo(2e9, -2);
  });

  it('starts from what each connection has admitted at t0 and stops a paused one (rate 0)', () => {
    const [a, b] = fluidNicAdmission([{ arrivals: step(1e6, 0), base: 4e5, rate: 0 }, { arrivals: step(1e6, 0), base: 9e5, rate: Infinity }], 10e9, 2e-5, 1e-4, MARGIN);
    expect(a.at(5e-5)).toBe(0);
    // b's last 100 kB at 10 GB/s: 10 µs after t0.
    expect(b.at(1e-5)).toBeCloseTo(1e5, 6);
    expect(b.at(5e-5)).toBeCloseTo(1e5, 6);
  });

  it('is the fluid queue A_rem ⊗ λ_r for one connection whose limit is below the line rate', () => {
    // Arrivals with jumps, slopes and a pause, from t0 = 10 µs with 30 kB admitted.
    const A = C.fromBreakpoints([
      [0, 0, 2e4, 5e9],
      [2e-5, 1.2e5, 1.2e5, 0],
      [4e-5, 1.2e5, 3e5, 1e9],
      [9e-5, 3.5e5, 3.5e5, 0],
    ]);
    const [mine] = fluidNicAdmission([{ arrivals: A, base: 3e4, rate: 3e9 }], L, 1e-5, 2e-4, MARGIN);
    const reference = pacedAdmissionGeneral(A, 3e9, 1e-5, 3e4, 0, MARGIN);
    for (let k = 0; k <= 190; k++) expect(mine.at(k * 1e-6)).toBeCloseTo(reference.at(k * 1e-6), 3);
  });

  it('never sends above the line rate in all, nor more than has arrived', () => {
    const arrivals = [step(3e5, 0), C.fromBreakpoints([[0, 0, 0, 4e9], [5e-5, 2e5, 6e5, 0]]), rate(1e9), step(2e5, 3e-5)];
    const rates = [6e9, 9e9, 5e9, Infinity];
    const out = fluidNicAdmission(arrivals.map((a, i) => ({ arrivals: a, base: 0, rate: rates[i] })), 1e10, 0, 3e-4, MARGIN);
    let busy = 0;
    for (let k = 0; k < 300; k++) {
      const tau = k * 1e-6 + 3e-7;
      const total = out.reduce((s, f) => s + slopeAfter(f, tau), 0);
      expect(total).toBeLessThanOrEqual(1e10 * (1 + 1e-6));
      if (total > 1e10 * (1 - 1e-6)) busy += 1;
      out.forEach((f, i) => {
        expect(f.at(tau)).toBeLessThanOrEqual(arrivals[i].at(tau) + MARGIN);
        expect(slopeAfter(f, tau)).toBeLessThanOrEqual(rates[i] * (1 + 1e-6));
      });
    }
    // The NIC is busy while the backlogs last: 1.1 MB through 10 GB/s, with 1 GB/s arriving, about 120 µs.
    expect(busy).toBeGreaterThan(100);
    out.forEach((f, i) => i !== 2 && expect(f.at(3e-4)).toBeCloseTo(arrivals[i].at(Infinity), 3));
  });
});

import { describe, expect, it } from 'vitest';
import { averageRates, firstTimeAbove } from '@ccalc/curves';
import { ns3IncastModel } from './examples.ts';
import { runEvents } from './engines/events/run-events.ts';
import { eventEngineSupport } from './engines/events/support.ts';
import { randomPacketModel } from './test-support/random-models.ts';
import { Mulberry32, seededRandom } from './random.ts';
import { ArrivalCursor, packetArrivalRates, packetDepartureRates, transmittedAt, transmittedCrossing } from './packet-record.ts';
import type { EngineResult } from './results.ts';
import { transmitted } from './engines/events/result.ts';

/**
 * Every reading from the packets equals the curve's, to the bit: binned arrival rates (bins that
 * fall on packet instants, odd widths), delivered bytes at packet starts, ends, the horizon and
 * random instants, and the first instant above levels at and between packet boundaries.
 */
function expectSameAsCurves(result: EngineResult, seed: number): number {
  const p = result.packets!;
  const { size: I, transmission: T } = p;
  const g = new Mulberry32(seed);
  let checks = 0;
  // The server's departures, binned.
  for (const width of [1e-6, 3 * T, 0.37e-6]) {
    const count = Math.floor(result.horizon / width);
    expect(packetDepartureRates(p, result.horizon, width, count)).toEqual(averageRates(result.departures, 0, width, count));
    checks += count;
  }
  result.flows.forEach((f, j) => {
    const starts = p.flowStarts(j);
    for (const width of [1e-6, 3 * T, 0.37e-6]) {
      const count = Math.floor(result.horizon / width);
      const fromPackets = new Array<number>(count).fill(0);
      packetArrivalRates(p.flowArrivals(j), I, result.horizon, 0, width, count, fromPackets);
      expect(fromPackets).toEqual(averageRates(f.sent, 0, width, count));
      checks += count;
    }
    const times = [0, result.horizon, 2 * result.horizon, ...Array.from({ length: 20 }, () => g.next() * result.horizon)];
    // At starts and ends, and within the tolerance (1 ps) of them, where the curve reads its breakpoint.
    for (const s of starts.slice(0, 50)) times.push(s, s + T, s + T / 3, s + 4e-13, s + T - 4e-13);
    for (const x of times) expect(transmittedAt(starts, I, T, result.horizon, x)).toBe(f.delivered.at(x));
    const total = f.delivered.at(result.horizon);
    const levels = [-1, 0, total - 1e-6, total, total + 1, ...Array.from({ length: 20 }, () => g.next() * total)];
    for (let k = 1; k <= Math.min(50, starts.length); k++) levels.push(k * I - 1e-6, k * I);
    for (const level of levels) expect(transmittedCrossing(starts, I, T, level, result.horizon)).toBe(firstTimeAbove(f.delivered, 0, result.horizon, level));
    checks += times.length + levels.length;
  });
  return checks;
}

describe('reading the curves from the packets', () => {
  it.each([
    ['A1 (PFC)', { dcqcn: false, pfc: true }],
    ['A2 (DCQCN + PFC)', { dcqcn: true, pfc: true }],
  ] as const)('%s to 3 ms, and cut mid-transmission: the curves\' values', (_, options) => {
    expect(expectSameAsCurves(runEvents(ns3IncastModel({ ...options, horizon: 3e-3 })), 1)).toBeGreaterThan(10_000);
    // A horizon that falls inside transmissions: runs cut by it.
    expect(expectSameAsCurves(runEvents(ns3IncastModel({ ...options, horizon: 1e-3 + 37e-9 })), 2)).toBeGreaterThan(1_000);
  });

  it('on 60 random models (ties at an instant, idle gaps, fluid-paced packets)', () => {
    let models = 0;
    for (let seed = 1; models < 60; seed++) {
      const model = randomPacketModel(seed);
      if (eventEngineSupport(model) !== null) continue;
      expectSameAsCurves(runEvents(model), seed);
      models += 1;
    }
  });

  it('a run joined across gaps below the tolerance that add up: readings on its packets, as its curve gives them', () => {
    // 400 packets, each starting 0.5 ps after the one before ends: one run, 2.5 B behind a
    // back-to-back one at its end.
    const T = 80e-9;
    const n = 400;
    const starts = Float64Array.from({ length: n }, (_, k) => k * (T + 0.5e-12));
    const curve = transmitted(starts, 1000, T, 1);
    let worstValue = 0;
    let worstTime = 0;
    for (let k = 0; k < n; k++) {
      const x = starts[k] + T / 2;
      const value = transmittedAt(starts, 1000, T, 1, x);
      expect(value).toBe(curve.at(x));
      worstValue = Math.max(worstValue, Math.abs(value - (k + 0.5) * 1000));
      const crossing = transmittedCrossing(starts, 1000, T, (k + 0.5) * 1000, 1);
      expect(crossing).toBe(firstTimeAbove(curve, 0, 1, (k + 0.5) * 1000));
      worstTime = Math.max(worstTime, Math.abs(crossing - x));
      // A level a packet reaches exactly: crossed at the next packet's start.
      if (k > 0) expect(transmittedCrossing(starts, 1000, T, k * 1000, 1)).toBe(firstTimeAbove(curve, 0, 1, k * 1000));
    }
    // Within the tolerance of the level (1e-12 of 400 kB) and its time at the line rate.
    expect(worstValue).toBeLessThan(4e-7);
    expect(worstTime).toBeLessThan(4e-7 / 1.25e10);
    expect(transmittedAt(starts, 1000, T, 1, 1)).toBe(n * 1000);
  });

  it('bins arrivals as the walk over every bin edge does, to the bit, touching only the bins packets land in', () => {
    // The reference: the staircase read at every edge (ArrivalCursor), as the rates were once binned.
    const walk = (times: Float64Array, I: number, horizon: number, start: number, width: number, count: number): number[] => {
      const out = new Array<number>(count).fill(0);
      const a = new ArrivalCursor(times, I, horizon);
      let left = count > 0 ? a.at(start) : 0;
      for (let k = 0; k < count; k++) {
        const right = a.at(start + (k + 1) * width);
        out[k] += (right - left) / width;
        left = right;
      }
      return out;
    };
    const random = seededRandom(5);
    for (let c = 0; c < 300; c++) {
      const width = [1e-6, 1e-7, 3e-7][c % 3];
      const start = c % 4 === 0 ? -width / 2 : c % 4 === 1 ? 2 * width : 0;
      const count = 1 + Math.floor(random() * 40);
      // Packets anywhere, on edges, within the curves' tolerance of one, in bursts at one instant.
      const times: number[] = [];
      let t = start + random() * width;
      for (let k = 0; k < 60; k++) {
        const r = random();
        const edge = start + Math.round((t - start) / width) * width;
        times.push(r < 0.15 ? edge : r < 0.3 ? edge + (random() - 0.5) * 4e-12 : t);
        t = Math.max(times[times.length - 1], t) + (random() < 0.2 ? 0 : random() * width * 2);
      }
      const sorted = Float64Array.from(times).sort();
      const horizon = random() < 0.5 ? Infinity : start + random() * count * width;
      const I = [1048, 1000, 1.5][c % 3];
      const binned = new Array<number>(count).fill(0);
      packetArrivalRates(sorted, I, horizon, start, width, count, binned);
      expect(binned, `case ${c}`).toEqual(walk(sorted, I, horizon, start, width, count));
    }
  });

  it('worked by hand: two back-to-back packets, then one after a gap', () => {
    const T = 80e-9;
    const starts = Float64Array.of(0, T, 400e-9);
    expect(transmittedAt(starts, 1000, T, 1, 120e-9)).toBeCloseTo(1500, 9);
    expect(transmittedAt(starts, 1000, T, 1, 300e-9)).toBe(2000);
    expect(transmittedCrossing(starts, 1000, T, 2500, 1)).toBeCloseTo(440e-9, 20);
    expect(transmittedCrossing(starts, 1000, T, 3000, 1)).toBe(Infinity);
    // Cut by a horizon at 420 ns: 2,250 B then, and the crossing of 2,500 B never comes.
    expect(transmittedAt(starts, 1000, T, 420e-9, 1)).toBeCloseTo(2250, 9);
    expect(transmittedCrossing(starts, 1000, T, 2500, 420e-9)).toBe(Infinity);
    const rates = [0, 0];
    packetArrivalRates(starts, 1000, 1, 0, 200e-9, 2, rates);
    expect(rates).toEqual([2000 / 200e-9, 0]);
  });
});

import { describe, expect, it } from 'vitest';
import { type Curve, subtract } from '@ccalc/curves';
import { ns3IncastModel } from './examples.ts';
import { randomPacketModel } from './test-support/random-models.ts';
import { runEvents } from './engines/events/run-events.ts';
import { eventEngineSupport } from './engines/events/support.ts';
import { staircase, transmitted } from './engines/events/result.ts';
import { Floats } from './engines/events/growable.ts';
import { packetBacklog } from './packet-backlog.ts';
import type { EngineResult } from './results.ts';

const breakpoints = (c: Curve): number[][] => [Array.from(c.t), Array.from(c.v), Array.from(c.r), Array.from(c.s)];

/** The backlog built from the packets against subtract(staircase, transmitted): every breakpoint, to the bit; each flow's too. */
function expectSameBacklog(result: EngineResult, horizon = result.horizon): number {
  const p = result.packets!;
  const arrivals = p.arrivals();
  const starts = p.starts();
  const direct = packetBacklog(arrivals, starts, p.size, p.transmission, horizon);
  const reference = subtract(staircase(Floats.of(arrivals), p.size, horizon), transmitted(starts, p.size, p.transmission, horizon));
  expect(breakpoints(direct)).toEqual(breakpoints(reference));
  // Each flow's backlog sent_j − D_j (what PFC's per-ingress thresholds see), likewise.
  if (horizon === result.horizon) result.flows.forEach((f, j) => {
    expect(breakpoints(packetBacklog(p.flowArrivals(j), p.flowStarts(j), p.size, p.transmission, horizon))).toEqual(breakpoints(subtract(f.sent, f.delivered)));
  });
  return direct.t.length;
}

describe('the backlog built from the packets', () => {
  it.each([
    ['A1 (PFC)', { dcqcn: false, pfc: true }],
    ['A2 (DCQCN + PFC)', { dcqcn: true, pfc: true }],
  ] as const)('%s: the curve subtract(staircase, departures) gives, breakpoint for breakpoint', (_, options) => {
    const result = runEvents(ns3IncastModel({ ...options, horizon: 3e-3 }));
    expect(expectSameBacklog(result)).toBeGreaterThan(3_000);
    // Horizons that cut a transmission, or fall on an arrival.
    expectSameBacklog(result, 1e-3 + 37e-9);
    expectSameBacklog(result, result.packets!.arrivals()[5_000]);
  });

  it('on 80 random models (instants shared by several flows, idle gaps, runs from time 0)', () => {
    let models = 0;
    for (let seed = 1; models < 80; seed++) {
      const model = randomPacketModel(seed);
      if (eventEngineSupport(model) !== null) continue;
      expectSameBacklog(runEvents(model));
      models += 1;
    }
  });

  it('a run joined across gaps below the tolerance that add up (a sender just under the line rate) stays on its packets', () => {
    // 400 packets of 1,000 B queued at 0, each starting 0.5 ps after the one before ends: one run,
    // 200 ps behind a back-to-back one at its end (2.5 B at 100 Gb/s).
    const T = 80e-9;
    const n = 400;
    const starts = Float64Array.from({ length: n }, (_, k) => k * (T + 0.5e-12));
    const arrivals = new Float64Array(n);
    const direct = packetBacklog(arrivals, starts, 1000, T, 1);
    expect(breakpoints(direct)).toEqual(breakpoints(subtract(staircase(Floats.of(arrivals), 1000, 1), transmitted(starts, 1000, T, 1))));
    // Halfway through each packet, half of it is gone: within the tolerance of its level (1e-12 of
    // 400 kB), where a single segment from the run's start would be up to 2.5 B ahead.
    let worst = 0;
    for (let k = 0; k < n; k++) worst = Math.max(worst, Math.abs(direct.at(starts[k] + T / 2) - (n - k - 0.5) * 1000));
    expect(worst).toBeLessThan(4e-7);
    expect(direct.at(starts[n - 1] + T)).toBe(0);
  });

  it('worked by hand: two packets at 0, served back to back, a third after an idle gap', () => {
    const T = 80e-9;
    const b = packetBacklog(Float64Array.of(0, 0, 400e-9), Float64Array.of(0, T, 400e-9), 1000, T, 1);
    expect(b.at(0)).toBe(0);
    expect(b.rightLimit(0)).toBe(2000);
    expect(b.at(T)).toBeCloseTo(1000, 6);
    expect(b.at(300e-9)).toBe(0);
    expect(b.rightLimit(400e-9)).toBe(1000);
    expect(b.at(440e-9)).toBeCloseTo(500, 6);
    expect(b.at(1)).toBe(0);
  });
});

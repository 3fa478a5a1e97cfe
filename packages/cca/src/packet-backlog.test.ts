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

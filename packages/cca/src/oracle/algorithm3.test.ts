import { describe, expect, it } from 'vitest';
import { add, fromPackets, rate } from '@ccalc/curves';
import { algorithm3 } from './algorithm3.ts';
import { runPathServer } from '../engine.ts';
import { vegas } from '../ccas/vegas.ts';

describe('the causal engine agrees with the literal Algorithm 3 (TCP Vegas, paper variant)', () => {
  it('on a 1 ms scaled-down version of the paper\'s §III-E scenario', () => {
    const C = 1e9;
    const A = add(fromPackets([0, 4e-4, 7e-4], [2e5, 1e5, 1e5]), rate(0.5e9));
    const p = { deltaR: 20e-6, W0: 1500, tEnd: 1e-3, Imax: 1500 };
    const oracle = algorithm3({ A, S: rate(C), ...p, wLow: 1, wHigh: 3, gamma: 1 });
    const engine = runPathServer({ service: rate(C), flows: [{ arrivals: A, cca: vegas({ initialWindow: p.W0, packetSize: p.Imax, variant: 'paper' }) }], horizon: p.tEnd, feedbackDelay: p.deltaR });
    const updates = engine.events.filter((e) => e.kind === 'window-change' || e.kind === 'rtt-sample');
    expect(oracle.events.length).toBeGreaterThan(10);
    expect(updates.length).toBe(oracle.events.length);
    updates.forEach((e, k) => {
      expect(e.time).toBeCloseTo(oracle.events[k].time, 12);
      expect(e.after.window).toBeCloseTo(oracle.events[k].window, 6);
      expect(e.after.rtt).toBeCloseTo(oracle.events[k].rtt, 12);
    });
    for (const t of Array.from({ length: 300 }, (_, k) => (k * p.tEnd) / 300)) {
      expect(engine.flows[0].admitted.at(t)).toBeCloseTo(oracle.admitted.at(t), 3);
      expect(engine.flows[0].delivered.at(t)).toBeCloseTo(oracle.departures.at(t), 3);
    }
  });
});

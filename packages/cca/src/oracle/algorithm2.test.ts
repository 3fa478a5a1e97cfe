import { describe, expect, it } from 'vitest';
import { add, fromPackets, rate, step } from '@ccalc/curves';
import { algorithm2 } from './algorithm2.ts';
import { runPathServer } from '../engine.ts';
import { aimdWindow } from '../ccas/aimd-window.ts';

describe('the causal engine agrees with the literal Algorithm 2 (oracle)', () => {
  const scenarios = [
    { name: 'greedy source: slow start until the flight outlasts τ_o, then Tahoe', A: step(1e8, 0) },
    { name: 'bursty source', A: add(fromPackets([0, 3e-4, 1.1e-3], [3e4, 2e5, 1e5]), rate(2e8)) },
  ];
  for (const sc of scenarios) {
    it(sc.name, () => {
      const p = { alpha: 1500, beta: 0.5, tauO: 60e-6, deltaR: 20e-6, W0: 1500, wth0: 64e3, restartWindow: 1500, tEnd: 2e-3 };
      const oracle = algorithm2({ A: sc.A, S: rate(1e9), ...p });
      const engine = runPathServer({
        service: rate(1e9),
        flows: [{ arrivals: sc.A, cca: aimdWindow({ initialWindow: p.W0, slowStartThreshold: p.wth0, increase: p.alpha, decrease: p.beta, timeout: p.tauO, restartWindow: p.restartWindow }) }],
        horizon: p.tEnd,
        feedbackDelay: p.deltaR,
      });
      const kinds = (es: { kind: string }[]) => es.filter((e) => e.kind === 'timeout' || e.kind === 'window-change');
      const o = kinds(oracle.events) as { time: number; kind: string; window: number }[];
      const e = kinds(engine.events) as { time: number; kind: string; after: { window: number } }[];
      expect(o.length).toBeGreaterThan(5);
      expect(e.map((x) => x.kind)).toEqual(o.map((x) => x.kind));
      e.forEach((x, k) => {
        expect(x.time).toBeCloseTo(o[k].time, 12);
        expect(x.after.window).toBe(o[k].window);
      });
      for (const t of Array.from({ length: 400 }, (_, k) => (k * p.tEnd) / 400)) {
        expect(engine.flows[0].admitted.at(t)).toBeCloseTo(oracle.admitted.at(t), 3);
        expect(engine.flows[0].delivered.at(t)).toBeCloseTo(oracle.departures.at(t), 3);
      }
    });
  }
});

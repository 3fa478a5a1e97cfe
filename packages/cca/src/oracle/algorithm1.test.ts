import { describe, expect, it } from 'vitest';
import { rate, step, add, fromPackets } from '@ccalc/curves';
import { algorithm1 } from './algorithm1.ts';
import { runPathServer } from '../engine.ts';
import { aimdRate } from '../ccas/aimd-rate.ts';

const C = 1e9; // bytes/s
const scenarios = [
  { name: 'greedy source above capacity', A: step(1e9, 0), r0: 1.5e9, tEnd: 3e-3 },
  { name: 'bursts on top of a rate', A: add(fromPackets([0, 4e-4, 9e-4, 1.5e-3], [2e5, 3e5, 1e5, 4e5]), rate(0.6e9)), r0: 1.2e9, tEnd: 2.5e-3 },
];

describe('the causal engine agrees with the literal Algorithm 1 (oracle)', () => {
  for (const sc of scenarios) {
    it(sc.name, () => {
      const p = { alpha: 5e7, beta: 0.8, tauO: 100e-6, deltaR: 20e-6, deltaAI: 30e-6 };
      const oracle = algorithm1({ A: sc.A, S: rate(C), alpha: p.alpha, beta: p.beta, tauO: p.tauO, r0: sc.r0, deltaR: p.deltaR, deltaAI: p.deltaAI, tEnd: sc.tEnd });
      const engine = runPathServer({
        service: rate(C),
        flows: [{ arrivals: sc.A, cca: aimdRate({ initialRate: sc.r0, increase: p.alpha, decrease: p.beta, increaseInterval: p.deltaAI, timeout: p.tauO }) }],
        horizon: sc.tEnd,
        feedbackDelay: p.deltaR,
      });
      const timeouts = (kinds: { time: number; kind: string }[]) => kinds.filter((e) => e.kind === 'timeout').map((e) => e.time);
      // The scenario must exercise both kinds of coordinate shift.
      expect(timeouts(oracle.events).length).toBeGreaterThan(0);
      expect(oracle.events.some((e) => e.kind === 'rate-increase')).toBe(true);
      // Same events at the same instants, same rates.
      const engineTimeouts = timeouts(engine.events);
      expect(engineTimeouts.length).toBe(timeouts(oracle.events).length);
      engineTimeouts.forEach((t, k) => expect(t).toBeCloseTo(timeouts(oracle.events)[k], 12));
      const rates = engine.flows[0].state.rate;
      const lastOracleRate = oracle.events[oracle.events.length - 1].rate;
      expect(rates.value[rates.value.length - 1]).toBeCloseTo(lastOracleRate, 3);
      // Same curves on [0, t_end] (to a thousandth of a byte).
      for (const t of Array.from({ length: 400 }, (_, k) => (k * sc.tEnd) / 400)) {
        expect(engine.flows[0].admitted.at(t)).toBeCloseTo(oracle.admitted.at(t), 3);
        expect(engine.flows[0].delivered.at(t)).toBeCloseTo(oracle.departures.at(t), 3);
      }
    });
  }
});

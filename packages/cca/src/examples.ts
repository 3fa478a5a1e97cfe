import { add, fromPackets, rate, step } from '@ccalc/curves';
import type { PathServerModel } from './model.ts';
import { aimdRate } from './ccas/aimd-rate.ts';
import { vegas } from './ccas/vegas.ts';

const Gbps = 1e9 / 8; // bytes/s per Gb/s

/**
 * The paper's §IV-B AIMD fairness example: two greedy flows starting at 60 and 90 Gb/s through a
 * 100 Gb/s FIFO path server; α = 100 Mb/s every Δτ_ai = 30 µs, β = 0.8, ΔR = 20 µs, τ_o = 100 µs.
 * @example runPathServer(aimdFairnessModel())
 */
export function aimdFairnessModel(horizon = 50e-3): PathServerModel {
  const cca = (initial: number) => aimdRate({ initialRate: initial * Gbps, increase: 0.1 * Gbps, decrease: 0.8, increaseInterval: 30e-6, timeout: 100e-6 });
  const greedy = step(1e12, 0); // always more to send than the CCA admits
  return {
    service: rate(100 * Gbps),
    flows: [
      { arrivals: greedy, cca: cca(60), name: 'flow 1 (starts at 60 Gb/s)' },
      { arrivals: greedy, cca: cca(90), name: 'flow 2 (starts at 90 Gb/s)' },
    ],
    horizon,
    feedbackDelay: 20e-6,
  };
}

/**
 * The paper's §III-E TCP Vegas example: one source into a 100 Gb/s link, ΔR = 20 µs; a 4 MB burst at
 * 0, then 50 Gb/s, plus 1.5 MB bursts every 0.5 ms from 1 ms; 5 ms. Packets of 1500 B.
 * @example runPathServer(vegasModel('ns3'))
 */
export function vegasModel(variant: 'paper' | 'ns3' = 'ns3', horizon = 5e-3): PathServerModel {
  const times = [0];
  const sizes = [4e6];
  for (let k = 0; 1e-3 + k * 0.5e-3 < horizon - 1e-12; k++) {
    times.push(1e-3 + k * 0.5e-3);
    sizes.push(1.5e6);
  }
  return {
    service: rate(100 * Gbps),
    flows: [{ arrivals: add(fromPackets(times, sizes), rate(50 * Gbps)), cca: vegas({ initialWindow: 1500, packetSize: 1500, variant }), name: `Vegas (${variant})` }],
    horizon,
    feedbackDelay: 20e-6,
  };
}

import { step, sum } from '@ccalc/curves';
import type { NetworkModel } from '../network-model.ts';
import { dcqcn } from '../ccas/dcqcn/index.ts';
import { fixedRate } from '../ccas/fixed-rate.ts';
import { seededRandom } from '../random.ts';

const Gbps = 1e9 / 8;
const Mbps = 1e6 / 8;

/**
 * A random line of 2–4 switches, each with a port to the next and one to receivers, and 2–7 flows
 * over random stretches of it: random link rates and delays, bursts, DCQCN (ns3-mlx) or line-rate
 * senders, ECN at some exits, PFC at most switches. The same seed gives the same network.
 * @example runNetwork(randomLine(1))
 */
export function randomLine(seed: number): NetworkModel {
  const u = seededRandom(seed);
  const pick = (k: number): number => Math.floor(u() * k);
  const switches = 2 + pick(3);
  const ports: NetworkModel['ports'] = [];
  const forward: number[] = [];
  const exit: number[] = [];
  const rates = [10, 25, 40, 100].map((g) => g * Gbps);
  for (let s = 0; s < switches; s++) {
    if (s + 1 < switches) forward.push(ports.push({ switch: s, rate: rates[pick(4)], next: { switch: s + 1, delay: u() * 2e-6 } }) - 1);
    exit.push(ports.push({ switch: s, rate: rates[pick(4)], ...(u() < 0.5 ? { ecn: { kMin: 5e3, kMax: 50e3, pMax: 0.1, packetSize: 1000, at: u() < 0.5 ? 'dequeue' : 'enqueue', random: { seed } } } : {}) } as const) - 1);
  }
  const mlx = dcqcn('ns3-mlx', { lineRate: 100 * Gbps, minRate: 100 * Mbps, g: 1 / 256, decreasePeriod: 50e-6, alphaPeriod: 55e-6, increasePeriod: 55e-6, fastRecoverySteps: 5, additiveIncrease: 5 * Mbps, hyperIncrease: 50 * Mbps, clampTargetRate: true });
  const flows = Array.from({ length: 2 + pick(6) }, (_, j) => {
    const from = pick(switches);
    const to = from + pick(switches - from);
    const route = [...forward.slice(from, to), exit[to]];
    const bursts = Array.from({ length: 1 + pick(3) }, () => step(1000 * (1 + pick(300)), u() * 50e-6));
    return { name: `f${j}`, arrivals: sum(bursts), cca: u() < 0.5 ? mlx : fixedRate(rates[pick(4)]), route, notificationDelay: 1e-6 + u() * 4e-6, pauseDelay: 1e-6 + u() * 2e-6 };
  });
  return {
    switches: Array.from({ length: switches }, () => (u() < 0.7 ? { pfc: { xOff: 30e3 + 1000 * pick(50), xOn: 20e3 } } : {})),
    ports,
    flows,
    horizon: 0.1,
    feedbackDelay: 4e-6,
    packets: { size: 1000 },
  };
}


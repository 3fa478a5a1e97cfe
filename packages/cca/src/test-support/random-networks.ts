import { step, sum } from '@ccalc/curves';
import type { NetworkModel } from '../network-model.ts';
import { dcqcn } from '../ccas/dcqcn/index.ts';
import { fixedRate } from '../ccas/fixed-rate.ts';
import { seededRandom } from '../random.ts';

const Gbps = 1e9 / 8;
const Mbps = 1e6 / 8;

/**
 * A random feed-forward network: 2–5 switches, each with one or two links to switches further on
 * (so paths merge and split) and a port to receivers, and 2–7 flows that start at a random switch
 * and follow random links until they leave at some switch's receivers: random link rates and
 * delays, bursts, DCQCN (ns3-mlx) or line-rate senders, ECN at some ports, PFC at most switches.
 * The same seed gives the same network.
 * @example runNetwork(randomNetwork(1))
 */
export function randomNetwork(seed: number): NetworkModel {
  const u = seededRandom(seed);
  const pick = (k: number): number => Math.floor(u() * k);
  const switches = 2 + pick(4);
  const ports: NetworkModel['ports'] = [];
  const out: number[][] = Array.from({ length: switches }, () => []);
  const exit: number[] = [];
  const rates = [10, 25, 40, 100].map((g) => g * Gbps);
  const ecn = () => (u() < 0.5 ? { ecn: { kMin: 5e3, kMax: 50e3, pMax: 0.1, packetSize: 1000, at: u() < 0.5 ? 'dequeue' : 'enqueue', random: { seed } } as const } : {});
  for (let s = 0; s < switches; s++) {
    const targets = s + 1 < switches ? [...new Set([s + 1 + pick(switches - s - 1), s + 1 + pick(switches - s - 1)])] : [];
    for (const to of targets) out[s].push(ports.push({ switch: s, rate: rates[pick(4)], next: { switch: to, delay: u() * 2e-6 }, ...ecn() }) - 1);
    exit.push(ports.push({ switch: s, rate: rates[pick(4)], ...ecn() }) - 1);
  }
  const mlx = dcqcn('ns3-mlx', { lineRate: 100 * Gbps, minRate: 100 * Mbps, g: 1 / 256, decreasePeriod: 50e-6, alphaPeriod: 55e-6, increasePeriod: 55e-6, fastRecoverySteps: 5, additiveIncrease: 5 * Mbps, hyperIncrease: 50 * Mbps, clampTargetRate: true });
  const flows = Array.from({ length: 2 + pick(6) }, (_, j) => {
    const route: number[] = [];
    for (let s = pick(switches); ; ) {
      if (out[s].length === 0 || u() < 0.4) {
        route.push(exit[s]);
        break;
      }
      const link = out[s][pick(out[s].length)];
      route.push(link);
      s = ports[link].next!.switch;
    }
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

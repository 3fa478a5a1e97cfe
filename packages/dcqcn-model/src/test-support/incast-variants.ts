import { seededRandom } from '@ccalc/cca';

/**
 * Variant `seed` of the simulator's incast, as a user would write it: `base` (the scenario file
 * `scenarios/ns3-31-dcqcn.json`, parsed) with other sender counts (2–48), sizes (30 kB – 2 MB),
 * staggered or scattered starts, DCQCN variants (ns3-mlx with its own periods and gain, zhu2015,
 * nic), RED thresholds, marking at enqueue or dequeue, random or expected, a receiver's
 * notification gap and pacing, PFC thresholds (X_on half a packet to 100 kB below X_off, at most
 * half of it) with either resume rule, or none; to 1–3 ms. Returns the edited scenario, its horizon
 * (s) and a one-line label. The same seed gives the same variant.
 * @example incastVariant(JSON.parse(readFileSync('scenarios/ns3-31-dcqcn.json', 'utf8')), 56).label
 */
export function incastVariant(base: Record<string, unknown>, seed: number): { json: Record<string, unknown>; horizon: number; label: string } {
  const r = seededRandom(seed * 7919 + 13);
  const u = (a: number, b: number): number => a + (b - a) * r();
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const us = (x: number): string => `${Math.round(x)} us`;
  const n = pick([2, 3, 4, 8, 16, 31, 48]);
  const stagger = r() < 0.5 ? u(0.5, 40) : 0;
  const sizes = r() < 0.5;
  const senders = Array.from({ length: n }, (_, k) => ({
    name: `s${k}`,
    arrival: { pattern: 'burst', size: `${Math.round(sizes ? u(30, 2000) : 800)} kB`, at: `${(1.08384 + stagger * k + (r() < 0.2 ? u(0, 5) : 0)).toFixed(5)} us` },
  }));
  const name = pick(['ns3-mlx', 'ns3-mlx', 'zhu2015', 'nic'] as const);
  const cca: Record<string, unknown> = { algorithm: 'dcqcn', variant: name };
  if (name === 'ns3-mlx' && r() < 0.5) Object.assign(cca, { decreasePeriod: us(u(4, 80)), alphaPeriod: us(u(4, 80)), increasePeriod: us(u(4, 80)), g: pick([1 / 16, 1 / 64, 1 / 256]) });
  if (name === 'zhu2015') {
    Object.assign(cca, { lineRate: '100 Gbps', minRate: '1 Gbps', g: 1 / 16, alphaPeriod: us(u(10, 80)), increasePeriod: us(u(10, 80)), byteCounter: `${Math.round(u(5, 500))} kB`, fastRecoverySteps: 5, additiveIncrease: '1 Gbps', hyperIncrease: '5 Gbps', initialAlpha: 1 });
  }
  if (name === 'nic') {
    Object.assign(cca, { maxRate: '100 Gbps', minRate: '1 Gbps', mergePeriod: us(u(4, 60)), alphaRateShift: 1, alphaG: 64, alphaTimer: us(u(10, 80)), noCnpTimer: us(u(10, 80)), byteCounter: `${Math.round(u(5, 500))} kB`, rateAi: '1 Gbps', rateHai: '5 Gbps', fastRecoverySteps: 5, initialAlpha: 1023 });
  }
  const kMin = u(2, 60);
  const ecn: Record<string, unknown> = { kMin: `${kMin.toFixed(1)} kB`, kMax: `${(kMin + u(10, 400)).toFixed(1)} kB`, pMax: Number(u(0.005, 0.3).toFixed(3)), at: pick(['enqueue', 'dequeue']), marking: pick(['random', 'expected']) };
  if (r() < 0.3) Object.assign(ecn, { notificationGap: us(u(1, 60)), pacing: pick(['gap', 'grid']) });
  let pfc: Record<string, unknown> | undefined;
  if (r() >= 0.2) {
    const xOff = u(60, 1200);
    pfc = { xOff: `${xOff.toFixed(1)} kB`, xOn: `${(xOff - u(0.5, Math.min(100, xOff / 2))).toFixed(1)} kB`, resume: r() < 0.25 ? 'paper' : 'threshold' };
  }
  const horizon = Number((u(1, 3) * 1e-3).toFixed(6));
  const json = { ...base, name: `variant-${seed}`, senders, cca, ecn, pfc, horizon: `${horizon * 1e3} ms` };
  if (pfc === undefined) delete json.pfc;
  return { json, horizon, label: `${n} senders, ${name}, ECN at ${ecn.at} ${ecn.marking}${ecn.notificationGap ? `, gap ${ecn.notificationGap} (${ecn.pacing})` : ''}, ${pfc === undefined ? 'no PFC' : `PFC ${pfc.resume}`}` };
}

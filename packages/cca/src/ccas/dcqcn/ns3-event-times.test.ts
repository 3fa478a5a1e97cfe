import { describe, expect, it } from 'vitest';
import { runPathServer } from '../../engine.ts';
import { ns3IncastModel, ns3IncastDelays } from '../../examples.ts';

/**
 * The ns3-mlx variant against the simulator's A2 run (31 senders, DCQCN + PFC), using only the
 * settings of shared/traces/README.md. Simulator figures from that README / summary.json.
 * Tolerances: ECN marks are drawn at random in the simulator and here (another generator, seed 1), so
 * the first marked packet may differ by a few packet times (83.84 ns each): 0.5 µs (6 packets) for
 * the first CNP, and the same for the first cut, which the ns-3 rule puts 50 µs after the first CNP.
 * The first PFC pause depends on whole packets and the ingress counts: 0.5 µs. Each sender reaches
 * the 100 Mb/s floor after its 10th cut on its own 50 µs grid, anchored at its own first CNP, so
 * the last one inherits the spread of first CNPs: 5 µs.
 */
describe('ns3-mlx reproduces the simulator\'s key event times (A2: DCQCN + PFC)', () => {
  const r = runPathServer(ns3IncastModel({ dcqcn: true, pfc: true, horizon: 600e-6 }));
  const atSender = (t: number): number => t - ns3IncastDelays.toIngress;
  const first = (kind: string): number => r.events.find((e) => e.kind === kind)!.time;

  it('first CNP at a sender ≈ 4.68 µs', () => {
    expect(Math.abs(atSender(first('first-cnp')) - 4.68e-6)).toBeLessThan(0.5e-6);
  });

  it('first rate cut (100 → 50 Gb/s) ≈ 54.69 µs', () => {
    const cut = r.events.find((e) => e.kind === 'rate-cut')!;
    expect(Math.abs(atSender(cut.time) - 54.69e-6)).toBeLessThan(0.5e-6);
    expect(cut.after.rate * 8).toBe(50e9);
  });

  it('first PFC pause ≈ 102.28 µs (sent by the switch)', () => {
    const sent = first('pfc-pause') - ns3IncastDelays.pauseToSender - ns3IncastDelays.toIngress;
    expect(Math.abs(sent - 102.28e-6)).toBeLessThan(0.5e-6);
  });

  it('all senders at the 100 Mb/s floor from ≈ 504.7 µs', () => {
    const floor = 100e6 / 8;
    const reached = r.flows.map((f) => f.state.rate.time[f.state.rate.value.findIndex((v) => v <= floor * (1 + 1e-9))]);
    expect(reached.every((t) => t !== undefined)).toBe(true);
    expect(Math.abs(atSender(Math.max(...reached)) - 504.7e-6)).toBeLessThan(5e-6);
  });
});

import { describe, expect, it } from 'vitest';
import { fromPackets } from '@ccalc/curves';
import { runPathServer } from '../engine.ts';
import { ns3IncastModel } from '../examples.ts';
import type { StepSeries } from '../results.ts';
import { aimdRate } from './aimd-rate.ts';
import { dcqcnNic } from './dcqcn/nic.ts';
import { vegas } from './vegas.ts';
import { connectionOpenings, newConnectionsAt } from './new-connections.ts';
import { connectionCompletionTimes } from '../completion-times.ts';
import { testSignals } from '../test-support/signal-view.ts';

const Gbps = 1e9 / 8;
const view = testSignals;
const valueAt = (s: StepSeries, t: number): number => s.value[s.time.findLastIndex((x) => x <= t)];

describe('newConnectionsAt', () => {
  const aimd = aimdRate({ initialRate: 10 * Gbps, increase: 1 * Gbps, decrease: 0.5, increaseInterval: 100e-6 });
  const cca = newConnectionsAt(aimd, [1e-3, 2e-3]);

  it('opens a connection at each instant: the initial state with timers counted from there, origin at (t, Â(t))', () => {
    const cut = cca.onNotification!(cca.initial(), view(0.9e-3)).state;
    expect(cca.limit(cut)).toEqual({ kind: 'rate', rate: 5 * Gbps });
    expect(cca.nextTimer(cut)).toBe(100e-6); // the old connection's next increase comes first
    const late = { ...cut, connection: { ...cut.connection, nextIncrease: 1e-3 } }; // an old timer due at the opening is dropped
    expect(cca.nextTimer(late)).toBe(1e-3);
    const opened = cca.onTimer(late, view(1e-3, 123));
    expect(opened.kind).toBe('connection-start');
    expect(opened.shift).toBe('admitted');
    expect(cca.limit(opened.state)).toEqual({ kind: 'rate', rate: 10 * Gbps });
    expect(cca.nextTimer(opened.state)).toBeCloseTo(1.1e-3, 15); // not 100 µs: no catch-up of timers
    expect(opened.state.opened).toBe(1);
    expect(cca.initial(1.5e-3).opened).toBe(1); // a connection opened after the first instant waits for the second
  });

  it('drops a notification for a packet an older connection sent', () => {
    const opened = cca.onTimer(cca.initial(), view(1e-3, 5e6)).state;
    expect(opened.since).toBe(5e6);
    const old = cca.onNotification!(opened, { ...view(1.01e-3), markedFrom: 5e6 - 1048 });
    expect(old.kind).toBe('cnp-old-connection');
    expect(old.state).toBe(opened);
    const own = cca.onNotification!(opened, { ...view(1.01e-3), markedFrom: 5e6 });
    expect(own.kind).toBe('rate-cut');
    expect(cca.limit(own.state)).toEqual({ kind: 'rate', rate: 5 * Gbps });
  });

  it('passes every other signal to the current connection', () => {
    const s = cca.onTimer(cca.initial(), view(100e-6)).state;
    expect(cca.describe(s)).toEqual({ rate: 11 * Gbps });
    expect(cca.listens).toBe(aimd.listens);
    expect(cca.onFlightAcknowledged).toBeUndefined();
  });

  it('every CCA counts its timers and byte counters from the opening', () => {
    const nic = dcqcnNic({ maxRate: 100 * Gbps, initialRate: 50 * Gbps, minRate: 0.1 * Gbps, mergePeriod: 50e-6, alphaRateShift: 0, alphaG: 4, alphaTimer: 55e-6, noCnpTimer: 60e-6, byteCounter: 10e6, rateAi: 0.005 * Gbps, rateHai: 0.05 * Gbps, fastRecoverySteps: 5, initialAlpha: 1000 });
    const n = nic.initial(1e-3, 5e6);
    expect(nic.nextTimer(n)).toBeCloseTo(1.055e-3, 15);
    expect(nic.byteTarget!(n)).toBe(15e6);
    const v = vegas({ initialWindow: 1500, packetSize: 1500, variant: 'ns3' });
    const started = v.onTimer(v.initial(1e-3), view(1e-3)).state;
    expect(v.nextTimer(started)).toBeCloseTo(1.004e-3, 15); // the first Vegas event one ΔR after the opening
  });

  it('names the instant that is not increasing or not a time', () => {
    expect(() => newConnectionsAt(aimd, [1e-3, 1e-3])).toThrow(/^instants\[1\]: expected a time after instants\[0\] = 0.001 \(increasing\), got 0.001/);
    expect(() => newConnectionsAt(aimd, [Number.NaN])).toThrow(/^instants\[0\]: expected a finite time ≥ 0 \(s\), got NaN/);
  });
});

describe('repeated bursts through the engine: ns3-mlx DCQCN, 8 senders × 2 × 1 MB, 500 µs apart', () => {
  const second = 500e-6;
  const base = ns3IncastModel({ senders: 8, horizon: 700e-6, random: 'expected' });
  const run = (perBurst: boolean) =>
    runPathServer({
      ...base,
      flows: base.flows.map((f) => ({ ...f, arrivals: fromPackets([0, second], [1e6, 1e6]), cca: perBurst ? newConnectionsAt(f.cca, [second]) : f.cca })),
    });
  const persistent = run(false);
  const perBurst = run(true);

  it("completes each connection when the flow's departures reach the bytes that arrived before the next one opened", () => {
    const model = { ...base, flows: base.flows.map((f) => ({ ...f, arrivals: fromPackets([0, second], [1e6, 1e6]), cca: newConnectionsAt(f.cca, [second]) })) };
    expect(connectionOpenings(model.flows[0].cca)).toEqual([second]);
    expect(connectionOpenings(base.flows[0].cca)).toEqual([]);
    const times = connectionCompletionTimes(perBurst, model);
    perBurst.flows.forEach((f, j) => {
      const [first, last] = times[j];
      // The first connection's megabyte has left by then, and not just before; the second is not done by 700 µs.
      expect(f.delivered.at(first!)).toBeCloseTo(1e6, 3);
      expect(f.delivered.at(first! - 1e-9)).toBeLessThan(1e6);
      expect(first!).toBeLessThan(second + 200e-6);
      expect(last).toBeNull();
    });
    // A flow of one connection: its completion time, as flowCompletionTimes.
    expect(connectionCompletionTimes(persistent, base).map((c) => c.length)).toEqual(new Array(8).fill(1));
  });

  it('both cut their rates during the first burst', () => {
    for (const r of [persistent, perBurst]) expect(Math.max(...r.flows.map((f) => valueAt(f.state.rate, second - 1e-9)))).toBeLessThan(50 * Gbps);
  });

  it('a new connection per burst starts the second burst at line rate; a persistent one keeps its cut rate', () => {
    for (const f of perBurst.flows) expect(valueAt(f.state.rate, second)).toBe(100 * Gbps);
    for (const f of persistent.flows) expect(valueAt(f.state.rate, second)).toBeLessThan(50 * Gbps);
    expect(perBurst.events.filter((e) => e.kind === 'connection-start').map((e) => e.time)).toEqual(new Array(8).fill(second));
    // The switch sees it: 8 senders at line rate build a queue again within 20 µs.
    expect(perBurst.backlog.at(second + 20e-6)).toBeGreaterThan(persistent.backlog.at(second + 20e-6) + 500e3);
  });

  it('marks on packets of the first connection do not reach the second: its first CNP comes after the old queue has left', () => {
    const queued = perBurst.backlog.at(second); // the first bursts' bytes still in the switch, served first
    expect(queued).toBeGreaterThan(1e6);
    const old = perBurst.events.filter((e) => e.kind === 'cnp-old-connection');
    expect(old.length).toBeGreaterThan(100);
    expect(Math.min(...old.map((e) => e.time))).toBeGreaterThanOrEqual(second);
    const firstCnps = perBurst.events.filter((e) => e.kind === 'first-cnp' && e.time >= second);
    expect(firstCnps).toHaveLength(8);
    for (const e of firstCnps) expect(e.time).toBeGreaterThan(second + queued / (100 * Gbps));
  });
});

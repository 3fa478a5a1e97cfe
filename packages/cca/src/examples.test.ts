import { describe, expect, it } from 'vitest';
import { runPathServer } from './engine.ts';
import { aimdFairnessModel, vegasModel } from './examples.ts';

const Gbps = 1e9 / 8;

describe('§IV-B AIMD fairness (two flows, 60 and 90 Gb/s, 50 ms)', () => {
  const result = runPathServer(aimdFairnessModel());
  const [r1, r2] = result.flows.map((f) => f.state.rate);
  const rateAt = (s: { time: number[]; value: number[] }, t: number): number => {
    let k = 0;
    while (k + 1 < s.time.length && s.time[k + 1] <= t) k++;
    return s.value[k];
  };
  const timeouts = result.events.filter((e) => e.kind === 'timeout');

  it('both flows time out together (FIFO: the same queueing delay)', () => {
    const byTime = new Map<number, number[]>();
    for (const e of timeouts) byTime.set(e.time, [...(byTime.get(e.time) ?? []), e.flow]);
    expect(byTime.size).toBeGreaterThanOrEqual(8);
    for (const flows of byTime.values()) expect(flows.sort()).toEqual([0, 1]);
  });

  it('the gap between the rates shrinks by β = 0.8 at each common decrease', () => {
    const instants = [...new Set(timeouts.map((e) => e.time))];
    for (const t of instants) {
      const before = Math.abs(timeouts.find((e) => e.time === t && e.flow === 1)!.before.rate - timeouts.find((e) => e.time === t && e.flow === 0)!.before.rate);
      const after = Math.abs(rateAt(r2, t) - rateAt(r1, t));
      expect(after / before).toBeCloseTo(0.8, 6);
    }
  });

  it('converges toward the fair share: the 30 Gb/s initial gap is under 2 Gb/s at 50 ms', () => {
    const gap = Math.abs(rateAt(r1, 0.05) - rateAt(r2, 0.05)) / Gbps;
    expect(gap).toBeLessThan(2);
    expect(gap).toBeGreaterThan(0); // additive increase keeps the difference constant between decreases
  });

  it('is efficient: the server delivers on average 85–100 % of its 100 Gb/s', () => {
    const mean = (result.departures.at(0.05) - result.departures.at(0.005)) / 0.045 / Gbps;
    expect(mean).toBeGreaterThan(85);
    expect(mean).toBeLessThanOrEqual(100 + 1e-6);
  });
});

describe('§III-E TCP Vegas (ns-3 semantics): 4 MB burst, 50 Gb/s, 1.5 MB bursts every 0.5 ms', () => {
  const result = runPathServer(vegasModel('ns3'));
  const w = result.flows[0].state.window;
  const windowAt = (t: number): number => {
    let k = 0;
    while (k + 1 < w.time.length && w.time[k + 1] <= t) k++;
    return w.value[k];
  };
  const backlog = result.backlog;

  it('leaves slow start within 0.5 ms with a window above the bandwidth-delay product (250 kB)', () => {
    const exit = result.events.find((e) => e.kind === 'window-change' && e.after.window < e.before.window);
    expect(exit).toBeDefined();
    expect(exit!.time).toBeLessThan(0.5e-3);
    expect(windowAt(0.3e-3)).toBeGreaterThan(250e3);
  });

  it('each burst makes a backlog spike at the link that drains before the next burst', () => {
    for (const t of [1e-3, 1.5e-3, 2e-3, 3e-3, 4e-3]) {
      expect(backlog.at(t + 10e-6)).toBeGreaterThan(300e3);
      expect(backlog.at(t + 0.49e-3)).toBeLessThan(10e3);
    }
  });

  it('keeps growing its window afterwards (one packet per RTT while diff < α)', () => {
    expect(windowAt(4.9e-3)).toBeGreaterThan(windowAt(1.2e-3));
  });
});

describe('§III-E TCP Vegas, the paper\'s Algorithm 3 literally (Eq. 1 RTT)', () => {
  const result = runPathServer(vegasModel('paper'));
  const w = result.flows[0].state.window;

  it('runs, doubles in slow start, then grows by whole packets', () => {
    expect(w.value[1]).toBe(3000);
    const steps = w.value.slice(1).map((v, k) => v - w.value[k]);
    const late = steps.slice(-20);
    for (const d of late) expect([1500, -1500, 0]).toContain(d);
  });
});

import { describe, expect, it } from 'vitest';
import { rate, step } from '@ccalc/curves';
import { runPathServer } from './engine.ts';
import { ns3IncastModel } from './examples.ts';
import { fixedRate } from './ccas/fixed-rate.ts';
import type { EngineResult, PathServerModel } from './index.ts';

const C = 12.5e9;

/** Hosts' connections' summed admission rate over bins of `bin` seconds up to `until`: the largest, relative to C. */
function busiestHost(r: EngineResult, hostOf: (j: number) => number, hosts: number, bin: number, until: number): number {
  let worst = 0;
  for (let h = 0; h < hosts; h++) {
    const own = r.flows.filter((_, j) => hostOf(j) === h);
    for (let k = 0; k * bin < until; k++) {
      const sent = own.reduce((sum, f) => sum + f.admitted.at((k + 1) * bin) - f.admitted.at(k * bin), 0);
      worst = Math.max(worst, sent / bin / C);
    }
  }
  return worst;
}

describe('the curve engine: hosts whose connections share a NIC (fluid)', () => {
  it('gives each connection what it would get alone while the NIC has room', () => {
    // Two hosts of two connections at 4 and 5 GB/s: 9 GB/s per host, below the 12.5 GB/s NIC.
    const flows = [4e9, 5e9, 4e9, 5e9].map((r, j) => ({ arrivals: step(2e5, j * 3e-6), cca: fixedRate(r) }));
    const alone: PathServerModel = { service: rate(C), flows, horizon: 200e-6, feedbackDelay: 4e-6 };
    const hosted: PathServerModel = { ...alone, hosts: [{}, {}], flows: flows.map((f, j) => ({ ...f, host: j >> 1 })) };
    const a = runPathServer(alone);
    const b = runPathServer(hosted);
    expect(b.events).toEqual(a.events);
    b.flows.forEach((f, j) => {
      for (let k = 0; k <= 200; k++) {
        expect(f.admitted.at(k * 1e-6)).toBeCloseTo(a.flows[j].admitted.at(k * 1e-6), 3);
        expect(f.delivered.at(k * 1e-6)).toBeCloseTo(a.flows[j].delivered.at(k * 1e-6), 3);
      }
    });
  });

  // Four hosts, three overlapping connections each (500 kB, starting 20 µs apart), DCQCN (ns-3's
  // Mellanox mode) with ECN and per-host PFC, as fluids.
  const base = ns3IncastModel({ senders: 12, dcqcn: true, pfc: true, random: 'expected', horizon: 1e-3 });
  const hostOf = (j: number): number => j % 4;
  const model: PathServerModel = {
    ...base,
    packets: undefined,
    hosts: [0, 1, 2, 3].map((h) => ({ name: `h${h}` })),
    flows: base.flows.map((f, j) => ({ ...f, host: hostOf(j), arrivals: step(5e5, Math.floor(j / 4) * 20e-6), name: `h${hostOf(j)}/${Math.floor(j / 4)}` })),
  };
  const run = runPathServer(model);

  it('never sends above the line rate per host, and reaches it', () => {
    const worst = busiestHost(run, hostOf, 4, 1e-7, 3e-4);
    // Measured 1 + 7e-14: rounding.
    expect(worst).toBeLessThanOrEqual(1 + 1e-9);
    expect(worst).toBeGreaterThan(0.999);
  });

  it('delivers every byte of every connection, and a run until complete stops when the last has left', () => {
    run.flows.forEach((f) => expect(f.delivered.at(model.horizon)).toBeCloseTo(5e5, 3));
    const done = runPathServer(model, { untilComplete: true });
    // 12 × 500 kB through 12.5 GB/s from 0: the server never idles, so it is done at 480 µs.
    expect(done.horizon).toBeCloseTo(6e6 / C, 9);
    done.flows.forEach((f) => expect(f.delivered.at(done.horizon)).toBeCloseTo(5e5, 3));
    expect(done.events).toEqual(run.events.filter((e) => e.time <= done.horizon));
  });

  it('pauses a host as a whole: one frame per host, every connection stopped until the resume', () => {
    const frames = run.events.filter((e) => e.kind === 'pfc-pause' || e.kind === 'pfc-resume');
    expect(frames.filter((e) => e.kind === 'pfc-pause').length).toBeGreaterThanOrEqual(4);
    // Logged by each host's first connection (flows 0–3) only.
    expect(new Set(frames.map((e) => e.flow))).toEqual(new Set([0, 1, 2, 3]));
    for (const pause of frames.filter((e) => e.kind === 'pfc-pause')) {
      const resume = frames.find((e) => e.flow === pause.flow && e.kind === 'pfc-resume' && e.time > pause.time);
      const until = resume?.time ?? model.horizon;
      run.flows.forEach((f, j) => {
        if (hostOf(j) !== pause.flow) return;
        expect(f.admitted.at(until)).toBeCloseTo(f.admitted.at(pause.time), 6);
      });
    }
  });

  it('cuts each connection on its own notifications', () => {
    const cnps = run.events.filter((e) => e.kind === 'cnp');
    // Notifications reach every connection (each has its own marked bytes).
    expect(new Set(cnps.map((e) => e.flow)).size).toBe(12);
    // A cut of connection j follows a notification to j since its previous cut (ns3-mlx cuts at a
    // check that finds one), and the connections of a host have rates of their own.
    const cuts = run.events.filter((e) => e.kind === 'rate-cut');
    expect(cuts.length).toBeGreaterThan(12);
    for (const cut of cuts) {
      const previous = cuts.filter((c) => c.flow === cut.flow && c.time < cut.time).reduce((t, c) => Math.max(t, c.time), -Infinity);
      expect(cnps.some((c) => c.flow === cut.flow && c.time > previous && c.time <= cut.time)).toBe(true);
    }
    const ratesAt = (t: number): number[] => run.flows.map((f) => f.state.rate!.value[f.state.rate!.time.findLastIndex((x) => x <= t)]);
    const late = ratesAt(150e-6);
    expect(new Set([late[0], late[4], late[8]]).size).toBeGreaterThan(1);
  });
});

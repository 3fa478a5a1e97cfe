import { describe, expect, it } from 'vitest';
import { rate, step } from '@ccalc/curves';
import { runNetwork } from './run-network.ts';
import { runEvents } from '../events/run-events.ts';
import { ns3IncastModel } from '../../examples.ts';
import { fixedRate } from '../../ccas/fixed-rate.ts';
import { dcqcnPaper } from '../../ccas/dcqcn/index.ts';
import { qcn } from '../../ccas/qcn.ts';
import { ModelError } from '../../errors.ts';
import { randomNetwork } from '../../test-support/random-networks.ts';
import { engineAgreement } from '../../test-support/engine-agreement.ts';
import type { PathServerModel } from '../../model.ts';
import type { EngineResult } from '../../results.ts';
import type { NetworkModel, NetworkResult } from '../../network-model.ts';

const Gbps = 1e9 / 8;
const Mbps = 1e6 / 8;

/**
 * A single-switch model as a network: its port first, then `extra` ports, each twice as fast as
 * the one before and `linkDelay` further on. The bottleneck is the first port, so nothing queues
 * downstream; notifications leave the last port `shift` later than the first, which the
 * notification and ack delays give back (QCN's feedback, sent from the first port, keeps its delay).
 */
function asTandem(m: PathServerModel, extra: number, linkDelay = 1e-6): { net: NetworkModel; shift: number } {
  const C = m.service.s.at(-1)!;
  const I = m.packets!.size;
  let shift = 0;
  for (let k = 0; k < extra; k++) shift += I / (C * 2 ** k) + linkDelay;
  const ports = Array.from({ length: extra + 1 }, (_, k) => ({
    switch: k,
    rate: C * 2 ** k,
    ...(k === 0 ? { ecn: m.ecn, qcn: m.qcn } : {}),
    ...(k < extra ? { next: { switch: k + 1, delay: linkDelay } } : {}),
  }));
  const notified = m.ecn !== undefined ? shift : 0;
  const net: NetworkModel = {
    switches: ports.map((_, k) => (k === 0 && m.pfc !== undefined ? { pfc: m.pfc } : {})),
    ports,
    flows: m.flows.map((f) => ({
      ...f,
      route: ports.map((_, k) => k),
      notificationDelay: (f.notificationDelay ?? m.feedbackDelay) - notified,
      ackDelay: (f.ackDelay ?? m.feedbackDelay) - shift,
    })),
    horizon: m.horizon,
    feedbackDelay: m.feedbackDelay,
    packets: m.packets!,
  };
  return { net, shift };
}

/** The network's run seen as a single-switch result at its first port, notifications moved back by `shift`. */
function atFirstPort(r: NetworkResult, shift: number): EngineResult {
  return {
    horizon: r.horizon,
    flows: r.flows,
    backlog: r.ports[0].backlog,
    departures: r.ports[0].departures,
    events: r.events,
    notifications: r.notifications.map((x) => ({ ...x, marked: x.marked - shift, sent: x.sent - shift })),
    stats: { windows: 0, events: r.events.length, engine: 'events' },
  };
}

describe('a network whose only bottleneck is one port gives the single-switch events', () => {
  const paper = dcqcnPaper({ lineRate: 100 * Gbps, decrease: 0.75, additiveIncrease: 5 * Mbps, increaseInterval: 55e-6 });
  const withPaperDcqcn = (m: PathServerModel): PathServerModel => ({ ...m, flows: m.flows.map((f) => ({ ...f, cca: paper })) });
  // ns3-mlx runs on one port only: its α and rate-decrease timers are chains started at CNP
  // arrivals, and a mark carried to the last port arrives at ((d + T) + δ) + (ΔN − shift), which
  // rounds apart from d + ΔN by 1e-18 s; where two chains meet (every 550 µs) they then swap order
  // within one instant. The paper's DCQCN has one timer grid, so the tandem is checked with it.
  const cases: [string, PathServerModel, number[]][] = [
    ['PFC only (ns3-31-pfc, 3 ms)', ns3IncastModel({ dcqcn: false, horizon: 3e-3 }), [0, 2]],
    ['ns3-mlx DCQCN + PFC (ns3-31-dcqcn, 3 ms)', ns3IncastModel({ horizon: 3e-3 }), [0]],
    ['ns3-mlx DCQCN without PFC, 8 senders', ns3IncastModel({ senders: 8, pfc: false, horizon: 3e-3 }), [0]],
    ['the paper\'s DCQCN + PFC, ECN at dequeue', withPaperDcqcn(ns3IncastModel({ horizon: 3e-3 })), [0, 2]],
    ['the paper\'s DCQCN, ECN at enqueue, 8 senders', withPaperDcqcn({ ...ns3IncastModel({ senders: 8, pfc: false, horizon: 3e-3 }), ecn: { ...ns3IncastModel().ecn!, at: 'enqueue' } }), [0]],
  ];
  it.each(cases)('%s: ports %j after the bottleneck', (_, model, extras) => {
    const single = runEvents(model);
    expect(single.notifications.length + single.events.length).toBeGreaterThan(100);
    for (const extra of extras) {
      const { net, shift } = asTandem(model, extra);
      const r = runNetwork(net);
      const a = engineAgreement(atFirstPort(r, shift), single);
      expect(a.mismatches).toEqual([]);
      expect(a.events[0]).toBe(a.events[1]);
      expect(a.notificationMismatches).toBe(0);
      // The same arithmetic on the same instants: no rounding apart (1e-12 s is the engines' tolerance).
      expect(a.worstEventTime).toBeLessThanOrEqual(1e-12);
      expect(a.worstNotificationTime).toBeLessThanOrEqual(1e-12);
      expect(a.worstBacklog).toBeLessThanOrEqual(1e-6);
      // Downstream ports never queue, and each flow's last port sends what the first did, `shift` later.
      for (let k = 1; k <= extra; k++) expect(Math.max(...sampleCurve(r.ports[k].backlog, model.horizon))).toBeLessThanOrEqual(model.packets!.size);
      for (const j of [0, model.flows.length - 1]) {
        const want = single.flows[j].delivered;
        for (let k = 1; k <= 200; k++) {
          const t = (k / 200) * (model.horizon - shift);
          expect(r.ports[0].flowDepartures[j].at(t)).toBeCloseTo(want.at(t), 6);
        }
      }
    }
  });

  it('QCN: its feedback goes from the first port to the source, in a tandem as on one switch', () => {
    const rp = qcn({ lineRate: 10 * Gbps, minRate: 1 * Mbps, maxDecrease: 0.5, byteCounter: 150e3, timer: 10e-3, fastRecoverySteps: 5, additiveIncrease: 12 * Mbps, hyperIncrease: 50 * Mbps });
    const model: PathServerModel = {
      service: rate(10 * Gbps),
      flows: Array.from({ length: 4 }, () => ({ arrivals: step(3e6, 0), cca: rp, notificationDelay: 2.5e-6, ackDelay: 5e-6 })),
      horizon: 5e-3,
      feedbackDelay: 5e-6,
      qcn: { qEq: 37.5e3, w: 2, fbBits: 8, sampling: { min: 0.01, max: 0.1 }, seed: 1 },
      packets: { size: 1500 },
    };
    const { net } = asTandem(model, 1);
    const a = engineAgreement(atFirstPort(runNetwork(net), 0), runEvents(model));
    expect(a.mismatches).toEqual([]);
    expect(a.events[0]).toBeGreaterThan(20);
    expect(a.worstEventTime).toBeLessThanOrEqual(1e-12);
    expect(a.notificationMismatches).toBe(0);
  });
});

/** A curve's values at 2,000 points of [0, horizon]. */
function sampleCurve(f: { at(t: number): number }, horizon: number): number[] {
  return Array.from({ length: 2001 }, (_, k) => f.at((k / 2000) * horizon));
}

/**
 * Congestion spreading: hosts h0, h1 send to a slow receiver behind switch 1 (port 1, 10 Gb/s);
 * h2 sends through the same link to a fast receiver (port 2). All three enter at switch 0, whose
 * port 0 drives the 100 Gb/s link to switch 1.
 */
function spreading(pfc: boolean): NetworkModel {
  const line = fixedRate(100 * Gbps);
  const thresholds = { xOff: 100e3, xOn: 90e3 };
  return {
    switches: [{ ...(pfc ? { pfc: thresholds } : {}) }, { ...(pfc ? { pfc: thresholds } : {}) }],
    ports: [
      { name: 'sw0→sw1', switch: 0, rate: 100 * Gbps, next: { switch: 1, delay: 1e-6 } },
      { name: 'hot', switch: 1, rate: 10 * Gbps },
      { name: 'cold', switch: 1, rate: 100 * Gbps },
    ],
    flows: [
      { name: 'h0', arrivals: step(2e6, 0), cca: line, route: [0, 1] },
      { name: 'h1', arrivals: step(2e6, 0), cca: line, route: [0, 1] },
      { name: 'victim', arrivals: step(2e6, 0), cca: line, route: [0, 2] },
    ],
    horizon: 5e-3,
    feedbackDelay: 2e-6,
    packets: { size: 1000 },
  };
}

describe('PFC backpressure spreads hop by hop', () => {
  it('the hot port pauses the link, the link\'s port pauses every host behind it, and the victim is slowed', () => {
    const lossless = runNetwork(spreading(true), { untilComplete: true });
    const free = runNetwork(spreading(false), { untilComplete: true });
    // Switch 1 pauses port 0 (its ingress from switch 0 holds the hot flows' bytes) …
    expect(lossless.portFrames.filter((f) => f.port === 0 && f.kind === 'pfc-pause').length).toBeGreaterThan(0);
    // … whose queue then fills and pauses all three hosts, the victim too.
    for (const j of [0, 1, 2]) expect(lossless.events.some((e) => e.flow === j && e.kind === 'pfc-pause')).toBe(true);
    // Without PFC the victim crosses at its share of the link (done in about 3 × 2 MB / 100 Gb/s);
    // behind the PAUSEs it waits for the hot flows, which drain at 10 Gb/s.
    const done = (r: NetworkResult): number => [...r.flows[2].delivered.t].find((_, i) => r.flows[2].delivered.v[i] >= 2e6 - 1e-6) ?? Infinity;
    expect(done(free)).toBeLessThan(0.7e-3);
    expect(done(lossless)).toBeGreaterThan(2 * done(free));
    // Every byte arrives in both runs, and the ingress bound holds at switch 1: the hot port's queue
    // stays within X_off plus what is in flight on the link when the PAUSE goes out.
    for (const r of [lossless, free]) for (const f of r.flows) expect(f.delivered.at(r.horizon)).toBeCloseTo(2e6, 6);
    expect(Math.max(...sampleCurve(lossless.ports[1].backlog, lossless.horizon))).toBeLessThan(100e3 + 2 * 1e-6 * 100 * Gbps + 2000);
    expect(Math.max(...sampleCurve(free.ports[1].backlog, free.horizon))).toBeGreaterThan(1e6);
  });
});

describe('random feed-forward networks: conservation and causality', () => {
  it.each(Array.from({ length: 25 }, (_, k) => k + 1))('network %i', (seed) => {
    const model = randomNetwork(seed);
    const r = runNetwork(model, { untilComplete: true });
    expect(r.horizon).toBeLessThan(model.horizon);
    model.flows.forEach((f, j) => {
      // Every byte delivered, and nothing leaves a port before it arrived there: at each hop a
      // flow's departures by t are at most what the previous hop finished sending by t − delay.
      expect(r.flows[j].delivered.at(r.horizon)).toBeCloseTo(f.arrivals.at(Infinity), 6);
      for (let i = 1; i < f.route.length; i++) {
        const before = r.ports[f.route[i - 1]];
        const delay = model.ports[f.route[i - 1]].next!.delay;
        const here = r.ports[f.route[i]].flowDepartures[j];
        for (const t of here.t) expect(here.at(t)).toBeLessThanOrEqual(before.flowDepartures[j].at(t - delay) + 1e-6);
      }
    });
    for (const [p, port] of r.ports.entries()) {
      // Bytes in = bytes out + backlog; never negative; never faster than the port's rate.
      const d = port.departures;
      for (let i = 0; i < d.t.length; i++) expect(d.s[i]).toBeLessThanOrEqual(model.ports[p].rate * (1 + 1e-12));
      for (const t of port.backlog.t) expect(port.backlog.at(t)).toBeGreaterThanOrEqual(-1e-6);
      expect(port.backlog.at(r.horizon)).toBeCloseTo(0, 6);
    }
  });
});

describe('network validation', () => {
  const base = (): NetworkModel => spreading(true);
  it.each([
    ['a route past a port that faces receivers', (m: NetworkModel) => (m.flows[0].route = [2, 1]), /^flows\[0\]\.route\[1\]: expected a port of switch \(none: port 2 faces receivers\), where port 2's link leads, got 1$/],
    ['a route whose next port is not where the link leads', (m: NetworkModel) => (m.flows[0].route = [0, 0]), /^flows\[0\]\.route\[1\]: expected a port of switch 1, where port 0's link leads, got 0$/],
    ['a route that stops before the receivers', (m: NetworkModel) => (m.flows[0].route = [0]), /^flows\[0\]\.route: expected a route that ends at a port facing receivers \(port 0 leads to switch 1\)/],
    ['an unknown switch', (m: NetworkModel) => (m.ports[1].switch = 7), /^ports\[1\]\.switch: expected the index of one of the 2 switches, got 7$/],
    ['a negative link delay', (m: NetworkModel) => (m.ports[0].next!.delay = -1), /^ports\[0\]\.next\.delay: expected a finite number ≥ 0, got -1$/],
    ['the paper\'s resume rule', (m: NetworkModel) => (m.switches[1].pfc = { xOff: 1e5, xOn: 9e4, resume: 'paper', lineRate: 1e9 }), /^switches\[1\]\.pfc\.resume: expected "threshold"/],
    ['X_on above X_off', (m: NetworkModel) => (m.switches[0].pfc = { xOff: 1e5, xOn: 2e5 }), /^switches\[0\]\.pfc\.xOn: expected X_on ≤ X_off = 100000, got 200000$/],
    ['ECN and QCN on one port', (m: NetworkModel) => ((m.ports[1].ecn = { kMax: 1e5, packetSize: 1000 }), (m.ports[1].qcn = { qEq: 1e4, w: 2 })), /^ports\[1\]\.qcn: expected either ECN marking or a QCN congestion point, not both/],
  ] as [string, (m: NetworkModel) => void, RegExp][])('refuses %s, naming the field', (_, change, pattern) => {
    const m = base();
    change(m);
    expect(() => runNetwork(m)).toThrow(ModelError);
    expect(() => runNetwork(m)).toThrow(pattern);
  });
});

import { describe, expect, it } from 'vitest';
import { add, horizontalDeviation, rate, step } from '@ccalc/curves';
import { networkBounds } from './network-bounds.ts';
import { runNetwork } from './engines/network/run-network.ts';
import { inputHotspotNetwork, parkingLotNetwork } from './network-examples.ts';
import { fixedRate } from './ccas/fixed-rate.ts';
import { ModelError } from './errors.ts';
import { randomNetwork } from './test-support/random-networks.ts';
import type { NetworkModel, NetworkResult } from './network-model.ts';

const Gbps = 1e9 / 8;
const I = 1000;

describe('network calculus bounds: the textbook cases', () => {
  it('one port, two flows at R: h = 2I/C and v = 2I (token buckets through a constant rate)', () => {
    const m: NetworkModel = {
      switches: [{}],
      ports: [{ switch: 0, rate: 10 * Gbps }],
      flows: [0, 1].map(() => ({ arrivals: rate(2 * Gbps), cca: fixedRate(2 * Gbps), route: [0] })),
      horizon: 1e-3,
      feedbackDelay: 1e-6,
      packets: { size: I },
    };
    const b = networkBounds(m);
    expect(b.ports[0].delay).toBeCloseTo((2 * I) / (10 * Gbps), 15);
    expect(b.ports[0].backlog).toBeCloseTo(2 * I, 9);
  });

  it('two hops, one flow: bursts are paid once end to end, twice hop by hop', () => {
    const [C1, C2, R, delay] = [10 * Gbps, 25 * Gbps, 2 * Gbps, 3e-6];
    const m: NetworkModel = {
      switches: [{}, {}],
      ports: [{ switch: 0, rate: C1, next: { switch: 1, delay } }, { switch: 1, rate: C2 }],
      flows: [{ arrivals: rate(R), cca: fixedRate(R), route: [0, 1] }],
      horizon: 1e-3,
      feedbackDelay: 1e-6,
      packets: { size: I },
    };
    const f = networkBounds(m).flows[0];
    // Per hop: I/C1 at the first port; the flow leaves it with the burst I + R·I/C1.
    expect(f.perHopSum).toBeCloseTo(I / C1 + delay + (I + (R * I) / C1) / C2, 15);
    // End to end: β_{C1, I/C1} ⊗ λ_{C2} = β_{C1, I/C1}: I/C1 + I/C1 (the burst, at the slower rate) + the link.
    expect(f.endToEnd).toBeCloseTo(I / C1 + I / C1 + delay, 15);
    expect(f.delay).toBe(Math.min(f.endToEnd, f.perHopSum));
  });

  it('refuses routes that go round a cycle of ports', () => {
    const line = fixedRate(10 * Gbps);
    const m: NetworkModel = {
      switches: [{}, {}],
      ports: [{ switch: 0, rate: 10 * Gbps, next: { switch: 1, delay: 0 } }, { switch: 1, rate: 10 * Gbps, next: { switch: 0, delay: 0 } }, { switch: 0, rate: 10 * Gbps }, { switch: 1, rate: 10 * Gbps }],
      flows: [{ arrivals: step(1e4, 0), cca: line, route: [0, 1, 2] }, { arrivals: step(1e4, 0), cca: line, route: [1, 0, 3] }],
      horizon: 1e-3,
      feedbackDelay: 1e-6,
      packets: { size: I },
    };
    expect(() => networkBounds(m)).toThrow(ModelError);
    expect(() => networkBounds(m)).toThrow(/^flows: expected a feed-forward network/);
  });
});

/**
 * What a run shows against the bounds: at each port the largest delay (arrival to arrival at the
 * next switch, or to the last bit sent at the last port) and backlog, and each flow's end-to-end delay.
 */
function measured(model: NetworkModel, r: NetworkResult): { ports: Map<number, { delay: number; backlog: number }>; flows: number[] } {
  const ports = new Map(
    r.ports.map((port, p) => {
      const arrivals = add(port.backlog, port.departures);
      let backlog = 0;
      for (let i = 0; i < port.backlog.t.length; i++) backlog = Math.max(backlog, port.backlog.v[i], port.backlog.r[i]);
      return [p, { delay: horizontalDeviation(arrivals, port.departures) + (model.ports[p].next?.delay ?? 0), backlog }];
    }),
  );
  return { ports, flows: r.flows.map((f) => horizontalDeviation(f.sent, f.delivered)) };
}

describe('computed delays and backlogs never exceed the bounds', () => {
  // Finite flows, no PAUSE (a PAUSE is latency the service curves do not include). The bounds are
  // tight where nothing reacts: the parking lot's first port and its cold flow 5 → 7 reach them to
  // the picosecond. Margins: 1 ps and 1 µB of rounding.
  const cases: [string, NetworkModel][] = [
    ['the parking lot without control', parkingLotNetwork({ control: 'none', bytes: 2e6, horizon: 0.05 })],
    ['the parking lot with QCN', parkingLotNetwork({ bytes: 2e6, horizon: 0.05 })],
    ['the input-generated hotspot without control', inputHotspotNetwork({ control: 'none', bytes: 2e6, horizon: 0.05 })],
    ['the input-generated hotspot with QCN', inputHotspotNetwork({ bytes: 2e6, horizon: 0.05 })],
    ...Array.from({ length: 12 }, (_, k): [string, NetworkModel] => {
      const net = randomNetwork(k + 1);
      return [`random network ${k + 1}`, { ...net, switches: net.switches.map(() => ({})) }];
    }),
  ];
  it.each(cases)('%s', (_, model) => {
    const r = runNetwork(model, { untilComplete: true });
    const bounds = networkBounds(model);
    const seen = measured(model, r);
    for (const b of bounds.ports) {
      expect(seen.ports.get(b.port)!.delay).toBeLessThanOrEqual(b.delay + 1e-12);
      expect(seen.ports.get(b.port)!.backlog).toBeLessThanOrEqual(b.backlog + 1e-6);
    }
    for (const f of bounds.flows) expect(seen.flows[f.flow]).toBeLessThanOrEqual(f.delay + 1e-12);
  });

  it('the bounds are reached where nothing reacts (the parking lot\'s first port without control)', () => {
    const model = parkingLotNetwork({ control: 'none', bytes: 2e6, horizon: 0.05 });
    const seen = measured(model, runNetwork(model, { untilComplete: true }));
    const bounds = networkBounds(model);
    expect(seen.ports.get(0)!.backlog).toBeCloseTo(bounds.ports.find((b) => b.port === 0)!.backlog, 3);
    expect(seen.flows[4]).toBeCloseTo(bounds.flows[4].delay, 12);
  });
});

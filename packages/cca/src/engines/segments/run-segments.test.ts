import { describe, expect, it } from 'vitest';
import { fromPackets, rate, step } from '@ccalc/curves';
import fc from 'fast-check';
import { runSegments, TICK } from './run-segments.ts';
import { runPathServer } from '../../engine.ts';
import { runEvents } from '../events/run-events.ts';
import { runModel } from '../../run-model.ts';
import { vegasSocket } from '../../ccas/vegas-socket.ts';
import { aimdRate } from '../../ccas/aimd-rate.ts';
import { ModelError } from '../../errors.ts';
import type { PathServerModel } from '../../model.ts';

const G = 1e9 / 8;
const tcp = { segmentSize: 1000, header: 54, ackSize: 54, synSize: 62, propagation: 5e-6 };

function model(over: Partial<PathServerModel> = {}, writes = step(4e6, 0), access = { rate: 100 * G, propagation: 5e-6 }, horizon = 1e-3): PathServerModel {
  return {
    service: rate(100 * G),
    flows: [{ arrivals: writes, cca: vegasSocket({ segmentSize: 1000 }), access }],
    horizon,
    feedbackDelay: 20e-6,
    tcp,
    ...over,
  };
}

describe('runSegments (TCP senders segment by segment)', () => {
  it('times one segment and its acknowledgement exactly: serialisations and propagations on a 1 ps clock', () => {
    const r = runSegments(model({}, step(1000, 0)));
    // Sent 1 tick after the write; 1054 B at 100 Gb/s = 84.32 ns per link; ACK 54 B = 4.32 ns.
    const arrives = 1 + 84_320 + 5_000_000 + 84_320 + 5_000_000;
    expect(r.flows[0].delivered.rightLimit(arrives * TICK)).toBe(1000);
    expect(r.flows[0].delivered.at((arrives - 1) * TICK)).toBe(0);
    const ack = arrives + 4_320 + 5_000_000 + 4_320 + 5_000_000;
    // The RTT sample (from the send, one tick after 0) after the handshake's 2·(2·4.96 ns + 10 us).
    const handshake = 2 * (4_960 + 5_000_000 + 4_960 + 5_000_000);
    const sample = ack - 1;
    const srtt = r.flows[0].state.srtt;
    expect(srtt.value[0]).toBeCloseTo(handshake * TICK, 18);
    expect(srtt.time.at(-1)! / TICK).toBeCloseTo(ack, 3);
    expect(srtt.value.at(-1)! / TICK).toBeCloseTo(handshake + Math.floor((sample - handshake) / 8), 3);
    expect(r.stats.engine).toBe('segments');
  });

  it('queues at the source when the access link is the slower one, and at the switch when the switch is', () => {
    // 25 Gb/s access into 100 Gb/s: each window leaves in a burst and waits at the sender's NIC;
    // at the switch a packet finds the port idle and is counted only at the instant it arrives
    // (as a simulator's exact maximum counts it), so the sampled queue stays 0.
    const slowAccess = runSegments(model({}, step(4e6, 0), { rate: 25 * G, propagation: 5e-6 }));
    expect(slowAccess.tcp!.sourceQueuePeaks[0]).toBeGreaterThan(10 * 1054);
    expect(slowAccess.tcp!.switchQueuePeak).toBe(1054);
    expect(Math.max(...slowAccess.tcp!.switchQueue.r, ...slowAccess.tcp!.switchQueue.v)).toBe(0);
    // 100 Gb/s access into 25 Gb/s: the NIC holds at most the initial window (10 packets queued at
    // once), and the queue forms at the switch.
    const slowSwitch = runSegments(model({ service: rate(25 * G) }));
    expect(slowSwitch.tcp!.sourceQueuePeaks[0]).toBe(10 * 1054);
    expect(slowSwitch.tcp!.switchQueuePeak).toBeGreaterThan(10 * 1054);
    // The same window dynamics either way: the bottleneck's rate is what the sender sees.
    expect(slowSwitch.flows[0].delivered.at(1e-3)).toBe(slowAccess.flows[0].delivered.at(1e-3));
  });

  it('never lets the bytes in flight exceed the window, and delivers what was written, in order', () => {
    const r = runSegments(model({}, fromPackets([0, 100e-6, 300e-6], [2e6, 500, 1.2e6]), undefined, 2e-3));
    const f = r.flows[0];
    expect(f.delivered.at(Infinity)).toBe(2e6 + 500 + 1.2e6);
    // Bytes handed to the NIC minus bytes acknowledged ≤ cwnd: checked at every send.
    const window = f.state.window;
    // Acknowledged by t: delivered one ACK path (2·4.32 ns + 10 us) earlier, that instant included.
    const ackAt = (t: number) => f.delivered.rightLimit(t - 10.00864e-6);
    for (let k = 0; k < f.admitted.t.length; k++) {
      const t = f.admitted.t[k];
      let i = 0;
      while (i + 1 < window.time.length && window.time[i + 1] <= t) i++;
      expect(f.admitted.rightLimit(t) - ackAt(t)).toBeLessThanOrEqual(window.value[i] + 1e-9);
    }
  });

  it('shares the switch FIFO between connections: their deliveries add up to at most its rate', () => {
    const two: PathServerModel = {
      ...model({ service: rate(40 * G) }),
      flows: [0, 1].map((j) => ({ arrivals: step(3e6, 0), cca: vegasSocket({ segmentSize: 1000 }), access: { rate: 100 * G, propagation: (5 + j) * 1e-6 }, name: `c${j}` })),
    };
    const r = runSegments(two);
    const total = (t: number) => r.flows[0].delivered.at(t) + r.flows[1].delivered.at(t);
    for (let t = 100e-6; t <= 1e-3; t += 100e-6) expect(total(t) - total(t - 100e-6)).toBeLessThanOrEqual((40 * G * 100e-6 * 1000) / 1054 + 1054);
    expect(r.flows[0].delivered.at(1e-3)).toBeGreaterThan(0);
    expect(r.flows[1].delivered.at(1e-3)).toBeGreaterThan(0);
  });

  it('is what runModel picks for a CCA that reacts to each acknowledgement; the other engines refuse it', () => {
    expect(runModel(model()).result.stats.engine).toBe('segments');
    expect(() => runPathServer(model())).toThrow(/segment engine/);
    expect(() => runEvents(model())).toThrow(ModelError);
    expect(() => runModel(model(), { engine: 'segments' }).result).not.toThrow();
  });

  it('refuses what it does not cover and bad TCP settings, naming them', () => {
    expect(() => runSegments(model({ tcp: undefined }))).toThrow(/TCP path/);
    expect(() => runSegments(model({ pfc: { xOff: 1e5, xOn: 5e4 } }))).toThrow(/PFC/);
    expect(() => runSegments(model({ tcp: { ...tcp, ackSize: 0 } }))).toThrow(/tcp.ackSize/);
    expect(() => runSegments(model({ tcp: { ...tcp, header: 1.5 } }))).toThrow(/tcp.header/);
    expect(() => runSegments(model({}, step(4e6, 0), { rate: -1, propagation: 0 }))).toThrow(/flows\[0\].access.rate/);
    expect(() => runSegments(model({}, rate(50 * G)))).toThrow(/steps/);
    expect(() => runSegments(model({}, step(10.5, 0)))).toThrow(/whole bytes/);
    const rateBased = { ...model(), flows: [{ arrivals: step(1e6, 0), cca: aimdRate({ initialRate: 10 * G, increase: G, decrease: 0.5, increaseInterval: 1e-5 }) }] };
    expect(() => runSegments(rateBased)).toThrow(/each acknowledgement/);
  });

  it("delays acknowledgements as ns-3 does with a count of 2: the first segment at once, then every second, a lone one after the timeout", () => {
    const delayedAck = { count: 2, timeout: 200e-6 };
    // cwnd grows by a segment per acknowledgement in slow start: its changes are the ACKs' arrivals (ticks).
    const acks = (bytes: number) => runSegments(model({ tcp: { ...tcp, delayedAck } }, step(bytes, 0))).flows[0].state.window.time.slice(1).map((x) => Math.round(x / TICK));
    // Segment k (from 1) reaches the receiver at 1 + (k + 1)·84,320 + 10^7 ticks; the ACK then takes 10,008,640.
    const atReceiver = (k: number) => 1 + (k + 1) * 84_320 + 10_000_000;
    const back = 10_008_640;
    expect(acks(3000)).toEqual([atReceiver(1) + back, atReceiver(3) + back]);
    expect(acks(2000)).toEqual([atReceiver(1) + back, atReceiver(2) + 200_000_000 + back]);
    // Every segment at once without it.
    expect(runSegments(model({}, step(3000, 0))).flows[0].state.window.time.length).toBe(4);
    expect(() => runSegments(model({ tcp: { ...tcp, delayedAck: { count: 0, timeout: 1e-3 } } }))).toThrow(/tcp\.delayedAck\.count/);
  });

  it('ends at the last delivery with untilComplete', () => {
    const r = runSegments(model({}, step(200_000, 0)), { untilComplete: true });
    expect(r.flows[0].delivered.at(r.horizon)).toBeLessThan(200_000);
    expect(r.flows[0].delivered.rightLimit(r.horizon)).toBe(200_000);
    // The acknowledgements after the last delivery are not part of the run.
    expect(Math.max(...r.events.map((e) => e.time), ...r.flows[0].state.window.time, ...r.flows[0].state.srtt.time)).toBeLessThanOrEqual(r.horizon);
  });
});

describe('runSegments on random TCP paths', () => {
  const caseArb = fc.record({
    senders: fc.integer({ min: 1, max: 3 }),
    access: fc.constantFrom(25, 100, 400),
    bottleneck: fc.constantFrom(25, 100),
    propagation: fc.constantFrom(0.5e-6, 5e-6),
    sizes: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 3 }),
    gap: fc.constantFrom(20e-6, 100e-6),
    delayed: fc.boolean(),
  });

  it('conserves bytes in order (written ≥ sent ≥ at the switch ≥ delivered), never beats the bottleneck, delivers everything, and repeats itself', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const flows = Array.from({ length: c.senders }, (_, j) => ({
          arrivals: fromPackets(c.sizes.map((_, k) => k * c.gap + j * 7e-6), c.sizes.map((kB) => kB * 1000)),
          cca: vegasSocket({ segmentSize: 1000 }),
          access: { rate: c.access * G, propagation: c.propagation },
        }));
        const m: PathServerModel = { service: rate(c.bottleneck * G), flows, horizon: 20e-3, feedbackDelay: 1e-5, tcp: { ...tcp, propagation: c.propagation, ...(c.delayed ? { delayedAck: { count: 2, timeout: 50e-6 } } : {}) } };
        const r = runSegments(m, { untilComplete: true });
        const again = runSegments(m, { untilComplete: true });
        expect(again.events).toEqual(r.events);
        const payloadRate = (c.bottleneck * G * 1000) / 1054;
        r.flows.forEach((f, j) => {
          const total = flows[j].arrivals.at(Infinity);
          expect(f.delivered.rightLimit(r.horizon)).toBe(total);
          for (let t = 0; t <= r.horizon; t += r.horizon / 50) {
            expect(f.arrivals.rightLimit(t)).toBeGreaterThanOrEqual(f.admitted.rightLimit(t));
            expect(f.admitted.rightLimit(t)).toBeGreaterThanOrEqual(f.sent.rightLimit(t));
            expect(f.sent.rightLimit(t)).toBeGreaterThanOrEqual(f.delivered.rightLimit(t));
          }
        });
        // Over any 20 µs, the receivers get at most the bottleneck's payload rate, and a packet.
        const all = (t: number) => r.flows.reduce((s, f) => s + f.delivered.rightLimit(t), 0);
        for (let t = 20e-6; t <= r.horizon; t += 20e-6) expect(all(t) - all(t - 20e-6)).toBeLessThanOrEqual(payloadRate * 20e-6 + 1000 + 1e-6);
        const q = r.tcp!;
        for (const curve of [q.switchQueue, ...q.sourceQueues]) expect(Math.min(...curve.v, ...curve.r)).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 25 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rate, step } from '@ccalc/curves';
import { runEvents } from './run-events.ts';
import { fixedRate } from '../../ccas/fixed-rate.ts';
import { simulatePacketSwitch, type PacketSwitchCase } from '../../oracle/packet-switch.ts';
import type { PathServerModel } from '../../model.ts';

/** Time unit of the cases: 1 ns; 1000 B packets at 1 GB/s take T = 1000 units (1 µs). */
const UNIT = 1e-9;

/** The event engine's model of a case: each sender a connection at its own fixed rate, on its host. */
function caseModel(c: PacketSwitchCase): PathServerModel {
  const C = c.packetSize / (c.packetTime * UNIT);
  const last = Math.max(...c.senders.map((s) => s.start)) + c.senders.reduce((n, s) => n + s.packets * (s.period ?? c.packetTime), 0);
  return {
    service: rate(C),
    hosts: c.hosts?.map((h) => ({ lineRate: c.packetSize / ((h.lineTime ?? c.packetTime) * UNIT) })),
    flows: c.senders.map((s) => ({
      arrivals: step(s.packets * c.packetSize, s.start * UNIT),
      cca: fixedRate(c.packetSize / ((s.period ?? c.packetTime) * UNIT)),
      pauseDelay: c.pauseDelay * UNIT,
      ackDelay: (c.ackDelay ?? 3 * c.pauseDelay) * UNIT,
      host: s.host,
    })),
    horizon: (last + 4 * c.pauseDelay + 10 * c.packetTime) * UNIT,
    feedbackDelay: 3 * c.pauseDelay * UNIT,
    pfc: { xOff: c.xOff, xOn: c.xOn, resume: 'threshold' },
    packets: { size: c.packetSize },
  };
}

/** Every connection's packets reach and leave the switch at the reference's instants, and every PFC frame matches. */
function expectSameRun(c: PacketSwitchCase): { frames: number; held: number } {
  const reference = simulatePacketSwitch(c);
  const run = runEvents(caseModel(c));
  let held = 0;
  c.senders.forEach((s, j) => {
    const frames = reference.frames.filter((f) => f.sender === j);
    const engineFrames = run.events.filter((e) => e.flow === j && (e.kind === 'pfc-pause' || e.kind === 'pfc-resume'));
    expect(engineFrames.map((e) => e.kind), `connection ${j}: frames`).toEqual(frames.map((f) => f.kind));
    engineFrames.forEach((e, k) => expect(Math.abs(e.time - frames[k].time * UNIT), `connection ${j}, frame ${k}`).toBeLessThan(1e-15));
    // Packet m reaches the switch at the reference's instant: the staircase rises there.
    const sent = run.flows[j].sent;
    expect(reference.arrivals[j].length).toBe(s.packets);
    reference.arrivals[j].forEach((at, m) => {
      expect(sent.at(at * UNIT + 1e-10), `connection ${j}, packet ${m} sent`).toBeCloseTo((m + 1) * c.packetSize, 6);
      expect(sent.at(at * UNIT - 1e-10), `connection ${j}, packet ${m} sent`).toBeCloseTo(m * c.packetSize, 6);
      if (m > 0 && at - reference.arrivals[j][m - 1] > (s.period ?? c.packetTime)) held += 1;
    });
    const D = run.flows[j].delivered;
    reference.dequeues[j].forEach((at, m) => {
      expect(D.at(at * UNIT + 1e-10), `connection ${j}, packet ${m} leaves`).toBeGreaterThan(m * c.packetSize);
      expect(D.at(at * UNIT - 1e-10), `connection ${j}, packet ${m} leaves`).toBeLessThanOrEqual(m * c.packetSize + 1e-3);
    });
  });
  return { frames: reference.frames.length, held };
}

describe('hosts with several connections: the event engine against the packet-level reference', () => {
  it('three connections of one host at different rates share its NIC round robin, never above line rate', () => {
    const c: PacketSwitchCase = {
      packetTime: 1000,
      packetSize: 1000,
      hosts: [{ lineTime: 1000 }],
      senders: [
        { start: 0, packets: 30, host: 0, period: 1000 },
        { start: 2500, packets: 20, host: 0, period: 2000 },
        { start: 4000, packets: 25, host: 0, period: 1500 },
      ],
      xOff: 1e9,
      xOn: 1e9,
      pauseDelay: 1700,
    };
    const { held } = expectSameRun(c);
    expect(held).toBeGreaterThan(5); // the NIC made connections wait
    // The host never exceeds its line rate: its packets are at least one line time apart.
    const run = runEvents(caseModel(c));
    const starts = run.flows.flatMap((f) => Array.from({ length: f.sent.t.length }, (_, i) => i).filter((i) => f.sent.r[i] > f.sent.v[i]).map((i) => f.sent.t[i])).sort((a, b) => a - b);
    expect(starts.length).toBe(75);
    for (let k = 1; k < starts.length; k++) expect(starts[k] - starts[k - 1]).toBeGreaterThanOrEqual(1000 * UNIT * (1 - 1e-9));
  });

  it('a PAUSE stops every connection of the host, RESUME lets them all go; another host is not paused', () => {
    const c: PacketSwitchCase = {
      packetTime: 1000,
      packetSize: 1000,
      hosts: [{}, {}],
      senders: [
        { start: 0, packets: 40, host: 0, period: 1000 },
        { start: 1000, packets: 30, host: 0, period: 1000 },
        { start: 500, packets: 40, host: 1, period: 1000 },
        { start: 3000, packets: 15, host: 0, period: 3000 },
      ],
      xOff: 5500,
      xOn: 3500,
      pauseDelay: 2500,
    };
    const { frames } = expectSameRun(c);
    expect(frames).toBeGreaterThan(10);
  });

  it('a finished connection leaves the round robin, and the list closes up behind it as in ns-3', () => {
    // Connection 0 sends one packet and is acknowledged early; the others are paced below line rate,
    // so the NIC sometimes finds none ready. Such a scan removes connection 0, and the list closing
    // up moves where the round robin goes on: C (2) before B (1) at 8 µs.
    const c: PacketSwitchCase = {
      packetTime: 1000,
      packetSize: 1000,
      hosts: [{}],
      senders: [
        { start: 0, packets: 1, host: 0 },
        { start: 0, packets: 6, host: 0, period: 4000 },
        { start: 0, packets: 6, host: 0, period: 3000 },
        { start: 0, packets: 6, host: 0, period: 4000 },
      ],
      xOff: 1e9,
      xOn: 1e9,
      pauseDelay: 1000,
      ackDelay: 500,
    };
    expectSameRun(c);
    // Without the closing up, the reference would serve another order: the case tells them apart.
    const order = (run: ReturnType<typeof simulatePacketSwitch>) => run.arrivals.flatMap((xs, j) => xs.map((x) => [x, j])).sort((a, b) => a[0] - b[0]).map((p) => p[1]).join('');
    expect(order(simulatePacketSwitch(c))).not.toBe(order(simulatePacketSwitch({ ...c, ackDelay: 1e9 })));
  });

  it('random hosts, connections, rates and thresholds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.record({ start: fc.integer({ min: 0, max: 8 }).map((k) => k * 500), packets: fc.integer({ min: 1, max: 20 }), host: fc.nat(), period: fc.integer({ min: 2, max: 8 }).map((k) => k * 500) }), { minLength: 2, maxLength: 6 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1100, max: 4300 }),
        fc.integer({ min: 1, max: 6000 }),
        (hostCount, raw, xOffPackets, gap, pauseDelay, ackDelay) => {
          // Hosts numbered in order of their first connection, as the model numbers its ingresses.
          const seen: number[] = [];
          const senders = raw.map((s) => {
            const h = s.host % hostCount;
            if (!seen.includes(h)) seen.push(h);
            return { ...s, host: seen.indexOf(h) };
          });
          const xOff = xOffPackets * 1000 + 500;
          expectSameRun({ packetTime: 1000, packetSize: 1000, hosts: seen.map(() => ({})), senders, xOff, xOn: xOff - Math.min(gap, xOffPackets - 1) * 1000, pauseDelay, ackDelay });
        },
      ),
      { numRuns: 40, seed: 11 },
    );
  });
});

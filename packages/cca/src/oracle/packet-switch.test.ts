import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rate, step } from '@ccalc/curves';
import { runPathServer } from '../engine.ts';
import { fixedRate } from '../ccas/fixed-rate.ts';
import { simulatePacketSwitch, type PacketSwitchCase } from './packet-switch.ts';

/** Time unit of the small cases: 1 ns; 1000 B packets at 1 GB/s take T = 1000 units (1 µs). */
const NS = 1e-9;

function runEngine(c: PacketSwitchCase, UNIT: number) {
  const C = c.packetSize / (c.packetTime * UNIT);
  const last = Math.max(...c.senders.map((s) => s.start)) + c.senders.reduce((n, s) => n + s.packets, 0) * c.packetTime;
  return runPathServer({
    service: rate(C),
    flows: c.senders.map((s) => ({ arrivals: step(s.packets * c.packetSize, s.start * UNIT), cca: fixedRate(C), pauseDelay: c.pauseDelay * UNIT })),
    horizon: (last + 4 * c.pauseDelay + 10 * c.packetTime) * UNIT,
    feedbackDelay: 3 * c.pauseDelay * UNIT,
    pfc: { xOff: c.xOff, xOn: c.xOn, resume: 'threshold' },
    packets: { size: c.packetSize },
  });
}

/** The engine and the packet-level reference agree on every PFC frame and every dequeue. */
function expectSameRun(c: PacketSwitchCase, UNIT = NS): { frames: number } {
  const reference = simulatePacketSwitch(c);
  const run = runEngine(c, UNIT);
  const frames = (j: number) => reference.frames.filter((f) => f.sender === j);
  c.senders.forEach((s, j) => {
    const engineFrames = run.events.filter((e) => e.flow === j && (e.kind === 'pfc-pause' || e.kind === 'pfc-resume'));
    expect(engineFrames.map((e) => e.kind), `sender ${j}: frames`).toEqual(frames(j).map((f) => f.kind));
    engineFrames.forEach((e, k) => expect(Math.abs(e.time - frames(j)[k].time * UNIT), `sender ${j}, frame ${k}`).toBeLessThan(1e-12));
    // Packet m starts leaving at the reference's instant: D_j is m·I there and rises after it.
    const D = run.flows[j].delivered;
    reference.dequeues[j].forEach((at, m) => {
      expect(D.at(at * UNIT + 1e-10), `sender ${j}, packet ${m}`).toBeGreaterThan(m * c.packetSize);
      expect(D.at(at * UNIT - 1e-10), `sender ${j}, packet ${m}`).toBeLessThanOrEqual(m * c.packetSize + 1e-3);
    });
    expect(reference.dequeues[j].length).toBe(s.packets);
  });
  return { frames: reference.frames.length };
}

describe('whole packets with PFC: the engine against a packet-level reference (ns-3 semantics)', () => {
  it('4 senders starting together (every port ties with the others at each instant)', () => {
    const { frames } = expectSameRun({ packetTime: 1000, packetSize: 1000, senders: Array.from({ length: 4 }, () => ({ start: 1000, packets: 40 })), xOff: 5500, xOn: 3500, pauseDelay: 2500 });
    expect(frames).toBeGreaterThan(20);
  });

  it('staggered starts and sizes, a pause delay that is not a whole number of packets', () => {
    const { frames } = expectSameRun({
      packetTime: 1000,
      packetSize: 1000,
      senders: [
        { start: 0, packets: 30 },
        { start: 300, packets: 12 },
        { start: 1000, packets: 25 },
        { start: 2000, packets: 40 },
        { start: 2000, packets: 18 },
      ],
      xOff: 4200,
      xOn: 2300,
      pauseDelay: 1700,
    });
    expect(frames).toBeGreaterThan(10);
  });

  it('random small cases', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ start: fc.integer({ min: 0, max: 6 }).map((k) => k * 500), packets: fc.integer({ min: 1, max: 25 }) }), { minLength: 2, maxLength: 5 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1100, max: 4300 }),
        (senders, xOffPackets, gap, pauseDelay) => {
          const xOff = xOffPackets * 1000 + 500;
          expectSameRun({ packetTime: 1000, packetSize: 1000, senders, xOff, xOn: xOff - Math.min(gap, xOffPackets - 1) * 1000, pauseDelay });
        },
      ),
      { numRuns: 25, seed: 7 },
    );
  });

  it('the simulator\'s A1 incast: 31 × 10,000 packets of 1048 B at 100 Gb/s, X_off 950 kB, X_on 925 kB', () => {
    // In units of 10 ps: a packet takes 8384, the first arrives at 108384, a PFC frame acts 208728 later.
    const senders = Array.from({ length: 31 }, () => ({ start: 108_384, packets: 10_000 }));
    const { frames } = expectSameRun({ packetTime: 8384, packetSize: 1048, senders, xOff: 950_000, xOn: 925_000, pauseDelay: 208_728 }, 1e-11);
    expect(frames).toBe(10_974); // as many as the simulator sent
  }, 120_000);
});

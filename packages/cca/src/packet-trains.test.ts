import { describe, expect, it } from 'vitest';
import { Curve, CurveBuilder, fromPackets } from '@ccalc/curves';
import { PacketTrains } from './packet-trains.ts';
import { fifoDemultiplex } from './fifo-demultiplex.ts';

/** A staircase with one packet of 1000 B right after each instant (as packetize 'up' makes them). */
function packetsAt(times: number[]): Curve {
  const b = new CurveBuilder();
  b.push(0, 0, 0, 0);
  times.forEach((t, k) => (t === 0 ? b.push(0, 0, 1000, 0) : b.push(t, k * 1000, (k + 1) * 1000, 0)));
  return b.build();
}

describe('packet trains: runs of back-to-back packets', () => {
  it('a gap longer than maxGap starts a train; startAt finds the train of an instant', () => {
    const trains = new PacketTrains(1.5);
    trains.record(packetsAt([1, 2, 3, 10, 11, 20]), 0, 30);
    expect(trains.startAt(2)).toBe(1);
    expect(trains.startAt(3)).toBe(1);
    expect(trains.startAt(11)).toBe(10);
    expect(trains.startAt(20)).toBe(20);
    expect(trains.startAt(15)).toBe(10); // between packets: the last train started
    expect(trains.startAt(0.5)).toBe(0.5); // before any packet: the instant itself
  });

  it('records window by window the same trains as at once, each packet once', () => {
    const wire = packetsAt([1, 2, 3, 10, 11, 20]);
    const whole = new PacketTrains(1.5);
    whole.record(wire, 0, 30);
    const windows = new PacketTrains(1.5);
    for (const [a, b] of [[0, 2], [2, 10], [10, 10.5], [10.5, 30], [0, 30]]) windows.record(wire, a, b);
    for (const t of [1, 2, 3, 10, 11, 20, 25]) expect(windows.startAt(t)).toBe(whole.startAt(t));
  });

  it('a gap of exactly maxGap (within rounding) continues the train', () => {
    const trains = new PacketTrains(0.1);
    trains.record(packetsAt([1, 1.1, 1.2000000000000002, 1.3]), 0, 2);
    expect(trains.startAt(1.3)).toBe(1);
  });

  it('orders a tie as a packet simulator does: the latest train first', () => {
    const early = new PacketTrains(1.5);
    const late = new PacketTrains(1.5);
    early.record(packetsAt([1, 2, 3, 4]), 0, 10);
    late.record(packetsAt([3, 4]), 0, 10);
    expect(late.tieKey(4)).toBeLessThan(early.tieKey(4));
  });
});

describe('FIFO ties in the order given by tieKey', () => {
  // Two flows send one 1000 B packet each at t = 1 into a 1000 B/s server.
  const A = [fromPackets([1], [1000]), fromPackets([1], [1000])];
  const aggregate = fromPackets([1], [2000]);
  const D = Curve.fromBreakpoints([[0, 0, 0, 0], [1, 0, 0, 1000], [3, 2000, 2000, 0]]);

  it('without a key: in flow order', () => {
    const [d0, d1] = fifoDemultiplex(D, A, aggregate, 0, Infinity, 'in-order');
    expect(d0.at(2)).toBeCloseTo(1000, 6);
    expect(d1.at(2)).toBeCloseTo(0, 6);
  });

  it('with a key that puts flow 1 first: flow 1 leaves first', () => {
    const [d0, d1] = fifoDemultiplex(D, A, aggregate, 0, Infinity, (flow) => (flow === 1 ? -1 : 0));
    expect(d1.at(2)).toBeCloseTo(1000, 6);
    expect(d0.at(2)).toBeCloseTo(0, 6);
    expect(d0.at(3)).toBeCloseTo(1000, 6);
  });

  it('the key also orders a tie at the start of the walk (`from`)', () => {
    const [d0, d1] = fifoDemultiplex(D, A, aggregate, 1, Infinity, (flow) => (flow === 1 ? -1 : 0));
    expect(d1.at(2)).toBeCloseTo(1000, 6);
    expect(d0.at(2)).toBeCloseTo(0, 6);
  });
});

describe('packet trains across window boundaries', () => {
  it('a packet right after the instant where two windows meet is recorded by the later window', () => {
    // Packets right after 1, 2 and 3 (jumps after the value); windows (0, 2] and (2, 4].
    const trains = new PacketTrains(1.5);
    const wire = packetsAt([1, 2, 3]);
    trains.record(wire, 0, 2);
    trains.record(wire, 2, 4);
    expect(trains.startAt(3)).toBe(1);
    // A train that starts exactly at a window's start is seen.
    const late = new PacketTrains(1.5);
    late.record(packetsAt([5, 6]), 0, 5);
    late.record(packetsAt([5, 6]), 5, 10);
    expect(late.startAt(6)).toBe(5);
  });
});

import { describe, expect, it } from 'vitest';
import { Floats } from './growable.ts';
import { replayFifo, replayInOrder } from './fifo-replay.ts';

const T = 80e-9;
const flow = (times: number[], trainStart = 0) => ({ times: Floats.of(Float64Array.from(times)), trainStartOf: () => trainStart });

describe('replaying the FIFO port', () => {
  // Worked by hand: flow 0 sends at 0 and 100 ns, flow 1 at 0 and 400 ns, in that queueing order
  // at instant 0 (port order). The server starts 0 at 0, 1 at 80 ns (back to back), then 0's
  // second packet at 160 ns (it waited from 100 ns), idles from 240 ns, and 1's second at 400 ns.
  const times = [Float64Array.of(0, 100e-9), Float64Array.of(0, 400e-9)];
  const order = Int32Array.of(0, 1, 0, 1);

  it('serves packets in the recorded order, back to back within a busy period', () => {
    const s = replayInOrder(times, order, T, 1e-3);
    expect(Array.from(s.arrivalTimes.view())).toEqual([0, 0, 100e-9, 400e-9]);
    expect(Array.from(s.startTimes.view())).toEqual([0, T, 2 * T, 400e-9]);
    expect(Array.from(s.flowStarts[0].view())).toEqual([0, 2 * T]);
    expect(Array.from(s.flowStarts[1].view())).toEqual([T, 400e-9]);
  });

  it('refuses an order that queues more packets of a flow than it started', () => {
    expect(() => replayInOrder(times, Int32Array.of(0, 1, 0, 1, 0), T, 1e-3)).toThrow(/flow 0 queued packet 3 of 2 started/);
  });

  it('starts nothing at or after the horizon', () => {
    const s = replayInOrder(times, order, T, 2 * T);
    expect(Array.from(s.startTimes.view())).toEqual([0, T]);
  });

  it('gives what merging the flows again gives', () => {
    // The merge orders instant 0 by the latest train first: flow 1's train started later, so it
    // goes first there; in that order, replaying the recorded order gives the same service.
    const merged = replayFifo([flow([0, 100e-9], -1e-6), flow([0, 400e-9], 0)], Int32Array.of(0, 1), T, 1e-3);
    const inOrder = replayInOrder(times, Int32Array.of(1, 0, 0, 1), T, 1e-3);
    expect(Array.from(inOrder.startTimes.view())).toEqual(Array.from(merged.startTimes.view()));
    expect(inOrder.flowStarts.map((f) => Array.from(f.view()))).toEqual(merged.flowStarts.map((f) => Array.from(f.view())));
  });
});

import { compareTies } from '../../fifo-demultiplex.ts';
import { Floats } from './growable.ts';
import { instantTolerance } from './progress.ts';
import { MergeHeap } from './merge-heap.ts';

/** One flow's packets as they reached the switch: their instants (s, increasing) and train starts. */
export interface FlowArrivals {
  /** When each packet arrived (s). */
  times: Floats;
  /** The start of the train (back-to-back run) of each packet: its tie key is −trainStartOf(k). */
  trainStartOf(k: number): number;
}

/** What {@link replayFifo} gives: the port's service, packet by packet. */
export interface FifoService {
  /** Every packet's arrival, in the order it was queued (s). */
  arrivalTimes: Floats;
  /** Every transmission's start, in FIFO order (s). */
  startTimes: Floats;
  /** Each flow's transmission starts (s). */
  flowStarts: Floats[];
}

/**
 * The service of a FIFO port of rate I/T that the event engine ran, replayed from its flows'
 * arrivals when the engine did not record the order it queued them in (block mode): packets are
 * queued in the engine's order (by instant, times within the curves' tolerance of an instant's
 * first being one instant; at one instant the latest train first, then port order) and served
 * back to back from the start of each busy period (see {@link serveFifo}).
 * @example replayFifo([{ times, trainStartOf }], Int32Array.of(0), 83.84e-9, 1e-3).startTimes
 */
export function replayFifo(flows: readonly FlowArrivals[], ingressOf: Int32Array, T: number, horizon: number): FifoService {
  const n = flows.length;
  let total = 0;
  for (const f of flows) total += f.times.length;
  const arrivalTimes = new Floats(total);
  const order = new Int32Array(total);
  const next = new Int32Array(n);
  const times = flows.map((f) => f.times.view());
  // The flows' next arrivals in a binary heap keyed by time (ties by flow index): `head[j]` is
  // flow j's next arrival, +∞ once it has none.
  const head = Float64Array.from(times, (v) => (v.length > 0 ? v[0] : Infinity));
  const heap = new MergeHeap(n, (a, b) => head[a] < head[b] || (head[a] === head[b] && a < b));
  for (let j = 0; j < n; j++) if (times[j].length > 0) heap.add(j);
  heap.heapify();
  // The instant's packets: flow and packet index, in queueing order.
  const instantFlow: number[] = [];
  const instantPacket: number[] = [];
  let m = 0;
  while (heap.size > 0) {
    // One instant: every arrival within the tolerance of the earliest.
    const t = head[heap.top()];
    const limit = t + instantTolerance(t);
    instantFlow.length = 0;
    instantPacket.length = 0;
    while (heap.size > 0 && head[heap.top()] <= limit) {
      const j = heap.top();
      instantFlow.push(j);
      instantPacket.push(next[j]);
      next[j] += 1;
      if (next[j] < times[j].length) {
        head[j] = times[j][next[j]];
        heap.settleTop();
      } else {
        head[j] = Infinity;
        heap.removeTop();
      }
    }
    // The engine's order at an instant: latest train first, then port order (stable); a flow's
    // packets are ordered by its latest train's start, as the engine reads it when it queues them.
    for (let a = 1; a < instantFlow.length; a++) {
      const f = instantFlow[a];
      const k = instantPacket[a];
      const key = -flows[f].trainStartOf(next[f] - 1);
      let b = a - 1;
      for (; b >= 0; b--) {
        const g = instantFlow[b];
        if (!(compareTies(key, ingressOf[f], -flows[g].trainStartOf(next[g] - 1), ingressOf[g]) < 0)) break;
        instantFlow[b + 1] = g;
        instantPacket[b + 1] = instantPacket[b];
      }
      instantFlow[b + 1] = f;
      instantPacket[b + 1] = k;
    }
    for (let a = 0; a < instantFlow.length; a++) {
      arrivalTimes.push(times[instantFlow[a]][instantPacket[a]]);
      order[m++] = instantFlow[a];
    }
  }
  return serveFifo(arrivalTimes, order.subarray(0, m), flows.map((f) => f.times.length), T, horizon);
}

/**
 * The port's service from the order the engine queued its packets in (`order`: each packet's
 * flow, in queueing order, as `FifoPort` records it) and each flow's arrival instants (s,
 * increasing): the k-th packet of a flow in that order arrived at the flow's k-th instant. One
 * pass, no merge; then served as {@link serveFifo} does.
 * @example replayInOrder([Float64Array.of(0, 1e-6)], Int32Array.of(0, 0), 83.84e-9, 1e-3).startTimes.at(1) // 1e-6
 */
export function replayInOrder(times: readonly Float64Array[], order: Int32Array, T: number, horizon: number): FifoService {
  const next = new Int32Array(times.length);
  const arrivalTimes = new Floats(order.length);
  for (let k = 0; k < order.length; k++) {
    const j = order[k];
    // Every packet queued was started by its flow: a flow short of instants is a bug upstream.
    if (!(next[j] < times[j].length)) throw new Error(`replayInOrder: flow ${j} queued packet ${next[j] + 1} of ${times[j].length} started`);
    arrivalTimes.push(times[j][next[j]++]);
  }
  return serveFifo(arrivalTimes, order, times.map((v) => v.length), T, horizon);
}

/**
 * A FIFO server of packet time T fed packets in queueing order (`arrivalTimes`, s, and each
 * packet's flow in `order`): back to back from the start of each busy period, busyStart + k·T
 * (the port's arithmetic, so the starts are the same numbers), a new busy period when a packet
 * finds the server idle, none starting at or after the horizon. `counts`: packets per flow (room
 * for each flow's starts).
 */
export function serveFifo(arrivalTimes: Floats, order: Int32Array, counts: readonly number[], T: number, horizon: number): FifoService {
  const total = arrivalTimes.length;
  const startTimes = new Floats(total);
  const flowStarts = counts.map((c) => new Floats(c));
  let busyStart = -Infinity;
  let busyCount = 0;
  let free = -Infinity;
  for (let k = 0; k < total; k++) {
    const arrival = arrivalTimes.at(k);
    const d = arrival > free ? arrival : busyStart + busyCount * T;
    if (!(d < horizon)) break;
    if (arrival > free) {
      busyStart = d;
      busyCount = 0;
    }
    busyCount += 1;
    free = busyStart + busyCount * T;
    startTimes.push(d);
    flowStarts[order[k]].push(d);
  }
  return { arrivalTimes, startTimes, flowStarts };
}

import { compareTies } from '../../fifo-demultiplex.ts';
import type { PacketSender } from './sender.ts';
import type { FifoPort } from './fifo-port.ts';

/**
 * The packets that start at one instant (flow and time), queued at the port in the curve engine's
 * order. Usually at most one per sender; more when a sender's packets are closer together than the
 * instant's tolerance (a link of absurd speed), so the arrays grow when full.
 */
export class Arrivals {
  flows: Int32Array;
  times: Float64Array;
  count = 0;

  constructor(n: number) {
    this.flows = new Int32Array(n);
    this.times = new Float64Array(n);
  }

  add(flow: number, time: number): void {
    if (this.count === this.flows.length) {
      const flows = new Int32Array(2 * this.count);
      const times = new Float64Array(2 * this.count);
      flows.set(this.flows);
      times.set(this.times);
      this.flows = flows;
      this.times = times;
    }
    this.flows[this.count] = flow;
    this.times[this.count] = time;
    this.count += 1;
  }

  /**
   * Queues them, latest packet train first, then port order (insertion sort: few at a time), as
   * the curve engine's FIFO walk orders ties (`compareTies`, the tie key being −train start). The
   * port of a flow is its ingress (`ingressOf`).
   */
  queue(senders: PacketSender[], port: FifoPort, ingressOf: Int32Array): void {
    if (this.count > 1) this.order(senders, ingressOf);
    const { flows, times } = this;
    for (let k = 0; k < this.count; k++) port.arrive(flows[k], times[k], (senders[flows[k]].started - 1) * port.packet, k > 0);
    this.count = 0;
  }

  /**
   * Sorts them in that order (the `flows` and `times` arrays, up to `count`), without queueing them:
   * an insertion sort when few (the usual case), else a stable sort of their indices, so that an
   * instant at which thousands of senders start costs n·log n, not n².
   */
  order(senders: PacketSender[], ingressOf: Int32Array): void {
    const { flows, times, count } = this;
    if (count > Arrivals.FEW) {
      const keys = new Float64Array(count);
      const ports = new Int32Array(count);
      const sorted = new Array<number>(count);
      for (let k = 0; k < count; k++) {
        keys[k] = -senders[flows[k]].trainStart;
        ports[k] = ingressOf[flows[k]];
        sorted[k] = k;
      }
      sorted.sort((a, b) => compareTies(keys[a], ports[a], keys[b], ports[b]) || a - b);
      const f0 = flows.slice(0, count);
      const t0 = times.slice(0, count);
      for (let k = 0; k < count; k++) {
        flows[k] = f0[sorted[k]];
        times[k] = t0[sorted[k]];
      }
      return;
    }
    for (let a = 1; a < count; a++) {
      const f = flows[a];
      const x = times[a];
      const key = -senders[f].trainStart;
      let b = a - 1;
      for (; b >= 0; b--) {
        if (!(compareTies(key, ingressOf[f], -senders[flows[b]].trainStart, ingressOf[flows[b]]) < 0)) break;
        flows[b + 1] = flows[b];
        times[b + 1] = times[b];
      }
      flows[b + 1] = f;
      times[b + 1] = x;
    }
  }

  /** Up to this many packets at one instant are put in order by insertion. */
  private static readonly FEW = 32;
}

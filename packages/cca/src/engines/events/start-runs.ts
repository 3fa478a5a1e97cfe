import { startsTrain } from '../../packet-trains.ts';
import { Floats, Ints } from './growable.ts';

/**
 * When a sender's packets started, kept as runs rather than one number per packet: a run is a
 * first packet at an explicit instant, then packets on one formula, the sender's for a rising
 * segment of its plan, t(k) = P + (G + (k·I − R)/S) (the same arithmetic, so the same numbers).
 * So a train of a thousand packets is one record, and the event engine's block mode starts it by
 * a count. Also the train (back-to-back run, `startsTrain`) of each packet, which orders packets
 * at one instant: each run knows whether its second packet, and its later ones, start a train.
 * @example const r = new StartRuns(1000, 1.2e-7); r.open(0, 0, 0, 0, 1e10); r.extendBy(2); r.time(2) // 2e-7
 */
export class StartRuns {
  /** Per run: its first packet's index and instant, the formula of the others, and its trains. */
  private readonly first = new Ints();
  private readonly time0 = new Floats();
  private readonly P = new Floats();
  private readonly G = new Floats();
  private readonly R = new Floats();
  private readonly S = new Floats();
  /** The train of the run's first packet; whether its second packet, and each later one, starts one. */
  private readonly train0 = new Floats();
  private readonly secondBreaks: number[] = [];
  private readonly laterBreak: number[] = [];
  /** Packets recorded. */
  length = 0;
  private materialized: Floats | null = null;

  /** `packet`: I (bytes); `trainGap`: the longest gap (s) within a train. */
  constructor(
    private readonly packet: number,
    private readonly trainGap: number,
  ) {}

  /** Runs recorded. */
  get runs(): number {
    return this.first.length;
  }

  /**
   * A packet at `time` opening a run whose later packets follow P + (G + (k·I − R)/S) (S = 0: it
   * has no later packets).
   */
  open(time: number, P: number, G: number, R: number, S: number): void {
    const last = this.length > 0 ? this.time(this.length - 1) : -Infinity;
    const train = startsTrain(time - last, this.trainGap) ? time : this.trainOf(this.length - 1);
    this.first.push(this.length);
    this.time0.push(time);
    this.P.push(P);
    this.G.push(G);
    this.R.push(R);
    this.S.push(S);
    this.train0.push(train);
    this.secondBreaks.push(-1);
    this.laterBreak.push(-1);
    this.length += 1;
    this.materialized = null;
    this.lastRunSettled = false;
  }

  /**
   * `count` more packets on the last run's formula. Once the last run has three packets its trains
   * are known, and extending it touches nothing but this object (with thousands of senders, each
   * packet's bookkeeping would otherwise reach into several of the sender's arrays).
   */
  extendBy(count: number): void {
    if (count <= 0) return;
    this.length += count;
    this.materialized = null;
    if (!this.lastRunSettled) this.settleLastRun();
  }

  /** Whether the last run's train breaks (`secondBreaks`, `laterBreak`) are both known. */
  private lastRunSettled = false;

  /** Finds the last run's train breaks that its packets so far decide. */
  private settleLastRun(): void {
    const r = this.first.length - 1;
    const k0 = this.first.at(r);
    if (this.secondBreaks[r] < 0 && this.length > k0 + 1) this.secondBreaks[r] = startsTrain(this.time(k0 + 1) - this.time0.at(r), this.trainGap) ? 1 : 0;
    if (this.laterBreak[r] < 0 && this.length > k0 + 2) this.laterBreak[r] = startsTrain(this.time(k0 + 2) - this.time(k0 + 1), this.trainGap) ? 1 : 0;
    this.lastRunSettled = this.laterBreak[r] >= 0;
  }

  /** When packet k (< length) started (s). */
  time(k: number): number {
    const r = this.runOf(k);
    return k === this.first.at(r) ? this.time0.at(r) : this.onFormula(r, k);
  }

  /** Packet k's instant on run r's formula, P + (G + (k·I − R)/S). */
  private onFormula(r: number, k: number): number {
    return this.P.at(r) + (this.G.at(r) + (k * this.packet - this.R.at(r)) / this.S.at(r));
  }

  /** The start of packet k's train (k < length): the instant of its train's first packet. */
  trainOf(k: number): number {
    if (k < 0) return -Infinity;
    const r = this.runOf(k);
    const k0 = this.first.at(r);
    if (k === k0) return this.train0.at(r);
    const second = this.secondBreaks[r] === 1 ? this.time(k0 + 1) : this.train0.at(r);
    if (k === k0 + 1 || this.laterBreak[r] !== 1) return second;
    return this.time(k);
  }

  /** How many recorded packets started before `bound` (s), strictly. */
  countBefore(bound: number): number {
    if (this.length === 0 || !(this.time0.at(0) < bound)) return 0;
    // The last run whose first packet is before the bound, then its packets by the formula.
    const times = this.time0;
    let lo = 0;
    let hi = times.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (times.at(mid) < bound) lo = mid;
      else hi = mid - 1;
    }
    const r = lo;
    const k0 = this.first.at(r);
    const end = r + 1 < this.first.length ? this.first.at(r + 1) : this.length;
    if (end - k0 === 1) return end;
    // Packets k0+1 … end−1 on the formula, increasing: the first not before the bound.
    const S = this.S.at(r);
    const estimate = Math.floor((this.R.at(r) + (bound - this.P.at(r) - this.G.at(r)) * S) / this.packet);
    let k = Math.min(Math.max(estimate, k0 + 1), end);
    while (k > k0 + 1 && !(this.time(k - 1) < bound)) k -= 1;
    while (k < end && this.time(k) < bound) k += 1;
    return k;
  }

  /** Every start, one number per packet (for results), built once. */
  all(): Floats {
    if (this.materialized !== null) return this.materialized;
    const out = new Floats(this.length + 1);
    for (let r = 0; r < this.first.length; r++) {
      const k0 = this.first.at(r);
      const end = r + 1 < this.first.length ? this.first.at(r + 1) : this.length;
      out.push(this.time0.at(r));
      for (let k = k0 + 1; k < end; k++) out.push(this.onFormula(r, k));
    }
    return (this.materialized = out);
  }

  /** The run of packet k: the last whose first packet is at or before k (a cursor first: queries move forward). */
  private runOf(k: number): number {
    const first = this.first;
    let r = this.cursor;
    if (r < first.length && first.at(r) <= k && (r + 1 >= first.length || first.at(r + 1) > k)) return r;
    let lo = 0;
    let hi = first.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (first.at(mid) <= k) lo = mid;
      else hi = mid - 1;
    }
    this.cursor = lo;
    return lo;
  }

  private cursor = 0;
}

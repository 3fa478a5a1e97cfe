import { close } from '@ccalc/curves';

/**
 * Whole packets through the path server as the event engine ran them: what a result's `sent`,
 * `delivered`, `departures` and `backlog` curves are built from. Readers that only sample or
 * search those curves (output bins, completion times) read them here in one pass over the
 * packets, with the curves' values, without building curves of a breakpoint or two per packet.
 */
export interface PacketRecord {
  /** Packet size I (bytes). */
  size: number;
  /** Transmission time T = I/C of a packet (s). */
  transmission: number;
  /** Flow j's packets as they reach the server (s, increasing): `sent` is the staircase I·#{arrived}. */
  flowArrivals(j: number): Float64Array;
  /** Flow j's transmission starts (s, increasing): `delivered` rises at I/T while one is transmitted. */
  flowStarts(j: number): Float64Array;
  /** Every packet's arrival at the server (s, increasing): Σ_j sent_j. */
  arrivals(): Float64Array;
  /** Every transmission start (s, increasing): the departures D. */
  starts(): Float64Array;
}

/**
 * The staircase of packets of I bytes arriving at `times` (s, increasing; none counted at or after
 * the horizon), read at nondecreasing instants as its curve gives it: the packets that arrived
 * before x, a packet within the curves' tolerance of x (1 ps) counting as arriving at x (the
 * value at a jump is the one before it).
 * @example new ArrivalCursor(Float64Array.of(0, 5e-7), 1000, 1).at(1e-6) // 2000
 */
export class ArrivalCursor {
  private arrived = 0;
  private level = 0;

  constructor(
    private readonly times: Float64Array,
    private readonly I: number,
    private readonly horizon: number,
  ) {}

  /** The staircase at x (bytes; added up packet by packet, as the curve's levels are). */
  at(x: number): number {
    if (x < 0) return 0;
    const { times, horizon, I } = this;
    while (this.arrived < times.length && arrivedBefore(times[this.arrived], x, horizon)) {
      this.arrived += 1;
      this.level += I;
    }
    return this.level;
  }

}

/**
 * Whether a packet arriving at t (s) is in the staircase at x (s): before x by more than the curves'
 * tolerance (within it, it counts as arriving at x, and the value at a jump is the one before it),
 * and before the horizon. The rule of {@link ArrivalCursor} and {@link packetArrivalRates}.
 */
function arrivedBefore(t: number, x: number, horizon: number): boolean {
  return t < x && t < horizon && !close(t, x);
}

/**
 * The runs of back-to-back transmissions of packets of I bytes starting at `starts` (s,
 * increasing, none at or after the horizon) and taking T each, in order: the rule every reading of
 * the `transmitted` curve shares. A packet starting within the curves' tolerance of the previous
 * one's end continues its run; a first run within the tolerance of time 0 starts at 0 (the curve's
 * first breakpoint). After `next()`, the run's `start` (s), `level` (bytes before it), `bytes`
 * (bytes after its last packet, added packet by packet as the curve adds them) and `end` (its last
 * packet's end, s, which may pass the horizon).
 *
 * A run rises at I/T from its start, but its packets need not follow one another exactly: a sender
 * just under the line rate leaves gaps below the tolerance, which add up over a long run. So a run
 * is read in pieces, each rising at I/T from an anchor (the run's start first): a packet start
 * whose level (bytes before it) the current piece misses by more than the curves' tolerance starts
 * the next piece (`nextAnchor()`). These are the breakpoints the curve builder keeps, so every
 * reader agrees with the `transmitted` curve.
 * @example const r = new TransmissionRuns(Float64Array.of(0, 8e-8, 4e-7), 1000, 8e-8, 1); r.next(); r.bytes // 2000
 */
export class TransmissionRuns {
  start = 0;
  level = 0;
  bytes = 0;
  end = -Infinity;
  /** The current piece's anchor, after `next()` the run's start and level, after `nextAnchor()` the anchor moved to (s, bytes). */
  anchorTime = 0;
  anchorLevel = 0;
  /** The rate a run rises at, I/T (bytes/s). */
  readonly rate: number;
  private k = 0;
  // The next anchor's search: the next packet of the run not examined yet and the level before it,
  // and the next anchor once found (`searched`; time +∞ when the run has none left).
  private scan = 0;
  private scanLevel = 0;
  private searched = false;
  private followingTime = Infinity;
  private followingLevel = 0;

  constructor(
    private readonly starts: Float64Array,
    private readonly I: number,
    private readonly T: number,
    private readonly horizon: number,
  ) {
    this.rate = I / T;
  }

  /** The next run's start (s; +∞ when there is none), without moving to it. */
  peek(): number {
    const s = this.k < this.starts.length ? this.starts[this.k] : Infinity;
    return s < this.horizon ? (close(s, 0) ? 0 : s) : Infinity;
  }

  /** Moves to the next run; false when there is none. */
  next(): boolean {
    const { starts, horizon, I, T } = this;
    if (!(this.k < starts.length && starts[this.k] < horizon)) return false;
    const first = starts[this.k];
    this.start = close(first, 0) ? 0 : first;
    this.level = this.bytes;
    this.anchorTime = this.start;
    this.anchorLevel = this.level;
    let end = first + T;
    this.bytes += I;
    this.k += 1;
    this.scan = this.k;
    this.scanLevel = this.bytes;
    this.searched = false;
    while (this.k < starts.length && starts[this.k] < horizon && close(starts[this.k], end)) {
      end = starts[this.k] + T;
      this.bytes += I;
      this.k += 1;
    }
    this.end = end;
    return true;
  }

  /** The current run's next anchor (s; +∞ when it has none left), without moving to it. */
  peekAnchor(): number {
    if (!this.searched) this.search();
    return this.followingTime;
  }

  /** Moves to the current run's next anchor (`anchorTime`, `anchorLevel`); false when it has none left. */
  nextAnchor(): boolean {
    if (this.peekAnchor() === Infinity) return false;
    this.anchorTime = this.followingTime;
    this.anchorLevel = this.followingLevel;
    this.searched = false;
    return true;
  }

  /** Finds the next packet start of the run whose level the piece from the current anchor misses beyond the tolerance. */
  private search(): void {
    const { starts, I, rate } = this;
    this.searched = true;
    this.followingTime = Infinity;
    while (this.scan < this.k) {
      const s = starts[this.scan];
      const level = this.scanLevel;
      this.scan += 1;
      this.scanLevel += I;
      if (!close(level, this.anchorLevel + rate * (s - this.anchorTime))) {
        this.followingTime = s;
        this.followingLevel = level;
        return;
      }
    }
  }
}

/**
 * The bytes transmitted by packets of I bytes starting at `starts` (s, increasing) and taking T
 * each, read at nondecreasing instants as the `transmitted` curve gives them: a run of back-to-back
 * packets ({@link TransmissionRuns}) rises at I/T from its start and from each of its anchors; the
 * value at an instant within the tolerance of a run's start or end is the value there; a run cut
 * by the horizon holds its value there from then on.
 * @example new TransmittedCursor(Float64Array.of(0), 1000, 8e-8, 1).at(4e-8) // 500
 */
export class TransmittedCursor {
  private readonly runs: TransmissionRuns;

  constructor(
    starts: Float64Array,
    I: number,
    T: number,
    private readonly horizon: number,
  ) {
    this.runs = new TransmissionRuns(starts, I, T, horizon);
  }

  /** The bytes transmitted by x. */
  at(x: number): number {
    if (x <= 0) return 0;
    const { runs, horizon } = this;
    const y = x < horizon ? x : horizon;
    // The last run that starts by y (or within the tolerance of it); before the first, nothing.
    for (let next = runs.peek(); next <= y || close(next, y); next = runs.peek()) runs.next();
    const { bytes, end, rate } = runs;
    if (end > horizon && (y === horizon || close(y, horizon))) return bytes - rate * (end - horizon);
    if (end <= y || close(end, y)) return bytes;
    // The run's last piece that starts by y (or within the tolerance of it).
    for (let next = runs.peekAnchor(); next <= y || close(next, y); next = runs.peekAnchor()) runs.nextAnchor();
    const { anchorTime, anchorLevel } = runs;
    return close(anchorTime, y) ? anchorLevel : anchorLevel + rate * (y - anchorTime);
  }
}

/**
 * How many breakpoints the `transmitted` curve of these starts has beyond its first: two per run
 * of back-to-back transmissions (its start and end) and one per anchor inside a run
 * ({@link TransmissionRuns}). Counted in a pass, so that a curve's arrays can be allocated once.
 * @example transmittedBreakpoints(Float64Array.of(0, 8e-8, 4e-7), 1000, 8e-8, 1) // 4
 */
export function transmittedBreakpoints(starts: Float64Array, I: number, T: number, horizon: number): number {
  let n = 0;
  for (const runs = new TransmissionRuns(starts, I, T, horizon); runs.next(); ) {
    n += 2;
    while (runs.nextAnchor()) n += 1;
  }
  return n;
}

/**
 * Adds to `into[k]` the average rate over bin [start + k·w, start + (k+1)·w) of the staircase of
 * packets of I bytes arriving at `times` (s, increasing; those at or after the horizon are not
 * counted), for k = 0 … count − 1: what `averageRates(staircase, start, w, count)` gives, from
 * the staircase's values at the bin edges ({@link ArrivalCursor}: a packet counts at the first
 * edge after it by more than the curves' tolerance). Bytes/s. Only the bins a packet lands in are
 * touched, so the cost is the packets', not the bins' (10,000 flows × 838,000 bins of 1 µs took
 * 67 s one bin at a time); each gets (its levels' difference) / w, the same number, to the bit, as
 * the walk over every edge.
 * @example const r = [0]; packetArrivalRates(Float64Array.of(0, 5e-7), 1000, 1, 0, 1e-6, 1, r); r[0] // 2e9
 */
export function packetArrivalRates(times: Float64Array, I: number, horizon: number, start: number, width: number, count: number, into: number[]): void {
  // Whether the packet at t counts at edge m (`arrivedBefore`; the staircase is 0 before time 0),
  // edges as the walk over them computes them.
  const counts = (t: number, m: number): boolean => {
    const x = start + m * width;
    return x >= 0 && arrivedBefore(t, x, horizon);
  };
  let level = 0;
  // The edge the packets seen so far count at first, and the level before that edge's packets.
  let edge = -1;
  let before = 0;
  for (let i = 0; i < times.length && times[i] < horizon; i++) {
    const t = times[i];
    // The first edge (0 … count) it counts at: near (t − start)/w, then made exact by the rule,
    // which holds from some edge on.
    let m = Math.min(count + 1, Math.max(0, Math.floor((t - start) / width)));
    while (m > 0 && counts(t, m - 1)) m -= 1;
    while (m <= count && !counts(t, m)) m += 1;
    if (m > count) break;
    if (m !== edge) {
      if (edge > 0) into[edge - 1] += (level - before) / width;
      edge = m;
      before = level;
    }
    level += I;
  }
  if (edge > 0) into[edge - 1] += (level - before) / width;
}

/**
 * The server's departure rate averaged over each bin [k·w, (k+1)·w), k = 0 … count − 1 (bytes/s):
 * what `averageRates(departures, 0, w, count)` gives, from the transmission starts
 * ({@link TransmittedCursor}), in one walk over them and the edges.
 * @example packetDepartureRates(result.packets, result.horizon, 1e-6, 31_000)[100]
 */
export function packetDepartureRates(p: PacketRecord, horizon: number, width: number, count: number): number[] {
  const d = new TransmittedCursor(p.starts(), p.size, p.transmission, horizon);
  const out = new Array<number>(count);
  let left = count > 0 ? d.at(0) : 0;
  for (let k = 0; k < count; k++) {
    const right = d.at((k + 1) * width);
    out[k] = (right - left) / width;
    left = right;
  }
  return out;
}

/**
 * The first instant in [0, horizon] at which a flow's delivered bytes exceed `level`, from its
 * transmission starts (s, increasing, packets of I bytes taking T each): what `firstTimeAbove`
 * finds on the `delivered` curve, computed on the same segments (a run of back-to-back packets
 * rises at I/T from its start and each of its anchors, {@link TransmissionRuns}); +∞ if none.
 * @example transmittedCrossing(Float64Array.of(0, 1e-7), 1000, 8e-8, 1500, 1) // 1.2e-7
 */
export function transmittedCrossing(starts: Float64Array, I: number, T: number, level: number, horizon: number): number {
  if (level < 0) return 0;
  const run = new TransmissionRuns(starts, I, T, horizon);
  const rate = run.rate;
  while (run.next()) {
    if (run.bytes < level) continue;
    // The first run that reaches the level: where one of its pieces crosses it, or the value at
    // an anchor that starts a piece above it.
    let x = run.anchorTime + (level - run.anchorLevel) / rate;
    for (let next = run.peekAnchor(); next !== Infinity && !(x < next); next = run.peekAnchor()) {
      run.nextAnchor();
      if (run.anchorLevel > level) return run.anchorTime;
      x = run.anchorTime + (level - run.anchorLevel) / rate;
    }
    if (x < run.end && x < horizon) return Math.max(x, run.anchorTime);
    // Not before the run's end (rounding) or the horizon: the breakpoint there, if above the
    // level; a run that ends at the level exactly leaves it to the next run's start.
    if (run.end >= horizon) return run.bytes - rate * (run.end - horizon) > level ? horizon : Infinity;
    if (run.bytes > level) return run.end;
  }
  return Infinity;
}

/**
 * A flow's delivered bytes at x (s) from its transmission starts, as the `delivered` curve gives
 * it ({@link TransmittedCursor}).
 * @example transmittedAt(Float64Array.of(0), 1000, 8e-8, 1, 4e-8) // 500
 */
export function transmittedAt(starts: Float64Array, I: number, T: number, horizon: number, x: number): number {
  return new TransmittedCursor(starts, I, T, horizon).at(x);
}

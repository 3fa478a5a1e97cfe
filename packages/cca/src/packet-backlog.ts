import { type Curve, CurveBuilder, close } from '@ccalc/curves';
import { TransmissionRuns, transmittedBreakpoints } from './packet-record.ts';

/**
 * The backlog of a FIFO server of whole packets, Σ sent − D, built in one pass over the packets:
 * the curve `subtract(staircase(arrivals), transmitted(starts))` gives, breakpoint for breakpoint,
 * without building the staircase and the departures as curves first.
 * - the staircase (packets of I bytes arriving at `arrivals`, s, increasing) jumps by I per packet
 *   at each instant (packets within the curves' tolerance of an instant's first arriving with it);
 * - the departures rise at I/T over each run of back-to-back transmissions (`starts`, s,
 *   increasing; a start within the tolerance of the previous end continues the run), piece by
 *   piece from each of its anchors ({@link TransmissionRuns}), and hold their value from the
 *   horizon on;
 * - the two are walked together as `mergeWalk` walks curves (breakpoints within the tolerance of
 *   each other are one instant) into a `CurveBuilder`, which makes the result canonical.
 * Bytes against seconds. Cost: one pass over the arrivals and starts.
 * @example packetBacklog(Float64Array.of(0, 0), Float64Array.of(0, 8e-8), 1000, 8e-8, 1).at(8e-8) // 1000
 */
export function packetBacklog(arrivals: Float64Array, starts: Float64Array, I: number, T: number, horizon: number): Curve {
  const b = new CurveBuilder(breakpointBound(arrivals, starts, I, T, horizon));
  const walk = new PacketBacklogWalk(arrivals, starts, I, T, horizon);
  do b.push(walk.t, walk.v, walk.r, walk.s);
  while (walk.next());
  return b.build();
}

/**
 * The breakpoints of {@link packetBacklog}'s walk one at a time, for readers that need a few
 * figures of the backlog (samples, its peak, when it clears) and not the curve: no breakpoint is
 * kept. On construction it stands on the first breakpoint (time 0); `next()` moves to the next and
 * returns false after the last. Each is (t, v = f(t), r = f(t+), s = the slope after t), what the
 * walk hands to `CurveBuilder.push`; a reader that wants the curve's own breakpoints must check
 * that the builder would keep each as it is (no time within the tolerance of the previous, none
 * redundant).
 * Bytes against seconds.
 * @example const w = new PacketBacklogWalk(Float64Array.of(0), Float64Array.of(0), 1000, 8e-8, 1); w.r // 1000
 */
export class PacketBacklogWalk {
  /** The breakpoint the walk stands on. */
  t = 0;
  v = 0;
  r = 0;
  s = 0;
  private readonly rate: number;
  // The staircase: its value before and after the current instant's jump, and the next packet not
  // in a breakpoint yet.
  private ka = 0;
  private aV = 0;
  private aR = 0;
  // The departures: the breakpoint they are on (time, value, slope after it) and the run the next
  // ones come from: its start and level, and where it ends (the horizon if it is cut there).
  private dT = 0;
  private dV = 0;
  private dS = 0;
  private runStart = Infinity;
  private runLevel = 0;
  private runEnd = Infinity;
  private runEndValue = 0;
  /** Whether the departures' next breakpoint is the run's end (else its start). */
  private atRun = false;
  /** Whether the current instant is a breakpoint of the staircase, of the departures. */
  private onA = true;
  private onD = true;
  private readonly runs: TransmissionRuns;

  constructor(
    private readonly arrivals: Float64Array,
    starts: Float64Array,
    private readonly I: number,
    T: number,
    private readonly horizon: number,
  ) {
    this.rate = I / T;
    this.runs = new TransmissionRuns(starts, I, T, horizon);
    // Packets at time 0 (or within the tolerance of it) make the first breakpoint's jump.
    this.takeInstant(0);
    this.nextRun();
    // A first run starting at 0 (or within the tolerance of it: the runs start it at 0) starts on
    // the first breakpoint.
    if (this.runStart === 0) {
      this.dS = this.rate;
      this.atRun = true;
    }
    this.stand();
  }

  /** Moves to the next breakpoint (both curves' next, breakpoints within the tolerance of each other one instant); false when there is none. */
  next(): boolean {
    const nextA = this.arrives(this.ka) ? this.arrivals[this.ka] : Infinity;
    const nextD = this.atRun ? this.nextInRun() : this.runStart;
    const next = nextA < nextD ? nextA : nextD;
    if (next === Infinity) return false;
    const same = close(nextA, nextD);
    this.onA = nextA === next || same;
    this.onD = nextD === next || same;
    if (this.onA) {
      this.aV = this.aR;
      this.takeInstant(nextA);
    }
    if (this.onD) this.advanceDeparture();
    this.t = next;
    this.stand();
    return true;
  }

  /** Both curves' value and right limit at the current instant (on a breakpoint, or inside a segment), as mergeWalk reads them. */
  private stand(): void {
    const gv = this.onD ? this.dV : this.dV + this.dS * (this.t - this.dT);
    this.v = (this.onA ? this.aV : this.aR) - gv;
    this.r = this.aR - gv;
    this.s = 0 - this.dS;
  }

  private arrives(k: number): boolean {
    return k < this.arrivals.length && this.arrivals[k] < this.horizon;
  }

  private takeInstant(t: number): void {
    while (this.arrives(this.ka) && (this.arrivals[this.ka] <= t || close(this.arrivals[this.ka], t))) {
      this.aR += this.I;
      this.ka += 1;
    }
  }

  private nextRun(): void {
    const runs = this.runs;
    if (!runs.next()) {
      this.runStart = Infinity;
      return;
    }
    this.runStart = runs.start;
    this.runLevel = runs.level;
    this.runEnd = runs.end < this.horizon ? runs.end : this.horizon;
    this.runEndValue = runs.end < this.horizon ? runs.bytes : runs.bytes - this.rate * (runs.end - this.horizon);
  }

  /** The departures' next breakpoint in the current run: its next anchor, else its end. */
  private nextInRun(): number {
    const anchor = this.runs.peekAnchor();
    return anchor < this.runEnd ? anchor : this.runEnd;
  }

  private advanceDeparture(): void {
    if (this.atRun && this.runs.peekAnchor() < this.runEnd) {
      this.runs.nextAnchor();
      this.dT = this.runs.anchorTime;
      this.dV = this.runs.anchorLevel;
    } else if (this.atRun) {
      this.dT = this.runEnd;
      this.dV = this.runEndValue;
      this.dS = 0;
      this.atRun = false;
      this.nextRun();
    } else {
      this.dT = this.runStart;
      this.dV = this.runLevel;
      this.dS = this.rate;
      this.atRun = true;
    }
  }
}

/**
 * At most how many breakpoints the backlog has: one per arrival instant, two per run of
 * back-to-back transmissions and one per anchor inside a run, and the first (counted in a pass,
 * so that the builder's arrays are allocated once at about their size and not copied at the end).
 */
function breakpointBound(arrivals: Float64Array, starts: Float64Array, I: number, T: number, horizon: number): number {
  let n = 2;
  let instant = -Infinity;
  for (let k = 0; k < arrivals.length && arrivals[k] < horizon; k++) {
    if (arrivals[k] <= instant || close(arrivals[k], instant)) continue;
    n += 1;
    instant = arrivals[k];
  }
  return n + transmittedBreakpoints(starts, I, T, horizon);
}

import { close, closeSlopes } from './tolerance.ts';
import { Curve } from './curve.ts';

/**
 * A builder told to expect at least this many breakpoints keeps them in typed arrays, allocated once
 * (a list that large costs more to grow); others keep lists (a small typed array costs more to
 * allocate, and the curve engine builds many curves, some of them growing large a window at a time:
 * lists grow in place there, where a snapshot of typed arrays would be made again after each push).
 */
const RESERVED = 2048;

/**
 * Whether breakpoint (t, v, r, s) changes nothing after the breakpoint at `tp` with right limit
 * `rp` and slope `sp`: its value, right limit and the previous segment's end at t are close, and
 * so are the slopes. Canonicalisation drops it (`CurveBuilder.push`); readers that take a curve's
 * breakpoints from elsewhere check it to be sure they see the curve's own.
 * @example redundantBreakpoint(0, 0, 1, 2, 2, 2, 1) // true: the line y = t goes on
 */
export function redundantBreakpoint(tp: number, rp: number, sp: number, t: number, v: number, r: number, s: number): boolean {
  // The slope test first: it settles the common case.
  if (!(closeSlopes(s, sp) && close(r, v))) return false;
  return close(v, rp === Infinity ? Infinity : rp + sp * (t - tp));
}

/**
 * Accumulates breakpoints `(t, f(t), f(t+), slope)` in increasing time and produces a canonical
 * {@link Curve}: a breakpoint that changes nothing (value, right limit and left limit close, slope
 * close to the previous slope) is dropped, and a breakpoint whose time is close to the previous one
 * replaces that one's right limit and slope (the sliver between them is below the tolerance).
 * Every operation in this package emits its result through a builder; it is exported for code
 * that constructs curves piece by piece.
 *
 * @example
 * const b = new CurveBuilder();
 * b.push(0, 0, 0, 0); b.push(1, 0, 5, 2);   // 0 on [0,1], jump to 5 after 1, slope 2
 * b.build().at(2) // 7
 */
export class CurveBuilder {
  // The breakpoints: lists, or typed arrays (see RESERVED) that double if they must. The first `n` count.
  private ts: number[] | Float64Array;
  private vs: number[] | Float64Array;
  private rs: number[] | Float64Array;
  private ss: number[] | Float64Array;
  private n = 0;
  /** The last snapshot: lists are shared as they grow; views of typed arrays are made again after a change. */
  private live: Curve | null = null;

  /**
   * An empty builder. `capacity`, when known (one or two breakpoints per packet of a staircase, the
   * sum of two curves' sizes for their sum), reserves room for that many breakpoints: a large curve
   * is then built in typed arrays, allocated once.
   */
  constructor(capacity = 0) {
    if (capacity >= RESERVED) {
      const room = Math.ceil(capacity);
      this.ts = new Float64Array(room);
      this.vs = new Float64Array(room);
      this.rs = new Float64Array(room);
      this.ss = new Float64Array(room);
    } else {
      this.ts = [];
      this.vs = [];
      this.rs = [];
      this.ss = [];
    }
  }

  /** Number of breakpoints kept so far. */
  get size(): number {
    return this.n;
  }

  /** Time of the last kept breakpoint (−∞ when empty). */
  get lastTime(): number {
    return this.n === 0 ? -Infinity : this.ts[this.n - 1];
  }

  /**
   * Appends breakpoint `t` with value `v = f(t)`, right limit `r = f(t+)` and slope `s` on the
   * open segment after `t`. Times must not decrease (a time close to the previous one is merged).
   * A segment whose right limit is +∞ is +∞ throughout and its slope is stored as 0.
   */
  push(t: number, v: number, r: number, s: number): void {
    if (r === Infinity) s = 0;
    const n = this.n;
    if (n === 0) {
      this.append(t, v, r, s);
      return;
    }
    const p = n - 1;
    if (t <= this.ts[p] || close(t, this.ts[p])) {
      // Same instant as the previous breakpoint: keep its time and value, take the new right side.
      const tp = this.ts[p];
      const vp = this.vs[p];
      this.pop();
      this.push(tp, vp, r, s);
      return;
    }
    if (redundantBreakpoint(this.ts[p], this.rs[p], this.ss[p], t, v, r, s)) return;
    this.append(t, v, r, s);
  }

  /**
   * The curve pushed so far, without copying: a read-only view that is valid until the next push.
   * Lets a computation that grows a curve (the congestion-control engine) evaluate its history.
   */
  snapshot(): Curve {
    if (this.n === 0) throw new Error('CurveBuilder.snapshot: no breakpoint was pushed');
    return (this.live ??= this.curve(false));
  }

  /** Drops every breakpoint at or after time `t` (to replace a tentative continuation). */
  truncate(t: number): void {
    while (this.n > 0 && this.ts[this.n - 1] >= t) this.pop();
  }

  /** The canonical curve. The builder must not be used afterwards. */
  build(): Curve {
    const n = this.n;
    if (n === 0) throw new Error('CurveBuilder.build: no breakpoint was pushed');
    if (this.ts[0] !== 0) throw new Error(`CurveBuilder.build: first breakpoint at ${this.ts[0]}, expected 0`);
    // Typed arrays are copied where more than a quarter of them is empty.
    return this.curve(4 * n < 3 * this.ts.length);
  }

  /** The kept breakpoints as a curve: the lists themselves, or views (or copies) of the typed arrays. */
  private curve(copy: boolean): Curve {
    if (!(this.ts instanceof Float64Array)) return Curve.trusted(this.ts, this.vs, this.rs, this.ss);
    const n = this.n;
    const part = (a: number[] | Float64Array): Float64Array => (copy ? (a as Float64Array).slice(0, n) : (a as Float64Array).subarray(0, n));
    return Curve.trusted(part(this.ts), part(this.vs), part(this.rs), part(this.ss));
  }

  private append(t: number, v: number, r: number, s: number): void {
    const n = this.n;
    if (Array.isArray(this.ts)) {
      (this.ts as number[]).push(t);
      (this.vs as number[]).push(v);
      (this.rs as number[]).push(r);
      (this.ss as number[]).push(s);
      this.n = n + 1;
      return;
    }
    if (n === this.ts.length) this.grow();
    this.ts[n] = t;
    this.vs[n] = v;
    this.rs[n] = r;
    this.ss[n] = s;
    this.n = n + 1;
    this.live = null;
  }

  /** Typed arrays of twice the room, holding the kept breakpoints. */
  private grow(): void {
    const doubled = (a: number[] | Float64Array): Float64Array => {
      const b = new Float64Array(2 * a.length);
      b.set(a);
      return b;
    };
    this.ts = doubled(this.ts);
    this.vs = doubled(this.vs);
    this.rs = doubled(this.rs);
    this.ss = doubled(this.ss);
  }

  private pop(): void {
    this.n -= 1;
    if (Array.isArray(this.ts)) {
      (this.ts as number[]).pop();
      (this.vs as number[]).pop();
      (this.rs as number[]).pop();
      (this.ss as number[]).pop();
    } else this.live = null;
  }
}

import { close, closeSlopes } from './tolerance.ts';
import { Curve } from './curve.ts';

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
  private readonly ts: number[] = [];
  private readonly vs: number[] = [];
  private readonly rs: number[] = [];
  private readonly ss: number[] = [];
  /** The curve over the arrays being built (they grow in place, so one object serves every snapshot). */
  private live: Curve | null = null;

  /** Number of breakpoints kept so far. */
  get size(): number {
    return this.ts.length;
  }

  /** Time of the last kept breakpoint (−∞ when empty). */
  get lastTime(): number {
    return this.ts.length === 0 ? -Infinity : this.ts[this.ts.length - 1];
  }

  /**
   * Appends breakpoint `t` with value `v = f(t)`, right limit `r = f(t+)` and slope `s` on the
   * open segment after `t`. Times must not decrease (a time close to the previous one is merged).
   * A segment whose right limit is +∞ is +∞ throughout and its slope is stored as 0.
   */
  push(t: number, v: number, r: number, s: number): void {
    if (r === Infinity) s = 0;
    const n = this.ts.length;
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
    // Redundant (nothing changes here)? The slope test first: it settles the common case.
    if (closeSlopes(s, this.ss[p]) && close(r, v)) {
      const left = this.rs[p] === Infinity ? Infinity : this.rs[p] + this.ss[p] * (t - this.ts[p]);
      if (close(v, left)) return;
    }
    this.append(t, v, r, s);
  }

  /**
   * The curve pushed so far, without copying: a read-only view that is valid until the next push.
   * Lets a computation that grows a curve (the congestion-control engine) evaluate its history.
   */
  snapshot(): Curve {
    if (this.ts.length === 0) throw new Error('CurveBuilder.snapshot: no breakpoint was pushed');
    return (this.live ??= Curve.trusted(this.ts, this.vs, this.rs, this.ss));
  }

  /** Drops every breakpoint at or after time `t` (to replace a tentative continuation). */
  truncate(t: number): void {
    while (this.ts.length > 0 && this.ts[this.ts.length - 1] >= t) this.pop();
  }

  /** The canonical curve. The builder must not be used afterwards. */
  build(): Curve {
    if (this.ts.length === 0) throw new Error('CurveBuilder.build: no breakpoint was pushed');
    if (this.ts[0] !== 0) throw new Error(`CurveBuilder.build: first breakpoint at ${this.ts[0]}, expected 0`);
    return Curve.trusted(this.ts, this.vs, this.rs, this.ss);
  }

  private append(t: number, v: number, r: number, s: number): void {
    this.ts.push(t);
    this.vs.push(v);
    this.rs.push(r);
    this.ss.push(s);
  }

  private pop(): void {
    this.ts.pop();
    this.vs.pop();
    this.rs.pop();
    this.ss.pop();
  }
}

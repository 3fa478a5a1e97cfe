import { Curve, CurveBuilder } from '@ccalc/curves';

/**
 * A cumulative function of time that the engine grows window by window. The history up to `end`
 * is exact; a window is appended tentatively and cut back at the first event (`cutAt`), so what
 * remains is always exact. `view(from)` gives the history as a curve; `curve()` the final result.
 */
export class Trace {
  private readonly b = new CurveBuilder();
  /** Time up to which the trace is known (its value there is known; the right side is not). */
  end = 0;

  constructor() {
    this.b.push(0, 0, 0, 0);
  }

  /** The history as a curve (a view that is valid until the trace changes). */
  history(): Curve {
    return this.b.snapshot();
  }

  at(t: number): number {
    return this.b.snapshot().at(t);
  }

  rightLimit(t: number): number {
    return this.b.snapshot().rightLimit(t);
  }

  /**
   * Appends g (a curve in global time) on (t0, t1]: the value at t0 stays that of the history (the
   * function is left-continuous, so a jump at t0 is a right limit), g's right limit at t0 becomes the
   * right limit there, and g's values follow up to t1 inclusive.
   */
  appendGlobal(g: Curve, t0: number, t1: number): void {
    this.pushGlobal(g, t0, this.at(t0), t1);
  }

  /** Appends base + g(t − t0) on (t0, t1] for a local curve g (τ = t − t0). */
  appendLocal(g: Curve, t0: number, t1: number, base: number): void {
    const keep = this.at(t0);
    this.b.push(t0, keep, g.r[0] + base, g.s[0]);
    for (let i = 1; i < g.t.length && g.t[i] + t0 < t1; i++) this.b.push(g.t[i] + t0, g.v[i] + base, g.r[i] + base, g.s[i]);
    const atEnd = g.at(t1 - t0) + base;
    this.b.push(t1, atEnd, atEnd, 0);
    this.end = t1;
  }

  /** Replaces the history on (a, end] by the global curve g, keeping the value at a (used by flushes). */
  rewriteFrom(a: number, g: Curve): void {
    if (a >= this.end) return;
    const end = this.end;
    const keep = this.at(a);
    this.b.truncate(a);
    this.pushGlobal(g, a, keep, end);
  }

  /** Pushes g on (t0, t1] after the value `keep` at t0; the history must end at t0 or before. */
  private pushGlobal(g: Curve, t0: number, keep: number, t1: number): void {
    const k = g.indexAt(t0);
    this.b.push(t0, keep, g.rightLimit(t0), g.s[k]);
    for (let i = k + 1; i < g.t.length && g.t[i] < t1; i++) this.b.push(g.t[i], g.v[i], g.r[i], g.s[i]);
    const atEnd = g.at(t1);
    this.b.push(t1, atEnd, atEnd, 0);
    this.end = t1;
  }

  /** Discards everything after t (t ≤ end): the value at t stays, the right side is open again. */
  cutAt(t: number): void {
    if (t >= this.end) return;
    const v = this.at(t);
    this.b.truncate(t);
    this.b.push(t, v, v, 0);
    this.end = t;
  }

  /**
   * The history on [from, end] as a curve, holding before `from` the value at `from` (or, with
   * hold = 'right', its right limit) and after `end` the value at `end`. Cost: the breakpoints in range.
   */
  view(from: number, hold: 'at' | 'right' = 'at'): Curve {
    const h = this.b.snapshot();
    const a = Math.min(Math.max(0, from), this.end);
    const out = new CurveBuilder();
    const held = hold === 'right' ? h.rightLimit(a) : h.at(a);
    out.push(0, held, held, 0);
    let i = h.indexAt(a);
    out.push(a, hold === 'right' ? held : h.at(a), h.rightLimit(a), h.t[i] < this.end ? h.s[i] : 0);
    for (i += 1; i < h.t.length && h.t[i] < this.end; i++) out.push(h.t[i], h.v[i], h.r[i], h.s[i]);
    const ve = h.at(this.end);
    out.push(this.end, ve, ve, 0);
    return out.build();
  }

  /** The final curve (do not append afterwards). */
  curve(): Curve {
    return this.b.build();
  }
}

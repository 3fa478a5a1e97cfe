import { Curve, type CurveJSON } from '../curve.ts';
import { CurveBuilder } from '../builder.ts';
import { CurveError, requireFinite } from '../errors.ts';
import { close } from '../tolerance.ts';

/** JSON interchange of an ultimately pseudo-periodic curve: a {@link CurveJSON} and its periodic rule. */
export interface UppCurveJSON extends CurveJSON {
  /** f(t + period) = f(t) + increment for every t ≥ from. Absent: the curve is ultimately affine. */
  periodic?: { from: number; period: number; increment: number };
}

/** One breakpoint of a pattern: time, value, right limit, slope after it. */
export interface PatternPoint {
  t: number;
  v: number;
  r: number;
  s: number;
}

/**
 * An ultimately pseudo-periodic (UPP) curve: a function on [0, ∞) that is piecewise affine on
 * [0, T + d) and repeats from T with period d and increment c,
 *   f(t + d) = f(t) + c   for every t ≥ T
 * (Bouillard, Boyer, Le Corronc, "Deterministic Network Calculus", 2018, §4.1). Staircases
 * (packetized arrivals, TDMA and round-robin service, window flow control) are UPP with a finite
 * representation; a finite {@link Curve} is the special case of a one-segment period
 * (`UppCurve.fromCurve`). Values may be +∞ (a pure delay's "+∞ after T"), as in Curve.
 *
 * `base` holds f on [0, T + d) (and its left limit at T + d); it is trimmed to that range.
 * Jumps and point values are exact, as in Curve; times within the tolerance of a period boundary
 * are that boundary.
 * @example
 * // A staircase: a 1500 B packet every 1.2 µs, the first at t = 0 (left-continuous: 0 at 0).
 * const f = UppCurve.of(Curve.fromBreakpoints([[0, 0, 1500, 0]]), 0, 1.2e-6, 1500);
 * f.at(3e-6) // 4500
 */
export class UppCurve {
  private constructor(
    /** f on [0, T + d): breakpoints before T + d only. */
    readonly base: Curve,
    /** T: where the periodic part starts (s). */
    readonly start: number,
    /** d: the period (s), > 0. */
    readonly period: number,
    /** c: what f gains over each period after T. */
    readonly increment: number,
  ) {}

  /**
   * The UPP curve equal to `base` on [0, T + d) and pseudo-periodic after T. Throws a CurveError
   * naming the argument for a negative or infinite T, a period that is not a finite positive
   * number, or an increment that is not finite.
   */
  static of(base: Curve, start: number, period: number, increment: number): UppCurve {
    requireFinite('start', start);
    if (start < 0) throw new CurveError('start', start, 'a time ≥ 0');
    if (typeof period !== 'number' || !(period > 0) || !Number.isFinite(period)) throw new CurveError('period', period, 'a finite period > 0');
    requireFinite('increment', increment);
    return new UppCurve(trim(base, start + period), start, period, increment);
  }

  /**
   * A finite curve as a UPP curve: its last segment (slope s, from its last breakpoint t_n) is
   * periodic with any period d and increment s·d (+∞ stays +∞: increment 0). The period is t_n
   * (1 when t_n = 0); T is t_n, or t_n + d when f jumps at t_n (a jump is not repeated).
   * @example UppCurve.fromCurve(rate(2)).at(10) // 20
   */
  static fromCurve(f: Curve): UppCurve {
    const n = f.t.length - 1;
    const tn = f.t[n];
    const d = tn > 0 ? tn : 1;
    const start = f.v[n] === f.r[n] ? tn : tn + d;
    return UppCurve.of(f, start, d, f.r[n] === Infinity ? 0 : f.s[n] * d);
  }

  /** Reads the JSON interchange form ({@link UppCurveJSON}); a plain CurveJSON is an ultimately affine curve. */
  static fromJSON(json: string | UppCurveJSON): UppCurve {
    const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as UppCurveJSON;
    const base = Curve.fromJSON(parsed);
    if (parsed.periodic === undefined) return UppCurve.fromCurve(base);
    const p = parsed.periodic as Record<string, unknown>;
    if (p === null || typeof p !== 'object') throw new CurveError('periodic', p, '{ from, period, increment }');
    for (const k of ['from', 'period', 'increment']) if (typeof p[k] !== 'number') throw new CurveError(`periodic.${k}`, p[k], 'a number');
    return UppCurve.of(base, p.from as number, p.period as number, p.increment as number);
  }

  /** The JSON interchange form: the base's breakpoints and the periodic rule. */
  toJSON(): UppCurveJSON {
    return { ...this.base.toJSON(), periodic: { from: this.start, period: this.period, increment: this.increment } };
  }

  /** The long-run growth rate c / d (+∞ when the periodic part is +∞ throughout). */
  get rate(): number {
    return this.pattern().every((p) => p.v === Infinity && p.r === Infinity) ? Infinity : this.increment / this.period;
  }

  /** Breakpoints of the representation: the base's (its size). */
  get size(): number {
    return this.base.t.length;
  }

  /**
   * The pattern: f's breakpoints on [T, T + d), the first at T (with f's value, right limit and
   * slope there, whether or not the base has a breakpoint at T).
   */
  pattern(): PatternPoint[] {
    const b = this.base;
    const T = this.start;
    const end = T + this.period;
    const k = b.indexAt(T);
    const out: PatternPoint[] = [b.t[k] === T || close(b.t[k], T) ? { t: T, v: b.v[k], r: b.r[k], s: b.s[k] } : { t: T, v: b.segmentValue(k, T), r: b.segmentValue(k, T), s: b.s[k] }];
    for (let i = k + 1; i < b.t.length && b.t[i] < end && !close(b.t[i], end); i++) out.push({ t: b.t[i], v: b.v[i], r: b.r[i], s: b.s[i] });
    return out;
  }

  /** Where t falls: the number of whole periods k after T and the time τ ∈ [T, T + d) it repeats (τ = t before T). */
  private fold(t: number): { k: number; tau: number } {
    if (!(t >= this.start)) return { k: 0, tau: t };
    let k = Math.floor((t - this.start) / this.period);
    let tau = t - k * this.period;
    if (tau >= this.start + this.period || close(tau, this.start + this.period)) {
      k += 1;
      tau = this.start;
    } else if (close(tau, this.start)) tau = this.start;
    return { k, tau };
  }

  /** f(t) (0 before time 0). */
  at(t: number): number {
    const { k, tau } = this.fold(t);
    return this.base.at(tau) + k * this.increment;
  }

  /** f(t+). */
  rightLimit(t: number): number {
    const { k, tau } = this.fold(t);
    return this.base.rightLimit(tau) + k * this.increment;
  }

  /** f(t−) (f(0−) = 0). */
  leftLimit(t: number): number {
    const { k, tau } = this.fold(t);
    if (k >= 1 && tau === this.start) return this.base.leftLimit(this.start + this.period) + (k - 1) * this.increment;
    return this.base.leftLimit(tau) + k * this.increment;
  }

  /**
   * f as a finite Curve that equals it on [0, until] (its left limit at `until` included), the
   * periods unrolled; after `until` the last segment goes on.
   * @example UppCurve.of(Curve.fromBreakpoints([[0, 0, 1, 0]]), 0, 1, 1).unfold(3).at(2.5) // 3
   */
  unfold(until: number): Curve {
    requireFinite('until', until);
    const b = new CurveBuilder();
    const T = this.start;
    for (let i = 0; i < this.base.t.length && this.base.t[i] < T && !close(this.base.t[i], T); i++) b.push(this.base.t[i], this.base.v[i], this.base.r[i], this.base.s[i]);
    const pattern = this.pattern();
    for (let k = 0; ; k++) {
      const shift = k * this.period;
      if (k > 0 && T + shift > until && !close(T + shift, until)) break;
      const add = k * this.increment;
      for (const p of pattern) b.push(p.t + shift, p.v + add, p.r + add, p.s);
      if (T + shift + this.period > until) break;
    }
    return b.build();
  }
}

/** f's breakpoints before `end` (a breakpoint within the tolerance of it dropped): f on [0, end). */
function trim(f: Curve, end: number): Curve {
  if (f.t[f.t.length - 1] < end && !close(f.t[f.t.length - 1], end)) return f;
  const b = new CurveBuilder();
  for (let i = 0; i < f.t.length && (i === 0 || (f.t[i] < end && !close(f.t[i], end))); i++) b.push(f.t[i], f.v[i], f.r[i], f.s[i]);
  return b.build();
}

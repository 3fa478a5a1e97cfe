import { CurveError } from './errors.ts';
import { CurveBuilder } from './builder.ts';
import { close } from './tolerance.ts';

/**
 * A curve's breakpoint data: a list, or a typed array for a large curve (built faster). Read-only
 * either way; `Array.from(curve.t)` makes a list of either.
 */
export type Numbers = readonly number[] | Float64Array;

/** One breakpoint: `[t, f(t), f(t+), slope after t]`. */
export type Breakpoint = readonly [t: number, value: number, rightLimit: number, slope: number];

/** JSON interchange form: `{"breakpoints": [[t, f(t), f(t+), slope], ...]}`, `"inf"` for +∞. */
export interface CurveJSON {
  breakpoints: Array<[number | 'inf', number | 'inf', number | 'inf', number]>;
}

/**
 * An immutable function on [0, ∞) that is piecewise affine with finitely many breakpoints and
 * ultimately affine. Breakpoint `i` at time `t[i]` stores its own value `v[i] = f(t[i])`, the
 * right limit `r[i] = f(t[i]+)` and the slope `s[i]` on the open segment `(t[i], t[i+1])` (the last
 * segment runs to +∞). So jumps and isolated point values are exact; left-continuous cumulative
 * functions (A(t) = traffic in [0, t)) have `v[i]` equal to the left limit. Values may be +∞
 * (a segment with right limit +∞ is +∞ throughout); −∞ and NaN are never stored.
 * Following network calculus, every curve is 0 for t < 0. Evaluation treats a time within the
 * tolerance of a breakpoint (1e-12 relative, see `tolerance.ts`) as that breakpoint's instant.
 *
 * Build curves with the constructors (`rate`, `tokenBucket`, `fromPackets`, …),
 * {@link Curve.fromBreakpoints} or {@link Curve.fromJSON}; all operations return new curves.
 *
 * @example
 * const f = Curve.fromBreakpoints([[0, 0, 0, 1], [2, 2, 5, 0]]); // slope 1 to t=2, then jumps to 5
 * f.at(2)          // 2
 * f.rightLimit(2)  // 5
 */
export class Curve {
  /** Breakpoint times: `t[0] = 0`, strictly increasing. Do not mutate. */
  readonly t: Numbers;
  /** Value at each breakpoint. */
  readonly v: Numbers;
  /** Right limit at each breakpoint. */
  readonly r: Numbers;
  /** Slope on the open segment after each breakpoint (0 on +∞ segments). */
  readonly s: Numbers;

  private constructor(t: Numbers, v: Numbers, r: Numbers, s: Numbers) {
    this.t = t;
    this.v = v;
    this.r = r;
    this.s = s;
  }

  /** @internal Wraps already-canonical arrays without checks; used by {@link CurveBuilder}. */
  static trusted(t: Numbers, v: Numbers, r: Numbers, s: Numbers): Curve {
    return new Curve(t, v, r, s);
  }

  /**
   * Validates breakpoints `[t, f(t), f(t+), slope]` and returns the canonical curve.
   * Throws {@link CurveError} naming the breakpoint and field for NaN, −∞, an infinite time or
   * slope, a first time other than 0, or times that are not strictly increasing.
   *
   * @example
   * Curve.fromBreakpoints([[0, 0, 0, 0], [1e-6, 0, 1500, 0]]) // a 1500 B burst just after 1 µs
   */
  static fromBreakpoints(rows: readonly Breakpoint[], argument = 'breakpoints'): Curve {
    if (!Array.isArray(rows) || rows.length === 0) {
      throw new CurveError(argument, rows, 'a non-empty array of [t, f(t), f(t+), slope]');
    }
    const b = new CurveBuilder();
    let previous = -Infinity;
    rows.forEach((row, i) => {
      if (!Array.isArray(row) || row.length !== 4) throw new CurveError(`${argument}[${i}]`, row, '[t, f(t), f(t+), slope]');
      const [t, v, r, s] = row;
      if (typeof t !== 'number' || !Number.isFinite(t)) throw new CurveError(`${argument}[${i}][0] (t)`, t, 'a finite time');
      if (i === 0 && t !== 0) throw new CurveError(`${argument}[0][0] (t)`, t, 'the first breakpoint at t = 0');
      if (t <= previous) throw new CurveError(`${argument}[${i}][0] (t)`, t, `a time greater than the previous breakpoint's ${previous} (strictly increasing)`);
      if (typeof v !== 'number' || Number.isNaN(v) || v === -Infinity) throw new CurveError(`${argument}[${i}][1] (f(t))`, v, 'a number or +∞');
      if (typeof r !== 'number' || Number.isNaN(r) || r === -Infinity) throw new CurveError(`${argument}[${i}][2] (f(t+))`, r, 'a number or +∞');
      if (typeof s !== 'number' || !Number.isFinite(s)) throw new CurveError(`${argument}[${i}][3] (slope)`, s, 'a finite slope');
      previous = t;
      b.push(t, v, r, s);
    });
    return b.build();
  }

  /**
   * Parses the interchange format `{"breakpoints": [[t, f(t), f(t+), slope], ...]}` (a JSON string
   * or the parsed object), with `"inf"` for +∞. Throws {@link CurveError} on malformed input.
   *
   * @example
   * Curve.fromJSON('{"breakpoints": [[0, 0, "inf", 0]]}') // δ_0: 0 at t = 0, +∞ after
   */
  static fromJSON(json: string | CurveJSON): Curve {
    let data: unknown = json;
    if (typeof json === 'string') {
      try {
        data = JSON.parse(json);
      } catch (e) {
        throw new CurveError('json', json, `valid JSON (${(e as Error).message})`);
      }
    }
    if (typeof data !== 'object' || data === null || !Array.isArray((data as CurveJSON).breakpoints)) {
      throw new CurveError('json.breakpoints', data, 'an object with a "breakpoints" array');
    }
    const rows = (data as CurveJSON).breakpoints.map((row, i) => {
      if (!Array.isArray(row)) throw new CurveError(`json.breakpoints[${i}]`, row, '[t, f(t), f(t+), slope]');
      return row.map((x, k) => {
        if (x === 'inf') return Infinity;
        if (typeof x !== 'number') throw new CurveError(`json.breakpoints[${i}][${k}]`, x, 'a number or "inf"');
        return x;
      }) as unknown as Breakpoint;
    });
    return Curve.fromBreakpoints(rows, 'json.breakpoints');
  }

  /** The interchange form (see {@link Curve.fromJSON}); `JSON.stringify(curve)` uses it. */
  toJSON(): CurveJSON {
    const enc = (x: number): number | 'inf' => (x === Infinity ? 'inf' : x);
    return { breakpoints: this.breakpoints().map(([t, v, r, s]) => [t, enc(v), enc(r), s]) };
  }

  /** Breakpoints as `[t, f(t), f(t+), slope]` rows (a copy). */
  breakpoints(): Breakpoint[] {
    const rows: Breakpoint[] = [];
    for (let i = 0; i < this.t.length; i++) rows.push([this.t[i], this.v[i], this.r[i], this.s[i]]);
    return rows;
  }

  /** Number of breakpoints. */
  get size(): number {
    return this.t.length;
  }

  /** Slope of the final, infinite segment. */
  get tailSlope(): number {
    return this.s[this.s.length - 1];
  }

  /** Time of the last breakpoint: the curve is affine after it. */
  get lastBreakpoint(): number {
    return this.t[this.t.length - 1];
  }

  /** Index of the last breakpoint at or before `x` (0 for x < 0). Binary search, O(log n). */
  indexAt(x: number): number {
    const t = this.t;
    let lo = 0;
    let hi = t.length - 1;
    if (x >= t[hi]) return hi;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (t[mid] <= x) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * Index of the breakpoint that time `x` falls on, or −1 − (index of the segment containing x)
   * when x lies strictly inside a segment. Times within the canonicalisation tolerance of a
   * breakpoint are that breakpoint's instant (see `tolerance.ts`): a computed time one ulp away
   * from an exact jump still sees the jump.
   */
  locate(x: number): number {
    const i = this.indexAt(x);
    const t = this.t;
    if (t[i] === x || close(t[i], x)) return i;
    if (i + 1 < t.length && close(t[i + 1], x)) return i + 1;
    return -1 - i;
  }

  /** Value on the open segment after breakpoint `i`, at time `x` (no range check). */
  segmentValue(i: number, x: number): number {
    const r = this.r[i];
    return r === Infinity ? Infinity : r + this.s[i] * (x - this.t[i]);
  }

  /**
   * f(t). For t < 0 the value is 0 (network-calculus convention); f(+∞) is the limit, ±∞ if the
   * tail slope is not 0 (the total of a finite flow: `step(10e6, 0).at(Infinity)` is 10e6).
   * @example rate(2).at(3) // 6
   */
  at(x: number): number {
    if (Number.isNaN(x)) throw new CurveError('t', x, 'a time (not NaN)');
    if (x < 0) return 0;
    if (x === Infinity) return this.tailSlope === 0 ? this.r[this.r.length - 1] : this.tailSlope * Infinity;
    const k = this.locate(x);
    return k >= 0 ? this.v[k] : this.segmentValue(-1 - k, x);
  }

  /**
   * f(t+), the limit from the right. For t < 0 it is 0.
   * @example tokenBucket(1, 5).rightLimit(0) // 5, while .at(0) is 0
   */
  rightLimit(x: number): number {
    if (Number.isNaN(x)) throw new CurveError('t', x, 'a time (not NaN)');
    if (x < 0) return 0;
    const k = this.locate(x);
    return k >= 0 ? this.r[k] : this.segmentValue(-1 - k, x);
  }

  /**
   * f(t−), the limit from the left. For t ≤ 0 it is 0 (the curve is 0 before time 0).
   * @example step(3, 1).leftLimit(1) // 0
   */
  leftLimit(x: number): number {
    if (Number.isNaN(x)) throw new CurveError('t', x, 'a time (not NaN)');
    if (x <= 0) return 0;
    const k = this.locate(x);
    if (k === 0) return 0;
    return k > 0 ? this.leftLimitAtBreakpoint(k) : this.segmentValue(-1 - k, x);
  }

  /** Left limit at breakpoint `i > 0` (value approached along segment `i − 1`). */
  leftLimitAtBreakpoint(i: number): number {
    return this.segmentValue(i - 1, this.t[i]);
  }

  /** A short human-readable description listing the breakpoints. */
  toString(): string {
    const rows = this.breakpoints().map(([t, v, r, s]) => `(${t}: ${v} → ${r}, slope ${s})`);
    return `Curve[${rows.join(' ')}]`;
  }
}

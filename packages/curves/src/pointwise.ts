import { Curve } from './curve.ts';
import { CurveBuilder } from './builder.ts';
import { CurveError, requireFinite, requireNonNegative } from './errors.ts';
import { close } from './tolerance.ts';
import { reduceBalanced } from './balanced.ts';
import { asConstant } from './properties.ts';

/**
 * Walks the union of the breakpoints of f and g in increasing time. At each union time T it calls
 * `visit(T, fT, fR, fS, gT, gR, gS, next)` with both curves' value, right limit and slope after T,
 * and the next union time (+∞ after the last). Breakpoints of f and g within the tolerance of each
 * other are one instant (the earlier time is used), as in evaluation. Linear in the total size.
 */
export function mergeWalk(
  f: Curve,
  g: Curve,
  visit: (T: number, fv: number, fr: number, fs: number, gv: number, gr: number, gs: number, next: number) => void,
): void {
  const nf = f.t.length;
  const ng = g.t.length;
  let i = 0;
  let j = 0;
  let T = 0;
  let onF = true;
  let onG = true;
  for (;;) {
    const fv = onF ? f.v[i] : f.segmentValue(i, T);
    const fr = onF ? f.r[i] : fv;
    const gv = onG ? g.v[j] : g.segmentValue(j, T);
    const gr = onG ? g.r[j] : gv;
    const nextF = i + 1 < nf ? f.t[i + 1] : Infinity;
    const nextG = j + 1 < ng ? g.t[j + 1] : Infinity;
    const next = Math.min(nextF, nextG);
    visit(T, fv, fr, f.s[i], gv, gr, g.s[j], next);
    if (next === Infinity) return;
    const same = close(nextF, nextG);
    onF = nextF === next || same;
    onG = nextG === next || same;
    if (onF) i += 1;
    if (onG) j += 1;
    T = next;
  }
}

/**
 * Pointwise sum (f + g)(t). +∞ absorbs finite values.
 * @example add(rate(1), constant(2)).at(3) // 5
 */
export function add(f: Curve, g: Curve): Curve {
  const b = new CurveBuilder(f.size + g.size);
  mergeWalk(f, g, (T, fv, fr, fs, gv, gr, gs) => b.push(T, fv + gv, fr + gr, fs + gs));
  return b.build();
}

/**
 * Pointwise sum of many curves, Σ_k f_k(t) (the aggregate of several flows). Curves that are
 * identically zero are skipped; an empty list sums to the zero curve. Staircases (every slope 0,
 * values finite: whole packets) are summed in one sweep over their jumps, O(M) plus sorting the
 * distinct instants, for M breakpoints in all; other curves are added in a balanced tree,
 * O(M log K) for K curves. Adding them one after the other would cost O(M·K).
 * @example sum([rate(1), rate(2), constant(3)]).at(1) // 6
 */
export function sum(curves: readonly Curve[]): Curve {
  const level = curves.filter((c) => asConstant(c) !== 0);
  if (level.length === 0) return Curve.trusted([0], [0], [0], [0]);
  if (level.length > 2 && level.every(isStaircase)) return sumOfStaircases(level);
  return reduceBalanced(level, add);
}

function isStaircase(c: Curve): boolean {
  for (let i = 0; i < c.t.length; i++) if (c.s[i] !== 0 || !Number.isFinite(c.r[i]) || !Number.isFinite(c.v[i])) return false;
  return true;
}

/** Σ of staircases: at each instant, the jumps onto the value (v − left limit) and after it (r − v). */
function sumOfStaircases(curves: readonly Curve[]): Curve {
  const slot = new Map<number, number>();
  const onValue: number[] = [];
  const onRight: number[] = [];
  for (const c of curves) {
    let left = 0;
    for (let i = 0; i < c.t.length; i++) {
      let k = slot.get(c.t[i]);
      if (k === undefined) {
        k = onValue.length;
        slot.set(c.t[i], k);
        onValue.push(0);
        onRight.push(0);
      }
      onValue[k] += c.v[i] - left;
      onRight[k] += c.r[i] - c.v[i];
      left = c.r[i];
    }
  }
  const times = Float64Array.from(slot.keys()).sort();
  const b = new CurveBuilder();
  let right = 0;
  // Instants within the tolerance of each other are one instant (as in mergeWalk): their jumps
  // onto the value all count for the value there.
  for (let q = 0; q < times.length; ) {
    const T = times[q];
    let jumpOnValue = 0;
    let jumpOnRight = 0;
    for (; q < times.length && close(times[q], T); q++) {
      const k = slot.get(times[q])!;
      jumpOnValue += onValue[k];
      jumpOnRight += onRight[k];
    }
    const v = right + jumpOnValue;
    right = v + jumpOnRight;
    b.push(T, v, right, 0);
  }
  return b.build();
}

/**
 * Pointwise difference (f − g)(t). g must be finite where evaluated (f − ∞ is undefined here);
 * +∞ − finite is +∞. Throws {@link CurveError} otherwise.
 * @example subtract(rate(3), rate(1)).at(2) // 4
 */
export function subtract(f: Curve, g: Curve): Curve {
  const b = new CurveBuilder(f.size + g.size);
  mergeWalk(f, g, (T, fv, fr, fs, gv, gr, gs) => {
    if (gv === Infinity || gr === Infinity) throw new CurveError('g', g.toJSON(), `a curve that is finite (it is +∞ at t = ${T})`);
    b.push(T, fv - gv, fr - gr, fs - gs);
  });
  return b.build();
}

/**
 * Shared body of min and max: the lower (or upper) envelope, with crossings inside segments. The
 * same walk as {@link mergeWalk}, inlined because the general convolution spends most of its time
 * here; ties and snapping follow the tolerance policy.
 */
function envelope(f: Curve, g: Curve, upper: boolean): Curve {
  const b = new CurveBuilder();
  const ft = f.t, fvs = f.v, frs = f.r, fss = f.s;
  const gt = g.t, gvs = g.v, grs = g.r, gss = g.s;
  const nf = ft.length;
  const ng = gt.length;
  let i = 0;
  let j = 0;
  let T = 0;
  let onF = true;
  let onG = true;
  for (;;) {
    const fs = fss[i];
    const gs = gss[j];
    let fv: number, fr: number, gv: number, gr: number;
    if (onF) {
      fv = fvs[i];
      fr = frs[i];
    } else fv = fr = frs[i] === Infinity ? Infinity : frs[i] + fs * (T - ft[i]);
    if (onG) {
      gv = gvs[j];
      gr = grs[j];
    } else gv = gr = grs[j] === Infinity ? Infinity : grs[j] + gs * (T - gt[j]);
    const nextF = i + 1 < nf ? ft[i + 1] : Infinity;
    const nextG = j + 1 < ng ? gt[j + 1] : Infinity;
    const next = nextF < nextG ? nextF : nextG;
    // Which curve is on the envelope just after T? Compare right limits; when they are equal within
    // the tolerance, the slopes decide and that curve stays on the envelope until `next`.
    const tie = close(fr, gr);
    let fFirst = tie ? (upper ? fs >= gs : fs <= gs) : upper ? fr > gr : fr < gr;
    // Where the two lines cross after T, if they do (+∞ if not).
    const ahead = !tie && fr !== Infinity && gr !== Infinity && fs !== gs ? (gr - fr) / (fs - gs) : Infinity;
    // A crossing within the tolerance of T (the right limits differ by dust, the slopes a lot):
    // the other curve is on the envelope from T on. Without this the envelope kept the first
    // curve's slope up to `next`, and min(f, g) could then fall there.
    const atOnce = ahead > 0 && close(T + ahead, T);
    if (atOnce) fFirst = !fFirst;
    const value = upper ? (fv > gv ? fv : gv) : fv < gv ? fv : gv;
    const right = upper ? (fr > gr ? fr : gr) : fr < gr ? fr : gr;
    b.push(T, value, right, fFirst ? fs : gs);
    if (!atOnce && ahead > 0 && ahead < Infinity) {
      // Crossing strictly inside (T, next)? One within the tolerance of `next` is left to the
      // comparison at `next`, so that a jump or isolated value exactly at `next` keeps its time.
      const x = T + ahead;
      if (x > T && x < next && !close(x, next)) {
        // The two lines meet at x up to rounding: the envelope takes the larger (smaller) of the
        // two values there, so that max(f, 0) is never below 0.
        const yf = fr + fs * (x - T);
        const yg = gr + gs * (x - T);
        const y = upper ? Math.max(yf, yg) : Math.min(yf, yg);
        b.push(x, y, y, fFirst ? gs : fs);
      }
    }
    if (next === Infinity) return b.build();
    const same = close(nextF, nextG);
    onF = nextF === next || same;
    onG = nextG === next || same;
    if (onF) i += 1;
    if (onG) j += 1;
    T = next;
  }
}

/**
 * Pointwise minimum (f ∧ g)(t), with crossings inside segments located exactly.
 * @example min(rate(2), constant(3)).at(2) // 3
 */
export function min(f: Curve, g: Curve): Curve {
  return envelope(f, g, false);
}

/**
 * Pointwise maximum (f ∨ g)(t).
 * @example max(rate(2), constant(3)).at(1) // 3
 */
export function max(f: Curve, g: Curve): Curve {
  return envelope(f, g, true);
}

/**
 * k·f(t) for a finite k ≥ 0 (0·∞ = 0).
 * @example scale(rate(2), 3).at(1) // 6
 */
export function scale(f: Curve, k: number): Curve {
  requireNonNegative('k', k);
  const b = new CurveBuilder();
  const mul = (x: number): number => (k === 0 ? 0 : x * k);
  for (let i = 0; i < f.t.length; i++) b.push(f.t[i], mul(f.v[i]), mul(f.r[i]), f.s[i] * k);
  return b.build();
}

/**
 * f(t) + c for t ≥ 0 (c finite; the curve is still 0 before time 0).
 * @example verticalShift(rate(1), 5).at(0) // 5
 */
export function verticalShift(f: Curve, c: number): Curve {
  requireFinite('c', c);
  const b = new CurveBuilder();
  for (let i = 0; i < f.t.length; i++) b.push(f.t[i], f.v[i] + c, f.r[i] + c, f.s[i]);
  return b.build();
}

/**
 * Horizontal shift by d seconds: f(t − d). For d > 0 the curve moves right (a delay; it is 0 on
 * [0, d), and takes f(0) at d); for d < 0 it moves left, dropping f on [0, −d).
 * @example horizontalShift(rate(1), 2).at(5) // 3;  horizontalShift(rate(1), -2).at(0) // 2
 */
export function horizontalShift(f: Curve, d: number): Curve {
  requireFinite('d', d);
  if (d === 0) return f;
  const b = new CurveBuilder();
  if (d > 0) {
    b.push(0, 0, 0, 0);
    for (let i = 0; i < f.t.length; i++) b.push(f.t[i] + d, f.v[i], f.r[i], f.s[i]);
    return b.build();
  }
  const a = -d;
  const k = f.indexAt(a);
  if (f.t[k] === a) b.push(0, f.v[k], f.r[k], f.s[k]);
  else {
    const y = f.segmentValue(k, a);
    b.push(0, y, y, f.s[k]);
  }
  for (let i = k + 1; i < f.t.length; i++) b.push(f.t[i] - a, f.v[i], f.r[i], f.s[i]);
  return b.build();
}

/**
 * Restriction of f to [a, b] in the min-plus sense: f on [a, b] and +∞ elsewhere (so that a curve
 * is the minimum of its restrictions). b may be +∞.
 * @example restrict(rate(1), 1, 2).at(3) // Infinity
 */
export function restrict(f: Curve, a: number, b: number): Curve {
  requireNonNegative('a', a);
  if (typeof b !== 'number' || Number.isNaN(b) || b < a) throw new CurveError('b', b, `a time ≥ a = ${a} (or +∞)`);
  const out = new CurveBuilder();
  if (a > 0) out.push(0, Infinity, Infinity, 0);
  const k = f.indexAt(a);
  if (f.t[k] === a) out.push(a, f.v[k], f.r[k], f.s[k]);
  else {
    const y = f.segmentValue(k, a);
    out.push(a, y, y, f.s[k]);
  }
  for (let i = k + 1; i < f.t.length && f.t[i] < b; i++) out.push(f.t[i], f.v[i], f.r[i], f.s[i]);
  if (b !== Infinity) {
    if (b === a) {
      const va = f.at(a);
      out.push(a, va, Infinity, 0);
    } else out.push(b, f.at(b), Infinity, 0);
  }
  return out.build();
}

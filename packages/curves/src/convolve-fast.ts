import type { Curve } from './curve.ts';
import { CurveBuilder } from './builder.ts';
import { requireNonNegative } from './errors.ts';
import { requireNonDecreasing } from './properties.ts';
import { min } from './pointwise.ts';
import { close } from './tolerance.ts';

/**
 * f ⊗ λ_r: min-plus convolution with the rate curve λ_r(t) = r·t, i.e. the output of a fluid
 * queue of rate r fed by f when f is a cumulative arrival function. Uses
 * (f ⊗ λ_r)(t) = r·t + inf_{0≤s≤t} (f(s) − r·s): one sweep, linear in the size of f, valid for
 * any curve f (not only non-decreasing ones).
 * @example convolveWithRate(step(10, 0), 2).at(3) // 6 (a 10-byte burst drained at 2 bytes/s)
 */
export function convolveWithRate(f: Curve, r: number): Curve {
  requireNonNegative('rate', r);
  const { t, v, r: right, s } = f;
  const n = t.length;
  const b = new CurveBuilder();
  // The output is min(line, f) where line(x) = anchorY + r·(x − anchorT) is re-anchored wherever f
  // drops below it. Values where the output follows f are taken from f itself, so totals are exact.
  let anchorT = 0;
  let anchorY = Infinity;
  for (let i = 0; i < n; i++) {
    const ti = t[i];
    let onLine = anchorY === Infinity ? Infinity : anchorY + r * (ti - anchorT);
    if (i > 0) {
      const left = right[i - 1] === Infinity ? Infinity : right[i - 1] + s[i - 1] * (ti - t[i - 1]);
      if (left < onLine) {
        anchorT = ti;
        anchorY = onLine = left;
      }
    }
    if (v[i] < onLine) {
      anchorT = ti;
      anchorY = onLine = v[i];
    }
    const valueAt = onLine;
    if (right[i] < onLine) {
      anchorT = ti;
      anchorY = onLine = right[i];
    }
    const rightAt = onLine;
    if (right[i] === Infinity || s[i] >= r) {
      b.push(ti, valueAt, rightAt, r);
    } else if (rightAt === right[i]) {
      b.push(ti, valueAt, rightAt, s[i]); // f is on or below the line: the output follows f
    } else {
      b.push(ti, valueAt, rightAt, r);
      const end = i + 1 < n ? t[i + 1] : Infinity;
      const x = ti + (right[i] - rightAt) / (r - s[i]); // f falls to the line
      if (x < end) {
        const y = right[i] + s[i] * (x - ti);
        anchorT = x;
        anchorY = y;
        b.push(x, y, y, s[i]);
      }
    }
  }
  return b.build();
}

/**
 * f ⊗ δ_T for a non-decreasing f: f delayed by T seconds, holding f(0) on [0, T].
 * (f ⊗ δ_T)(t) = inf_{s∈[t−T,t]} f(s) = f(max(0, t − T)) for non-decreasing f.
 * @example convolveWithDelay(rate(1), 2).at(5) // 3
 */
export function convolveWithDelay(f: Curve, T: number): Curve {
  requireNonNegative('delay', T);
  requireNonDecreasing('f', f);
  if (T === 0) return f;
  const b = new CurveBuilder();
  b.push(0, f.v[0], f.v[0], 0);
  b.push(T, f.v[0], f.r[0], f.s[0]);
  for (let i = 1; i < f.t.length; i++) b.push(f.t[i] + T, f.v[i], f.r[i], f.s[i]);
  return b.build();
}

/**
 * f ⊗ β_{R,T} for a non-decreasing f, as (f ⊗ λ_R) ⊗ δ_T (Le Boudec & Thiran, Thm 1.4.6):
 * a fluid queue of rate R followed by a delay T. Linear time.
 * @example convolveWithRateLatency(step(10, 0), 2, 1).at(3) // 4
 */
export function convolveWithRateLatency(f: Curve, R: number, T: number): Curve {
  requireNonDecreasing('f', f);
  return convolveWithDelay(convolveWithRate(f, R), T);
}

/** The finite part of a convex curve in the form the slope merge needs, or null if not applicable. */
interface ConvexShape {
  f0: number;
  slopes: number[];
  lengths: number[];
  /** true: finite at the end of the domain; false: +∞ there; irrelevant if the domain is unbounded. */
  closedEnd: boolean;
}

function convexShape(f: Curve): ConvexShape | null {
  const { t, v, r, s } = f;
  if (v[0] === Infinity) return null;
  if (r[0] === Infinity) return { f0: v[0], slopes: [], lengths: [], closedEnd: true };
  if (r[0] !== v[0]) return null;
  const slopes: number[] = [];
  const lengths: number[] = [];
  for (let i = 0; i < t.length; i++) {
    if (i > 0) {
      const left = f.leftLimitAtBreakpoint(i);
      if (v[i] === Infinity) return { f0: v[0], slopes, lengths, closedEnd: false };
      if (!close(v[i], left)) return null;
      if (r[i] === Infinity) return { f0: v[0], slopes, lengths, closedEnd: true };
      if (!close(r[i], v[i])) return null;
      if (s[i] < s[i - 1]) return null;
    }
    slopes.push(s[i]);
    lengths.push(i + 1 < t.length ? t[i + 1] - t[i] : Infinity);
  }
  return { f0: v[0], slopes, lengths, closedEnd: true };
}

/**
 * Convolution of two convex curves by merging their segments in increasing slope order
 * (Le Boudec & Thiran, Thm 3.1.6; Bouillard et al. 2018, Prop. 4.13). Linear time. Returns null
 * when a curve is not of the supported convex form (continuous on its finite domain [0, T] or
 * [0, T), finite at 0), so the caller can fall back to the general algorithm.
 * @example convolveConvex(rateLatency(2, 1), rateLatency(3, 2))?.at(5) // 4: β_{2,3}
 */
export function convolveConvex(f: Curve, g: Curve): Curve | null {
  const a = convexShape(f);
  const c = convexShape(g);
  if (a === null || c === null) return null;
  const b = new CurveBuilder();
  let y = a.f0 + c.f0;
  let time = 0;
  let i = 0;
  let j = 0;
  let unbounded = false;
  while (i < a.slopes.length || j < c.slopes.length) {
    const takeA = j >= c.slopes.length || (i < a.slopes.length && a.slopes[i] <= c.slopes[j]);
    const slope = takeA ? a.slopes[i] : c.slopes[j];
    const length = takeA ? a.lengths[i++] : c.lengths[j++];
    b.push(time, y, y, slope);
    if (length === Infinity) {
      unbounded = true;
      break;
    }
    time += length;
    y += slope * length;
  }
  if (!unbounded) b.push(time, a.closedEnd && c.closedEnd ? y : Infinity, Infinity, 0);
  return b.build();
}

/**
 * Convolution of two concave curves with f(0) = g(0) = 0: f ⊗ g = min(f, g)
 * (Le Boudec & Thiran, Thm 3.1.6). Linear time. Caller checks the preconditions.
 * @example convolveConcave(tokenBucket(1, 5), tokenBucket(2, 1)).at(1) // 3
 */
export function convolveConcave(f: Curve, g: Curve): Curve {
  return min(f, g);
}

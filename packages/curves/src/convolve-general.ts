import type { Curve } from './curve.ts';
import { CurveBuilder } from './builder.ts';
import { lowerEnvelope } from './envelope.ts';
import { min } from './pointwise.ts';
import { isNonDecreasing } from './properties.ts';
import { convexDecomposition, chainCurve, type ChainPiece } from './pieces.ts';

/**
 * General exact min-plus convolution (f ⊗ g)(t) = inf_{0≤s≤t} f(s) + g(t − s) for any two curves,
 * jumps, point values and +∞ included (Bouillard & Thierry, "An algorithmic toolbox for network
 * calculus", 2008). f and g are split into points and open convex chains; point ⊗ curve is a
 * shift, chain ⊗ chain is a slope merge; the result is the lower envelope of these pieces.
 * Cost O(P·Q) pieces for P and Q pieces in f and g, plus the envelope.
 * @example convolveGeneral(step(1, 0), rate(1)).at(2) // 1: s = 2 gives f(2) + 0 = 1
 */
export function convolveGeneral(f: Curve, g: Curve): Curve {
  const F = convexDecomposition(f);
  const G = convexDecomposition(g);
  // point ⊗ curve parts: g moved by each point of f, f moved by each point of g. They are folded
  // into a running envelope in increasing order of the point's value (low parts first make a good
  // bound early); a part lying on or above the envelope is skipped without being built.
  const shifts: { base: Curve; t: number; y: number }[] = [];
  for (const p of F.points) shifts.push({ base: g, t: p.t, y: p.y });
  for (const q of G.points) shifts.push({ base: f, t: q.t, y: q.y });
  shifts.sort((a, b) => a.y - b.y || a.t - b.t);
  let bound = shiftUp(shifts[0].base, shifts[0].t, shifts[0].y);
  for (let k = 1; k < shifts.length; k++) {
    const { base, t, y } = shifts[k];
    if (!shiftedLiesAbove(base, t, y, bound)) bound = min(bound, shiftUp(base, t, y));
  }
  // The envelope of the point parts bounds f ⊗ g from above; a chain pair lying on or above it
  // over its whole support cannot change the result and is skipped before it is built.
  const chainParts: Curve[] = [bound];
  // Quick filter first: when the bound is non-decreasing, its largest value on the pair's support
  // is the value at the support's end, and a pair with non-negative slopes is nowhere below its
  // start value; the exact test runs only when the quick one cannot decide.
  const boundMonotone = isNonDecreasing(bound);
  for (const a of F.chains) {
    for (const c of G.chains) {
      if (boundMonotone && a.slopes[0] >= 0 && c.slopes[0] >= 0) {
        const end = a.times[a.slopes.length] + c.times[c.slopes.length];
        if (end !== Infinity && bound.at(end) <= a.values[0] + c.values[0]) continue;
      }
      const merged = mergeChains(a, c);
      if (liesAbove(merged, bound)) continue;
      const curve = chainCurve(merged);
      if (curve !== null) chainParts.push(curve);
    }
  }
  return lowerEnvelope(chainParts);
}

/**
 * True when the open chain c is ≥ U at every instant of its support (so min(U, c) = U). Exact:
 * on each stretch of c, U − c is affine between U's breakpoints, so it suffices to compare at the
 * stretch ends (one-sided limits, plus the value at interior kinks, which belong to c) and at U's
 * breakpoints inside (values and both limits).
 */
function liesAbove(c: ChainPiece, U: Curve): boolean {
  const k = c.slopes.length;
  for (let m = 0; m < k; m++) {
    const a = Math.max(c.times[m], 0);
    const b = c.times[m + 1];
    if (b <= 0) continue;
    const slope = c.slopes[m];
    const at = (x: number): number => c.values[m] + slope * (x - c.times[m]);
    if (U.rightLimit(a) > at(a)) return false;
    if (m > 0 && c.times[m] >= 0 && U.at(a) > at(a)) return false; // an interior kink is a point of c
    let i = U.indexAt(a) + 1;
    for (; i < U.t.length && U.t[i] < b; i++) {
      const x = U.t[i];
      const y = at(x);
      if (U.v[i] > y || U.r[i] > y || U.leftLimitAtBreakpoint(i) > y) return false;
    }
    if (b === Infinity) {
      if (U.tailSlope > slope || U.r[U.r.length - 1] === Infinity) return false;
    } else if (U.leftLimit(b) > at(b)) return false;
  }
  return true;
}

/**
 * True when g(t − t0) + y0 ≥ U(t) for every t ≥ t0 (the shifted copy of g would not lower U).
 * Walks the breakpoints of both, comparing values, right limits and left limits; U − shifted g is
 * affine between them. No allocation.
 */
function shiftedLiesAbove(g: Curve, t0: number, y0: number, U: Curve): boolean {
  const gt = g.t, gv = g.v, gr = g.r, gs = g.s;
  const n = gt.length;
  let i = 0;
  let j = U.indexAt(t0);
  let T = t0;
  let onG = true;
  let onU = U.t[j] === T;
  for (;;) {
    const pv = onG ? gv[i] + y0 : g.segmentValue(i, T - t0) + y0;
    const pr = onG ? gr[i] + y0 : pv;
    const uv = onU ? U.v[j] : U.segmentValue(j, T);
    const ur = onU ? U.r[j] : uv;
    if (uv > pv || ur > pr) return false;
    const nextG = i + 1 < n ? gt[i + 1] + t0 : Infinity;
    const nextU = j + 1 < U.t.length ? U.t[j + 1] : Infinity;
    const next = Math.min(nextG, nextU);
    if (next === Infinity) {
      // Final segments, equal-or-ordered at T: the copy stays above if it is +∞, or if U is finite
      // and grows no faster.
      return gr[i] === Infinity || (U.r[j] !== Infinity && U.s[j] <= gs[i]);
    }
    // Left limits at `next` along the current segments.
    const pl = g.segmentValue(i, next - t0) + y0;
    const ul = U.segmentValue(j, next);
    if (ul > pl) return false;
    onG = nextG === next;
    onU = nextU === next;
    if (onG) i += 1;
    if (onU) j += 1;
    T = next;
  }
}

/** point(t0, y0) ⊗ g: g moved right by t0 and up by y0, +∞ before t0. */
function shiftUp(g: Curve, t0: number, y0: number): Curve {
  if (t0 === 0 && y0 === 0) return g;
  const b = new CurveBuilder();
  if (t0 > 0) b.push(0, Infinity, Infinity, 0);
  for (let i = 0; i < g.t.length; i++) b.push(g.t[i] + t0, g.v[i] + y0, g.r[i] + y0, g.s[i]);
  return b.build();
}

/**
 * Convolution of two open convex chains (Minkowski sum of the epigraphs): stretches merge in
 * increasing slope order. After i stretches of a and j of c, the kink is at a.times[i] + c.times[j]
 * with value a.values[i] + c.values[j] — exact sums of input breakpoints, not accumulated lengths.
 */
export function mergeChains(a: ChainPiece, c: ChainPiece): ChainPiece {
  const times = [a.times[0] + c.times[0]];
  const values = [a.values[0] + c.values[0]];
  const slopes: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.slopes.length || j < c.slopes.length) {
    const takeA = j >= c.slopes.length || (i < a.slopes.length && a.slopes[i] <= c.slopes[j]);
    slopes.push(takeA ? a.slopes[i++] : c.slopes[j++]);
    const T = a.times[i] + c.times[j];
    times.push(T);
    if (T === Infinity) {
      values.push(NaN);
      break;
    }
    values.push(a.values[i] + c.values[j]);
  }
  return { times, values, slopes };
}

import type { Curve } from './curve.ts';
import { CurveBuilder } from './builder.ts';
import { lowerEnvelope } from './envelope.ts';
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
  const parts: Curve[] = [];
  for (const p of F.points) parts.push(shiftUp(g, p.t, p.y));
  for (const q of G.points) parts.push(shiftUp(f, q.t, q.y));
  for (const a of F.chains) {
    for (const c of G.chains) {
      const merged = mergeChains(a, c);
      const curve = chainCurve(merged);
      if (curve !== null) parts.push(curve);
    }
  }
  return lowerEnvelope(parts);
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

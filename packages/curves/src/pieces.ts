import type { Curve } from './curve.ts';
import { CurveBuilder } from './builder.ts';
import { close } from './tolerance.ts';

/**
 * Elementary pieces of a curve, the building blocks of the general convolution and deconvolution
 * (Bouillard & Thierry 2008; Bouillard, Boyer & Le Corronc 2018, §4): a curve is the minimum of its
 * points (a value at one instant, +∞ elsewhere) and of its open convex chains (affine stretches
 * joined continuously with non-decreasing slopes, +∞ outside the open interval).
 */
export interface PointPiece {
  t: number;
  y: number;
}

/**
 * An open chain on (times[0], times[k]) with k = slopes.length stretches: stretch m runs from
 * times[m] to times[m+1] with slope slopes[m]; values[m] is the value at times[m] (for m = 0 the
 * limit from the right, for m = k the limit from the left; NaN when times[k] is +∞). Times and
 * values are stored, not lengths, so that a convolution's kinks are exact sums of input breakpoints.
 */
export interface ChainPiece {
  times: number[];
  values: number[];
  slopes: number[];
}

/**
 * Splits f into its finite points and maximal open convex chains. A breakpoint at which f is
 * continuous and the slope does not decrease lies inside a chain and is not listed as a point.
 */
export function convexDecomposition(f: Curve): { points: PointPiece[]; chains: ChainPiece[] } {
  const { t, v, r, s } = f;
  const n = t.length;
  const points: PointPiece[] = [];
  const chains: ChainPiece[] = [];
  let chain: ChainPiece | null = null;
  for (let i = 0; i < n; i++) {
    const interior =
      chain !== null &&
      v[i] !== Infinity &&
      r[i] !== Infinity &&
      close(f.leftLimitAtBreakpoint(i), v[i]) &&
      close(v[i], r[i]) &&
      s[i] >= chain.slopes[chain.slopes.length - 1];
    if (interior && chain !== null) {
      chain.times.push(t[i]);
      chain.values.push(v[i]);
      chain.slopes.push(s[i]);
      continue;
    }
    if (chain !== null) {
      chain.times.push(t[i]);
      chain.values.push(f.leftLimitAtBreakpoint(i));
      chains.push(chain);
      chain = null;
    }
    if (v[i] !== Infinity) points.push({ t: t[i], y: v[i] });
    if (r[i] !== Infinity) chain = { times: [t[i]], values: [r[i]], slopes: [s[i]] };
  }
  if (chain !== null) {
    chain.times.push(Infinity);
    chain.values.push(NaN);
    chains.push(chain);
  }
  return { points, chains };
}

/** The curve equal to `y` at time `t` and +∞ elsewhere (t ≥ 0). */
export function pointCurve(t: number, y: number): Curve {
  const b = new CurveBuilder();
  if (t > 0) b.push(0, Infinity, Infinity, 0);
  b.push(t, y, Infinity, 0);
  return b.build();
}

/**
 * The curve equal to the open chain and +∞ elsewhere, clipped to t ≥ 0 (a chain that starts
 * before 0 contributes its value at 0, which is then an interior point). Null if nothing remains.
 */
export function chainCurve(c: ChainPiece): Curve | null {
  const k = c.slopes.length;
  const end = c.times[k];
  if (end <= 0) return null;
  const b = new CurveBuilder();
  let m = 0;
  while (c.times[m + 1] <= 0) m += 1; // stretch m contains or follows 0
  if (c.times[m] < 0) {
    const y = c.values[m] + c.slopes[m] * -c.times[m];
    b.push(0, y, y, c.slopes[m]);
  } else {
    if (c.times[m] > 0) b.push(0, Infinity, Infinity, 0);
    const open = m === 0; // the chain's own start is excluded; a kink at 0 is not
    b.push(c.times[m], open ? Infinity : c.values[m], c.values[m], c.slopes[m]);
  }
  for (m += 1; m < k; m++) b.push(c.times[m], c.values[m], c.values[m], c.slopes[m]);
  if (end !== Infinity) b.push(end, Infinity, Infinity, 0);
  return b.build();
}

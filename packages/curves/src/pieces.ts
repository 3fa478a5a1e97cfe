import type { Curve } from './curve.ts';
import { CurveBuilder } from './builder.ts';
import { close } from './tolerance.ts';

/**
 * Elementary pieces of a curve, the building blocks of the general convolution and deconvolution
 * (Bouillard & Thierry 2008; Bouillard, Boyer & Le Corronc 2018, §4): a curve is the minimum of its
 * points (value at one instant, +∞ elsewhere) and of its open convex chains (affine pieces joined
 * continuously with non-decreasing slopes, +∞ outside the open interval).
 */
export interface PointPiece {
  t: number;
  y: number;
}

/** An open convex chain on (start, end): limit `y0` at start+, `slopes[k]` on [breaks[k-1], breaks[k]]. */
export interface ChainPiece {
  start: number;
  end: number;
  y0: number;
  /** Slopes in order (non-decreasing for chains from {@link convexDecomposition}). */
  slopes: number[];
  /** Lengths of each slope's stretch; the last may be +∞ (then `end` is +∞). */
  lengths: number[];
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
    // Does breakpoint i continue the current chain?
    const interior =
      chain !== null &&
      v[i] !== Infinity &&
      r[i] !== Infinity &&
      close(f.leftLimitAtBreakpoint(i), v[i]) &&
      close(v[i], r[i]) &&
      s[i] >= chain.slopes[chain.slopes.length - 1];
    if (!interior) {
      if (chain !== null) {
        chain.end = t[i];
        chains.push(chain);
        chain = null;
      }
      if (v[i] !== Infinity) points.push({ t: t[i], y: v[i] });
    }
    const length = i + 1 < n ? t[i + 1] - t[i] : Infinity;
    if (r[i] === Infinity) continue;
    if (chain === null) chain = { start: t[i], end: Infinity, y0: r[i], slopes: [s[i]], lengths: [length] };
    else {
      chain.slopes.push(s[i]);
      chain.lengths.push(length);
    }
  }
  if (chain !== null) chains.push(chain);
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
 * The curve equal to the open chain on (start, end) and +∞ elsewhere, clipped to t ≥ 0 (a chain
 * that starts before 0 contributes its value at 0, which is then an interior point). Returns null
 * if nothing remains at t ≥ 0.
 */
export function chainCurve(c: ChainPiece): Curve | null {
  if (c.end <= 0) return null;
  const b = new CurveBuilder();
  let time = c.start;
  let y = c.y0;
  let k = 0;
  while (time + c.lengths[k] <= 0) {
    y += c.slopes[k] * c.lengths[k];
    time += c.lengths[k];
    k += 1;
  }
  if (time < 0) {
    y -= c.slopes[k] * time;
    b.push(0, y, y, c.slopes[k]);
    y += c.slopes[k] * (c.lengths[k] + time);
    time += c.lengths[k];
  } else {
    if (time > 0) b.push(0, Infinity, Infinity, 0);
    const open = time === c.start; // the chain's own start is excluded; a kink at 0 is not
    b.push(time, open ? Infinity : y, y, c.slopes[k]);
    y += c.slopes[k] * c.lengths[k];
    time += c.lengths[k];
  }
  for (k += 1; k < c.slopes.length; k++) {
    b.push(time, y, y, c.slopes[k]);
    y += c.slopes[k] * c.lengths[k];
    time += c.lengths[k];
  }
  if (c.end !== Infinity) b.push(c.end, Infinity, Infinity, 0);
  return b.build();
}

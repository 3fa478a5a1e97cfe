import { CurveError } from '../errors.ts';
import { closeSlopes } from '../tolerance.ts';
import type { UppCurve } from './upp-curve.ts';

/**
 * The offsets of the lines of slope ρ that bound f: the least m with f(t) ≥ ρ·t + m for every
 * t in [from, to], or the greatest with f(t) ≤ ρ·t + m (`lowest` false), over values, right limits
 * (before `to`) and left limits at the breakpoints of f there. With ρ = f's growth rate c/d,
 * f(t) − ρ·t repeats with the period after T, so `to` = T + d (the default) bounds f on [from, ∞).
 * +∞ values bound nothing from below; from above they make the bound +∞, which is refused (a curve
 * that is partly +∞ in its period has no upper line).
 * @example lineOffset(UppCurve.fromCurve(rate(2)), 2, 0, true) // 0
 */
export function lineOffset(f: UppCurve, rho: number, from: number, lowest: boolean, to = f.start + f.period): number {
  const pick = lowest ? Math.min : Math.max;
  let m = lowest ? Infinity : -Infinity;
  const end = to;
  const curve = f.unfold(end);
  const consider = (t: number, y: number): void => {
    if (t < from || t > end) return;
    if (y === Infinity) {
      if (lowest) return;
      throw new CurveError('f', f.toJSON(), 'a curve that is finite over its period (an upper bound by a line)');
    }
    m = pick(m, y - rho * t);
  };
  for (let i = 0; i < curve.t.length && curve.t[i] <= end; i++) {
    const t = curve.t[i];
    consider(t, curve.v[i]);
    // At T + d the right limit is the one at T plus c: already counted when `to` is the default.
    if (t < end) consider(t, curve.r[i]);
    const next = i + 1 < curve.t.length ? Math.min(curve.t[i + 1], end) : end;
    if (next > t && curve.r[i] !== Infinity) consider(next, curve.segmentValue(i, next));
  }
  return m;
}

/**
 * Whether two UPP curves grow at the same long-run rate c/d: equal, both +∞ (periodic parts +∞
 * throughout), or finite and equal within the slopes' tolerance. The operators pick their rule by it.
 * @example sameRate(UppCurve.fromCurve(rate(2)), UppCurve.fromCurve(tokenBucket(2, 5))) // true
 */
export function sameRate(f: UppCurve, g: UppCurve): boolean {
  const rf = f.rate;
  const rg = g.rate;
  return rf === rg || (Number.isFinite(rf) && Number.isFinite(rg) && closeSlopes(rf, rg));
}

import type { Curve } from './curve.ts';
import { mergeWalk } from './pointwise.ts';
import { DEFAULT_TOLERANCE, withinTolerance, type Tolerance } from './tolerance.ts';

/**
 * True when f and g are equal as functions on [0, ∞) within `tol`: values, right limits and left
 * limits at every breakpoint of either, and the final slopes. Infinities must match exactly.
 * @example equals(add(rate(1), rate(2)), rate(3)) // true
 */
export function equals(f: Curve, g: Curve, tol: Tolerance = DEFAULT_TOLERANCE): boolean {
  let same = true;
  mergeWalk(f, g, (T, fv, fr, fs, gv, gr, gs, next) => {
    if (!same) return;
    if (!withinTolerance(fv, gv, tol) || !withinTolerance(fr, gr, tol)) same = false;
    else if (next === Infinity) {
      if (fr !== Infinity && !withinTolerance(fs, gs, tol)) same = false;
    } else if (!withinTolerance(fr + fs * (next - T), gr + gs * (next - T), tol)) same = false;
  });
  return same;
}

/**
 * True when f(t) ≥ g(t) − tolerance for every t ≥ 0 (f dominates g); also compares limits and the
 * final slopes, so the answer holds on the whole half-line.
 * @example dominates(rate(2), rate(1)) // true
 */
export function dominates(f: Curve, g: Curve, tol: Tolerance = DEFAULT_TOLERANCE): boolean {
  const geq = (a: number, b: number): boolean => a >= b || withinTolerance(a, b, tol);
  let ok = true;
  mergeWalk(f, g, (T, fv, fr, fs, gv, gr, gs, next) => {
    if (!ok) return;
    if (!geq(fv, gv) || !geq(fr, gr)) ok = false;
    else if (next === Infinity) {
      if (fr !== Infinity && gr !== Infinity && fs < gs && !withinTolerance(fs, gs, tol)) ok = false;
    } else if (!geq(fr + fs * (next - T), gr + gs * (next - T))) ok = false;
  });
  return ok;
}

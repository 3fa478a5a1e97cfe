/**
 * Tolerance policy of `@ccalc/curves`.
 *
 * Curves are float64 objects. Two numbers are *close* when
 * `|a − b| ≤ EPSILON · max(1, |a|, |b|)` with `EPSILON = 1e-12`: relative for large magnitudes
 * (bytes, bytes/s), with an absolute floor of 1e-12 in the curve's own unit (1 ps when times are
 * seconds). Closeness is used in exactly one place that changes a curve: canonicalisation, which
 * drops a breakpoint whose value, right limit and left limit are close and whose slope is close to
 * the previous slope, and merges breakpoints whose times are close. No operation rounds values
 * otherwise. Equality and dominance between curves take an explicit {@link Tolerance}.
 */
export const EPSILON = 1e-12;

/**
 * Tolerance of the input checks that reject a curve as decreasing (`requireNonDecreasing`):
 * 1e-9 relative (floor 1e-9 absolute). Looser than {@link EPSILON} because its job is to catch real
 * decreases in user input, not the rounding that accumulates over 10^5 or more segments.
 */
export const VALIDATION_EPSILON = 1e-9;

/** Explicit tolerance for comparisons: `|a − b| ≤ absolute + relative · max(|a|, |b|)`. */
export interface Tolerance {
  absolute: number;
  relative: number;
}

/** Default tolerance of {@link equals} and {@link dominates}: 1e-9 absolute and relative. */
export const DEFAULT_TOLERANCE: Tolerance = { absolute: 1e-9, relative: 1e-9 };

/** True when `a` and `b` are equal under the canonicalisation policy (infinities equal only themselves). */
export function close(a: number, b: number): boolean {
  if (a === b) return true;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return Math.abs(a - b) <= EPSILON * Math.max(1, Math.abs(a), Math.abs(b));
}

/**
 * True when two slopes are equal under the canonicalisation policy: relative only,
 * |a − b| ≤ EPSILON · max(|a|, |b|). Slopes have no natural absolute scale (an inverse curve's slopes
 * are seconds per byte, around 1e-10), so the absolute floor of {@link close} would merge distinct
 * slopes.
 */
export function closeSlopes(a: number, b: number): boolean {
  if (a === b) return true;
  return Math.abs(a - b) <= EPSILON * Math.max(Math.abs(a), Math.abs(b));
}

/** True when `a` and `b` are equal within `tol` (infinities equal only themselves). */
export function withinTolerance(a: number, b: number, tol: Tolerance): boolean {
  if (a === b) return true;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return Math.abs(a - b) <= tol.absolute + tol.relative * Math.max(Math.abs(a), Math.abs(b));
}

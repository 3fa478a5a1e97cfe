import { withinTolerance, type Tolerance } from '../tolerance.ts';

/** Tolerance used by the brute-force and exact comparisons (inputs are small dyadic rationals). */
export const CHECK_TOLERANCE: Tolerance = { absolute: 1e-9, relative: 1e-9 };

/**
 * First time at which `actual` and `expected` differ beyond the tolerance, as a readable string,
 * or null when they agree at every given time.
 */
export function firstMismatch(times: readonly number[], actual: (t: number) => number, expected: (t: number) => number, tol: Tolerance = CHECK_TOLERANCE): string | null {
  for (const t of times) {
    const a = actual(t);
    const e = expected(t);
    if (!withinTolerance(a, e, tol)) return `at t = ${t}: got ${a}, expected ${e}`;
  }
  return null;
}

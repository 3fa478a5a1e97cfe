import { CurveError } from '../errors.ts';
import { EPSILON } from '../tolerance.ts';

/** Largest numerator or denominator tried for the ratio of two periods. */
const MAX_TERM = 1_000_000;

/**
 * The least common multiple of two periods, L = q·d1 = p·d2 with p/q the simplest fraction equal
 * to d1/d2 within the curves' tolerance (|p·d2 − q·d1| ≤ 1e-12 of a period), found by continued
 * fractions. Periods
 * come from floats such as 1048 B / 12.5 GB/s, so "equal" means equal to the tolerance; the
 * multiple is returned with its two factors. Throws a CurveError when no fraction with terms up to
 * 10⁶ fits (incommensurable periods: no common period exists, or none a representation could hold).
 * @example commonPeriod(1.5, 1) // { period: 3, times1: 2, times2: 3 }
 */
export function commonPeriod(d1: number, d2: number): { period: number; times1: number; times2: number } {
  if (d1 === d2 || Math.abs(d1 - d2) <= EPSILON * Math.max(d1, d2)) return { period: Math.max(d1, d2), times1: 1, times2: 1 };
  const x = d1 / d2;
  // Convergents h/k of x: the first with |h·d2 − k·d1| within tolerance is the simplest.
  let [h0, h1] = [1, Math.floor(x)];
  let [k0, k1] = [0, 1];
  let rest = x - Math.floor(x);
  for (;;) {
    // Within the tolerance of one period, not of the multiple: else any ratio would fit once the
    // terms are large (a convergent of √2 with terms near 10⁶ is within 2.5·10⁻¹³ of the multiple).
    if (h1 > 0 && Math.abs(h1 * d2 - k1 * d1) <= EPSILON * Math.max(d1, d2)) return { period: k1 * d1, times1: k1, times2: h1 };
    if (rest <= 0 || h1 > MAX_TERM || k1 > MAX_TERM) break;
    const inverse = 1 / rest;
    const a = Math.floor(inverse);
    rest = inverse - a;
    [h0, h1] = [h1, a * h1 + h0];
    [k0, k1] = [k1, a * k1 + k0];
  }
  throw new CurveError('period', [d1, d2], `commensurable periods (their ratio a fraction p/q with p, q ≤ ${MAX_TERM} within 1e-12)`);
}

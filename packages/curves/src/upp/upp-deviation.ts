import { constant } from '../constructors.ts';
import { horizontalDeviation, verticalDeviation } from '../deviation.ts';
import { min, restrict } from '../pointwise.ts';
import { commonPeriod } from './common-period.ts';
import { lineOffset, sameRate } from './line-bounds.ts';
import type { UppCurve } from './upp-curve.ts';

/** How the two growth rates compare: 'faster' when f outgrows g (every deviation is +∞). */
function rates(f: UppCurve, g: UppCurve): 'faster' | 'equal' | 'slower' {
  if (sameRate(f, g)) return 'equal';
  return f.rate > g.rate ? 'faster' : 'slower';
}

/**
 * The instant after which the deviation of f from g can no longer grow: with equal rates the
 * difference repeats with the common period after both transients; with f slower than g,
 * f(t) ≤ ρ_f·t + M_f and g(t) ≥ ρ_g·t + m_g put f − g below min(0, its value at the end of both
 * transients) from (M_f − m_g − that)/(ρ_g − ρ_f) on (and f below g: no delay).
 */
function horizon(f: UppCurve, g: UppCurve): number {
  const both = Math.max(f.start, g.start);
  if (rates(f, g) === 'equal') return both + commonPeriod(f.period, g.period).period;
  if (!Number.isFinite(g.rate)) return both + g.period;
  // After H, f − g ≤ (ρ_f − ρ_g)·t + M_f − m_g stays below what it is at the end of both transients.
  const above = lineOffset(f, f.rate, 0, false) - lineOffset(g, g.rate, 0, true);
  const there = f.at(both) - g.at(both);
  return Math.max(both, (above - Math.min(0, there)) / (g.rate - f.rate)) + f.period;
}

/**
 * Vertical deviation v(f, g) = sup over t ≥ 0 of f(t) − g(t) of UPP curves: the backlog bound of an
 * arrival curve f through a service curve g (Le Boudec & Thiran, Th. 1.4.1). +∞ when f grows
 * faster; otherwise the supremum over [0, H], H from the rates (the `horizon` above), exactly, by
 * the finite deviation with g made +∞ after H (instants where g is +∞ do not count).
 * @example verticalDeviationUpp(staircase, UppCurve.fromCurve(rateLatency(R, T)))
 */
export function verticalDeviationUpp(f: UppCurve, g: UppCurve): number {
  if (rates(f, g) === 'faster') return Infinity;
  const H = horizon(f, g);
  return verticalDeviation(f.unfold(H), restrict(g.unfold(H), 0, H));
}

/**
 * Horizontal deviation h(f, g) = sup over t of inf{d ≥ 0 : f(t) ≤ g(t + d)} of non-decreasing UPP
 * curves: the delay bound of an arrival curve f through a service curve g (Le Boudec & Thiran, Th.
 * 1.4.2). +∞ when f grows faster; otherwise the supremum over t ∈ [0, H] (the `horizon`), by the
 * finite deviation of f held at f(H) after H (which only lowers the delays after H) against g
 * unrolled far enough: D ≤ (M_f − m_g)/ρ_g, from the lines that bound both.
 * @example horizontalDeviationUpp(staircase, UppCurve.fromCurve(rateLatency(R, T)))
 */
export function horizontalDeviationUpp(f: UppCurve, g: UppCurve): number {
  if (rates(f, g) === 'faster') return Infinity;
  const H = horizon(f, g);
  const held = min(f.unfold(H), constant(f.at(H)));
  const reach = Number.isFinite(g.rate) && g.rate > 0 ? Math.max(0, (lineOffset(f, f.rate, 0, false) - lineOffset(g, g.rate, 0, true)) / g.rate) : g.start + g.period;
  return horizontalDeviation(held, g.unfold(H + reach + g.period));
}

import { constant } from '../constructors.ts';
import { deconvolve } from '../deconvolve.ts';
import { CurveError } from '../errors.ts';
import { restrict } from '../pointwise.ts';
import { commonPeriod } from './common-period.ts';
import { lineOffset, sameRate } from './line-bounds.ts';
import { minimizeUpp } from './minimize.ts';
import { UppCurve } from './upp-curve.ts';

/**
 * Min-plus deconvolution (f ⊘ g)(t) = sup over u ≥ 0 of f(t + u) − g(u) of UPP curves (Le Boudec &
 * Thiran, Def. 3.1.11; Bouillard et al. 2018, §4): the output arrival curve of a flow with arrival
 * curve f through service g. +∞ everywhere when f outgrows g. Otherwise it follows f's rule (for
 * t ≥ T_f every t + u is in f's periodic part), and the supremum is over u ∈ [0, U]:
 * - equal rates: after both transients, u ↦ f(t + u) − g(u) repeats with the common period;
 * - f slower: past U = (M_f − m_f − m_g + g(0)) / (ρ_g − ρ_f), from the lines that bound f and g,
 *   it stays below its value at u = 0;
 * - g +∞ after its transient: u before it.
 * The values on [0, T_f + d_f) come from the finite deconvolution of f unrolled against g on
 * [0, U] (+∞ after). f must be finite, and g(0) too, as for curves.
 * @example deconvolveUpp(staircase, UppCurve.fromCurve(rateLatency(R, T))) // the output's arrival curve
 */
export function deconvolveUpp(f: UppCurve, g: UppCurve): UppCurve {
  if (!Number.isFinite(f.rate)) throw new CurveError('f', f.toJSON(), 'a finite curve');
  const g0 = g.at(0);
  if (g0 === Infinity) throw new CurveError('g', g.toJSON(), 'a curve with finite g(0)');
  const rf = f.rate;
  const rg = g.rate;
  const equal = sameRate(f, g);
  if (!equal && rf > rg) return UppCurve.fromCurve(constant(Infinity));
  let reach: number;
  if (equal) reach = Math.max(f.start, g.start) + commonPeriod(f.period, g.period).period;
  else if (!Number.isFinite(rg)) reach = g.start + g.period;
  else reach = Math.max(0, (lineOffset(f, rf, 0, false) - lineOffset(f, rf, 0, true) - lineOffset(g, rg, 0, true) + g0) / (rg - rf));
  const end = f.start + f.period;
  const base = deconvolve(f.unfold(end + reach), restrict(g.unfold(reach), 0, reach));
  return minimizeUpp(UppCurve.of(base, f.start, f.period, f.increment));
}

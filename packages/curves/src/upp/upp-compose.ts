import { compose } from '../compose.ts';
import { commonPeriod } from './common-period.ts';
import { minimizeUpp } from './minimize.ts';
import { UppCurve } from './upp-curve.ts';
import { lowerPseudoInverseUpp } from './upp-pseudo-inverse.ts';

/**
 * Composition (f ∘ g)(t) = f(g(t)) of a UPP curve f and a non-decreasing UPP curve g ≥ 0 (Zippo &
 * Stea, "Nancy", 2022: composition of UPP functions). Once g(t) is in f's periodic part (from
 * g↓(T_f), and after T_g), q periods of g add q·c_g = p·d_f to g (p/q the ratio c_g/d_f), so they add
 * p·c_f to f ∘ g: period q·d_g, increment p·c_f. A g that stops growing makes f ∘ g repeat with g's
 * period and no increment; one that becomes +∞ makes it f's limit at +∞ from there (as for curves).
 * Values on [0, T + d) by the finite composition of the unrolled curves. Throws a CurveError for a
 * decreasing or negative g, as compose does.
 * @example composeUpp(UppCurve.fromCurve(rate(2)), staircase) // twice the staircase
 */
export function composeUpp(f: UppCurve, g: UppCurve): UppCurve {
  let start: number;
  let period: number;
  let increment: number;
  if (!Number.isFinite(g.rate) || !(g.increment > 0)) {
    [start, period, increment] = [g.start, g.period, 0];
  } else {
    const { times1: q, times2: p } = commonPeriod(g.increment, f.period); // q·c_g = p·d_f
    // g ≥ T_f from g↓(T_f) on, or just after it when g jumps over T_f there.
    const x = lowerPseudoInverseUpp(g).at(f.start);
    start = Math.max(g.start, g.at(x) >= f.start ? x : x + g.period);
    [period, increment] = [q * g.period, p * f.increment];
  }
  const end = start + period;
  const inner = g.unfold(end);
  const reach = Math.max(inner.leftLimit(end), inner.at(end), inner.rightLimit(end));
  const outer = f.unfold(Number.isFinite(reach) ? reach + f.period : f.start + f.period);
  return minimizeUpp(UppCurve.of(compose(outer, inner), start, period, increment));
}

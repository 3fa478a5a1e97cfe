import { add, max, min } from '../pointwise.ts';
import { commonPeriod } from './common-period.ts';
import { minimizeUpp } from './minimize.ts';
import { lineOffset, sameRate } from './line-bounds.ts';
import { UppCurve } from './upp-curve.ts';

/**
 * f + g for UPP curves: pseudo-periodic from max(T_f, T_g) with the common period L of d_f and d_g
 * and increment c_f·L/d_f + c_g·L/d_g (Bouillard et al. 2018, Prop. 4.6), minimised.
 * @example addUpp(f, g).at(t) // f.at(t) + g.at(t)
 */
export function addUpp(f: UppCurve, g: UppCurve): UppCurve {
  const { period, times1, times2 } = commonPeriod(f.period, g.period);
  const start = Math.max(f.start, g.start);
  const end = start + period;
  return minimizeUpp(UppCurve.of(add(f.unfold(end), g.unfold(end)), start, period, f.increment * times1 + g.increment * times2));
}

/**
 * min(f, g) for UPP curves (Bouillard et al. 2018, Prop. 4.6). With equal growth rates, periodic
 * from max(T_f, T_g) with the common period. Otherwise the curve that grows slower is below the
 * other from some T*, found from the lines that bound each one over its period, f(t) ≤ ρ_f·t + M_f
 * and g(t) ≥ ρ_g·t + m_g: T* = (M_f − m_g)/(ρ_g − ρ_f); the minimum is that curve after it. A
 * periodic part that is +∞ throughout grows faster than any. Minimised.
 * @example minUpp(UppCurve.fromCurve(rate(1)), UppCurve.fromCurve(constant(5))).at(10) // 5
 */
export function minUpp(f: UppCurve, g: UppCurve): UppCurve {
  return envelope(f, g, false);
}

/** max(f, g) for UPP curves: as {@link minUpp}, the faster-growing curve above the other from some T*. */
export function maxUpp(f: UppCurve, g: UppCurve): UppCurve {
  return envelope(f, g, true);
}

function envelope(f: UppCurve, g: UppCurve, upper: boolean): UppCurve {
  const op = upper ? max : min;
  const rf = f.rate;
  const rg = g.rate;
  const at = (start: number, period: number, increment: number): UppCurve => {
    const end = start + period;
    return minimizeUpp(UppCurve.of(op(f.unfold(end), g.unfold(end)), start, period, increment));
  };
  if (sameRate(f, g)) {
    // Equal rates: both increments over the common period agree (to rounding); f's is taken.
    const { period, times1 } = commonPeriod(f.period, g.period);
    return at(Math.max(f.start, g.start), period, f.increment * times1);
  }
  // The curve that ends up on the envelope: the slower for min, the faster for max.
  const [win, lose] = (rf < rg) !== upper ? [f, g] : [g, f];
  if (!Number.isFinite(win.rate) || !Number.isFinite(lose.rate)) {
    // One periodic part is +∞ throughout: the envelope is the other curve (min) or +∞ (max) after both transients.
    return at(Math.max(f.start, g.start), win.period, win.increment);
  }
  // min: win(t) ≤ ρ_w·t + M_w and lose(t) ≥ ρ_l·t + m_l; max: the other way round.
  const winBound = lineOffset(win, win.rate, win.start, upper);
  const loseBound = lineOffset(lose, lose.rate, lose.start, !upper);
  const crossing = upper ? (loseBound - winBound) / (win.rate - lose.rate) : (winBound - loseBound) / (lose.rate - win.rate);
  return at(Math.max(f.start, g.start, crossing), win.period, win.increment);
}

import { convolve } from '../convolve.ts';
import { commonPeriod } from './common-period.ts';
import { lineOffset, sameRate } from './line-bounds.ts';
import { minimizeUpp } from './minimize.ts';
import { UppCurve } from './upp-curve.ts';

/**
 * Min-plus convolution (f ⊗ g)(t) = inf over 0 ≤ s ≤ t of f(t − s) + g(s) of two UPP curves, as a
 * UPP curve (Bouillard & Thierry, "An algorithmic toolbox for network calculus", 2008, §4;
 * Bouillard, Boyer, Le Corronc 2018, Th. 4.5). The periodic rule of the result, then its values
 * on [0, T + d) by the finite convolution of the unrolled operands (exact: (f ⊗ g)(t) depends on
 * f and g on [0, t] only), minimised:
 * - equal growth rates ρ: period L, the common period of d_f and d_g, increment ρ·L, from
 *   T_f + T_g + L (for every s either f's or g's rule applies over one common period);
 * - different rates: the slower curve's period and increment; the optimum spends at most S* in
 *   the faster one, S* from the lines that bound both (the faster is dearer by (ρ_fast − ρ_slow)
 *   per unit of time), so the result follows the slower's rule from T_slow + S*. A faster curve
 *   that is +∞ after its transient is spent in for less than T_fast.
 * @example convolveUpp(UppCurve.fromCurve(rate(2)), UppCurve.fromCurve(rateLatency(1, 3))).at(5) // 2
 */
export function convolveUpp(f: UppCurve, g: UppCurve): UppCurve {
  const rule = convolutionRule(f, g);
  const end = rule.start + rule.period;
  const base = convolve(f.unfold(end), g.unfold(end));
  return minimizeUpp(UppCurve.of(base, rule.start, rule.period, rule.increment));
}

/** The periodic rule (T, d, c) that f ⊗ g satisfies (not necessarily the earliest or shortest). */
function convolutionRule(f: UppCurve, g: UppCurve): { start: number; period: number; increment: number } {
  const rf = f.rate;
  const rg = g.rate;
  if (sameRate(f, g)) {
    const { period, times1 } = commonPeriod(f.period, g.period);
    return { start: f.start + g.start + period, period, increment: f.increment * times1 };
  }
  const [slow, fast] = rf < rg ? [f, g] : [g, f];
  const rule = { period: slow.period, increment: slow.increment };
  if (!Number.isFinite(fast.rate)) return { start: slow.start + fast.start, ...rule };
  return { start: slow.start + Math.max(0, stayBound(slow, fast)), ...rule };
}

/**
 * S*: for t ≥ T_slow + S*, the infimum of slow(t − s) + fast(s) is reached with s ≤ S*. A candidate
 * s₀ (the first breakpoint where fast is finite) gives slow(t − s₀) + fast(s₀) ≤ ρ_s·(t − s₀) + M_s +
 * fast(s₀); any s has slow(t − s) + fast(s) ≥ ρ_s·t + (ρ_f − ρ_s)·s + m_s + m_f; so s beyond
 * S* = max(s₀, (M_s + fast(s₀) − ρ_s·s₀ − m_s − m_f) / (ρ_f − ρ_s)) is never better.
 */
function stayBound(slow: UppCurve, fast: UppCurve): number {
  const rs = slow.rate;
  const rf = fast.rate;
  // Its rate is finite, so fast is finite somewhere in [0, T + d]: at a breakpoint, or just after one.
  const b = fast.unfold(fast.start + fast.period);
  let s0 = 0;
  let fast0 = Infinity;
  for (let i = 0; i < b.t.length && fast0 === Infinity; i++) {
    if (b.v[i] !== Infinity) [s0, fast0] = [b.t[i], b.v[i]];
    else if (b.r[i] !== Infinity && i + 1 < b.t.length) [s0, fast0] = [(b.t[i] + b.t[i + 1]) / 2, b.segmentValue(i, (b.t[i] + b.t[i + 1]) / 2)];
  }
  const upper = lineOffset(slow, rs, slow.start, false);
  const lowerSlow = lineOffset(slow, rs, 0, true);
  const lowerFast = lineOffset(fast, rf, 0, true);
  return Math.max(s0, (upper + fast0 - rs * s0 - lowerSlow - lowerFast) / (rf - rs));
}

import { Curve } from './curve.ts';
import { CurveBuilder } from './builder.ts';
import { CurveError } from './errors.ts';
import { convolve } from './convolve.ts';
import { deconvolve } from './deconvolve.ts';

/**
 * −f, for a finite f (−∞ is not a curve value). Max-plus operators are the min-plus ones of the
 * negated curves.
 * @example negate(rate(2)).at(3) // -6
 */
export function negate(f: Curve): Curve {
  const b = new CurveBuilder();
  for (let i = 0; i < f.t.length; i++) {
    if (f.v[i] === Infinity || f.r[i] === Infinity) throw new CurveError('f', f.toJSON(), `a finite curve (it is +∞ at t = ${f.t[i]}; −∞ is not a curve value)`);
    b.push(f.t[i], -f.v[i], -f.r[i], -f.s[i]);
  }
  return b.build();
}

/**
 * Max-plus convolution (f ⊗̄ g)(t) = sup over 0 ≤ s ≤ t of f(t − s) + g(s), for finite curves:
 * −((−f) ⊗ (−g)) (Liebeherr, "Duality of the max-plus and min-plus network calculus", 2017).
 * @example maxPlusConvolve(rate(1), constant(2)).at(3) // 5
 */
export function maxPlusConvolve(f: Curve, g: Curve): Curve {
  return negate(convolve(negate(f), negate(g)));
}

/**
 * Max-plus deconvolution (f ⊘̄ g)(t) = inf over u ≥ 0 of f(t + u) − g(u), for finite curves:
 * −((−f) ⊘ (−g)). It is −∞ everywhere, which no curve holds, when f's final slope is below g's:
 * that throws a CurveError.
 * @example maxPlusDeconvolve(rate(2), rate(1)).at(3) // 6
 */
export function maxPlusDeconvolve(f: Curve, g: Curve): Curve {
  const h = deconvolve(negate(f), negate(g));
  if (h.v[0] === Infinity) throw new CurveError('f', f.toJSON(), `a curve that grows at least as fast as g in the end (else f ⊘̄ g is −∞; final slopes ${f.tailSlope} and ${g.tailSlope})`);
  return negate(h);
}

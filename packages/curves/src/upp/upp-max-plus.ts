import { negate } from '../max-plus.ts';
import { CurveError } from '../errors.ts';
import { convolveUpp } from './upp-convolve.ts';
import { deconvolveUpp } from './upp-deconvolve.ts';
import { UppCurve } from './upp-curve.ts';

/** −f for a finite UPP curve: the base negated, the increment too. */
export function negateUpp(f: UppCurve): UppCurve {
  return UppCurve.of(negate(f.base), f.start, f.period, -f.increment);
}

/**
 * Max-plus convolution (f ⊗̄ g)(t) = sup over 0 ≤ s ≤ t of f(t − s) + g(s) of finite UPP curves:
 * −((−f) ⊗ (−g)), with {@link convolveUpp}.
 * @example maxPlusConvolveUpp(f, g).at(t)
 */
export function maxPlusConvolveUpp(f: UppCurve, g: UppCurve): UppCurve {
  return negateUpp(convolveUpp(negateUpp(f), negateUpp(g)));
}

/**
 * Max-plus deconvolution (f ⊘̄ g)(t) = inf over u ≥ 0 of f(t + u) − g(u) of finite UPP curves:
 * −((−f) ⊘ (−g)), with {@link deconvolveUpp}. −∞ everywhere (a CurveError) when f grows slower than g.
 * @example maxPlusDeconvolveUpp(f, g).at(t)
 */
export function maxPlusDeconvolveUpp(f: UppCurve, g: UppCurve): UppCurve {
  const h = deconvolveUpp(negateUpp(f), negateUpp(g));
  if (h.at(0) === Infinity) throw new CurveError('f', f.toJSON(), `a curve that grows at least as fast as g (else f ⊘̄ g is −∞; rates ${f.rate} and ${g.rate})`);
  return negateUpp(h);
}

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Curve, CurveError, convolve, deconvolve, dominates, equals, pureDelay, rate, rateLatency, tokenBucket } from './index.ts';
import { curveArb, denseGrid, horizonOf } from './test-support/random-curves.ts';
import { deconvolutionAt, floatField, fractionField, lift, type Field } from './test-support/reference.ts';
import { firstMismatch } from './test-support/check.ts';

const finite = curveArb({ maxBreakpoints: 4 });
const withInfinity = curveArb({ allowInfinity: true, maxBreakpoints: 4 });

function referenceMismatch<N>(F: Field<N>, f: Curve, g: Curve, impl: (f: Curve, g: Curve) => Curve = deconvolve): string | null {
  const h = impl(f, g);
  const FF = lift(F, f);
  const GG = lift(F, g);
  const gInf = g.r[g.r.length - 1] === Infinity;
  return firstMismatch(denseGrid(horizonOf(f, g)), (t) => h.at(t), (t) => {
    const x = deconvolutionAt(F, FF, GG, F.from(t), f.tailSlope, g.tailSlope, gInf);
    return x === null ? Infinity : F.toNumber(x);
  });
}

describe('deconvolve', () => {
  it('equals sup_u f(t + u) − g(u) on a dense grid (brute force; g may be +∞ in places)', () => {
    fc.assert(
      fc.property(finite, withInfinity, (f, g) => {
        fc.pre(g.v[0] !== Infinity);
        const mismatch = referenceMismatch(floatField, f, g);
        if (mismatch !== null) throw new Error(`${mismatch}\nf = ${f}\ng = ${g}`);
      }),
      { numRuns: 300 },
    );
  });

  it('equals the exact rational (mathjs Fraction) result', () => {
    fc.assert(
      fc.property(finite, finite, (f, g) => {
        const mismatch = referenceMismatch(fractionField, f, g);
        if (mismatch !== null) throw new Error(`${mismatch}\nf = ${f}\ng = ${g}`);
      }),
      { numRuns: 100 },
    );
  });

  it('is the residuation of ⊗: f ⊘ g ≤ h ⟺ f ≤ h ⊗ g', () => {
    fc.assert(
      fc.property(finite, finite, finite, (f, g, h) => {
        const d = deconvolve(f, g);
        // h = f ⊘ g satisfies the right-hand side (it is the least such h) ...
        if (!dominates(convolve(d, g), f)) return false;
        // ... and for an arbitrary h both sides agree.
        return dominates(h, d) === dominates(convolve(h, g), f);
      }),
      { numRuns: 200 },
    );
  });

  it('regression: f ≤ (f ⊘ g) ⊗ g when a computed jump lands one ulp before f\'s jump', () => {
    const f = Curve.fromBreakpoints([[0, 0, 0, -0.5], [0.25, -0.125, -1.375, 2.5], [1, 0.5, 0.25, 0]]);
    const g = Curve.fromBreakpoints([[0, -1.25, -1.25, 0.5], [0.75, -0.875, -0.875, 2.5], [1, -0.25, -0.25, 0]]);
    expect(dominates(convolve(deconvolve(f, g), g), f)).toBe(true);
  });

  it('worked examples: output arrival curve of a token bucket through a rate-latency server', () => {
    // (γ_{r,b} ⊘ β_{R,T})(t) = b + r·T + r·t for r ≤ R (Le Boudec & Thiran, Thm 1.4.3).
    expect(equals(deconvolve(tokenBucket(1, 5), rateLatency(2, 3)), Curve.fromBreakpoints([[0, 8, 8, 1]]))).toBe(true);
    // f ⊘ δ_T is f advanced by T.
    expect(equals(deconvolve(rate(1), pureDelay(2)), Curve.fromBreakpoints([[0, 2, 2, 1]]))).toBe(true);
    // A faster-growing f has no finite deconvolution.
    expect(deconvolve(rate(3), rate(1)).at(0)).toBe(Infinity);
  });

  it('rejects an f that is +∞ somewhere', () => {
    expect(() => deconvolve(pureDelay(1), rate(1))).toThrow(CurveError);
    expect(() => deconvolve(pureDelay(1), rate(1))).toThrow(/f: expected a finite curve/);
  });

  it('catches a deconvolution that ignores the jumps of g (brute-force check must fail)', () => {
    const rightContinuous = (c: Curve): Curve => Curve.fromBreakpoints(c.breakpoints().map(([t, , r, s]) => [t, r, r, s] as const));
    const wrong = (f: Curve, g: Curve): Curve => deconvolve(f, rightContinuous(g));
    const outcome = fc.check(fc.property(finite, finite, (f, g) => referenceMismatch(floatField, f, g, wrong) === null), { numRuns: 200, seed: 3 });
    expect(outcome.failed).toBe(true);
  });
});

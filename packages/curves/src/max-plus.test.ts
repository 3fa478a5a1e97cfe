import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maxPlusConvolve, maxPlusDeconvolve, negate } from './max-plus.ts';
import { constant, rate, step } from './constructors.ts';
import { CurveError } from './errors.ts';
import { close } from './tolerance.ts';
import { curveArb } from './test-support/random-curves.ts';
import type { Curve } from './curve.ts';

const same = (a: number, b: number): boolean => a === b || close(a, b);
/** The values, right limits and left limits of f at x (left limits only after 0). */
const sides = (f: Curve, x: number): number[] => [f.at(x), f.rightLimit(x), ...(x > 1e-9 ? [f.leftLimit(x)] : [])];

describe('max-plus operators (finite curves)', () => {
  it('max-plus convolution is the largest f(t − s) + g(s), by brute force over the breakpoint grid', () => {
    fc.assert(
      fc.property(curveArb({}), curveArb({}), (f, g) => {
        const h = maxPlusConvolve(f, g);
        // Breakpoints on the 1/4 grid: for t on the 1/8 grid the supremum is at some s on it.
        for (let k = 0; k <= 8 * 10; k++) {
          const t = k / 8;
          let sup = -Infinity;
          for (let j = 0; j <= k; j++) {
            const s = j / 8;
            sup = Math.max(sup, f.at(t - s) + g.at(s));
            if (s < t) sup = Math.max(sup, f.leftLimit(t - s) + g.rightLimit(s));
            if (s > 0) sup = Math.max(sup, f.rightLimit(t - s) + g.leftLimit(s));
          }
          expect(same(h.at(t), sup), `at(${t}): ${h.at(t)} vs ${sup}`).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('max-plus deconvolution is the least f(t + u) − g(u), by brute force; −∞ (an error) when f grows slower', () => {
    fc.assert(
      fc.property(curveArb({}), curveArb({}), (f, g) => {
        if (f.tailSlope < g.tailSlope) {
          expect(() => maxPlusDeconvolve(f, g)).toThrow(CurveError);
          return;
        }
        const h = maxPlusDeconvolve(f, g);
        for (let k = 0; k <= 8 * 6; k++) {
          const t = k / 8;
          let inf = Infinity;
          for (let j = 0; j <= 8 * 40; j++) {
            const u = j / 8;
            const fs = sides(f, t + u);
            const gs = sides(g, u);
            for (let i = 0; i < Math.min(fs.length, gs.length); i++) inf = Math.min(inf, fs[i] - gs[i]);
          }
          expect(same(h.at(t), inf), `at(${t}): ${h.at(t)} vs ${inf}`).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('examples, and −f refuses +∞', () => {
    expect(maxPlusConvolve(rate(1), constant(2)).at(3)).toBe(5);
    expect(maxPlusDeconvolve(rate(2), rate(1)).at(3)).toBe(6);
    expect(negate(step(5, 1)).rightLimit(1)).toBe(-5);
    expect(() => negate(constant(Infinity))).toThrow(/^f: expected a finite curve/);
  });
});

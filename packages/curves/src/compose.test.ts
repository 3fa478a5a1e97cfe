import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compose, rate, step, upperPseudoInverse, fromPackets, Curve, CurveError } from './index.ts';
import { curveArb, denseGrid } from './test-support/random-curves.ts';
import { firstMismatch } from './test-support/check.ts';

describe('compose', () => {
  it('equals f(g(t)) on a dense grid, for any f and non-decreasing g (+∞ included)', () => {
    fc.assert(
      fc.property(curveArb({ maxBreakpoints: 5 }), curveArb({ nonDecreasing: true, allowInfinity: true }), (f, g) => {
        fc.pre(f.tailSlope >= 0); // f(+∞) must exist where g is +∞
        const h = compose(f, g);
        const fInf = f.tailSlope > 0 ? Infinity : f.r[f.r.length - 1];
        const expected = (t: number): number => {
          const x = g.at(t);
          return x === Infinity ? fInf : f.at(x);
        };
        const mismatch = firstMismatch(denseGrid(g.lastBreakpoint + 3), (t) => h.at(t), expected);
        if (mismatch !== null) throw new Error(`${mismatch}\nf = ${f}\ng = ${g}`);
      }),
      { numRuns: 300 },
    );
  });

  it('demultiplexes FIFO departures (Theorem 1): two flows sharing a rate server', () => {
    // Flow 1 sends 4 bytes at t=0, flow 2 sends 4 bytes at t=1, server rate 2 B/s.
    const a1 = fromPackets([0], [4]);
    const a2 = fromPackets([1], [4]);
    const total = fromPackets([0, 1], [4, 4]);
    const D = Curve.fromBreakpoints([[0, 0, 0, 2], [4, 8, 8, 0]]); // total ⊗ λ_2
    const Dup = compose(upperPseudoInverse(total), D);
    const d1 = compose(a1, Dup);
    const d2 = compose(a2, Dup);
    expect(d1.at(2)).toBe(4); // flow 1 done at t = 2
    expect(d2.at(2)).toBe(0);
    expect(d2.at(4)).toBe(4);
  });

  it('rejects a decreasing inner curve', () => {
    expect(() => compose(rate(1), Curve.fromBreakpoints([[0, 5, 5, -1]]))).toThrow(CurveError);
    expect(compose(step(2, 1), rate(1)).at(2)).toBe(2);
  });
});

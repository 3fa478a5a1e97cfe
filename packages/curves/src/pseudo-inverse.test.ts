import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Curve, CurveError, fromSamples, lowerPseudoInverse, lowerPseudoInverseAt, upperPseudoInverse, upperPseudoInverseAt, rate, step, pureDelay, fromPackets, equals } from './index.ts';
import { curveArb } from './test-support/random-curves.ts';

const cumulative = curveArb({ leftContinuous: true, maxBreakpoints: 5, allowInfinity: false });
const monotone = curveArb({ nonDecreasing: true, maxBreakpoints: 5, allowInfinity: true });

/** Levels to probe: a dense grid plus every breakpoint value and limit (where the inverses jump). */
function levels(F: Curve): number[] {
  const top = Math.max(...F.r.filter(Number.isFinite), ...F.v.filter(Number.isFinite)) + 2;
  const out = Array.from({ length: Math.ceil(top * 16) + 1 }, (_, k) => k / 16);
  for (let i = 0; i < F.t.length; i++) {
    for (const y of [F.v[i], F.r[i], i > 0 ? F.leftLimitAtBreakpoint(i) : 0]) if (Number.isFinite(y) && y >= 0) out.push(y);
  }
  return out;
}

/** Brute force on a fine x grid: first grid x with F(x) ≥ y, last grid x with F(x) ≤ y. */
function bruteLower(F: Curve, y: number, xs: number[]): number {
  for (const x of xs) if (F.at(x) >= y) return x;
  return Infinity;
}
function bruteUpper(F: Curve, y: number, xs: number[]): number {
  let last = 0;
  for (const x of xs) {
    if (F.at(x) <= y) last = x;
    else return last;
  }
  return Infinity;
}

describe('pseudo-inverses', () => {
  it('F(F↑(y)) ≤ y and F↓(y) ≤ F↑(y) for left-continuous cumulative F', () => {
    fc.assert(
      fc.property(cumulative, (F) =>
        levels(F).every((y) => {
          const up = upperPseudoInverseAt(F, y);
          const low = lowerPseudoInverseAt(F, y);
          return (up === Infinity || F.at(up) <= y + 1e-9) && low <= up;
        }),
      ),
      { numRuns: 300 },
    );
  });

  it('F↓(y) ≤ x ⟺ y ≤ F(x+) and F↑(y) ≥ x ⟺ F(x−) ≤ y (Galois connections)', () => {
    fc.assert(
      fc.property(monotone, (F) => {
        const xs = Array.from({ length: 200 }, (_, k) => k / 16);
        return levels(F).every((y) =>
          xs.every((x) => (lowerPseudoInverseAt(F, y) <= x) === (y <= F.rightLimit(x)) && (upperPseudoInverseAt(F, y) >= x) === (F.leftLimit(x) <= y)),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('match a brute-force search on a fine grid', () => {
    const xs = Array.from({ length: 16 * 64 + 1 }, (_, k) => k / 64);
    fc.assert(
      fc.property(monotone, (F) =>
        levels(F).every((y) => {
          const low = lowerPseudoInverseAt(F, y);
          const up = upperPseudoInverseAt(F, y);
          const bl = bruteLower(F, y, xs);
          const bu = bruteUpper(F, y, xs);
          const near = (a: number, b: number): boolean => (a === Infinity ? b === Infinity || b >= 15 : Math.abs(a - b) <= 1 / 64 + 1e-9);
          return (low > 15 || near(low, bl)) && (up > 15 || near(up, bu));
        }),
      ),
      { numRuns: 200 },
    );
  });

  it('as curves, agree with the point evaluations at every level, jumps included', () => {
    fc.assert(
      fc.property(monotone, (F) => {
        const L = lowerPseudoInverse(F);
        const U = upperPseudoInverse(F);
        return levels(F).every((y) => L.at(y) === lowerPseudoInverseAt(F, y) || Math.abs(L.at(y) - lowerPseudoInverseAt(F, y)) < 1e-9)
          && levels(F).every((y) => U.at(y) === upperPseudoInverseAt(F, y) || Math.abs(U.at(y) - upperPseudoInverseAt(F, y)) < 1e-9);
      }),
      { numRuns: 300 },
    );
  });

  it('worked examples', () => {
    expect(lowerPseudoInverse(rate(2)).at(6)).toBe(3);
    // A 5-byte burst after t = 1: F↓ jumps to 1 just above 0, F↑ is 1 below 5 and +∞ from 5 on.
    expect(equals(lowerPseudoInverse(step(5, 1)), Curve.fromBreakpoints([[0, 0, 1, 0], [5, 1, Infinity, 0]]))).toBe(true);
    expect(equals(upperPseudoInverse(step(5, 1)), Curve.fromBreakpoints([[0, 1, 1, 0], [5, Infinity, Infinity, 0]]))).toBe(true);
    // δ_T reaches any level just after T.
    expect(lowerPseudoInverseAt(pureDelay(2), 100)).toBe(2);
    // Packets: the 2nd packet's first byte was admitted at 1 µs.
    expect(lowerPseudoInverseAt(fromPackets([0, 1e-6], [1000, 1000]), 1500)).toBe(1e-6);
  });

  it('keeps kinks between slopes of 1e-10 s/B (regression: slopes compared with an absolute floor)', () => {
    const y1 = 4999248416 * 0.01182;
    const A = fromSamples([0, 0.01182, 0.01185], [0, y1, y1 + 5011748416 * 0.00003]);
    const U = upperPseudoInverse(A);
    expect(U.t.length).toBe(3);
    expect(U.at(A.at(0.01182))).toBeCloseTo(0.01182, 15);
  });

  it('reject decreasing curves and NaN levels', () => {
    const decreasing = Curve.fromBreakpoints([[0, 0, 0, -1]]);
    expect(() => lowerPseudoInverse(decreasing)).toThrow(CurveError);
    expect(() => upperPseudoInverseAt(decreasing, 1)).toThrow(/F: expected a non-decreasing curve/);
    expect(() => lowerPseudoInverseAt(rate(1), Number.NaN)).toThrow(/y: expected a number, got NaN/);
  });

  it('a lower inverse that returns the end of a plateau instead of its start is caught', () => {
    const wrong = (F: Curve, y: number): number => upperPseudoInverseAt(F, y);
    const outcome = fc.check(fc.property(monotone, (F) => levels(F).every((y) => wrong(F, y) === lowerPseudoInverseAt(F, y))), { numRuns: 200, seed: 4 });
    expect(outcome.failed).toBe(true);
  });
});

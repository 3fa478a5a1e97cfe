import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  Curve,
  CurveBuilder,
  isNonDecreasing,
  convolve,
  convolveExplain,
  convolveGeneral,
  convolveWithRate,
  convolveWithDelay,
  convolveWithRateLatency,
  convolveConvex,
  convolveConcave,
  dominates,
  equals,
  min,
  max,
  pureDelay,
  rate,
  rateLatency,
  step,
  tokenBucket,
  fromPackets,
  constant,
} from './index.ts';
import { curveArb, denseGrid, horizonOf } from './test-support/random-curves.ts';
import { convolutionAt, floatField, fractionField, lift } from './test-support/reference.ts';
import { firstMismatch } from './test-support/check.ts';

const RUNS = { numRuns: 150 };
const anyCurve = curveArb({ allowInfinity: true, maxBreakpoints: 4 });
const monotone = curveArb({ nonDecreasing: true, maxBreakpoints: 5 });

/** Brute force: the candidate-set definition of ⊗ on a dense grid. Returns a mismatch or null. */
function bruteForceMismatch(conv: (f: Curve, g: Curve) => Curve, f: Curve, g: Curve): string | null {
  const h = conv(f, g);
  const F = lift(floatField, f);
  const G = lift(floatField, g);
  return firstMismatch(denseGrid(horizonOf(f, g)), (t) => h.at(t), (t) => convolutionAt(floatField, F, G, t));
}

describe('convolve: algebraic laws (fast-check over curves with jumps, point values and +∞)', () => {
  it('is commutative', () => {
    fc.assert(fc.property(anyCurve, anyCurve, (f, g) => equals(convolve(f, g), convolve(g, f))), RUNS);
  });

  it('is associative', () => {
    const small = curveArb({ allowInfinity: true, maxBreakpoints: 3 });
    fc.assert(
      fc.property(small, small, small, (f, g, h) => equals(convolve(convolve(f, g), h), convolve(f, convolve(g, h)))),
      { numRuns: 60 },
    );
  });

  it('has δ_0 as neutral element', () => {
    fc.assert(fc.property(anyCurve, (f) => equals(convolve(f, pureDelay(0), { algorithm: 'general' }), f)), RUNS);
  });

  it('is isotone: f ≤ f′ implies f ⊗ g ≤ f′ ⊗ g', () => {
    fc.assert(
      fc.property(anyCurve, anyCurve, anyCurve, (f, h, g) => {
        const bigger = max(f, h);
        return dominates(convolve(bigger, g), convolve(f, g));
      }),
      RUNS,
    );
  });

  it('distributes over min: (f ∧ f′) ⊗ g = (f ⊗ g) ∧ (f′ ⊗ g)', () => {
    fc.assert(
      fc.property(anyCurve, anyCurve, anyCurve, (f, f2, g) => equals(convolve(min(f, f2), g), min(convolve(f, g), convolve(f2, g)))),
      RUNS,
    );
  });
});

describe('convolve: brute force against the definition on a dense grid', () => {
  it('general algorithm equals inf_s f(s) + g(t − s) for arbitrary curves', () => {
    fc.assert(
      fc.property(anyCurve, anyCurve, (f, g) => {
        const mismatch = bruteForceMismatch(convolveGeneral, f, g);
        if (mismatch !== null) throw new Error(`${mismatch}\nf = ${f}\ng = ${g}`);
      }),
      { numRuns: 300 },
    );
  });

  // The checks above must be able to fail: two realistic wrong implementations are run through the
  // same brute-force comparison and fast-check must find a counterexample for each.
  it('catches a convolution that ignores jumps (treats curves as right-continuous)', () => {
    const rightContinuous = (c: Curve): Curve => Curve.fromBreakpoints(c.breakpoints().map(([t, , r, s]) => [t, r, r, s] as const));
    const wrong = (f: Curve, g: Curve): Curve => convolveGeneral(rightContinuous(f), rightContinuous(g));
    const outcome = fc.check(fc.property(monotone, monotone, (f, g) => bruteForceMismatch(wrong, f, g) === null), { numRuns: 200, seed: 1 });
    expect(outcome.failed).toBe(true);
  });

  it('catches a convolution that forgets isolated point values', () => {
    const dropPoints = (c: Curve): Curve =>
      Curve.fromBreakpoints(c.breakpoints().map(([t, v, r, s], i) => [t, i === 0 ? v : c.leftLimit(t), r, s] as const));
    const wrong = (f: Curve, g: Curve): Curve => convolveGeneral(dropPoints(f), dropPoints(g));
    const outcome = fc.check(fc.property(anyCurve, anyCurve, (f, g) => bruteForceMismatch(wrong, f, g) === null), { numRuns: 300, seed: 2 });
    expect(outcome.failed).toBe(true);
  });
});

describe('convolve: each fast path equals the general algorithm', () => {
  const rateArb = fc.integer({ min: 0, max: 12 }).map((k) => k / 2);
  const latencyArb = fc.integer({ min: 0, max: 12 }).map((k) => k / 4);

  it('rate curve (fluid queue), for any curve f', () => {
    fc.assert(fc.property(anyCurve, rateArb, (f, r) => equals(convolveWithRate(f, r), convolveGeneral(f, rate(r)))), { numRuns: 300 });
  });

  it('pure delay, for non-decreasing f', () => {
    fc.assert(fc.property(monotone, latencyArb, (f, T) => equals(convolveWithDelay(f, T), convolveGeneral(f, pureDelay(T)))), { numRuns: 300 });
  });

  it('rate-latency, for non-decreasing f', () => {
    fc.assert(
      fc.property(monotone, rateArb, latencyArb, (f, R, T) => equals(convolveWithRateLatency(f, R, T), convolveGeneral(f, rateLatency(R, T)))),
      { numRuns: 300 },
    );
  });

  const convexArb = fc
    .record({
      f0: fc.integer({ min: -4, max: 4 }),
      slopes: fc.array(fc.integer({ min: -4, max: 8 }), { minLength: 1, maxLength: 4 }),
      lengths: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 4, maxLength: 4 }),
      end: fc.constantFrom('none', 'closed', 'open'),
    })
    .map(({ f0, slopes, lengths, end }) => {
      const sorted = [...slopes].sort((a, b) => a - b).map((s) => s / 2);
      const rows: [number, number, number, number][] = [];
      let t = 0;
      let y = f0 / 4;
      sorted.forEach((s, i) => {
        rows.push([t, y, y, s]);
        t += lengths[i] / 4;
        y += (s * lengths[i]) / 4;
      });
      if (end !== 'none') rows.push([t, end === 'closed' ? y : Infinity, Infinity, 0]);
      return Curve.fromBreakpoints(rows);
    });

  it('convex ⊗ convex (slope merge)', () => {
    fc.assert(
      fc.property(convexArb, convexArb, (f, g) => {
        const fast = convolveConvex(f, g);
        return fast !== null && equals(fast, convolveGeneral(f, g));
      }),
      { numRuns: 300 },
    );
  });

  const concaveArb = fc
    .record({
      burst: fc.integer({ min: 0, max: 8 }),
      slopes: fc.array(fc.integer({ min: -2, max: 8 }), { minLength: 1, maxLength: 4 }),
      lengths: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 4, maxLength: 4 }),
    })
    .map(({ burst, slopes, lengths }) => {
      const sorted = [...slopes].sort((a, b) => b - a).map((s) => s / 2);
      const rows: [number, number, number, number][] = [];
      let t = 0;
      let y = burst / 4;
      sorted.forEach((s, i) => {
        rows.push([t, i === 0 ? 0 : y, y, s]);
        t += lengths[i] / 4;
        y += (s * lengths[i]) / 4;
      });
      return Curve.fromBreakpoints(rows);
    });

  it('concave ⊗ concave with f(0) = g(0) = 0 (minimum)', () => {
    fc.assert(fc.property(concaveArb, concaveArb, (f, g) => equals(convolveConcave(f, g), convolveGeneral(f, g))), { numRuns: 300 });
  });

  it('dispatch picks the expected fast path and agrees with the general algorithm', () => {
    const burst = fromPackets([0, 1, 1, 3], [4, 2, 2, 1]);
    const cases: [Curve, Curve, string][] = [
      [burst, rate(2), 'rate'],
      [burst, rateLatency(2, 1), 'rate-latency'],
      [burst, pureDelay(1), 'delay'],
      [rateLatency(1, 1), rateLatency(3, 2), 'rate-latency'],
      [tokenBucket(1, 5), tokenBucket(2, 1), 'concave'],
      [Curve.fromBreakpoints([[0, 0, 0, 1], [1, 1, 1, 2]]), Curve.fromBreakpoints([[0, 1, 1, 0], [2, 1, 1, 3]]), 'convex'],
      [burst, step(3, 2), 'general'],
    ];
    for (const [f, g, expected] of cases) {
      const { result, algorithm } = convolveExplain(f, g);
      expect(algorithm).toBe(expected);
      expect(equals(result, convolveGeneral(f, g))).toBe(true);
    }
  });
});

describe('convolve: float results equal exact rational (mathjs Fraction) results', () => {
  it('on random finite curves with jumps, at every multiple of 1/16', () => {
    const finite = curveArb({ maxBreakpoints: 4 });
    fc.assert(
      fc.property(finite, finite, (f, g) => {
        const h = convolve(f, g);
        const F = lift(fractionField, f);
        const G = lift(fractionField, g);
        const times = denseGrid(horizonOf(f, g));
        const mismatch = firstMismatch(times, (t) => h.at(t), (t) => fractionField.toNumber(convolutionAt(fractionField, F, G, fractionField.from(t))));
        if (mismatch !== null) throw new Error(`${mismatch}\nf = ${f}\ng = ${g}`);
      }),
      { numRuns: 100 },
    );
  });
});

describe('convolve: regressions found by the property tests', () => {
  it('an isolated point value survives a crossing computed one ulp before it', () => {
    // d = f ⊘ g for f with an isolated value 1 at 1.25; (d ⊗ g)(1.25) must be 1 (a crossing in the
    // envelope lands at 1.2499999999999998 and absorbs the breakpoint at 1.25).
    const d = Curve.fromBreakpoints([[0, 0, 0, 0], [1 / 3, 0, 0, 1.5], [0.5, 0.25, 0.25, 1], [1.25, 1, 0, 0]]);
    const g = Curve.fromBreakpoints([[0, 0, 0, 1], [0.75, 0.75, 0.75, 1.5]]);
    const h = convolve(d, g);
    const reference = convolutionAt(floatField, lift(floatField, d), lift(floatField, g), 1.25);
    expect(reference).toBe(1);
    expect(h.at(1.25)).toBeCloseTo(1, 12);
  });

  it('a chain ending exactly where another curve is +∞ stays open there', () => {
    const f = Curve.fromBreakpoints([[0, -1.75, -1.75, -0.5], [1, Infinity, Infinity, 0]]);
    const h = Curve.fromBreakpoints([[0, -1.5, -1.5, -2]]);
    const g = Curve.fromBreakpoints([[0, 0, 0, 0], [1, 0, 0, -1], [2, -1, Infinity, 0]]);
    expect(convolve(max(f, h), g).at(3)).toBe(Infinity);
  });
});

describe('convolve: worked examples', () => {
  it('a burst through a rate server is drained linearly', () => {
    const out = convolve(step(10, 0), rate(2));
    expect(out.at(0)).toBe(0);
    expect(out.at(3)).toBe(6);
    expect(out.at(5)).toBe(10);
    expect(out.at(9)).toBe(10);
  });

  it('β_{R1,T1} ⊗ β_{R2,T2} = β_{min(R1,R2), T1+T2}', () => {
    expect(equals(convolve(rateLatency(2, 1), rateLatency(3, 2)), rateLatency(2, 3))).toBe(true);
  });

  it('a window curve admits W bytes immediately: A ⊗ S_W', () => {
    const admitted = convolve(rate(10), constant(0));
    expect(admitted.at(5)).toBe(0);
  });
});

describe('the general convolution near a jump of dust', () => {
  // Found by @ccalc/cca's network bounds (2026-11-25). f is a rate-latency curve whose latency ends
  // with a jump of 2.4·10⁻¹¹ B (rounding dust from a subtraction); g is convex. f ⊗ g is
  // rate-latency (1.25e9 B/s after 3.9504e-4 s). The general algorithm returned a curve that rose at
  // g's 3.75e9 B/s after the latency and then fell back (to 68,000 B at 4.4944e-4 s): the lower
  // envelope kept the first part's slope when the two parts crossed within the tolerance of a
  // breakpoint (the crossing rounded onto it). min and max now switch parts there.
  it('returns a non-decreasing curve, the rate-latency one', () => {
    const curve = (points: [number, number, number, number][]): Curve => {
      const b = new CurveBuilder();
      for (const [t, v, r, s] of points) b.push(t, v, r, s);
      return b.build();
    };
    const f = curve([[0, 0, 0, 0], [2.8624e-4, 0, 2.432898327242583e-11, 1.25e9]]);
    const g = curve([[0, 0, 0, 0], [1.088e-4, 0, 0, 3.75e9], [2.592e-4, 564000, 564000, 5e9]]);
    const h = convolveGeneral(f, g);
    expect(isNonDecreasing(h)).toBe(true);
    expect(h.at(4.4944e-4)).toBeCloseTo(1.25e9 * (4.4944e-4 - 3.9504e-4), 3);
  });
});

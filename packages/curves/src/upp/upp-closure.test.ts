import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Curve } from '../curve.ts';
import { constant, rateLatency } from '../constructors.ts';
import { convolve } from '../convolve.ts';
import { CurveError } from '../errors.ts';
import { add, min, restrict } from '../pointwise.ts';
import { close } from '../tolerance.ts';
import { curveArb } from '../test-support/random-curves.ts';
import { UppCurve } from './upp-curve.ts';
import { convolveUpp } from './upp-convolve.ts';
import { verticalDeviationUpp } from './upp-deviation.ts';
import { subAdditiveClosureUpp } from './upp-closure.ts';

const same = (a: number, b: number): boolean => a === b || close(a, b) || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * The closure on [0, H] by brute force: g = δ₀ ∧ f restricted to [0, H], then g ← g ∧ (g ⊗ g)
 * with finite curves until nothing changes (after k rounds g holds every sum of up to 2^k pieces).
 */
function closureOn(f: UppCurve, H: number): Curve {
  const b = f.unfold(H);
  const zero = Curve.fromBreakpoints([[0, 0, Infinity, 0]]);
  let g = restrict(min(b, zero), 0, H);
  for (let k = 0; k < 12; k++) {
    const next = restrict(min(g, convolve(g, g)), 0, H);
    let changed = false;
    for (let i = 0; i <= 400; i++) {
      const t = (H * i) / 400;
      if (!same(next.at(t), g.at(t)) || !same(next.rightLimit(t), g.rightLimit(t))) changed = true;
    }
    g = next;
    if (!changed) break;
  }
  return g;
}

/** The closure, or null when it is refused (always with a CurveError). */
function closureOrRefusal(f: UppCurve): UppCurve | null {
  try {
    return subAdditiveClosureUpp(f);
  } catch (e) {
    expect(e).toBeInstanceOf(CurveError);
    return null;
  }
}

/** The closure equals the brute-force closure on [0, 6], values and right limits, every 1/16. */
function expectBruteForce(closed: UppCurve, f: UppCurve): void {
  const reference = closureOn(f, 6);
  for (let i = 0; i < 6 * 16; i++) {
    const t = i / 16;
    expect(same(closed.at(t), reference.at(t)), `at(${t}): ${closed.at(t)} vs ${reference.at(t)}`).toBe(true);
    expect(same(closed.rightLimit(t), reference.rightLimit(t)), `rightLimit(${t})`).toBe(true);
  }
}

/**
 * Random non-decreasing finite UPP curves on random bases (dyadic breakpoints, T and d multiples of
 * 1/4), continuous across the period boundary and growing over each period; with left-continuous
 * bases, cumulative functions with f(0) = 0 (staircases and service curves).
 */
const growingUpp = (base: fc.Arbitrary<Curve>) =>
  fc
    .record({ base, start: fc.integer({ min: 0, max: 8 }), period: fc.constantFrom(1, 2, 4), slope: fc.integer({ min: 1, max: 8 }) })
    .map(({ base: b, start, period, slope }) => {
      const T = start / 4;
      const d = period / 4;
      // A segment of slope ≥ 1/2 after the base's last breakpoint makes every period grow.
      const last = b.t.length - 1;
      const tail = Curve.fromBreakpoints(b.breakpoints().map(([t, v, r, s], i): [number, number, number, number] => [t, v, r, i === last ? Math.max(s, slope / 2) : s]));
      const f = UppCurve.of(tail, T, d, 1);
      return UppCurve.of(tail, T, d, f.base.leftLimit(T + d) - f.at(T));
    });
const closureOperand = growingUpp(curveArb({ leftContinuous: true, maxBreakpoints: 4 }));

describe('subAdditiveClosureUpp: f* = inf over n of f^⊗n', () => {
  it('window flow control, W < R·T (Le Boudec & Thiran 2001, §4.3.1): (β_{R,T} + W)* = min over n of n·W + R·(t − n·T)⁺, a staircase of W per T', () => {
    const R = 10;
    const T = 200;
    const W = 1000; // below R·T = 2000: the window limits
    const closed = subAdditiveClosureUpp(UppCurve.fromCurve(add(rateLatency(R, T), constant(W))));
    const formula = (t: number): number => (t === 0 ? 0 : Math.min(...Array.from({ length: Math.ceil(t / T) + 2 }, (_, n) => (n === 0 ? Infinity : n * W + R * Math.max(0, t - n * T)))));
    for (let t = 0; t <= 5000; t += 12.5) expect(closed.at(t), `t = ${t}`).toBeCloseTo(formula(t), 9);
    // Its long-run rate is the window's, W/T, not the server's R.
    expect(closed.rate).toBeCloseTo(W / T, 12);
  });

  it('window flow control, W ≥ R·T: β_{R,T} + W is sub-additive, its closure is itself with 0 at 0', () => {
    const f = UppCurve.fromCurve(add(rateLatency(10, 200), constant(2500)));
    const closed = subAdditiveClosureUpp(f);
    expect(closed.at(0)).toBe(0);
    for (let t = 1; t <= 3000; t += 37) expect(closed.at(t)).toBeCloseTo(f.at(t), 9);
  });

  it('a packet staircase (left-continuous, c·⌈t/d⌉) is sub-additive: its own closure', () => {
    const stairs = UppCurve.of(Curve.fromBreakpoints([[0, 0, 1500, 0]]), 0, 1.2e-6, 1500);
    const closed = subAdditiveClosureUpp(stairs);
    for (let k = 0; k < 40; k++) {
      const t = k * 0.3e-6;
      expect(closed.at(t)).toBe(stairs.at(t));
      expect(closed.rightLimit(t)).toBe(stairs.rightLimit(t));
    }
  });

  it('equals the closure computed by brute force on a horizon of several periods, on random curves; otherwise refuses with a CurveError', () => {
    let found = 0;
    let refused = 0;
    fc.assert(
      fc.property(closureOperand, (f) => {
        const closed = closureOrRefusal(f);
        if (closed === null) {
          refused += 1;
          return;
        }
        found += 1;
        expectBruteForce(closed, f);
      }),
      { numRuns: 60 },
    );
    // Most random curves have a closure the candidates reach.
    expect(found).toBeGreaterThan(3 * refused);
  });

  it('equals the brute-force closure on random non-decreasing curves with jumps of either side (least ratios below a jump too)', () => {
    const anyJumps = growingUpp(curveArb({ nonDecreasing: true, maxBreakpoints: 4 }));
    let found = 0;
    fc.assert(
      fc.property(anyJumps, (f) => {
        const closed = closureOrRefusal(f);
        if (closed === null) return;
        found += 1;
        expectBruteForce(closed, f);
      }),
      { numRuns: 60 },
    );
    expect(found).toBeGreaterThan(40);
  });

  it('the laws: f* ≤ f, f*(0) = 0, f* ⊗ f* = f*, f** = f*', () => {
    fc.assert(
      fc.property(closureOperand, (f) => {
        const closed = closureOrRefusal(f);
        if (closed === null) return;
        expect(closed.at(0)).toBe(0);
        for (let i = 1; i < 80; i++) expect(closed.at(i / 8) <= f.at(i / 8) + 1e-9).toBe(true);
        expect(verticalDeviationUpp(closed, convolveUpp(closed, closed))).toBeLessThanOrEqual(1e-9);
        const twice = subAdditiveClosureUpp(closed);
        for (let i = 0; i < 80; i++) expect(same(twice.at(i / 8), closed.at(i / 8))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('a right-continuous step, its least ratio only approached below the jump: f = 1 on (0, 1), 3 from 1, then 2 per unit; f* = ⌊t⌋ + 1 on (0, ∞)', () => {
    const step = UppCurve.of(Curve.fromBreakpoints([[0, 0, 1, 0], [1, 3, 3, 0]]), 1, 1, 2);
    const closed = subAdditiveClosureUpp(step);
    expect(closed.at(0)).toBe(0);
    for (let t = 0.125; t <= 10; t += 0.125) expect(closed.at(t), `t = ${t}`).toBeCloseTo(Math.floor(t) + 1, 9);
  });

  it('refuses curves outside its class, naming why', () => {
    expect(() => subAdditiveClosureUpp(UppCurve.fromCurve(Curve.fromBreakpoints([[0, 0, 0, 1], [2, 2, Infinity, 0]])))).toThrow(/a finite curve/);
    expect(() => subAdditiveClosureUpp(UppCurve.fromCurve(Curve.fromBreakpoints([[0, 0, 0, 1], [2, 1, 1, 1]])))).toThrow(/non-decreasing/);
  });
});

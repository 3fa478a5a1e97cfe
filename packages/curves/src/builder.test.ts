import { describe, expect, it } from 'vitest';
import { Curve, CurveBuilder, redundantBreakpoint } from './index.ts';

/**
 * A staircase of `steps` unit jumps at t = 0, 1, 2, … pushed with what the builder must fold:
 * each jump pushed twice at the same instant (the second replaces the first's right side) and a
 * breakpoint halfway that changes nothing (dropped).
 */
function pushStaircase(b: CurveBuilder, steps: number, from = 0, level = 0): void {
  for (let k = from; k < steps; k++) {
    const v = level + k - from;
    b.push(k, v, v + 0.5, 0);
    b.push(k, v, v + 1, 0);
    b.push(k + 0.5, v + 1, v + 1, 0);
  }
}

const expected = (steps: number): number[][] => Array.from({ length: steps }, (_, k) => [k, k, k + 1, 0]);

describe('CurveBuilder', () => {
  // Lists (no capacity, or a small one) and typed arrays (a capacity of 2,048 or more: exact, twice
  // too large, and too small, so that they grow).
  it('folds same-instant and redundant breakpoints alike in small and large curves, in lists or typed arrays', () => {
    for (const steps of [3, 5000]) {
      for (const capacity of [undefined, 10, 2048, steps, 2 * steps]) {
        const b = new CurveBuilder(capacity);
        pushStaircase(b, steps);
        expect(b.size).toBe(steps);
        const c = b.build();
        expect(c.breakpoints()).toEqual(expected(steps));
        expect(c.at(steps - 1)).toBe(steps - 1);
        expect(c.rightLimit(steps - 1)).toBe(steps);
        expect(Curve.fromJSON(JSON.parse(JSON.stringify(c))).breakpoints()).toEqual(expected(steps));
      }
    }
  });

  it.each([['lists', 0], ['typed arrays that grow', 2048]])('truncates and continues in %s; a snapshot sees every push before it', (_, capacity) => {
    const b = new CurveBuilder(capacity);
    pushStaircase(b, 1000);
    const small = b.snapshot();
    expect(small.size).toBe(1000);
    pushStaircase(b, 5000, 1000, 1000);
    expect(b.snapshot().at(4999.5)).toBe(5000);
    b.truncate(3000);
    expect(b.size).toBe(3000);
    expect(b.lastTime).toBe(2999);
    // Continue at a different level: a jump of 10 at 3000, then unit steps.
    pushStaircase(b, 4000, 3000, 3010);
    const s = b.snapshot();
    expect(s.size).toBe(4000);
    expect(s.at(3000)).toBe(3010);
    expect(s.leftLimit(3000)).toBe(3000);
    const c = b.build();
    expect(c.breakpoints()).toEqual(s.breakpoints());
    expect(c.at(Infinity)).toBe(4010);
  });
});

describe('redundantBreakpoint', () => {
  it('is the rule by which a builder drops a breakpoint', () => {
    // The line y = t going on at t = 2: dropped.
    expect(redundantBreakpoint(0, 0, 1, 2, 2, 2, 1)).toBe(true);
    // A jump, a bend, a value off the line, or after a segment at +∞: kept.
    expect(redundantBreakpoint(0, 0, 1, 2, 2, 3, 1)).toBe(false);
    expect(redundantBreakpoint(0, 0, 1, 2, 2, 2, 0.5)).toBe(false);
    expect(redundantBreakpoint(0, 0, 1, 2, 2.5, 2.5, 1)).toBe(false);
    expect(redundantBreakpoint(0, Infinity, 0, 2, 5, 5, 0)).toBe(false);
    // Within the tolerance (1e-12 relative): dropped.
    expect(redundantBreakpoint(0, 0, 1, 2, 2 + 1e-13, 2, 1 + 1e-13)).toBe(true);
    const b = new CurveBuilder();
    b.push(0, 0, 0, 1);
    b.push(2, 2 + 1e-13, 2, 1 + 1e-13);
    b.push(3, 3, 3, 0);
    expect(Array.from(b.build().t)).toEqual([0, 3]);
  });
});

import { describe, expect, it } from 'vitest';
import { sample, grid, averageRates, fromPackets, rate, step, equals, dominates, add, Curve, CurveError } from './index.ts';

describe('sampling (output only)', () => {
  it('samples sorted and unsorted times, 0 before time 0', () => {
    expect(sample(rate(2), [0, 1, 2])).toEqual([0, 2, 4]);
    expect(sample(rate(2), [2, -1, 1])).toEqual([4, 0, 2]);
    expect(sample(step(5, 1), [1, 1.5])).toEqual([0, 5]);
  });

  it('builds grids including the end point', () => {
    expect(grid(0, 1e-6, 2.5e-7)).toHaveLength(5);
    expect(() => grid(0, 1, 0)).toThrow(/step/);
  });

  it('bins a cumulative function into average rates: traffic in [a, b) over b − a', () => {
    // 1000 B at t=0 and 1000 B at t=1 µs, binned over 1 µs: all of the first packet in bin 0.
    const A = fromPackets([0, 1e-6], [1000, 1000]);
    expect(averageRates(A, 0, 1e-6, 3)).toEqual([1e9, 1e9, 0]);
    expect(() => averageRates(A, 0, -1, 3)).toThrow(CurveError);
  });
});

describe('equality and dominance with explicit tolerance', () => {
  it('compares functions, not representations', () => {
    const a = Curve.fromBreakpoints([[0, 0, 0, 1], [1, 1, 1, 1]]);
    expect(equals(a, rate(1))).toBe(true);
    expect(equals(add(rate(1), rate(2)), rate(3))).toBe(true);
    expect(equals(rate(1), rate(1 + 1e-6))).toBe(false);
    expect(equals(rate(1), rate(1 + 1e-6), { absolute: 0, relative: 1e-5 })).toBe(true);
    expect(equals(step(1, 1), step(1, 1, 'right'))).toBe(false); // differ only at the instant 1
  });

  it('dominance looks at limits and the final slope', () => {
    expect(dominates(rate(2), rate(1))).toBe(true);
    expect(dominates(rate(1), rate(2))).toBe(false);
    expect(dominates(step(1, 1, 'right'), step(1, 1))).toBe(true);
    expect(dominates(step(1, 1), step(1, 1, 'right'))).toBe(false);
  });
});

describe('polyline (exact graph for plotting)', () => {
  it('draws jumps as vertical strokes and stops at +∞', async () => {
    const { polyline, pureDelay } = await import('./index.ts');
    expect(polyline(step(5, 1), 2)).toEqual([[{ t: 0, y: 0 }, { t: 1, y: 0 }, { t: 1, y: 5 }, { t: 2, y: 5 }]]);
    expect(polyline(pureDelay(1), 3)).toEqual([[{ t: 0, y: 0 }, { t: 1, y: 0 }]]);
    expect(polyline(rate(2), 3)).toEqual([[{ t: 0, y: 0 }, { t: 3, y: 6 }]]);
  });

  it('polylineEnvelope: the first lowest and highest vertex of each time slice, in time order', async () => {
    const fc = (await import('fast-check')).default;
    const { polyline, polylineEnvelope, vertexEnvelope, pureDelay } = await import('./index.ts');
    const { curveArb } = await import('./test-support/random-curves.ts');
    expect(polylineEnvelope(step(5, 1), 2, 2)).toEqual([{ t: 0, y: 0 }, { t: 1, y: 0 }, { t: 1, y: 5 }]);
    expect(polylineEnvelope(pureDelay(1), 3, 3)).toEqual([{ t: 0, y: 0 }, { t: 1, y: 0 }]); // +∞ left out
    expect(() => polylineEnvelope(rate(1), 1, 0)).toThrow(/columns/);
    // Against the vertices of polyline, sliced the slow way.
    const slow = (vertices: { t: number; y: number }[], end: number, columns: number) =>
      Array.from({ length: columns }, (_, c) => {
        const from = c === 0 ? -Infinity : (end * c) / columns;
        const until = c === columns - 1 ? Infinity : (end * (c + 1)) / columns;
        const inside = vertices.filter((v) => v.t >= from && v.t < until);
        if (inside.length === 0) return [];
        const lo = inside.reduce((a, b) => (b.y < a.y ? b : a));
        const hi = inside.reduce((a, b) => (b.y > a.y ? b : a));
        return lo === hi || lo.y === hi.y ? [lo] : lo.t <= hi.t ? [lo, hi] : [hi, lo];
      }).flat();
    fc.assert(
      fc.property(curveArb({}), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 40 }), (f, columns, e) => {
        const end = e / 4;
        const expected = slow(polyline(f, end).flat(), end, columns);
        expect(polylineEnvelope(f, end, columns)).toEqual(expected);
        expect(vertexEnvelope(polyline(f, end).flat(), end, columns)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('firstTimeAbove (signal instants)', () => {
  it('finds the exact infimum of the times where h exceeds the margin', async () => {
    const { firstTimeAbove, subtract, constant, step, Curve: C } = await import('./index.ts');
    expect(firstTimeAbove(subtract(rate(2), constant(3)), 0, 10)).toBe(1.5);
    expect(firstTimeAbove(subtract(rate(2), constant(3)), 0, 1)).toBe(Infinity);
    expect(firstTimeAbove(subtract(rate(2), constant(3)), 2, 10)).toBe(2);
    expect(firstTimeAbove(step(1, 3), 0, 10)).toBe(3); // h > 0 just after 3: the infimum is 3
    expect(firstTimeAbove(C.fromBreakpoints([[0, 0, 0, 0], [2, 5, 0, 0]]), 0, 10)).toBe(2); // an isolated point
    expect(firstTimeAbove(rate(1), 0, 10, 4)).toBe(4);
  });

  it('searches to +∞: a curve that never exceeds the margin gives +∞ (it used to walk past the last breakpoint forever)', async () => {
    const { firstTimeAbove, constant, step } = await import('./index.ts');
    expect(firstTimeAbove(constant(0), 0, Infinity)).toBe(Infinity);
    expect(firstTimeAbove(step(1, 3), 0, Infinity, 2)).toBe(Infinity);
    expect(firstTimeAbove(step(1, 3), 5, Infinity)).toBe(5);
    expect(firstTimeAbove(rate(1), 0, Infinity, 4)).toBe(4);
  });
});

describe('firstTimeAboveAfter: the same search without the value at `from`', () => {
  it('counts h(from+) at from, never h(from), and finds what firstTimeAbove finds after from', async () => {
    const { firstTimeAbove, firstTimeAboveAfter, subtract, constant, step, Curve: C } = await import('./index.ts');
    const spike = C.fromBreakpoints([[0, 0, 0, 0], [2, 5, 0, 0]]);
    expect(firstTimeAboveAfter(spike, 2, 10)).toBe(Infinity); // its value at 2, not counted
    expect(firstTimeAbove(spike, 2, 10)).toBe(2);
    expect(firstTimeAboveAfter(spike, 0, 10)).toBe(2); // before it, the same search
    expect(firstTimeAboveAfter(step(1, 3), 3, 10)).toBe(3); // its right limit at 3 counts
    // A backlog of 6 before the packet arriving at 1 and 7 after, draining at 2/s: above 6.5 at 1
    // (the right limit), never at 1 by its value; from 1.5 on the segment's own crossing.
    const backlog = C.fromBreakpoints([[0, 6, 6, 0], [1, 6, 7, -2], [3, 3, 3, 0]]);
    expect(firstTimeAboveAfter(backlog, 1, 10, 6.5)).toBe(1);
    expect(firstTimeAboveAfter(subtract(constant(6.5), backlog), 1, 10, 0)).toBe(1.25);
    expect(firstTimeAbove(subtract(constant(6.5), backlog), 1, 10, 0)).toBe(1);
    expect(firstTimeAboveAfter(subtract(rate(2), constant(3)), 0, 10)).toBe(1.5);
  });
});

describe('firstTimeAboveShifted equals firstTimeAbove on the shifted difference', () => {
  it('on random curves and shifts', async () => {
    const fc = (await import('fast-check')).default;
    const { firstTimeAbove, firstTimeAboveShifted, horizontalShift, subtract } = await import('./index.ts');
    const { curveArb } = await import('./test-support/random-curves.ts');
    fc.assert(
      fc.property(curveArb({}), curveArb({}), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), (f, g, a, b, c) => {
        const expected = firstTimeAbove(subtract(horizontalShift(f, a / 4), horizontalShift(g, b / 4)), c / 4, 20);
        const got = firstTimeAboveShifted(f, a / 4, g, b / 4, c / 4, 20);
        return got === expected || Math.abs(got - expected) < 1e-9;
      }),
      { numRuns: 300 },
    );
  });
});

describe('averageRates equals the differences of sample over the bin edges', () => {
  it('on random curves and grids (edges on breakpoints, within the tolerance of them, and before 0)', async () => {
    const fc = (await import('fast-check')).default;
    const { curveArb } = await import('./test-support/random-curves.ts');
    fc.assert(
      fc.property(curveArb({}), fc.integer({ min: -8, max: 8 }), fc.constantFrom(0.125, 0.25, 0.5, 1, 1e-13 + 0.25, 0.1), fc.integer({ min: 0, max: 60 }), (f, s, width, count) => {
        const start = s / 8;
        const edges = sample(f, Array.from({ length: count + 1 }, (_, k) => start + k * width));
        const expected = Array.from({ length: count }, (_, k) => (edges[k + 1] - edges[k]) / width);
        expect(averageRates(f, start, width, count)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('sample equals at, point by point', () => {
  it('on random curves, at increasing times that include breakpoints and times within the tolerance of them', async () => {
    const fc = (await import('fast-check')).default;
    const { sample } = await import('./index.ts');
    const { curveArb } = await import('./test-support/random-curves.ts');
    fc.assert(
      fc.property(curveArb({}), fc.array(fc.integer({ min: 0, max: 80 }), { maxLength: 40 }), (f, ks) => {
        const times = [...ks.map((k) => k / 8), ...f.t, ...[...f.t].map((t) => t + 1e-13), ...[...f.t].map((t) => t - 1e-13)].filter((t) => t >= 0).sort((a, b) => a - b);
        const got = sample(f, times);
        return times.every((t, k) => Object.is(got[k], f.at(t)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('firstTimeBelow is firstTimeAbove of the difference the other way', () => {
  it('on examples', async () => {
    const { firstTimeBelow, subtract, constant, step } = await import('./index.ts');
    expect(firstTimeBelow(subtract(constant(3), rate(2)), 0, 10, 1)).toBe(1);
    expect(firstTimeBelow(step(1, 3), 0, 10, 1)).toBe(0); // 0 < 1 at once
    expect(firstTimeBelow(subtract(constant(5), step(5, 3)), 0, 10, 1)).toBe(3); // drops to 0 at the jump
    expect(firstTimeBelow(constant(2), 0, Infinity, 1)).toBe(Infinity);
  });

  it('on random curves, levels and starts: firstTimeBelow(f, …, level) = firstTimeAbove(level − f, …)', async () => {
    const fc = (await import('fast-check')).default;
    const { firstTimeAbove, firstTimeBelow, subtract, constant } = await import('./index.ts');
    const { curveArb } = await import('./test-support/random-curves.ts');
    fc.assert(
      fc.property(curveArb({}), fc.integer({ min: -4, max: 20 }), fc.integer({ min: 0, max: 8 }), (f, level, from) => {
        const expected = firstTimeAbove(subtract(constant(level / 2), f), from / 4, 20);
        const got = firstTimeBelow(f, from / 4, 20, level / 2);
        return got === expected || Math.abs(got - expected) < 1e-9;
      }),
      { numRuns: 500 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Curve, CurveError, add, sum, subtract, min, max, scale, verticalShift, horizontalShift, restrict, rate, constant, pureDelay, fromPackets } from './index.ts';
import { curveArb, denseGrid, horizonOf } from './test-support/random-curves.ts';
import { firstMismatch } from './test-support/check.ts';

const anyCurve = curveArb({ allowInfinity: true });
const finite = curveArb({});

/** Compares values and right limits on the dense grid against the pointwise definition. */
function check(actual: Curve, expected: (t: number, side: 'at' | 'right') => number, horizon: number): string | null {
  const times = denseGrid(horizon);
  return (
    firstMismatch(times, (t) => actual.at(t), (t) => expected(t, 'at')) ??
    firstMismatch(times, (t) => actual.rightLimit(t), (t) => expected(t, 'right'))
  );
}
const val = (c: Curve, t: number, side: 'at' | 'right'): number => (side === 'at' ? c.at(t) : c.rightLimit(t));

describe('pointwise operations against their definitions (dense grid, values and right limits)', () => {
  it('add, min, max on curves with jumps and +∞', () => {
    fc.assert(
      fc.property(anyCurve, anyCurve, (f, g) => {
        const H = horizonOf(f, g);
        const m =
          check(add(f, g), (t, s) => val(f, t, s) + val(g, t, s), H) ??
          check(min(f, g), (t, s) => Math.min(val(f, t, s), val(g, t, s)), H) ??
          check(max(f, g), (t, s) => Math.max(val(f, t, s), val(g, t, s)), H);
        if (m !== null) throw new Error(`${m}\nf = ${f}\ng = ${g}`);
      }),
      { numRuns: 300 },
    );
  });

  it('sum of many curves equals the sum of their values, and of none the zero curve', () => {
    fc.assert(
      fc.property(fc.array(anyCurve, { minLength: 1, maxLength: 7 }), (fs) => {
        const H = horizonOf(...fs);
        const m = check(sum(fs), (t, s) => fs.reduce((acc, f) => acc + val(f, t, s), 0), H);
        if (m !== null) throw new Error(`${m}\ncurves = ${fs.join('\n')}`);
      }),
      { numRuns: 200 },
    );
    expect(sum([]).toJSON()).toEqual(constant(0).toJSON());
  });

  it('sum of many staircases (whole packets, summed in one sweep) equals the sum of their values', () => {
    const packets = fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 5 }), fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 10 });
    fc.assert(
      fc.property(fc.array(packets, { minLength: 3, maxLength: 9 }), (lists) => {
        // Times on a coarse grid (so flows share instants) plus some fractional ones; sizes with fractions.
        const fs = lists.map((list) => {
          const sorted = list.map(([t, n, x]) => [t / 4 + (n === 5 ? x : 0), n + x] as const).sort((a, b) => a[0] - b[0]);
          return fromPackets(sorted.map((p) => p[0]), sorted.map((p) => p[1]));
        });
        const H = horizonOf(...fs);
        const m = check(sum(fs), (t, s) => fs.reduce((acc, f) => acc + val(f, t, s), 0), H);
        if (m !== null) throw new Error(`${m}\ncurves = ${fs.join('\n')}`);
      }),
      { numRuns: 300 },
    );
  });

  it('sum of staircases treats instants within the tolerance as one instant, exactly as add does', () => {
    // Packets of several flows at "the same" instant computed along different paths (1e-20 s apart).
    // A packet's jump lands on the value at its instant (as packetized curves have it) or after it.
    const packets = fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 2 }), fc.boolean()), { minLength: 1, maxLength: 6, selector: ([t]) => t });
    fc.assert(
      fc.property(fc.array(packets, { minLength: 3, maxLength: 8 }), (lists) => {
        const fs = lists.map((list) => {
          const rows: [number, number, number, number][] = [[0, 0, 0, 0]];
          let level = 0;
          for (const [t, jitter, onValue] of [...list].sort((a, b) => a[0] - b[0])) {
            rows.push([t * 8.72e-9 + jitter * 2.7e-20, onValue ? level + 1048 : level, level + 1048, 0]);
            level += 1048;
          }
          return Curve.fromBreakpoints(rows);
        });
        expect(sum(fs).toJSON()).toEqual(fs.reduce((acc, f) => add(acc, f)).toJSON());
      }),
      { numRuns: 300 },
    );
  });

  it('subtract, scale and vertical shift on finite curves', () => {
    fc.assert(
      fc.property(anyCurve, finite, fc.integer({ min: 0, max: 8 }), fc.integer({ min: -8, max: 8 }), (f, g, k, c) => {
        const H = horizonOf(f, g);
        const m =
          check(subtract(f, g), (t, s) => val(f, t, s) - val(g, t, s), H) ??
          check(scale(f, k / 2), (t, s) => (k === 0 ? 0 : (val(f, t, s) * k) / 2), H) ??
          check(verticalShift(f, c / 4), (t, s) => val(f, t, s) + c / 4, H);
        if (m !== null) throw new Error(`${m}\nf = ${f}\ng = ${g}`);
      }),
      { numRuns: 300 },
    );
  });

  it('horizontal shift right and left, and restriction', () => {
    fc.assert(
      fc.property(anyCurve, fc.integer({ min: -12, max: 12 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), (f, d4, a4, w4) => {
        const d = d4 / 4;
        const a = a4 / 4;
        const b = a + w4 / 4;
        const H = horizonOf(f) + Math.abs(d);
        const shifted = (t: number, s: 'at' | 'right'): number => {
          const x = t - d;
          return x < 0 ? 0 : val(f, x, s);
        };
        const restricted = (t: number, s: 'at' | 'right'): number => {
          if (s === 'at') return t < a || t > b ? Infinity : f.at(t);
          return t < a || t >= b ? Infinity : f.rightLimit(t);
        };
        const m = check(horizontalShift(f, d), shifted, H) ?? check(restrict(f, a, b), restricted, H);
        if (m !== null) throw new Error(`${m}\nf = ${f}, d = ${d}, [${a}, ${b}]`);
      }),
      { numRuns: 300 },
    );
  });

  it('min locates crossings inside segments exactly', () => {
    const m = min(rate(2), constant(3));
    expect([...m.t]).toEqual([0, 1.5]);
    expect(m.at(1.5)).toBe(3);
  });

  it('reject bad arguments with the argument name', () => {
    expect(() => subtract(rate(1), pureDelay(1))).toThrow(/g: expected a curve that is finite/);
    expect(() => scale(rate(1), -1)).toThrow(/k: expected a finite number ≥ 0, got -1/);
    expect(() => verticalShift(rate(1), Number.NaN)).toThrow(CurveError);
    expect(() => horizontalShift(rate(1), Infinity)).toThrow(/d: expected a finite number/);
    expect(() => restrict(rate(1), 2, 1)).toThrow(/b: expected a time ≥ a = 2/);
  });
});

import fc from 'fast-check';
import { Curve, type Breakpoint } from '../curve.ts';

/**
 * fast-check arbitraries for curves with jumps, isolated point values and +∞ tails. Times are
 * multiples of 1/4, values multiples of 1/4 and slopes multiples of 1/2, so every input is an exact
 * dyadic rational: the float algorithms can be compared against exact Fraction arithmetic.
 */
export interface CurveShape {
  /** Only non-decreasing curves with f(0) ≥ 0. */
  nonDecreasing?: boolean;
  /** Left-continuous cumulative functions with f(0) = 0 (implies non-decreasing). */
  leftContinuous?: boolean;
  /** Sometimes end in +∞ (a pure-delay-like tail). */
  allowInfinity?: boolean;
  /** At most this many breakpoints (default 5). */
  maxBreakpoints?: number;
  /** Force f(0) = 0. */
  zeroAtOrigin?: boolean;
}

type Kind = 'continuous' | 'leftJump' | 'rightJump' | 'point';

export function curveArb(shape: CurveShape = {}): fc.Arbitrary<Curve> {
  const monotone = shape.nonDecreasing === true || shape.leftContinuous === true;
  const max = shape.maxBreakpoints ?? 5;
  const piece = fc.record({
    gap: fc.integer({ min: 1, max: 8 }),
    kind: fc.constantFrom<Kind>('continuous', 'leftJump', 'rightJump', 'point'),
    jump: fc.integer({ min: monotone ? 0 : -6, max: 8 }),
    jump2: fc.integer({ min: 0, max: 6 }),
    slope: fc.integer({ min: monotone ? 0 : -4, max: 8 }),
  });
  return fc
    .record({
      start: fc.integer({ min: monotone ? 0 : -8, max: 8 }),
      pieces: fc.array(piece, { minLength: 1, maxLength: max }),
      infiniteTail: shape.allowInfinity ? fc.constantFrom(0, 0, 0, 1, 2) : fc.constant(0),
    })
    .map(({ start, pieces, infiniteTail }) => {
      const rows: [number, number, number, number][] = [];
      let t = 0;
      let left = shape.leftContinuous || shape.zeroAtOrigin ? 0 : start / 4;
      pieces.forEach((p, i) => {
        if (i > 0) t += p.gap / 4;
        const j = p.jump / 4;
        const j2 = p.jump2 / 4;
        let v = left;
        let r = left;
        if (shape.leftContinuous) r = left + Math.abs(j);
        else if (i === 0 && (shape.zeroAtOrigin || monotone)) r = v + Math.abs(j);
        else if (p.kind === 'leftJump') r = v + j;
        else if (p.kind === 'rightJump') v = r = left + j;
        else if (p.kind === 'point') {
          v = left + (monotone ? Math.abs(j) : j);
          r = monotone ? v + j2 : left;
        }
        if (monotone && r < v) r = v;
        const slope = p.slope / 2;
        rows.push([t, v, r, slope]);
        const next = i + 1 < pieces.length ? pieces[i + 1].gap / 4 : 0;
        left = r + slope * next;
      });
      if (infiniteTail > 0) {
        const last = rows[rows.length - 1];
        const tEnd = last[0] + 1;
        const atEnd = last[2] + last[3];
        rows.push([tEnd, infiniteTail === 1 ? atEnd : Infinity, Infinity, 0]);
      }
      return Curve.fromBreakpoints(rows as Breakpoint[]);
    });
}

/** Dense grid of times k/16 covering [0, horizon]. Contains every multiple of 1/4 (all breakpoint sums). */
export function denseGrid(horizon: number): number[] {
  return Array.from({ length: Math.ceil(horizon * 16) + 1 }, (_, k) => k / 16);
}

/** A horizon past every breakpoint of the given curves (and their sums). */
export function horizonOf(...curves: Curve[]): number {
  return curves.reduce((sum, c) => sum + c.lastBreakpoint, 0) + 2;
}

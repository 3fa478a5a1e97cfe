import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Curve, CurveBuilder, add, fromPackets, rate, restrict, sum } from '@ccalc/curves';
import { fifoShare, fifoShares } from './fifo-demultiplex.ts';

/**
 * G_j(y) from the definition, at one level y: T is the first instant whose right limit Â(T+) reaches
 * y; then Â_j(T) where Â is continuous there, or the flow's proportional part of the jump of Â
 * (left limit to value, or value to right limit) that contains y.
 */
function shareAt(F: Curve, A: Curve, y: number): number {
  let T = Infinity;
  for (let i = 0; i < A.t.length; i++) {
    if (A.r[i] >= y) {
      T = A.t[i];
      break;
    }
    const end = i + 1 < A.t.length ? A.t[i + 1] : Infinity;
    if (A.s[i] > 0 && A.r[i] + A.s[i] * (end - A.t[i]) >= y) {
      T = Math.min(A.t[i] + (y - A.r[i]) / A.s[i], end);
      break;
    }
  }
  const left = (c: Curve): number => (T === 0 ? 0 : c.leftLimit(T));
  const [l, v, r] = [left(A), A.at(T), A.rightLimit(T)];
  const [lj, vj, rj] = [left(F), F.at(T), F.rightLimit(T)];
  if (y < v && v > l) return lj + ((vj - lj) * (y - l)) / (v - l);
  if (y <= v || r === v) return vj; // continuous at T (up to rounding in T)
  return vj + ((rj - vj) * (y - v)) / (r - v);
}

/** Random flows: whole packets at random instants, some with a fluid part that starts and stops. */
const flowsArb = fc.array(
  fc.record({
    packets: fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 3 })), { maxLength: 8 }),
    fluid: fc.option(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 21, max: 45 }), fc.integer({ min: 1, max: 4 }))),
  }),
  { minLength: 1, maxLength: 6 },
);

function toCurves(spec: { packets: [number, number][]; fluid: [number, number, number] | null }[]): Curve[] {
  return spec.map(({ packets, fluid }) => {
    const sorted = [...packets].sort((a, b) => a[0] - b[0]);
    const steps = fromPackets(sorted.map((p) => p[0]), sorted.map((p) => p[1]));
    if (fluid === null) return steps;
    const [a, b, r] = fluid;
    const ramp = new CurveBuilder();
    ramp.push(0, 0, 0, 0);
    ramp.push(a, 0, 0, r);
    ramp.push(b, r * (b - a), r * (b - a), 0);
    return add(steps, ramp.build());
  });
}

describe('fifoShares: every flow\'s FIFO share in one walk', () => {
  it('equals the definition at every level and the shares sum to the level', () => {
    fc.assert(
      fc.property(flowsArb, (spec) => {
        const flows = toCurves(spec);
        const A = sum(flows);
        const total = A.at(Infinity);
        const shares = fifoShares(flows, A);
        for (let y = 0; y <= total; y += total / 97 || 1) {
          const got = shares.map((g) => g.at(y));
          flows.forEach((F, k) => expect(got[k]).toBeCloseTo(shareAt(F, A, y), 9));
          expect(got.reduce((x, z) => x + z, 0)).toBeCloseTo(y, 9);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('from and upTo restrict the walk without changing the shares in between', () => {
    fc.assert(
      fc.property(flowsArb, fc.integer({ min: 0, max: 30 }), fc.double({ min: 0, max: 1, noNaN: true }), (spec, from, fraction) => {
        const flows = toCurves(spec);
        const A = sum(flows);
        const low = A.at(from);
        const upTo = low + fraction * (A.at(Infinity) - low);
        const whole = fifoShares(flows, A);
        const part = fifoShares(flows, A, from, upTo);
        for (let k = 0; k <= 20; k++) {
          const y = low + ((upTo - low) * k) / 20;
          flows.forEach((_, j) => expect(part[j].at(y)).toBeCloseTo(whole[j].at(y), 9));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a continuous flow gets Theorem 1\'s Â_j(Â↑(y)), and one flow alone gets every byte', () => {
    const a1 = restrict(rate(2), 0, Infinity);
    const a2 = rate(1);
    const g1 = fifoShare(a1, add(a1, a2));
    expect(g1.at(30)).toBeCloseTo(20, 12); // Â = 3t reaches 30 at t = 10, where Â_1 = 20
    expect(fifoShare(a2, a2).at(7)).toBeCloseTo(7, 12);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Curve, add, step } from '@ccalc/curves';
import { pacedAdmission, pacedAdmissionGeneral, pacedBacklog, wholePacketAdmission } from './admission.ts';

const MARGIN = 1e-6;
const breakpoints = (c: Curve) => [c.t, c.v, c.r, c.s];

// A lead near the decisions the curve operations make: within the margin, near R (the tie), tiny
// against the rate (a crossing within the tolerance of 0 or of R/r), or anywhere.
const lead = (R: number, r: number) =>
  fc.oneof(
    fc.double({ min: -2 * MARGIN, max: 2 * MARGIN, noNaN: true }),
    fc.double({ min: -1e-9, max: 1e-9, noNaN: true }).map((e) => R * (1 + e)),
    fc.double({ min: -2e-12, max: 2e-12, noNaN: true }).map((e) => e * r),
    fc.double({ min: -1100, max: 1100, noNaN: true }),
  );

describe('pacedBacklog: the closed form of pacedAdmission for a backlog', () => {
  it('gives the breakpoints of the curve operations, bit for bit', () => {
    const cases = fc.tuple(
      fc.oneof(fc.constant(0), fc.double({ min: 1e-9, max: 1e-3, noNaN: true }), fc.double({ min: 1, max: 1e8, noNaN: true }), fc.integer({ min: 1, max: 10000 }).map((k) => k * 1048)),
      fc.oneof(fc.double({ min: 1e6, max: 1e12, noNaN: true }), fc.constantFrom(12.5e9, 1.25e6, 12.5e6)),
    );
    fc.assert(
      fc.property(cases.chain(([R, r]) => fc.tuple(fc.constant(R), fc.constant(r), lead(R, r))), ([R, r, l]) => {
        const A = step(R, 0);
        expect(breakpoints(pacedBacklog(R, r, l, MARGIN))).toEqual(breakpoints(pacedAdmissionGeneral(A, r, 0, 0, l, MARGIN)));
      }),
      { numRuns: 20000 },
    );
  });

  it('is what pacedAdmission takes when nothing more arrives before the plan ends, and not otherwise', () => {
    const A = add(step(5000, 1e-6), step(3000, 4e-6));
    // From 2 µs with 1000 B admitted: 4000 B waiting, the next burst at 4 µs.
    expect(breakpoints(pacedAdmission(A, 12.5e9, 2e-6, 1000, 0, MARGIN, 4e-6))).toEqual(breakpoints(pacedAdmissionGeneral(A, 12.5e9, 2e-6, 1000, 0, MARGIN, 4e-6)));
    expect(breakpoints(pacedAdmission(A, 12.5e9, 2e-6, 1000, 0, MARGIN))).toEqual(breakpoints(pacedAdmissionGeneral(A, 12.5e9, 2e-6, 1000, 0, MARGIN)));
    expect(pacedAdmission(A, 12.5e9, 2e-6, 1000, 0, MARGIN).at(1)).toBe(7000);
  });
});

describe('wholePacketAdmission: the pacer of a sender that runs dry', () => {
  it('restarts when new data comes, also after a whole packet, whatever lead it had', () => {
    // 1000 B packets; the first sent at 2 GB/s from 0, the rate cut to 1 GB/s at 0.2 µs (400 B in):
    // the packet keeps its gap, so 300 B go at once (the pacer's lead) and it ends at 0.5 µs, all
    // the data there was. 2000 B more come at 3 µs: their packets start at 3 and 4 µs at 1 GB/s, as
    // a NIC whose pacer is idle sends them, not at once as if the idle 2.5 µs had saved up time.
    const history = Curve.fromBreakpoints([[0, 0, 0, 2e9]]);
    const A = add(step(1000, 0), step(2000, 3e-6));
    const plan = wholePacketAdmission(history, A, 1e9, 0.2e-6, 400, 1000, MARGIN);
    const admitted = (t: number): number => 400 + plan.at(t - 0.2e-6);
    expect(admitted(0.201e-6)).toBeCloseTo(701, 6);
    expect(admitted(0.5e-6)).toBeCloseTo(1000, 6);
    expect(admitted(3e-6)).toBeCloseTo(1000, 6);
    expect(admitted(3.5e-6)).toBeCloseTo(1500, 6);
    expect(admitted(4e-6)).toBeCloseTo(2000, 6);
    expect(admitted(5e-6)).toBeCloseTo(3000, 6);
  });
});

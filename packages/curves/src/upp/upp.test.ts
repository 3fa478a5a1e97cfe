import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Curve } from '../curve.ts';
import { constant, rate, step } from '../constructors.ts';
import { CurveError } from '../errors.ts';
import { close } from '../tolerance.ts';
import { curveArb } from '../test-support/random-curves.ts';
import { UppCurve } from './upp-curve.ts';
import { commonPeriod } from './common-period.ts';
import { addUpp, maxUpp, minUpp } from './upp-pointwise.ts';
import { minimizeUpp } from './minimize.ts';
import { convolveUpp } from './upp-convolve.ts';
import { deconvolveUpp } from './upp-deconvolve.ts';
import { lowerPseudoInverseUpp, upperPseudoInverseUpp } from './upp-pseudo-inverse.ts';
import { lowerPseudoInverseAt, upperPseudoInverseAt } from '../pseudo-inverse.ts';
import { maxPlusConvolveUpp, maxPlusDeconvolveUpp } from './upp-max-plus.ts';
import { maxPlusConvolve } from '../max-plus.ts';
import { composeUpp } from './upp-compose.ts';
import { convolve } from '../convolve.ts';
import { horizontalDeviation, verticalDeviation } from '../deviation.ts';
import { min as minCurve, restrict } from '../pointwise.ts';
import { horizontalDeviationUpp, verticalDeviationUpp } from './upp-deviation.ts';
import { rateLatency } from '../constructors.ts';

const same = (a: number, b: number): boolean => a === b || close(a, b);
const closeRates = (a: number, b: number): boolean => a === b || Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));

/** Random UPP curves: a random base (dyadic breakpoints), T and d multiples of 1/4, c a multiple of 1/4. */
const uppArb = (finite = false) =>
  fc
    .record({
      base: curveArb({ allowInfinity: !finite, maxBreakpoints: 6 }),
      start: fc.integer({ min: 0, max: 12 }),
      period: fc.constantFrom(1, 2, 3, 4, 6),
      increment: fc.integer({ min: -4, max: 12 }),
    })
    .map(({ base, start, period, increment }) => UppCurve.of(base, start / 4, period / 4, increment / 4));

/** Random non-decreasing UPP curves (arrival and service curves), possibly +∞ after their transient. */
const monotoneUpp = (delays: boolean) => fc
  .record({
    base: curveArb({ nonDecreasing: true, maxBreakpoints: 4 }),
    start: fc.integer({ min: 0, max: 8 }),
    period: fc.constantFrom(1, 2, 3, 4),
    increment: fc.integer({ min: 0, max: 8 }),
    delay: delays ? fc.constantFrom(false, false, false, true) : fc.constant(false),
  })
  .map(({ base, start, period, increment, delay }) => {
    const f = UppCurve.of(base, start / 4, period / 4, increment / 4);
    // Non-decreasing across the period boundary: the pattern must end at or below where it restarts.
    const end = f.start + f.period;
    const ok = f.base.leftLimit(end) <= f.at(f.start) + f.increment && f.at(f.start) + f.increment <= f.rightLimit(f.start) + f.increment;
    const g = ok ? f : UppCurve.of(base, start / 4, period / 4, Math.max(increment / 4, f.base.leftLimit(end) - Math.min(f.at(f.start), f.rightLimit(f.start)) + 1));
    return delay ? minUpp(g, UppCurve.fromCurve(Curve.fromBreakpoints([[0, 0, 0, 0], [g.start + 1, 0, Infinity, 0]]))) : g;
  });
const monotoneUppArb = monotoneUpp(true);

/** Times over several periods: a grid, the operands' period starts, and points within the tolerance of them. */
const times = (until: number): number[] => {
  const out: number[] = [];
  for (let k = 0; k <= until * 8; k++) out.push(k / 8, k / 8 + 1e-13, k / 8 + 1 / 16);
  return out;
};

describe('UppCurve: ultimately pseudo-periodic curves', () => {
  it('a staircase: a 1500 B packet every 1.2 µs (left-continuous), evaluated across periods', () => {
    const f = UppCurve.of(Curve.fromBreakpoints([[0, 0, 1500, 0]]), 0, 1.2e-6, 1500);
    expect([f.at(0), f.rightLimit(0), f.at(1.2e-6), f.rightLimit(1.2e-6), f.leftLimit(2.4e-6), f.at(3e-6)]).toEqual([0, 1500, 1500, 3000, 3000, 4500]);
    expect(f.at(1.2e-6 * 1000)).toBe(1500 * 1000);
    expect(f.rate).toBeCloseTo(1500 / 1.2e-6, 3);
  });

  it('a finite curve is one with a one-segment period: fromCurve agrees with it everywhere', () => {
    fc.assert(
      fc.property(curveArb({ allowInfinity: true }), (f) => {
        const u = UppCurve.fromCurve(f);
        for (const t of times(12)) {
          expect(same(u.at(t), f.at(t)), `at(${t})`).toBe(true);
          expect(same(u.rightLimit(t), f.rightLimit(t)), `rightLimit(${t})`).toBe(true);
          expect(same(u.leftLimit(t), f.leftLimit(t)), `leftLimit(${t})`).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('unfold(until) is the same function on [0, until]', () => {
    fc.assert(
      fc.property(uppArb(), fc.integer({ min: 1, max: 40 }), (f, u) => {
        const until = u / 4;
        const g = f.unfold(until);
        for (const t of times(until).filter((t) => t <= until)) {
          expect(same(g.at(t), f.at(t)), `at(${t})`).toBe(true);
          if (t > 0) expect(same(g.leftLimit(t), f.leftLimit(t)), `leftLimit(${t})`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the periodic rule holds: f(t + d) = f(t) + c for t ≥ T', () => {
    fc.assert(
      fc.property(uppArb(), (f) => {
        for (const t of times(8).map((x) => x + f.start)) {
          expect(same(f.at(t + f.period), f.at(t) + f.increment)).toBe(true);
          expect(same(f.rightLimit(t + f.period), f.rightLimit(t) + f.increment)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    ['add', addUpp, (a: number, b: number) => a + b],
    ['min', minUpp, Math.min],
    ['max', maxUpp, Math.max],
  ] as const)('%s of two UPP curves is the pointwise %s, over several common periods (brute force)', (_name, op, pointwise) => {
    fc.assert(
      fc.property(uppArb(true), uppArb(true), (f, g) => {
        const h = op(f, g);
        const until = Math.max(f.start, g.start, h.start) + 4 * commonPeriod(f.period, g.period).period + 4;
        for (const t of times(until)) {
          expect(same(h.at(t), pointwise(f.at(t), g.at(t))), `at(${t})`).toBe(true);
          expect(same(h.rightLimit(t), pointwise(f.rightLimit(t), g.rightLimit(t))), `rightLimit(${t})`).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('min and max with a periodic part that is +∞ throughout (a delay): the other curve, or +∞', () => {
    const delay = UppCurve.fromCurve(Curve.fromBreakpoints([[0, 0, 0, 0], [2, 0, Infinity, 0]]));
    const line = UppCurve.fromCurve(rate(3));
    expect([minUpp(delay, line).at(10), minUpp(delay, line).at(1)]).toEqual([30, 0]);
    expect([maxUpp(delay, line).at(10), maxUpp(delay, line).at(1)]).toEqual([Infinity, 3]);
  });

  it('minimisation: a staircase written with period 3 and a needless transient becomes period 1 from 0, the same function', () => {
    // A unit staircase f(t) = ⌈t⌉ written out over [0, 8) with the rule from T = 5, period 3, increment 3.
    const rows: [number, number, number, number][] = Array.from({ length: 8 }, (_, k) => [k, k, k + 1, 0]);
    const f = UppCurve.of(Curve.fromBreakpoints(rows), 5, 3, 3);
    const m = minimizeUpp(f);
    expect([m.start, m.period, m.increment, m.size]).toEqual([0, 1, 1, 1]);
    for (const t of times(20)) expect(same(m.at(t), f.at(t))).toBe(true);
  });

  it('minimisation keeps the function, on random curves', () => {
    fc.assert(
      fc.property(uppArb(), (f) => {
        const m = minimizeUpp(f);
        expect(m.start).toBeLessThanOrEqual(f.start);
        expect(m.period).toBeLessThanOrEqual(f.period);
        for (const t of times(f.start + 3 * f.period + 2)) {
          expect(same(m.at(t), f.at(t)), `at(${t})`).toBe(true);
          expect(same(m.rightLimit(t), f.rightLimit(t)), `rightLimit(${t})`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('JSON: a CurveJSON with its periodic rule, and a plain CurveJSON as an ultimately affine curve', () => {
    const f = UppCurve.of(Curve.fromBreakpoints([[0, 0, 1500, 0]]), 0, 1.2e-6, 1500);
    const json = JSON.parse(JSON.stringify(f.toJSON()));
    expect(json.periodic).toEqual({ from: 0, period: 1.2e-6, increment: 1500 });
    expect(UppCurve.fromJSON(json).at(3e-6)).toBe(4500);
    expect(UppCurve.fromJSON(JSON.stringify(step(5, 1).toJSON())).at(7)).toBe(5);
    expect(() => UppCurve.fromJSON({ breakpoints: [[0, 0, 0, 0]], periodic: { from: 0, period: 0, increment: 1 } })).toThrow(/^period: expected a finite period > 0, got 0$/);
    expect(() => UppCurve.of(constant(1), -1, 1, 0)).toThrow(CurveError);
  });

  it('common periods of float periods: the lcm when the ratio is a fraction, an error naming both when it is not', () => {
    expect(commonPeriod(1.5, 1)).toEqual({ period: 3, times1: 2, times2: 3 });
    // 1048 B at 100 Gb/s against 1500 B at 100 Gb/s: 83.84 ns and 120 ns, lcm 786 × 83.84 ns ≈ 65.9 µs.
    const a = (1048 * 8) / 100e9;
    const b = (1500 * 8) / 100e9;
    const { period, times1, times2 } = commonPeriod(a, b);
    expect([times1, times2]).toEqual([375, 262]);
    expect(period).toBeCloseTo(375 * a, 18);
    expect(() => commonPeriod(1, Math.SQRT2)).toThrow(/^period: expected commensurable periods/);
  });

  it('min-plus convolution of two UPP curves is the convolution of the unrolled curves, over several periods (brute force)', () => {
    fc.assert(
      fc.property(monotoneUppArb, monotoneUppArb, (f, g) => {
        const h = convolveUpp(f, g);
        const until = h.start + 3 * h.period + 2;
        const reference = convolve(f.unfold(until), g.unfold(until));
        for (const t of times(until)) {
          expect(same(h.at(t), reference.at(t)), `at(${t}): ${h.at(t)} vs ${reference.at(t)}`).toBe(true);
          expect(same(h.rightLimit(t), reference.rightLimit(t)), `rightLimit(${t})`).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('convolution: a staircase through a rate-latency server, and a staircase with itself', () => {
    // 1 kB every 10 µs through 100 MB/s after 5 µs: the staircase delayed by 5 µs, each packet taking 10 µs at the rate.
    const stair = UppCurve.of(Curve.fromBreakpoints([[0, 0, 1000, 0]]), 0, 10e-6, 1000);
    const out = convolveUpp(stair, UppCurve.fromCurve(rateLatency(1e8, 5e-6)));
    [0, 500, 1000, 1050].forEach((y, k) => expect(out.at([5e-6, 10e-6, 15e-6, 15.5e-6][k])).toBeCloseTo(y, 9));
    expect(out.at(10e-3)).toBeCloseTo(1e6 - 500, 6); // 1,000 packets by 10 ms, the last half served
    expect(out.period).toBeCloseTo(10e-6, 18);
    // A sub-additive staircase convolved with itself is itself.
    const self = convolveUpp(stair, stair);
    for (const t of times(1).map((x) => x * 1e-4)) expect(same(self.at(t), stair.at(t))).toBe(true);
  });

  it('vertical deviation: the largest f − g, from the values and limits on a grid over many periods (brute force); +∞ when f outgrows g', () => {
    fc.assert(
      fc.property(monotoneUpp(false), monotoneUppArb, (f, g) => {
        const v = verticalDeviationUpp(f, g);
        if (f.rate > g.rate && !closeRates(f.rate, g.rate)) {
          expect(v).toBe(Infinity);
          return;
        }
        let best = -Infinity;
        for (const t of times(Math.max(f.start, g.start) + 40)) {
          // Left limits at 0 (and within the tolerance of it) are the 0 before time 0, not part of the deviation.
          const pairs = [[f.at(t), g.at(t)], [f.rightLimit(t), g.rightLimit(t)], ...(t > 1e-9 ? [[f.leftLimit(t), g.leftLimit(t)]] : [])];
          for (const [x, y] of pairs) if (y !== Infinity) best = Math.max(best, x - y);
        }
        expect(same(v, best), `${v} vs ${best}`).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('horizontal deviation: the same as on curves unrolled over far longer horizons', () => {
    fc.assert(
      fc.property(monotoneUpp(false), monotoneUppArb, (f, g) => {
        const h = horizontalDeviationUpp(f, g);
        if (f.rate > g.rate && !closeRates(f.rate, g.rate)) {
          expect(h).toBe(Infinity);
          return;
        }
        const H = Math.max(f.start, g.start) + 60;
        const far = horizontalDeviation(minCurve(f.unfold(H), constant(f.at(H))), g.unfold(H + 200));
        expect(same(h, far), `${h} vs ${far}`).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('a packetized flow through a TDMA server (worst phase): delay and backlog bounds', () => {
    // 1 kB packets every 10 µs (a staircase, 100 MB/s) through a server that serves 1 GB/s in a
    // 2 µs slot of every 8 µs cycle, at worst phase: idle for 6 µs, then the slot (2 kB per cycle).
    const packets = UppCurve.of(Curve.fromBreakpoints([[0, 0, 1000, 0]]), 0, 10e-6, 1000);
    const tdma = UppCurve.of(Curve.fromBreakpoints([[0, 0, 0, 0], [6e-6, 0, 0, 1e9]]), 0, 8e-6, 2000);
    // The first packet waits out the idle 6 µs and takes 1 µs of the slot; later ones find the server ahead.
    expect(horizontalDeviationUpp(packets, tdma)).toBeCloseTo(7e-6, 15);
    expect(verticalDeviationUpp(packets, tdma)).toBeCloseTo(1000, 9);
    // The same bounds from the curves unrolled over 50 cycles.
    expect(horizontalDeviation(packets.unfold(400e-6), tdma.unfold(500e-6))).toBeCloseTo(7e-6, 15);
    expect(verticalDeviation(packets.unfold(400e-6), restrict(tdma.unfold(400e-6), 0, 400e-6))).toBeCloseTo(1000, 9);
  });

  it('vertical deviation found after the first period: f slower than g, their phases aligning in the second period of f', () => {
    // f: 10 every 10 (just after 9, 19, 29, …); g: 3.003 every 3 (just after 2, 5, …, 20, …). f − g
    // is largest just after t = 19, where f has jumped and g jumps only at 20: 20 − 18.018 (after
    // 9: 10 − 9.009; after 29 both jump).
    const f = UppCurve.of(Curve.fromBreakpoints([[0, 0, 0, 0], [9, 0, 10, 0]]), 0, 10, 10);
    const g = UppCurve.of(Curve.fromBreakpoints([[0, 0, 0, 0], [2, 0, 3.003, 0]]), 0, 3, 3.003);
    expect(verticalDeviationUpp(f, g)).toBeCloseTo(20 - 6 * 3.003, 9);
    expect(verticalDeviation(f.unfold(300), restrict(g.unfold(300), 0, 300))).toBeCloseTo(20 - 6 * 3.003, 9);
  });

  it('min-plus deconvolution: the supremum over u of f(t + u) − g(u), by brute force over the breakpoint grid; +∞ when f outgrows g', () => {
    fc.assert(
      fc.property(monotoneUpp(false), monotoneUppArb, (f, g) => {
        const h = deconvolveUpp(f, g);
        if (f.rate > g.rate && !closeRates(f.rate, g.rate)) {
          expect(h.at(0)).toBe(Infinity);
          return;
        }
        // Breakpoints are on the 1/4 grid, so for t on the 1/8 grid the supremum is at some u on
        // it (values, right or left limits); u up to 160, past any bound these curves give.
        for (let k = 0; k <= 8 * (f.start + 2 * f.period + 1); k++) {
          const t = k / 8;
          let sup = -Infinity;
          for (let j = 0; j <= 160 * 8; j++) {
            const u = j / 8;
            const pairs = [[f.at(t + u), g.at(u)], [f.rightLimit(t + u), g.rightLimit(u)], ...(u > 0 ? [[f.leftLimit(t + u), g.leftLimit(u)]] : [])];
            for (const [x, y] of pairs) if (y !== Infinity) sup = Math.max(sup, x - y);
          }
          expect(same(h.at(t), sup), `at(${t}): ${h.at(t)} vs ${sup}`).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('deconvolution: the output of a staircase through a rate-latency server gains the latency\'s worth of burst', () => {
    // 1 kB every 10 µs through 1 GB/s after 5 µs: f ⊘ β(t) = f(t + 5 µs) at most, a packet ahead.
    const stair = UppCurve.of(Curve.fromBreakpoints([[0, 0, 1000, 0]]), 0, 10e-6, 1000);
    const out = deconvolveUpp(stair, UppCurve.fromCurve(rateLatency(1e9, 5e-6)));
    expect(out.at(0)).toBeCloseTo(1000, 9); // the packet at 0+ may leave at once (5 µs later than it came, with the next 5 µs away)
    expect(out.at(7e-6)).toBeCloseTo(2000, 9);
    expect(out.rate).toBeCloseTo(1e8, 3);
  });

  it('deconvolution with equal rates whose supremum lies in the first common period (after both transients)', () => {
    // f: a unit packet just after 0.5, 1.5, …; g: two units just after 1.75, 3.75, …. At t = 0 the
    // largest f(u) − g(u) is just after u = 1.5: 2 − 0.
    const f = UppCurve.of(Curve.fromBreakpoints([[0, 0, 0, 0], [0.5, 0, 1, 0]]), 0, 1, 1);
    const g = UppCurve.of(Curve.fromBreakpoints([[0, 0, 0, 0], [1.75, 0, 2, 0]]), 0, 2, 2);
    expect(deconvolveUpp(f, g).at(0)).toBe(2);
    expect(deconvolveUpp(f, g).at(0.25)).toBe(2); // just after u = 1.25: f(1.5+) − g(1.25+)
  });

  it.each([
    ['lower', lowerPseudoInverseUpp, lowerPseudoInverseAt],
    ['upper', upperPseudoInverseUpp, upperPseudoInverseAt],
  ] as const)('%s pseudo-inverse: at every level on a grid, the pseudo-inverse of the curve unrolled far enough', (_name, inverse, atLevel) => {
    fc.assert(
      fc.property(monotoneUppArb, (f) => {
        const inv = inverse(f);
        const top = f.at(f.start) + 6 * Math.max(f.increment, 1) + 4;
        const periods = f.increment > 0 ? Math.ceil(top / f.increment) + 4 : 4;
        const unrolled = f.unfold(f.start + periods * f.period);
        for (let k = 0; k <= top * 8; k++) {
          const y = k / 8;
          const expected = atLevel(unrolled, y);
          // Past the unrolled range a flat tail would read as "never again": only levels f reaches.
          if (f.increment > 0 && Number.isFinite(f.rate) && y >= unrolled.at(f.start + (periods - 1) * f.period)) continue;
          expect(same(inv.at(y), expected), `at(${y}): ${inv.at(y)} vs ${expected}`).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('pseudo-inverse of a staircase: when the y-th byte has arrived', () => {
    const stair = UppCurve.of(Curve.fromBreakpoints([[0, 0, 1000, 0]]), 0, 10e-6, 1000);
    const when = lowerPseudoInverseUpp(stair);
    // 1 kB at 0+, 2 kB at 10 µs+: byte 1,500 has arrived just after 10 µs.
    expect([when.at(500), when.at(1500), when.at(1e6 - 1)]).toEqual([0, 10e-6, when.at(1e6 - 1)]);
    expect(when.at(1500)).toBeCloseTo(10e-6, 18);
    expect(when.at(1e6 - 1)).toBeCloseTo(999 * 10e-6, 15);
    expect(when.period).toBe(1000);
  });

  it('max-plus convolution: the max-plus convolution of the unrolled curves, over several periods', () => {
    fc.assert(
      fc.property(uppArb(true), uppArb(true), (f, g) => {
        const h = maxPlusConvolveUpp(f, g);
        const until = h.start + 3 * h.period + 2;
        const reference = maxPlusConvolve(f.unfold(until), g.unfold(until));
        for (const t of times(until)) expect(same(h.at(t), reference.at(t)), `at(${t}): ${h.at(t)} vs ${reference.at(t)}`).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('max-plus deconvolution: the least f(t + u) − g(u), by brute force over the breakpoint grid; an error when f grows slower', () => {
    fc.assert(
      fc.property(uppArb(true), uppArb(true), (f, g) => {
        if (f.rate < g.rate && !closeRates(f.rate, g.rate)) {
          expect(() => maxPlusDeconvolveUpp(f, g)).toThrow(CurveError);
          return;
        }
        const h = maxPlusDeconvolveUpp(f, g);
        for (let k = 0; k <= 8 * (f.start + 2 * f.period + 1); k++) {
          const t = k / 8;
          let inf = Infinity;
          for (let j = 0; j <= 160 * 8; j++) {
            const u = j / 8;
            const pairs = [[f.at(t + u), g.at(u)], [f.rightLimit(t + u), g.rightLimit(u)], ...(u > 0 ? [[f.leftLimit(t + u), g.leftLimit(u)]] : [])];
            for (const [x, y] of pairs) inf = Math.min(inf, x - y);
          }
          expect(same(h.at(t), inf), `at(${t}): ${h.at(t)} vs ${inf}`).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('composition f ∘ g with a non-decreasing g: f evaluated at g(t), over several periods', () => {
    fc.assert(
      fc.property(uppArb(true), monotoneUppArb, (f, g) => {
        let h: UppCurve;
        try {
          h = composeUpp(f, g);
        } catch (e) {
          // Periods that no fraction relates (c_g against d_f) have no UPP composition to hold.
          expect(String(e)).toMatch(/commensurable periods/);
          return;
        }
        for (const t of times(h.start + 3 * h.period + 2)) {
          const y = g.at(t);
          const expected = y === Infinity ? f.base.at(Infinity) : f.at(y);
          // At a time within 1 ps of one of g's period boundaries g snaps to the boundary and h,
          // whose boundaries lie elsewhere, does not: they may differ by h's slope (at most 8 × 8
          // here) times 10⁻¹³, so up to 10⁻¹⁰ besides the relative tolerance.
          if (y !== Infinity) expect(same(h.at(t), expected) || Math.abs(h.at(t) - expected) <= 1e-10, `at(${t}): ${h.at(t)} vs f(${y}) = ${expected}`).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('composition: an arrival staircase seen through a rate, and through itself', () => {
    const stair = UppCurve.of(Curve.fromBreakpoints([[0, 0, 1000, 0]]), 0, 10e-6, 1000);
    const doubled = composeUpp(UppCurve.fromCurve(rate(2)), stair);
    expect([doubled.at(0), doubled.rightLimit(0), doubled.at(25e-6)]).toEqual([0, 2000, 6000]);
  });

  it('no drift over many periods: 1048 B packets at 100 Gb/s, exact at every period boundary up to 10¹¹ periods (2.3 hours)', () => {
    // k·c is computed directly (never summed period by period), and a time within 1 ps of a period
    // boundary is that boundary; float times stay within that up to about 10¹¹ periods of 83.84 ns.
    const d = (1048 * 8) / 100e9;
    const f = UppCurve.of(Curve.fromBreakpoints([[0, 0, 1048, 0]]), 0, d, 1048);
    for (const k0 of [1e3, 1e6, 1e9, 1e10, 1e11]) {
      for (let j = 0; j < 200; j++) {
        const k = k0 + j;
        expect([f.at(k * d), f.rightLimit(k * d), f.at((k + 0.5) * d)], `k = ${k}`).toEqual([1048 * k, 1048 * (k + 1), 1048 * (k + 1)]);
      }
    }
  });
});


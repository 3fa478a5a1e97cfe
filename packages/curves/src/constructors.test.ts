import { describe, expect, it } from 'vitest';
import { CurveError, zero, constant, rate, rateLatency, tokenBucket, pureDelay, window, step, fromPackets, fromSamples, isNonDecreasing, isConvex, isConcave, asConstant } from './index.ts';

describe('constructors', () => {
  it('build the standard network-calculus curves', () => {
    expect(zero().at(7)).toBe(0);
    expect(constant(3).at(0)).toBe(3);
    expect(rate(12.5e9).at(1e-6)).toBeCloseTo(12500, 9);
    expect(rateLatency(10, 2).at(1)).toBe(0);
    expect(rateLatency(10, 2).at(5)).toBe(30);
    expect(tokenBucket(1, 5).at(0)).toBe(0);
    expect(tokenBucket(1, 5).rightLimit(0)).toBe(5);
    expect(tokenBucket(1, 5).at(2)).toBe(7);
    expect(pureDelay(2).at(2)).toBe(0);
    expect(pureDelay(2).at(2.0001)).toBe(Infinity);
    expect(window(64000).at(0)).toBe(0);
    expect(window(64000).at(1e-9)).toBe(64000);
    expect(step(1500, 1e-6).at(1e-6)).toBe(0);
    expect(step(1500, 1e-6).at(1.5e-6)).toBe(1500);
    expect(step(1500, 1e-6, 'right').at(1e-6)).toBe(1500);
  });

  it('fromPackets counts packets sent before t (left-continuous) and merges simultaneous ones', () => {
    const A = fromPackets([0, 1e-6, 1e-6, 3e-6], [1048, 1048, 100, 60]);
    expect(A.at(0)).toBe(0);
    expect(A.at(1e-6)).toBe(1048);
    expect(A.rightLimit(1e-6)).toBe(2196);
    expect(A.at(5e-6)).toBe(2256);
    expect(A.t.length).toBe(3);
    expect(isNonDecreasing(A)).toBe(true);
  });

  it('fromSamples interpolates linearly and holds (or extends) after the last sample', () => {
    const f = fromSamples([0, 1, 3], [0, 2, 2]);
    expect(f.at(0.5)).toBe(1);
    expect(f.at(10)).toBe(2);
    expect(fromSamples([0, 1], [0, 1], 5).at(2)).toBe(6);
  });

  it('classify shapes', () => {
    expect(isConvex(rateLatency(1, 2))).toBe(true);
    expect(isConvex(pureDelay(3))).toBe(true);
    expect(isConvex(tokenBucket(1, 2))).toBe(false);
    expect(isConcave(tokenBucket(1, 2))).toBe(true);
    expect(isConcave(rateLatency(1, 2))).toBe(false);
    expect(isNonDecreasing(step(-1, 1))).toBe(false);
    expect(asConstant(constant(5))).toBe(5);
    expect(asConstant(zero())).toBe(0);
    expect(asConstant(constant(Infinity))).toBe(Infinity);
    expect(asConstant(rate(1))).toBeNull();
    expect(asConstant(step(2, 0))).toBeNull(); // a jump after 0: f(0) = 0, f(0+) = 2
    expect(asConstant(step(2, 1))).toBeNull();
  });

  it.each([
    [() => rate(-1), 'rate'],
    [() => rate(Number.NaN), 'rate'],
    [() => rateLatency(1, -2), 'latency'],
    [() => tokenBucket(1, Infinity), 'burst'],
    [() => pureDelay(Number.NaN), 'delay'],
    [() => window(-5), 'window'],
    [() => step(1, -1), 'time'],
    [() => constant(-Infinity), 'c'],
    [() => fromPackets([0, 2, 1], [1, 1, 1]), 'times[2]'],
    [() => fromPackets([0, 1], [1, -1]), 'sizes[1]'],
    [() => fromPackets([0], [1, 2]), 'sizes.length'],
    [() => fromSamples([1, 2], [0, 0]), 'ts[0]'],
    [() => fromSamples([0, 0], [0, 0]), 'ts[1]'],
    [() => fromSamples([0, 1], [0, Number.NaN]), 'ys[1]'],
  ])('rejects bad input %# with a CurveError naming %s', (build, argument) => {
    let error: unknown;
    try {
      build();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CurveError);
    expect((error as CurveError).argument).toBe(argument);
  });
});

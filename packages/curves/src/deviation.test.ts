import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { horizontalDeviation, verticalDeviation, convolve, rate, rateLatency, tokenBucket, lowerPseudoInverseAt } from './index.ts';
import { curveArb } from './test-support/random-curves.ts';

const cumulative = curveArb({ leftContinuous: true, maxBreakpoints: 5 });

describe('deviations', () => {
  it('horizontal deviation equals the largest delay of a fluid FIFO server fed by f (brute force)', () => {
    fc.assert(
      fc.property(cumulative, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 4 }), (f, R, T) => {
        const g = rateLatency(R / 2, T / 4);
        const D = convolve(f, g);
        const delay = horizontalDeviation(f, D);
        if (f.tailSlope > R / 2) return delay === Infinity;
        // Largest delay seen by a bit: scan arrival instants finely, and for each the first
        // departure instant at which D catches up with f(t) (scan in steps of 1/256).
        const horizon = f.lastBreakpoint + 1;
        let worst = 0;
        for (let t = 0; t <= horizon; t += 1 / 64) {
          const y = f.rightLimit(t); // the last bit that arrived by t+
          let x = t;
          while (D.at(x) < y - 1e-12 && x < 100) x += 1 / 256;
          worst = Math.max(worst, x - t);
        }
        return Math.abs(delay - worst) <= 1 / 64 + 1 / 256 + 1e-9;
      }),
      { numRuns: 100 },
    );
  });

  it('horizontal deviation is sup_t (g↓(f(t)) − t), checked pointwise against the pseudo-inverse', () => {
    fc.assert(
      fc.property(cumulative, curveArb({ nonDecreasing: true, maxBreakpoints: 4 }), (f, g) => {
        fc.pre(g.tailSlope > 0);
        const h = horizontalDeviation(f, g);
        for (let t = 0; t <= f.lastBreakpoint + 2; t += 1 / 16) {
          if (lowerPseudoInverseAt(g, f.at(t)) - t > h + 1e-9) return false;
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });

  it('vertical deviation equals the largest difference f − g (dense grid and limits)', () => {
    fc.assert(
      fc.property(curveArb({ maxBreakpoints: 5 }), curveArb({ maxBreakpoints: 5 }), (f, g) => {
        const v = verticalDeviation(f, g);
        if (f.tailSlope > g.tailSlope) return v === Infinity;
        let worst = -Infinity;
        for (let t = 0; t <= f.lastBreakpoint + g.lastBreakpoint + 2; t += 1 / 16) {
          worst = Math.max(worst, f.at(t) - g.at(t), f.rightLimit(t) - g.rightLimit(t));
          if (t > 0) worst = Math.max(worst, f.leftLimit(t) - g.leftLimit(t));
        }
        return v >= worst - 1e-9 && v <= worst + 1e-9;
      }),
      { numRuns: 300 },
    );
  });

  it('token bucket through rate-latency: delay T + b/R and backlog b + r·T', () => {
    expect(horizontalDeviation(tokenBucket(1, 10), rateLatency(5, 2))).toBe(4);
    expect(verticalDeviation(tokenBucket(1, 10), rateLatency(5, 2))).toBe(12);
    expect(horizontalDeviation(rate(2), rate(1))).toBe(Infinity);
  });
});

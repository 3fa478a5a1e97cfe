import type { Curve } from './curve.ts';
import { compose } from './compose.ts';
import { lowerPseudoInverse } from './pseudo-inverse.ts';
import { mergeWalk } from './pointwise.ts';
import { requireNonDecreasing } from './properties.ts';

/**
 * Horizontal deviation h(f, g) = sup_{t≥0} inf{d ≥ 0 | f(t) ≤ g(t + d)} for non-decreasing f, g:
 * the delay bound when f is an arrival curve and g a service curve (Le Boudec & Thiran, Thm 1.4.2),
 * and the largest FIFO delay when g is the departure function of f. Computed exactly as
 * sup_t (g↓(f(t)) − t), floored at 0. Seconds when curves are in seconds.
 * @example horizontalDeviation(tokenBucket(1, 10), rateLatency(5, 2)) // 4 = T + b/R
 */
export function horizontalDeviation(f: Curve, g: Curve): number {
  requireNonDecreasing('f', f);
  requireNonDecreasing('g', g);
  const lag = compose(lowerPseudoInverse(g), f);
  let best = 0;
  for (let i = 0; i < lag.t.length; i++) {
    const t = lag.t[i];
    if (i > 0) best = Math.max(best, lag.leftLimitAtBreakpoint(i) - t);
    best = Math.max(best, lag.v[i] - t, lag.r[i] - t);
  }
  if (lag.r[lag.r.length - 1] === Infinity || lag.tailSlope > 1) return Infinity;
  return best;
}

/**
 * Vertical deviation v(f, g) = sup_{t≥0} { f(t) − g(t) }: the backlog bound when f is an arrival
 * curve and g a service curve (Le Boudec & Thiran, Thm 1.4.1), and the largest backlog when g is
 * the departure function. Instants where g is +∞ are skipped. Bytes when curves are in bytes.
 * @example verticalDeviation(tokenBucket(1, 10), rateLatency(5, 2)) // 12 = b + r·T
 */
export function verticalDeviation(f: Curve, g: Curve): number {
  let best = -Infinity;
  let growing = false;
  mergeWalk(f, g, (T, fv, fr, fs, gv, gr, gs, next) => {
    const diff = (a: number, b: number): number => (b === Infinity ? -Infinity : a - b);
    best = Math.max(best, diff(fv, gv), diff(fr, gr));
    if (next === Infinity) {
      if (gr !== Infinity && (fr === Infinity || fs > gs)) growing = true;
    } else if (gr !== Infinity) {
      best = Math.max(best, diff(fr + fs * (next - T), gr + gs * (next - T)));
    }
  });
  return growing ? Infinity : best;
}

import type { Curve } from './curve.ts';
import { constant } from './constructors.ts';
import { min } from './pointwise.ts';

/**
 * Lower envelope (pointwise minimum) of many curves by balanced pairwise merging:
 * O(N log K) for K curves of N breakpoints in total when the envelopes stay small.
 * The empty envelope is the constant +∞.
 * @example lowerEnvelope([rate(1), constant(2)]).at(5) // 2
 */
export function lowerEnvelope(curves: readonly Curve[]): Curve {
  if (curves.length === 0) return constant(Infinity);
  let level = curves.slice();
  while (level.length > 1) {
    const next: Curve[] = [];
    for (let k = 0; k + 1 < level.length; k += 2) next.push(min(level[k], level[k + 1]));
    if (level.length % 2 === 1) next.push(level[level.length - 1]);
    level = next;
  }
  return level[0];
}

import type { Curve } from './curve.ts';
import { constant } from './constructors.ts';
import { min } from './pointwise.ts';
import { reduceBalanced } from './balanced.ts';

/**
 * Lower envelope (pointwise minimum) of many curves by balanced pairwise merging:
 * O(N log K) for K curves of N breakpoints in total when the envelopes stay small.
 * The empty envelope is the constant +∞.
 * @example lowerEnvelope([rate(1), constant(2)]).at(5) // 2
 */
export function lowerEnvelope(curves: readonly Curve[]): Curve {
  if (curves.length === 0) return constant(Infinity);
  return reduceBalanced(curves, min);
}

import type { Curve } from './curve.ts';
import { asPureDelay, asRateLatency, isConcave, isConvex, isNonDecreasing } from './properties.ts';
import { convolveGeneral } from './convolve-general.ts';
import { convolveConcave, convolveConvex, convolveWithDelay, convolveWithRate, convolveWithRateLatency } from './convolve-fast.ts';

/** Which algorithm {@link convolve} used or must use. */
export type ConvolutionAlgorithm = 'auto' | 'general' | 'rate' | 'rate-latency' | 'delay' | 'convex' | 'concave';

export interface ConvolveOptions {
  /** `'auto'` (default) picks the fastest exact algorithm that applies; `'general'` forces the general one. */
  algorithm?: 'auto' | 'general';
}

/**
 * Min-plus convolution (f ⊗ g)(t) = inf_{0≤s≤t} { f(s) + g(t − s) } (Le Boudec & Thiran, Def. 3.1.7),
 * exact. Chooses automatically among linear-time fast paths — g (or f) a rate curve (fluid queue),
 * a rate-latency curve, a pure delay, both convex (slope merge), both concave with f(0) = g(0) = 0
 * (f ⊗ g = f ∧ g) — and the general algorithm. Each fast path is tested equal to the general one.
 * `convolveExplain` reports the choice.
 * @example convolve(fromPackets([0], [10]), rate(2)).at(3) // 6
 */
export function convolve(f: Curve, g: Curve, options: ConvolveOptions = {}): Curve {
  return convolveExplain(f, g, options).result;
}

/** {@link convolve}, also returning which algorithm produced the result. */
export function convolveExplain(f: Curve, g: Curve, options: ConvolveOptions = {}): { result: Curve; algorithm: ConvolutionAlgorithm } {
  if (options.algorithm === 'general') return { result: convolveGeneral(f, g), algorithm: 'general' };
  for (const [x, y] of [[f, g], [g, f]] as const) {
    const delay = asPureDelay(y);
    if (delay !== null && isNonDecreasing(x)) return { result: convolveWithDelay(x, delay), algorithm: 'delay' };
    const rl = asRateLatency(y);
    if (rl !== null && rl.latency === 0) return { result: convolveWithRate(x, rl.rate), algorithm: 'rate' };
    if (rl !== null && isNonDecreasing(x)) return { result: convolveWithRateLatency(x, rl.rate, rl.latency), algorithm: 'rate-latency' };
  }
  if (isConvex(f) && isConvex(g)) {
    const result = convolveConvex(f, g);
    if (result !== null) return { result, algorithm: 'convex' };
  }
  if (isConcave(f) && isConcave(g) && f.v[0] === 0 && g.v[0] === 0) return { result: convolveConcave(f, g), algorithm: 'concave' };
  return { result: convolveGeneral(f, g), algorithm: 'general' };
}

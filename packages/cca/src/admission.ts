import { Curve, CurveBuilder, convolveWithRate, horizontalShift, min, constant, max, verticalShift } from '@ccalc/curves';
import type { Limit } from './cca.ts';

/**
 * Remaining source arrivals seen from an origin at t0 where `admitted` bytes are already admitted:
 * A_rem(τ) = A(t0 + τ) − admitted for τ > 0 and A_rem(0) = 0 (paper §III-C: the backlog waiting at
 * the CCA, and after a timeout everything unacknowledged, appears as a burst at 0+).
 */
export function remainingArrivals(A: Curve, t0: number, admitted: number): Curve {
  const shifted = horizontalShift(A, -t0);
  const b = new CurveBuilder();
  b.push(0, 0, shifted.r[0] - admitted, shifted.s[0]);
  for (let i = 1; i < shifted.t.length; i++) b.push(shifted.t[i], shifted.v[i] - admitted, shifted.r[i] - admitted, shifted.s[i]);
  return b.build();
}

/**
 * Bytes admitted in [t0, t0 + τ] (a local curve in τ, 0 at τ = 0) under a CCA limit, exact:
 * - rate r: A_rem ⊗ λ_r, the CCA's rate limiter as a fluid queue (§III-C, Eq. 2);
 * - per-flight window: A_rem ⊗ S_W = min(A_rem, allowance), `allowance` being what is left of the
 *   flight's W bytes (§III-D, Eq. 5);
 * - sliding window: min(A, ack + W) − Â(t0), with `ack(t)` the acknowledgement curve in global
 *   time (window flow control; Alg. 3's Ŵ). ack must be known on [t0, t0 + window length].
 * A paused flow (PFC) admits nothing.
 */
export function admittedIncrement(
  limit: Limit,
  remaining: Curve,
  options: { paused: boolean; flightAllowance: number; ack?: Curve; t0: number; admittedAtT0: number },
): Curve {
  if (options.paused) return constant(0);
  switch (limit.kind) {
    case 'rate':
      return convolveWithRate(remaining, limit.rate);
    case 'flight':
      return min(remaining, constant(Math.max(0, options.flightAllowance)));
    case 'sliding': {
      if (options.ack === undefined) throw new Error('admittedIncrement: a sliding window needs the acknowledgement curve');
      // ack(t0 + τ) + W − Â(t0), floored at 0 (a smaller window admits nothing until acks catch up).
      const allowance = max(constant(0), verticalShift(horizontalShift(options.ack, -options.t0), limit.window - options.admittedAtT0));
      const out = min(remaining, allowance);
      // 0 at τ = 0 (the cumulative function is left-continuous at the origin).
      const b = new CurveBuilder();
      b.push(0, 0, out.r[0], out.s[0]);
      for (let i = 1; i < out.t.length; i++) b.push(out.t[i], out.v[i], out.r[i], out.s[i]);
      return b.build();
    }
  }
}

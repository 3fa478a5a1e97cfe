import { Curve, CurveBuilder, close, convolveWithRate, horizontalShift, min, constant, max, verticalShift } from '@ccalc/curves';
import { packetsStarted } from './acknowledgements.ts';
import { pacerLead } from './pacer.ts';
import type { Limit } from './cca.ts';

/**
 * Bytes: the rounding guard of admission levels the event engine plans with (`PacketSender`, and
 * the constant-rate loop, which must compute the same numbers).
 */
export const ADMISSION_MARGIN = 1e-6;

/**
 * Remaining source arrivals seen from an origin at t0 where `admitted` bytes are already admitted:
 * A_rem(τ) = A(t0 + τ) − admitted for τ > 0 and A_rem(0) = 0 (paper §III-C: the backlog waiting at
 * the CCA, and after a timeout everything unacknowledged, appears as a burst at 0+). With `until`,
 * only up to t = until: A is held at its value there (a jump at `until` left out) afterwards, so
 * the cost is the breakpoints in [t0, until], not all those after t0; what is computed from it is
 * exact up to `until` (every admission is causal).
 * @example remainingArrivals(step(1e6, 1e-3), 0, 0).at(2e-3) // 1e6
 */
export function remainingArrivals(A: Curve, t0: number, admitted: number, until = Infinity): Curve {
  const b = new CurveBuilder();
  // τ = 0: A's right side at t0 (as horizontalShift(A, −t0) starts), less what is admitted.
  const k = A.indexAt(t0);
  b.push(0, 0, (A.t[k] === t0 ? A.r[k] : A.segmentValue(k, t0)) - admitted, A.s[k]);
  let i = k + 1;
  for (; i < A.t.length && A.t[i] < until; i++) b.push(A.t[i] - t0, A.v[i] - admitted, A.r[i] - admitted, A.s[i]);
  if (i < A.t.length && until < Infinity) {
    const y = A.at(until) - admitted;
    b.push(until - t0, y, y, 0);
  }
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

/**
 * What a rate-limited sender of whole packets admits from t0 (a local curve in τ = t − t0, 0 at
 * τ = 0), `base` bytes being admitted at t0: the fluid queue A_rem ⊗ λ_r (§III-C, Eq. 2), shifted
 * so that the packet in progress keeps the gap of the rate it was sent at. `lead` is the pacer's
 * answer (see `pacerLead`): > margin, bytes admitted at once (the rate went down); < −margin, the
 * admission waits −lead / rate seconds (the rate went up); else none. Both engines admit through it.
 * Exact up to `until` (arrivals after it are not read; see `remainingArrivals`).
 * @example pacedAdmission(step(1e6, 0), 12.5e9, 0, 0, 0, 1e-6).at(1e-6) // 12500
 */
export function pacedAdmission(arrivals: Curve, rate: number, t0: number, base: number, lead: number, margin: number, until = Infinity): Curve {
  const backlog = waitingBacklog(arrivals, t0, base, until);
  if (backlog !== null && rate > 0 && rate < Infinity) return pacedBacklog(backlog, rate, lead, margin);
  return pacedAdmissionGeneral(arrivals, rate, t0, base, lead, margin, until);
}

/** {@link pacedAdmission} by the curve operations, for any arrivals. */
export function pacedAdmissionGeneral(arrivals: Curve, rate: number, t0: number, base: number, lead: number, margin: number, until = Infinity): Curve {
  const remaining = remainingArrivals(arrivals, t0, base, until);
  const paced = convolveWithRate(remaining, rate);
  if (lead > margin) return min(remaining, verticalShift(paced, lead));
  if (lead < -margin) return horizontalShift(paced, -lead / rate);
  return paced;
}

/**
 * The bytes waiting at t0 when nothing more arrives before `until` (the remaining arrivals are one
 * burst at 0+: A(t0+) − base, flat after), or null when more arrive, or the arrivals rise at a rate.
 */
function waitingBacklog(A: Curve, t0: number, base: number, until: number): number | null {
  const k = A.indexAt(t0);
  if (A.s[k] !== 0 || (k + 1 < A.t.length && A.t[k + 1] < until)) return null;
  const backlog = (A.t[k] === t0 ? A.r[k] : A.segmentValue(k, t0)) - base;
  if (!(backlog >= 0 && backlog < Infinity)) return null;
  // remainingArrivals holds A at `until` after it: the same level (a jump there is left out).
  if (until < Infinity && k + 1 < A.t.length && !close(A.at(until) - base, backlog)) return null;
  return backlog;
}

/**
 * The paced admission of a backlog R waiting at 0+ (bytes, nothing more to come) at rate r, with the
 * pacer's lead (see {@link pacedAdmission}), in closed form: the same breakpoints as
 * min(R, verticalShift(λ_R ⊗ λ_r, lead)) or its shift by −lead/r, computed with the same
 * arithmetic (tested equal to {@link pacedAdmissionGeneral}), without building the intermediate
 * curves. R/r within the tolerance of 0 is a jump, as the curve operations make it.
 * @example pacedBacklog(10480, 12.5e9, 0, 1e-6).at(4.192e-7) // 5240
 */
export function pacedBacklog(R: number, r: number, lead: number, margin: number): Curve {
  if (R === 0) return ZERO;
  const x = R / r;
  const jump = close(x, 0);
  if (lead > margin) {
    if (jump) return Curve.trusted([0], [0], [R], [0]);
    if (close(R, lead) || !(R > lead)) return Curve.trusted([0], [0], [Math.min(R, lead)], [0]);
    // The rising line lead + r·τ meets R at xc, unless that is within the tolerance of 0 or of x.
    const ahead = (lead - R) / (0 - r);
    if (close(0 + ahead, 0)) return Curve.trusted([0, x], [0, R], [lead, R], [0, 0]);
    const t = [0];
    const v = [0];
    const right = [lead];
    const s = [r];
    let last = lead + r * x;
    if (ahead > 0 && ahead < x && !close(ahead, x)) {
      const y = Math.min(R + 0 * ahead, lead + r * ahead);
      t.push(ahead);
      v.push(y);
      right.push(y);
      s.push(0);
      last = y;
    }
    if (!(s[s.length - 1] === 0 && close(R, last))) {
      t.push(x);
      v.push(R);
      right.push(R);
      s.push(0);
    }
    return Curve.trusted(t, v, right, s);
  }
  if (lead < -margin) {
    const d = -lead / r;
    if (close(d, 0)) return jump ? Curve.trusted([0], [0], [R], [0]) : Curve.trusted([0, x + d], [0, R], [0, R], [r, 0]);
    return jump ? Curve.trusted([0, d], [0, 0], [0, R], [0, 0]) : Curve.trusted([0, d, x + d], [0, 0, R], [0, 0, R], [0, r, 0]);
  }
  return jump ? Curve.trusted([0], [0], [R], [0]) : Curve.trusted([0, x], [0, R], [0, R], [r, 0]);
}

/** The constant 0 (curves are immutable: one serves every plan that admits nothing). */
const ZERO = constant(0);

/**
 * A PFC-paused sender's admission (local curve): it finishes the packet it has started, whose bytes
 * are on the wire already, and starts no other: min(unpaused, ⌈base/I⌉·I − base), or nothing when
 * no packet is in progress (within `margin` bytes). `packet` 0 (fluid) stops at once.
 * @example pausedAdmission(() => rate(1e9), 500, 1048, 1e-6).at(1) // 548
 */
export function pausedAdmission(unpaused: () => Curve, base: number, packet: number, margin: number): Curve {
  const rest = packet > 0 ? packetsStarted(base, packet) - base : 0;
  return rest > margin ? min(unpaused(), constant(rest)) : constant(0);
}

/**
 * What a rate-limited sender of whole packets admits from t0 (local curve), `admitted` being Â's
 * history up to t0: the NIC's pacer (`pacerLead`: a packet in progress keeps the gap of the rate it
 * was sent at) over the fluid queue (`pacedAdmission`). A sender that has drained (nothing waiting,
 * A flat at Â), within a packet or at its end, restarts its pacer when its next data arrives, as if
 * computed there (a lead it had is spent, not carried to the new data): so the admission does not
 * depend on the instant it is computed from (the curve engine's window starts, the event engine's
 * plans). Both engines admit through it. Exact up to `until`: the event engine, which plans again
 * at each change of the arrivals, reads them only up to the next one, so a plan costs the
 * breakpoints up to there, not every burst still to come.
 * @example wholePacketAdmission(history, step(1e6, 0), 12.5e9, 0, 0, 1048, 1e-6)
 */
export function wholePacketAdmission(admitted: Curve, arrivals: Curve, rate: number, t0: number, base: number, packet: number, margin: number, until = Infinity): Curve {
  const k = arrivals.indexAt(t0);
  const next = k + 1 < arrivals.t.length ? arrivals.t[k + 1] : Infinity;
  const slotOpen = (x: number): boolean => packetsStarted(x, packet) - x > margin;
  // Idle at t0: nothing happens until the data arrives.
  if (slotOpen(base) && next < Infinity && next > t0 && arrivals.rightLimit(t0) - base <= margin && arrivals.s[k] === 0) {
    return horizontalShift(wholePacketAdmission(admitted, arrivals, rate, next, base, packet, margin, until), next - t0);
  }
  const plan = pacedAdmission(arrivals, rate, t0, base, pacerLead(admitted, t0, base, rate, packet, margin, arrivals), margin, until);
  if (next < Infinity && next > t0) {
    // Drained by the next change of the arrivals: the pacer restarts there.
    const at = base + plan.at(next - t0);
    if (arrivals.at(next) - at <= margin) {
      const history = packetsStarted(at, packet) - packet >= base ? verticalShift(horizontalShift(plan, t0), base) : admitted;
      return joinAt(plan, next - t0, wholePacketAdmission(history, arrivals, rate, next, at, packet, margin, until));
    }
  }
  return plan;
}

/** first on [0, d], then first(d) + second(τ − d) after d (second is 0 at 0). */
function joinAt(first: Curve, d: number, second: Curve): Curve {
  const b = new CurveBuilder();
  for (let i = 0; i < first.t.length && first.t[i] < d; i++) b.push(first.t[i], first.v[i], first.r[i], first.s[i]);
  const y = first.at(d);
  b.push(d, y, y + second.r[0], second.s[0]);
  for (let i = 1; i < second.t.length; i++) b.push(second.t[i] + d, second.v[i] + y, second.r[i] + y, second.s[i]);
  return b.build();
}

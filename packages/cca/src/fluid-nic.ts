import { type Curve, CurveBuilder } from '@ccalc/curves';
import { remainingArrivals } from './admission.ts';
import { ModelError } from './errors.ts';

/** One connection of a host as the fluid NIC sees it over a window. */
export interface FluidConnection {
  /** Its arrivals A_i (bytes, global time). */
  arrivals: Curve;
  /** Bytes it has admitted by t0, Â_i(t0). */
  base: number;
  /** Its rate limit r_i over the window (bytes/s; 0 while paused, +∞ for none). */
  rate: number;
}

/**
 * What the connections of one host admit over (t0, t1] when they share the host's NIC as fluids:
 * the fluid limit of round robin among the connections ready under their own rate limiters. Each
 * connection is a fluid queue, its arrivals less what it has admitted, b_i = A_i − Â_i; at each
 * instant it asks for d_i = r_i while it has a backlog, and for min(r_i, a_i) (a_i: the slope of
 * A_i) when it has none. The NIC's line rate L is shared max-min fair (water-filling): if Σ d_i ≤ L
 * each gets d_i, otherwise each gets min(d_i, λ) with Σ min(d_i, λ) = L. The allocation is
 * constant between events (a breakpoint of some A_i, a backlog emptying), so the result is exact:
 * each connection's admitted increment as a local curve (τ = t − t0, 0 at τ = 0), piecewise
 * linear and continuous. With one connection and L ≥ r it is the fluid queue A_rem ⊗ λ_r (§III-C,
 * Eq. 2). `margin`: a backlog of at most this many bytes is none (rounding).
 * @example fluidNicAdmission([{ arrivals: step(1e6, 0), base: 0, rate: 8e9 }, { arrivals: step(1e6, 0), base: 0, rate: 8e9 }], 12.5e9, 0, 1e-4, 1e-6)[0].at(1e-5) // 62500: 6.25 GB/s each
 */
export function fluidNicAdmission(connections: readonly FluidConnection[], lineRate: number, t0: number, t1: number, margin: number): Curve[] {
  if (!(lineRate > 0 && lineRate < Infinity)) throw new ModelError('lineRate', lineRate, 'a finite NIC line rate > 0 (bytes/s)');
  const n = connections.length;
  const remaining = connections.map((c) => remainingArrivals(c.arrivals, t0, c.base, t1));
  const admitted = new Float64Array(n);
  const give = new Float64Array(n);
  const segment = new Int32Array(n);
  const builders = connections.map(() => new CurveBuilder());
  const slopes = new Float64Array(n).fill(Number.NaN);
  const demand = new Float64Array(n);
  const backlog = new Float64Array(n);
  const empties = new Float64Array(n);
  const end = t1 - t0;
  // Bytes connection i's remaining arrivals reach at x on its current segment (right side at its start).
  const arrivedAt = (i: number, x: number): number => {
    const R = remaining[i];
    const k = segment[i];
    return R.t[k] === x ? R.r[k] : R.r[k] + R.s[k] * (x - R.t[k]);
  };
  const mostSteps = 4 * n + 64 * remaining.reduce((sum, r) => sum + r.t.length, 0) + 1024;
  let tau = 0;
  for (let steps = 0; ; steps++) {
    if (steps > mostSteps) throw new Error(`fluidNicAdmission: no end in sight at τ = ${tau} s of ${end} s`);
    // Each connection's segment of remaining arrivals at τ (the last breakpoint at or before it),
    // its backlog there (right side) and what it asks for.
    for (let i = 0; i < n; i++) {
      const R = remaining[i];
      while (segment[i] + 1 < R.t.length && R.t[segment[i] + 1] <= tau) segment[i] += 1;
      backlog[i] = arrivedAt(i, tau) - admitted[i];
      const rate = connections[i].rate;
      demand[i] = backlog[i] > margin ? rate : Math.min(rate, R.s[segment[i]]);
    }
    waterFill(demand, lineRate, give);
    for (let i = 0; i < n; i++) {
      if (give[i] === slopes[i]) continue;
      builders[i].push(tau, admitted[i], admitted[i], give[i]);
      slopes[i] = give[i];
    }
    if (!(tau < end)) break;
    // The next event: a breakpoint of some arrivals, or a backlog that empties.
    let next = end;
    for (let i = 0; i < n; i++) {
      const R = remaining[i];
      const k = segment[i];
      if (k + 1 < R.t.length && R.t[k + 1] < next) next = R.t[k + 1];
      empties[i] = Infinity;
      if (backlog[i] > margin && give[i] > R.s[k]) {
        empties[i] = tau + backlog[i] / (give[i] - R.s[k]);
        if (empties[i] < next) next = empties[i];
      }
    }
    const dt = next - tau;
    // A backlog that empties at `next` is exactly 0 there (no rounding left to drain in slivers).
    for (let i = 0; i < n; i++) admitted[i] = empties[i] === next ? arrivedAt(i, next) : admitted[i] + give[i] * dt;
    tau = next;
  }
  return builders.map((b) => b.build());
}

/**
 * Max-min fair shares of `capacity` among demands (`out[i]`): each demand in full if they fit,
 * otherwise min(d_i, λ) with Σ min(d_i, λ) = capacity (+∞ demands take what the others leave).
 * @example const out = new Float64Array(3); waterFill(Float64Array.of(1, 5, 9), 9, out); out // [1, 4, 4]
 */
export function waterFill(demands: Float64Array, capacity: number, out: Float64Array): void {
  const n = demands.length;
  let total = 0;
  for (let i = 0; i < n; i++) total += demands[i];
  if (total <= capacity) {
    out.set(demands);
    return;
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => demands[a] - demands[b]);
  let left = capacity;
  let level = 0;
  for (let q = 0; q < n; q++) {
    const d = demands[order[q]];
    const share = left / (n - q);
    if (d >= share) {
      level = share;
      break;
    }
    left -= d;
  }
  for (let i = 0; i < n; i++) out[i] = Math.min(demands[i], level);
}

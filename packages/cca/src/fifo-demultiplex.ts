import { Curve, CurveBuilder, asConstant, close, compose, upperPseudoInverse } from '@ccalc/curves';

/**
 * Flow j's share of the first y bytes of a FIFO aggregate: G_j(y), a curve of y. Where the aggregate
 * Â rises continuously, G_j(y) = Â_j(Â↑(y)) (Theorem 1, exact). Where Â jumps (bytes of several flows
 * arriving at the same instant) the jump is served in proportion to each flow's part of it, so G_j
 * is linear across it. Σ_j G_j(y) = y. G_j is only built for levels from A(from) on (below, it holds
 * its value there) and, when `upTo` is given, up to the first breakpoint above that level (above it
 * G_j is not needed and not exact). One flow's case of {@link fifoShares}.
 * @example fifoShare(fromPackets([1], [3]), fromPackets([1], [4])).at(2) // 1.5: 3/4 of a joint burst
 */
export function fifoShare(perFlow: Curve, aggregate: Curve, from = 0, upTo = Infinity): Curve {
  return fifoShares([perFlow], aggregate, from, upTo)[0];
}

/**
 * Every flow's share G_j (see {@link fifoShare}) in one walk over the aggregate. At each breakpoint
 * time T of Â or of some Â_j, from `from` on, a flow's share gains breakpoints only if Â_j has a
 * breakpoint at T or rises on its segment (and Â has a breakpoint at T); a flow that is flat there is
 * flat in G_j too. So the cost is O(|Â| + M) for M breakpoints of the Â_j in the range (plus sorting
 * their distinct instants), plus the number of (rising flow, Â breakpoint) pairs: with whole packets
 * (flat flows) it does not grow with the number of flows times |Â|, as one walk per flow would.
 * Breakpoints within the tolerance of each other are one instant (as in the aggregate's sum).
 *
 * `ties` says how a jump of Â that several flows make at one instant is served: 'proportional'
 * (each flow's share rises linearly across it, in proportion to its part) or 'in-order' (the flows'
 * parts are queued one after the other in flow order, as packets that arrive together on several
 * ports are; this is what `PathServerModel.packets` prescribes), or a {@link TieKey}: in order, the
 * flows at instant T sorted by `ties(j, T)` (smaller first, then flow order). All keep Σ_j G_j(y) = y.
 * @example fifoShares([A1, A2], add(A1, A2)) // [G1, G2]
 */
export function fifoShares(
  perFlow: readonly Curve[],
  aggregate: Curve,
  from = 0,
  upTo = Infinity,
  ties: Ties = 'proportional',
): Curve[] {
  const A = aggregate;
  const n = perFlow.length;
  const shares = perFlow.map(() => new ShareBuilder());
  const index = perFlow.map((F) => F.indexAt(from));
  // The flows' breakpoints after `from`, up to the first breakpoint of Â whose right limit exceeds
  // upTo (the walk stops there or before).
  let stopAt = Infinity;
  if (upTo < Infinity) {
    for (let i = A.indexAt(from); i < A.t.length; i++) {
      if (A.r[i] > upTo) {
        stopAt = A.t[i];
        break;
      }
    }
  }
  // The flows' breakpoints (time, flow) in time order, flows in order at one time: collected flow
  // by flow, then sorted by time with ties kept in collection order.
  const times: number[] = [];
  const owners: number[] = [];
  perFlow.forEach((F, k) => {
    for (let j = index[k] + 1; j < F.t.length && (F.t[j] <= stopAt || close(F.t[j], stopAt)); j++) {
      times.push(F.t[j]);
      owners.push(k);
    }
  });
  const entries = Array.from(times.keys()).sort((a, b) => times[a] - times[b] || a - b);
  const breakpoints: Breakpoints = { times: entries.map((e) => times[e]), owners: entries.map((e) => owners[e]) };
  // Flows rising on their current segment: they need a breakpoint wherever Â's slope changes.
  const rising = new Set<number>();
  perFlow.forEach((F, k) => {
    if (F.s[index[k]] > 0) rising.add(k);
  });
  // atBreakpoint[k] === round: flow k's current breakpoint belongs to the instant of this round.
  const atBreakpoint = new Array<number>(n).fill(-1);
  let touched: number[] = [];
  perFlow.forEach((F, k) => {
    touched.push(k);
    // A breakpoint within the tolerance of `from` is at its instant, before it as after it (below).
    if (F.t[index[k]] === from || close(F.t[index[k]], from)) atBreakpoint[k] = 0;
  });
  const inOrder = ties !== 'proportional';
  const tieKey = typeof ties === 'function' ? ties : undefined;
  const order = inOrder ? tieOrder(tieKey, n) : undefined;
  let i = A.indexAt(from);
  let q = 0;
  let T = from;
  // Breakpoints within the tolerance after `from` belong to its instant.
  q = takeInstant(breakpoints, q, T, (k) => {
    index[k] += 1;
    atBreakpoint[k] = 0;
    if (perFlow[k].s[index[k]] > 0) rising.add(k);
    else rising.delete(k);
  });
  if (i + 1 < A.t.length && close(A.t[i + 1], T)) i += 1;
  if (order !== undefined && tieKey !== undefined) {
    // Only the flows with a packet at `from` are ordered; the others come after them.
    const jumping = touched.filter((k) => atBreakpoint[k] === 0);
    order(jumping, T);
    touched = jumping.concat(touched.filter((k) => atBreakpoint[k] !== 0));
  }
  for (let round = 0; ; round++) {
    // Â's breakpoint at T (one within the tolerance of T is at T).
    const onA = A.t[i] === T || close(A.t[i], T);
    const l = T === 0 ? 0 : onA ? A.leftLimitAtBreakpoint(i) : A.segmentValue(i, T);
    const v = onA ? A.v[i] : A.segmentValue(i, T);
    const r = onA ? A.r[i] : v;
    const s = A.s[i];
    // In-order ties: the levels of the jumps onto the value and after it taken so far at this instant.
    let queuedOnValue = l;
    let queuedOnRight = v;
    for (const k of touched) {
      const F = perFlow[k];
      const j = index[k];
      const onF = atBreakpoint[k] === round;
      const lj = T === 0 ? 0 : onF ? F.leftLimitAtBreakpoint(j) : F.segmentValue(j, T);
      const vj = onF ? F.v[j] : F.segmentValue(j, T);
      const rj = onF ? F.r[j] : vj;
      const share = shares[k];
      if (inOrder) {
        if (v > l) queuedOnValue = share.inOrderJump(l, v, lj, vj, queuedOnValue);
        if (r > v) queuedOnRight = share.inOrderJump(v, r, vj, rj, queuedOnRight);
      } else {
        if (v > l) share.emit(l, lj, (vj - lj) / (v - l));
        if (r > v) share.emit(v, vj, (rj - vj) / (r - v));
      }
      share.emit(r, rj, s > 0 ? F.s[j] / s : 0);
    }
    const nextA = i + 1 < A.t.length ? A.t[i + 1] : Infinity;
    const nextF = q < breakpoints.times.length ? breakpoints.times[q] : Infinity;
    const next = Math.min(nextA, nextF);
    if (next === Infinity || r > upTo) break;
    T = next;
    if (nextA === T || close(nextA, T)) i += 1;
    touched = [];
    // The flows' breakpoints at T, or within the tolerance of it: one instant.
    q = takeInstant(breakpoints, q, T, (k) => {
      index[k] += 1;
      if (atBreakpoint[k] !== round + 1) touched.push(k);
      atBreakpoint[k] = round + 1;
      if (perFlow[k].s[index[k]] > 0) rising.add(k);
      else rising.delete(k);
    });
    order?.(touched, T);
    if (A.t[i] === T || close(A.t[i], T)) for (const k of rising) if (atBreakpoint[k] !== round + 1) touched.push(k);
  }
  return shares.map((b) => b.build());
}

/** The order of flows whose packets arrive at the same instant T: smaller keys first (keys within the tolerance are equal). */
export type TieKey = (flow: number, T: number) => number;

/** How a joint burst of several flows is served (see {@link fifoShares}): proportionally, or in order (by flow, or by a key). */
export type Ties = 'proportional' | 'in-order' | TieKey;

/** Sorts the flows at an instant in place: by `tieKey` (when given), then by flow index. */
function tieOrder(tieKey: TieKey | undefined, n: number): (flows: number[], T: number) => void {
  if (tieKey === undefined) return (flows) => flows.sort(byIndex);
  const keys = new Float64Array(n);
  const byKey = (x: number, y: number) => compareTies(keys[x], x, keys[y], y);
  return (flows, T) => {
    if (flows.length < 2) return;
    for (const k of flows) keys[k] = tieKey(k, T);
    flows.sort(byKey);
  };
}

/**
 * The order of two flows' packets that arrive at one instant, by tie key then flow (port) order:
 * negative when flow a's goes first. Keys within the curves' tolerance are equal (instants
 * computed along different paths differ by rounding). Both engines order ties by it.
 * @example compareTies(-2e-6, 3, -1e-6, 1) < 0 // the later train start (key −2 µs) goes first
 */
export function compareTies(keyA: number, flowA: number, keyB: number, flowB: number): number {
  return close(keyA, keyB) ? flowA - flowB : keyA - keyB;
}

function byIndex(x: number, y: number): number {
  return x - y;
}

/** The flows' breakpoints in time order: `times[q]` is one of flow `owners[q]`. */
interface Breakpoints {
  times: number[];
  owners: number[];
}

/**
 * Calls `visit` for each flow with a breakpoint at T or within the tolerance of it (entries q,
 * q + 1, …), in time order and flow order at one time; returns the index of the next entry.
 */
function takeInstant(b: Breakpoints, q: number, T: number, visit: (flow: number) => void): number {
  for (; q < b.times.length && (b.times[q] === T || close(b.times[q], T)); q++) visit(b.owners[q]);
  return q;
}

/** One flow's share G_j as levels are walked upwards: a level below the last one adds nothing. */
class ShareBuilder {
  private readonly b = new CurveBuilder();
  private started = false;
  private lastY = -Infinity;

  /** G_j(y) = g, with slope `slope` above y (the first call also holds g below y). */
  emit(y: number, g: number, slope: number): void {
    if (y < this.lastY) return;
    this.b.push(this.started ? y : 0, g, g, slope);
    if (!this.started && y > 0) this.b.push(y, g, g, slope);
    this.started = true;
    this.lastY = y;
  }

  /**
   * Across a jump of Â from level `low` to `high`, where the flow's Â_j goes from g0 to g1, in
   * port order: flat up to `queued` (the levels taken by earlier flows at this instant), then the
   * flow's own part at slope 1. Returns the level queued after it.
   */
  inOrderJump(low: number, high: number, g0: number, g1: number, queued: number): number {
    this.emit(low, g0, 0);
    if (!(g1 > g0)) return queued;
    this.emit(queued, g0, 1);
    const end = Math.min(high, queued + (g1 - g0));
    this.emit(end, g1, 0);
    return end;
  }

  build(): Curve {
    return this.b.build();
  }
}

/**
 * Per-flow departures of a FIFO server (paper §IV-A, Theorem 1): D_j(t) = G_j(D(t)) with G_j the
 * flow's share of the aggregate ({@link fifoShare}). When Â_j is continuous this is exactly
 * Theorem 1's D_j(t) = Â_j(Â↑(D(t))); when flows jump together it serves the joint burst in
 * proportion to each flow's part, which lies between the theorem's bounds and keeps Σ_j D_j = D.
 * Curves in global time, Â and Â_j non-decreasing. `from`: an instant at or before the arrival time
 * of the byte in service at the start of `departures` (only admissions after it are read); `upTo`:
 * the largest departure level needed (only admissions up to it are read); `ties`: how a joint burst
 * is served (see {@link fifoShares}).
 * @example fifoDemultiplex(D, [A1, A2], add(A1, A2)) // [D1, D2]
 */
export function fifoDemultiplex(
  departures: Curve,
  perFlowAdmitted: readonly Curve[],
  aggregateAdmitted: Curve,
  from = 0,
  upTo = Infinity,
  ties: Ties = 'proportional',
): Curve[] {
  // A flow with no bytes among those leaving keeps a constant share: G_j ∘ D is that constant.
  return fifoShares(perFlowAdmitted, aggregateAdmitted, from, upTo, ties).map((share) => (asConstant(share) !== null ? share : compose(share, departures, true)));
}

/**
 * Theorem 1's lower bound D_j(t) ≥ Â_j(Â↑(D(t))) (exact when Â_j is continuous). Kept for
 * comparison with {@link fifoDemultiplex}.
 */
export function fifoLowerBound(departures: Curve, perFlowAdmitted: readonly Curve[], aggregateAdmitted: Curve): Curve[] {
  const head = compose(upperPseudoInverse(aggregateAdmitted), departures);
  return perFlowAdmitted.map((a) => compose(a, head, true));
}

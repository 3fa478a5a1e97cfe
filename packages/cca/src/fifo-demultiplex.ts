import { Curve, CurveBuilder, compose, upperPseudoInverse } from '@ccalc/curves';

/**
 * Flow j's share of the first y bytes of a FIFO aggregate: G_j(y), a curve of y. Where the aggregate
 * Â rises continuously, G_j(y) = Â_j(Â↑(y)) (Theorem 1, exact). Where Â jumps (bytes of several flows
 * arriving at the same instant) the jump is served in proportion to each flow's part of it, so G_j
 * is linear across it. Σ_j G_j(y) = y. Exact, linear in the number of breakpoints after `from`
 * (G_j is only built for levels from A(from) on; below, it holds its value there) and, when `upTo`
 * is given, up to the first breakpoint above that level (above it G_j is not needed and not exact).
 */
export function fifoShare(perFlow: Curve, aggregate: Curve, from = 0, upTo = Infinity): Curve {
  const b = new CurveBuilder();
  const A = aggregate;
  const F = perFlow;
  // Walk the union of breakpoint times of A and F from `from` (levels below A(from) are not needed).
  // At each union time T: A's left limit, value, right limit (ℓ ≤ v ≤ r) and F's (ℓj, vj, rj); then
  // both are affine until the next union time.
  let i = A.indexAt(from);
  let j = F.indexAt(from);
  let T = from;
  let first = true;
  let lastY = -Infinity;
  const emit = (y: number, g: number, slope: number): void => {
    if (y < lastY) return;
    b.push(first ? 0 : y, g, g, slope);
    if (first && y > 0) b.push(y, g, g, slope);
    first = false;
    lastY = y;
  };
  for (;;) {
    const onA = A.t[i] === T;
    const onF = F.t[j] === T;
    const l = T === 0 ? 0 : onA ? A.leftLimitAtBreakpoint(i) : A.segmentValue(i, T);
    const v = onA ? A.v[i] : A.segmentValue(i, T);
    const r = onA ? A.r[i] : v;
    const lj = T === 0 ? 0 : onF ? F.leftLimitAtBreakpoint(j) : F.segmentValue(j, T);
    const vj = onF ? F.v[j] : F.segmentValue(j, T);
    const rj = onF ? F.r[j] : vj;
    if (v > l) emit(l, lj, (vj - lj) / (v - l));
    if (r > v) emit(v, vj, (rj - vj) / (r - v));
    const s = A.s[i];
    emit(r, rj, s > 0 ? F.s[j] / s : 0);
    const nextA = i + 1 < A.t.length ? A.t[i + 1] : Infinity;
    const nextF = j + 1 < F.t.length ? F.t[j + 1] : Infinity;
    const next = Math.min(nextA, nextF);
    if (next === Infinity || r > upTo) break;
    T = next;
    if (nextA === T) i += 1;
    if (nextF === T) j += 1;
  }
  return b.build();
}

/**
 * Per-flow departures of a FIFO server (paper §IV-A, Theorem 1): D_j(t) = G_j(D(t)) with G_j the
 * flow's share of the aggregate ({@link fifoShare}). When Â_j is continuous this is exactly
 * Theorem 1's D_j(t) = Â_j(Â↑(D(t))); when flows jump together it serves the joint burst in
 * proportion to each flow's part, which lies between the theorem's bounds and keeps Σ_j D_j = D.
 * Curves in global time, Â and Â_j non-decreasing. `from`: an instant at or before the arrival time
 * of the byte in service at the start of `departures` (only admissions after it are read); `upTo`:
 * the largest departure level needed (only admissions up to it are read).
 * @example fifoDemultiplex(D, [A1, A2], add(A1, A2)) // [D1, D2]
 */
export function fifoDemultiplex(departures: Curve, perFlowAdmitted: readonly Curve[], aggregateAdmitted: Curve, from = 0, upTo = Infinity): Curve[] {
  return perFlowAdmitted.map((a) => compose(fifoShare(a, aggregateAdmitted, from, upTo), departures, true));
}

/**
 * Theorem 1's lower bound D_j(t) ≥ Â_j(Â↑(D(t))) (exact when Â_j is continuous). Kept for
 * comparison with {@link fifoDemultiplex}.
 */
export function fifoLowerBound(departures: Curve, perFlowAdmitted: readonly Curve[], aggregateAdmitted: Curve): Curve[] {
  const head = compose(upperPseudoInverse(aggregateAdmitted), departures);
  return perFlowAdmitted.map((a) => compose(a, head, true));
}

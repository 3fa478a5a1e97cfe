import type { Curve } from './curve.ts';
import { CurveError } from './errors.ts';

/**
 * The earliest time in [from, to] at which h exceeds `margin`: inf{t ∈ [from, to] | h(t) > margin},
 * or +∞ if there is none. Exact: it is a breakpoint whose value exceeds the margin, a breakpoint
 * after which the right limit does, or the point where a rising segment crosses the margin. Used to
 * locate signal instants (a timeout is the first t with Â(t − τ_o) − D(t − ΔR) > 0).
 * @example firstTimeAbove(subtract(rate(2), constant(3)), 0, 10) // 1.5
 */
export function firstTimeAbove(h: Curve, from: number, to: number, margin = 0): number {
  return firstCrossing(h, from, to, margin, 1, false);
}

/**
 * {@link firstTimeAbove} without h's value at `from` itself: the earliest time in [from, to] at which
 * h exceeds `margin`, counting at `from` only its right limit h(from+). For a decision already taken
 * on that value: a switch that sent a PAUSE at t for the packet arriving then (the backlog's right
 * limit at t) has read the backlog before that packet, and must not send a RESUME at t on it.
 * @example firstTimeAboveAfter(Curve.fromBreakpoints([[0, 0, 0, 0], [1, 5, 0, 0]]), 1, 10, 1) // +∞
 */
export function firstTimeAboveAfter(h: Curve, from: number, to: number, margin = 0): number {
  return firstCrossing(h, from, to, margin, 1, true);
}

/**
 * The earliest time in [from, to] at which h is below `level`: inf{t ∈ [from, to] | h(t) < level},
 * or +∞ if there is none; the mirror of {@link firstTimeAbove}, walking h in place (no curve is
 * built). Used for when a backlog has drained.
 * @example firstTimeBelow(subtract(constant(3), rate(2)), 0, 10, 1) // 1
 */
export function firstTimeBelow(h: Curve, from: number, to: number, level: number): number {
  return firstCrossing(h, from, to, level, -1, false);
}

/** inf{t ∈ [from, to] | sign·h(t) > sign·margin} (sign 1: above, −1: below), or +∞; `afterFrom`: h(from) not counted, only h(from+). */
function firstCrossing(h: Curve, from: number, to: number, margin: number, sign: 1 | -1, afterFrom: boolean): number {
  if (Number.isNaN(from) || Number.isNaN(to)) throw new CurveError('from', from, 'a time range');
  const start = Math.max(0, from);
  if (to < start) return Infinity;
  const m = sign * margin;
  let i = h.indexAt(start);
  // The instant `start` itself (it may fall inside a segment).
  if ((!afterFrom && sign * h.at(start) > m) || sign * h.rightLimit(start) > m) return start;
  for (;;) {
    const t0 = Math.max(h.t[i], start);
    const end = i + 1 < h.t.length ? h.t[i + 1] : Infinity;
    const y0 = sign * (h.t[i] >= start ? h.r[i] : h.segmentValue(i, start));
    if (y0 === Infinity) return t0 <= to ? t0 : Infinity;
    const slope = sign * h.s[i];
    if (slope > 0) {
      const x = t0 + (m - y0) / slope;
      if (x < end) return x <= to ? Math.max(x, t0) : Infinity;
    }
    // Past the last breakpoint (or past `to`) nothing crosses any more.
    if (end > to || i + 1 >= h.t.length) return Infinity;
    i += 1;
    if (sign * h.v[i] > m || sign * h.r[i] > m) return h.t[i];
  }
}

/**
 * The earliest time s in [from, to] at which f(s − df) − g(s − dg) exceeds `margin`, or +∞: the same
 * as firstTimeAbove(subtract(horizontalShift(f, df), horizontalShift(g, dg)), …) but walking both
 * curves in place, without building any curve (curves are 0 before time 0). Used for signal
 * instants such as timeouts, Â(s − τ_o) − D(s − ΔR) > 0, once per window.
 * @example firstTimeAboveShifted(rate(2), 1, rate(1), 0, 0, 10) // 2: 2(s − 1) > s from s = 2
 */
export function firstTimeAboveShifted(f: Curve, df: number, g: Curve, dg: number, from: number, to: number, margin = 0): number {
  if (Number.isNaN(from) || Number.isNaN(to)) throw new CurveError('from', from, 'a time range');
  if (to < from) return Infinity;
  let s = from;
  for (;;) {
    const [fv, fr, fs, fn] = shiftedState(f, df, s);
    const [gv, gr, gs, gn] = shiftedState(g, dg, s);
    if (fv - gv > margin || fr - gr > margin) return s;
    const next = Math.min(fn, gn, Infinity);
    const slope = fs - gs;
    if (slope > 0) {
      const x = s + (margin - (fr - gr)) / slope;
      if (x < next) return x <= to ? Math.max(x, s) : Infinity;
    }
    if (!(next <= to) || next <= s) return Infinity;
    s = next;
  }
}

/** Value, right limit, slope and next breakpoint time of c shifted right by d, at time x (0 before d). */
function shiftedState(c: Curve, d: number, x: number): [number, number, number, number] {
  const u = x - d;
  if (u < 0) return [0, 0, 0, d];
  const k = c.locate(u);
  const i = k >= 0 ? k : -1 - k;
  const v = k >= 0 ? c.v[i] : c.segmentValue(i, u);
  const r = k >= 0 ? c.r[i] : v;
  const next = i + 1 < c.t.length ? c.t[i + 1] + d : Infinity;
  return [v, r, c.r[i] === Infinity ? 0 : c.s[i], next];
}

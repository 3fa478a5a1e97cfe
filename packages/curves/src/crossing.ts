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
  if (Number.isNaN(from) || Number.isNaN(to)) throw new CurveError('from', from, 'a time range');
  const start = Math.max(0, from);
  if (to < start) return Infinity;
  let i = h.indexAt(start);
  // The instant `start` itself (it may fall inside a segment).
  if (h.at(start) > margin || h.rightLimit(start) > margin) return start;
  for (;;) {
    const t0 = Math.max(h.t[i], start);
    const end = i + 1 < h.t.length ? h.t[i + 1] : Infinity;
    const y0 = h.t[i] >= start ? h.r[i] : h.segmentValue(i, start);
    if (y0 === Infinity) return t0 <= to ? t0 : Infinity;
    if (h.s[i] > 0) {
      const x = t0 + (margin - y0) / h.s[i];
      if (x < end) return x <= to ? Math.max(x, t0) : Infinity;
    }
    if (end > to) return Infinity;
    i += 1;
    if (h.v[i] > margin || h.r[i] > margin) return h.t[i];
  }
}

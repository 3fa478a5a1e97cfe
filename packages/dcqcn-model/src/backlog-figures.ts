import { type Curve, EPSILON, close, firstTimeBelow, redundantBreakpoint, sample } from '@ccalc/curves';
import { type EngineResult, type PacketRecord, PacketBacklogWalk } from '@ccalc/cca';

/** The headline figures of a run's backlog (bytes, s): its peak, the first instant it is reached, and when it is back at or below 1 byte after it (null: not by the horizon). */
export interface BacklogPeak {
  peak: number;
  peakAt: number;
  clearsAt: number | null;
}

/** The level below which the backlog counts as cleared (bytes). */
const CLEARED = 1;

/**
 * The largest value of a curve over [0, horizon] and the first instant it is reached, exactly: the
 * supremum is a breakpoint's value, right limit or left limit (the curve is affine between
 * breakpoints), or its value at the horizon.
 * @example peakOf(subtract(step(5, 1), rate(1)), 10) // { peak: 4, at: 1 }
 */
export function peakOf(f: Curve, horizon: number): { peak: number; at: number } {
  // The candidates at breakpoint i in [0, horizon]: its value, its right limit (not at the horizon)
  // and its left limit (the previous segment's end), read in place.
  const best = (i: number): number => bestAt(f.t[i], f.v[i], f.r[i], i > 0 ? f.r[i - 1] + f.s[i - 1] * (f.t[i] - f.t[i - 1]) : -Infinity, horizon);
  let peak = f.at(horizon);
  for (let i = 0; i < f.t.length && f.t[i] <= horizon; i++) {
    const y = best(i);
    if (y > peak) peak = y;
  }
  const reached = reachedLevel(peak);
  for (let i = 0; i < f.t.length && f.t[i] <= horizon; i++) if (best(i) >= reached) return { peak, at: f.t[i] };
  return { peak, at: horizon };
}

/** The largest of a breakpoint's value, right limit (not at the horizon) and left limit. */
function bestAt(t: number, v: number, r: number, left: number, horizon: number): number {
  let y = v;
  if (t < horizon && r > y) y = r;
  if (left > y) y = left;
  return y;
}

/** The first instant a peak counts as reached: values within rounding (1e-12 relative) of it are equal. */
const reachedLevel = (peak: number): number => peak - 1e-12 * Math.max(1, Math.abs(peak));

/** The first instant in [from, horizon] at which f is at or below `level`, exactly; null if none. */
export function firstAtOrBelow(f: Curve, from: number, horizon: number, level: number): number | null {
  const t = firstTimeBelow(f, from, horizon, belowLevel(level));
  return Number.isFinite(t) ? t : null;
}

/** The margin `firstTimeBelow` is given for "at or below level" (1e-9 relative). */
const belowLevel = (level: number): number => level + 1e-9 * Math.max(1, Math.abs(level));

/** Where the search for the backlog's clearing starts after its peak: past the peak's instant, times within 1 ps (the curves' tolerance) being that instant. */
const pastPeak = (peakAt: number): number => peakAt + 2 * EPSILON * Math.max(1, peakAt);

/**
 * A run's backlog at the given times (s, nondecreasing) and its peak figures: `sample(result.backlog,
 * times)`, `peakOf(result.backlog, horizon)`, and the first instant at or below 1 byte after the
 * peak's instant (`firstAtOrBelow` from just past it). The same numbers to the bit, but for the
 * event engine's whole packets read in one walk over the packets (`PacketBacklogWalk`), without
 * building the backlog curve (about 300,000 breakpoints, 10 MB, for the 31-sender incast); from the
 * curve otherwise, or when the walk meets a breakpoint the curve's canonical form would change.
 * @example backlogFigures(runEvents(ns3IncastModel()), [0, 1e-6]).peak
 */
export function backlogFigures(result: EngineResult, times: readonly number[]): BacklogPeak & { samples: number[] } {
  const p = result.packets;
  let figures = p === undefined ? null : packetBacklogFigures(p, result.horizon, times);
  if (figures === null) {
    const backlog = result.backlog;
    figures = { samples: sample(backlog, times), ...curvePeak(backlog, result.horizon) };
  }
  peaks.set(result, { peak: figures.peak, peakAt: figures.peakAt, clearsAt: figures.clearsAt });
  return figures;
}

/** Each result's peak figures, kept from its first reading (the series and the summary both want them). */
const peaks = new WeakMap<EngineResult, BacklogPeak>();

/**
 * A run's backlog peak figures (see {@link backlogFigures}), computed once per result.
 * @example backlogPeak(runEvents(ns3IncastModel())).clearsAt
 */
export function backlogPeak(result: EngineResult): BacklogPeak {
  return peaks.get(result) ?? backlogFigures(result, []);
}

/** The peak figures of a backlog curve (see {@link backlogFigures}). */
export function curvePeak(backlog: Curve, horizon: number): BacklogPeak {
  const { peak, at } = peakOf(backlog, horizon);
  return { peak, peakAt: at, clearsAt: firstAtOrBelow(backlog, pastPeak(at), horizon, CLEARED) };
}

/**
 * {@link backlogFigures} of whole packets, read in a walk over the backlog's breakpoints
 * (`PacketBacklogWalk`): the samples, the peak and the instants that may be the first to reach it;
 * then a second walk, to the first that does and on to the clearing. Null when a breakpoint is not as the curve keeps it (a time within the
 * tolerance of the previous one, or a breakpoint that changes nothing): the curve's figures then.
 * @example packetBacklogFigures(runEvents(ns3IncastModel()).packets!, 31e-3, [0, 1e-6])?.peak
 */
export function packetBacklogFigures(p: PacketRecord, horizon: number, times: readonly number[]): (BacklogPeak & { samples: number[] }) | null {
  // Times out of order (or NaN) are the curve's to read (`sample` reads them one by one, or says which is not a time).
  for (let q = 0; q < times.length; q++) if (!(q === 0 ? !Number.isNaN(times[0]) : times[q] >= times[q - 1])) return null;
  const walk = new PacketBacklogWalk(p.arrivals(), p.starts(), p.size, p.transmission, horizon);
  const samples = new Array<number>(times.length);
  let k = 0;
  // Samples before time 0 are 0.
  while (k < times.length && times[k] < 0) samples[k++] = 0;
  // The previous breakpoint (−∞ before the first).
  let pt = -Infinity;
  let pv = 0;
  let pr = 0;
  let ps = 0;
  let peak = -Infinity;
  // The breakpoints that raised the largest value so far and are within rounding of it, in time
  // order: the first to reach the final peak is among them.
  const candidates: { at: number; best: number }[] = [];
  let atHorizon = Number.NaN;
  for (;;) {
    const { t, v, r, s } = walk;
    if (pt > -Infinity) {
      // A breakpoint the curve would merge with the previous one, or drop.
      if (t <= pt || close(t, pt) || redundantBreakpoint(pt, pr, ps, t, v, r, s)) return null;
      // Samples on the segment after the previous breakpoint.
      for (; k < times.length && times[k] < t; k++) samples[k] = located(pt, pv, pr, ps, t, v, times[k]);
      if (Number.isNaN(atHorizon) && horizon < t) atHorizon = located(pt, pv, pr, ps, t, v, horizon);
    }
    if (t <= horizon) {
      const best = bestAt(t, v, r, pt > -Infinity ? pr + ps * (t - pt) : -Infinity, horizon);
      // A breakpoint at or below the largest so far is never the first to reach the peak: the one
      // that holds the largest is earlier and at least as high.
      if (best > peak) {
        peak = best;
        // Those no longer within rounding of the largest never will be.
        const reached = reachedLevel(peak);
        let kept = 0;
        for (const c of candidates) if (c.best >= reached) candidates[kept++] = c;
        candidates.length = kept;
        candidates.push({ at: t, best });
      }
    }
    pt = t;
    pv = v;
    pr = r;
    ps = s;
    if (!walk.next()) break;
  }
  // After the last breakpoint: its segment goes on.
  for (; k < times.length; k++) samples[k] = located(pt, pv, pr, ps, Infinity, Number.NaN, times[k]);
  if (Number.isNaN(atHorizon)) atHorizon = located(pt, pv, pr, ps, Infinity, Number.NaN, horizon);
  if (atHorizon > peak) peak = atHorizon;
  const reached = reachedLevel(peak);
  const first = candidates.find((c) => c.best >= reached);
  if (first === undefined) return { samples, peak, peakAt: horizon, clearsAt: null };
  // A second walk, to the peak's breakpoint and on until the backlog clears.
  const again = new PacketBacklogWalk(p.arrivals(), p.starts(), p.size, p.transmission, horizon);
  while (again.t < first.at) again.next();
  return { samples, peak, peakAt: first.at, clearsAt: clearingAfter(again, pastPeak(first.at), horizon) };
}

/**
 * A curve's value at x (finite) on the segment after breakpoint (tp, vp, rp, sp), the next
 * breakpoint (tn, vn) after x (+∞ for none), as `Curve.at` reads it (`Curve.locate`): a time within
 * the tolerance of a breakpoint is that breakpoint's instant.
 */
function located(tp: number, vp: number, rp: number, sp: number, tn: number, vn: number, x: number): number {
  if (tp === x || close(tp, x)) return vp;
  return close(tn, x) ? vn : rp + sp * (x - tp);
}

/**
 * `firstAtOrBelow(backlog, from, horizon, 1)` read on a walk standing on the last breakpoint at or
 * before `from` (as `firstTimeBelow` reads the curve: the value and right limit at `from`, then
 * segment by segment the first instant below the level, by division on a falling segment).
 */
function clearingAfter(walk: PacketBacklogWalk, from: number, horizon: number): number | null {
  const level = belowLevel(CLEARED);
  if (horizon < from) return null;
  // The breakpoint the search starts from: the last at or before `from` (Curve.indexAt).
  let t = walk.t;
  let v = walk.v;
  let r = walk.r;
  let s = walk.s;
  let more = walk.next();
  while (more && walk.t <= from) {
    ({ t, v, r, s } = walk);
    more = walk.next();
  }
  // The value and right limit at `from` (Curve.at and Curve.rightLimit).
  const tn = more ? walk.t : Infinity;
  if (located(t, v, r, s, tn, walk.v, from) < level || located(t, r, r, s, tn, walk.r, from) < level) return from;
  for (;;) {
    const t0 = t > from ? t : from;
    const end = more ? walk.t : Infinity;
    const y0 = t >= from ? r : r + s * (from - t);
    if (s < 0) {
      const x = t0 + (level - y0) / s;
      if (x < end) return x <= horizon ? (x > t0 ? x : t0) : null;
    }
    if (end > horizon || !more) return null;
    ({ t, v, r, s } = walk);
    more = walk.next();
    if (v < level || r < level) return t;
  }
}

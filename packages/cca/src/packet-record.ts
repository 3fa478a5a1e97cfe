import { close } from '@ccalc/curves';

/**
 * Whole packets through the path server as the event engine ran them: what a result's `sent`,
 * `delivered`, `departures` and `backlog` curves are built from. Readers that only sample or
 * search those curves (output bins, completion times) read them here in one pass over the
 * packets, with the curves' values, without building curves of a breakpoint or two per packet.
 */
export interface PacketRecord {
  /** Packet size I (bytes). */
  size: number;
  /** Transmission time T = I/C of a packet (s). */
  transmission: number;
  /** Flow j's packets as they reach the server (s, increasing): `sent` is the staircase I·#{arrived}. */
  flowArrivals(j: number): Float64Array;
  /** Flow j's transmission starts (s, increasing): `delivered` rises at I/T while one is transmitted. */
  flowStarts(j: number): Float64Array;
}

/**
 * Adds to `into[k]` the average rate over bin [start + k·w, start + (k+1)·w) of the staircase of
 * packets of I bytes arriving at `times` (s, increasing; those at or after the horizon are not
 * counted), for k = 0 … count − 1: what `averageRates(staircase, start, w, count)` gives, from
 * the staircase's values at the bin edges. The staircase at x holds the packets that arrived
 * before x, a packet within the curves' tolerance of x (1 ps) counting as arriving at x (the
 * value at a jump is the one before it). One walk over the packets and the edges (bytes/s).
 * @example const r = [0]; packetArrivalRates(Float64Array.of(0, 5e-7), 1000, 1, 0, 1e-6, 1, r); r[0] // 2e9
 */
export function packetArrivalRates(times: Float64Array, I: number, horizon: number, start: number, width: number, count: number, into: number[]): void {
  let arrived = 0;
  const at = (x: number): number => {
    if (x < 0) return 0;
    while (arrived < times.length && times[arrived] < x && times[arrived] < horizon && !close(times[arrived], x)) arrived += 1;
    return arrived * I;
  };
  let left = count > 0 ? at(start) : 0;
  for (let k = 0; k < count; k++) {
    const right = at(start + (k + 1) * width);
    into[k] += (right - left) / width;
    left = right;
  }
}

/**
 * The first instant in [0, horizon] at which a flow's delivered bytes exceed `level`, from its
 * transmission starts (s, increasing, packets of I bytes taking T each): what `firstTimeAbove`
 * finds on the `delivered` curve, computed on the same segments (a run of back-to-back packets,
 * one starting within the tolerance of the previous one's end, rises from its start at I/T);
 * +∞ if none.
 * @example transmittedCrossing(Float64Array.of(0, 1e-7), 1000, 8e-8, 1500, 1) // 1.2e-7
 */
export function transmittedCrossing(starts: Float64Array, I: number, T: number, level: number, horizon: number): number {
  if (level < 0) return 0;
  const rate = I / T;
  let runStart = 0;
  let runLevel = 0;
  let bytes = 0;
  let end = -Infinity;
  for (let k = 0; k < starts.length; k++) {
    const s = starts[k];
    if (!(s < horizon)) break;
    if (!close(s, end)) {
      runStart = s;
      runLevel = bytes;
    }
    bytes += I;
    end = s + T;
    // At the end of a run that reaches the level: where its segment crosses it.
    if (bytes >= level && (k + 1 >= starts.length || !(starts[k + 1] < horizon) || !close(starts[k + 1], end))) {
      const x = runStart + (level - runLevel) / rate;
      if (x < end && x < horizon) return Math.max(x, runStart);
      // Not before the run's end (rounding) or the horizon: the breakpoint there, if above the
      // level; a run that ends at the level exactly leaves it to the next run's start.
      if (end >= horizon) return bytes - rate * (end - horizon) > level ? horizon : Infinity;
      if (bytes > level) return end;
    }
  }
  return Infinity;
}

/**
 * A flow's delivered bytes at x (s) from its transmission starts, as the `delivered` curve gives
 * it: I per packet whose transmission has ended, and the one in progress counted at I/T from its
 * run's start; flat from the horizon on.
 * @example transmittedAt(Float64Array.of(0), 1000, 8e-8, 1, 4e-8) // 500
 */
export function transmittedAt(starts: Float64Array, I: number, T: number, horizon: number, x: number): number {
  if (x <= 0) return 0;
  const rate = I / T;
  const y = x < horizon ? x : horizon;
  let runStart = 0;
  let runLevel = 0;
  let bytes = 0;
  let end = -Infinity;
  for (let k = 0; k < starts.length; k++) {
    const s = starts[k];
    if (!(s < horizon) || (s > y && !close(s, y))) break;
    if (!close(s, end)) {
      runStart = s;
      runLevel = bytes;
    }
    bytes += I;
    end = s + T;
  }
  // A run cut by the horizon: the curve holds its value there from then on.
  if (end > horizon && (y === horizon || close(y, horizon))) return bytes - rate * (end - horizon);
  // After the last run (or at its end, within the tolerance): every packet started is delivered.
  if (end <= y || close(end, y)) return bytes;
  // Within a run, as the curve's segment from the run's start gives it (at the run's start itself, its level).
  return close(runStart, y) ? runLevel : runLevel + rate * (y - runStart);
}

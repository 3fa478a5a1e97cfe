import type { Ns3Trace } from './traces/ns3.ts';

/** A model run's binned series (from its series.csv), 1 µs bins starting at 0. */
export interface ModelSeries {
  binStart: Float64Array;
  arrivalGbps: Float64Array;
  departureGbps: Float64Array;
  backlogBytes: Float64Array;
}

/** Error figures of one series against the simulator's. */
export interface SeriesError {
  rmse: number;
  /** RMSE relative to the reference scale (peak for the backlog, the line rate for rates), in %; null for a scale of 0. */
  nrmsePercent: number | null;
  maxError: number;
}

/**
 * RMSE, NRMSE (RMSE / `scale`, in %; null when the scale is not > 0, e.g. a simulator's backlog
 * that stays at 0) and largest error of a model series against the simulator's, sample by sample
 * (both equally sampled; `model.length` samples).
 * @example seriesError([1, 3], [1, 1], 100).nrmsePercent // √2 ≈ 1.414
 */
export function seriesError(model: ArrayLike<number>, sim: ArrayLike<number>, scale: number): SeriesError {
  let sum = 0;
  let maxError = 0;
  for (let k = 0; k < model.length; k++) {
    const d = model[k] - sim[k];
    sum += d * d;
    maxError = Math.max(maxError, Math.abs(d));
  }
  const rmse = Math.sqrt(sum / Math.max(1, model.length));
  return { rmse, nrmsePercent: scale > 0 ? (100 * rmse) / scale : null, maxError };
}

/**
 * Sums consecutive groups of `k` values (1 µs bins → k µs bins) and divides by k (mean rate); an
 * incomplete last group is dropped.
 * @example coarsen([1, 3, 5, 7, 9], 2) // [2, 6]
 */
export function coarsen(x: ArrayLike<number>, k: number): number[] {
  const out: number[] = [];
  for (let i = 0; i + k <= x.length; i += k) {
    let s = 0;
    for (let j = 0; j < k; j++) s += x[i + j];
    out.push(s / k);
  }
  return out;
}

/** The lag (µs, within ±maxLag) that maximises the correlation of two equally sampled series. */
function crossCorrelationLag(a: ArrayLike<number>, b: ArrayLike<number>, maxLag: number): number {
  let best = 0;
  let bestScore = -Infinity;
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    let s = 0;
    for (let i = Math.max(0, -lag); i < a.length && i + lag < b.length; i++) s += a[i] * b[i + lag];
    if (s > bestScore) {
      bestScore = s;
      best = lag;
    }
  }
  return best;
}

function firstClear(backlog: ArrayLike<number>, from: number, threshold: number): number | null {
  for (let k = from; k < backlog.length; k++) if (backlog[k] <= threshold) return k;
  return null;
}

/**
 * Compares a model run with a simulator trace over their common span (1 µs bins): backlog RMSE,
 * NRMSE (% of the simulator's peak) and maximum error; peak value and time errors; when the backlog
 * first clears after the peak; aggregate arrival and departure rates over 10 µs bins (NRMSE in % of
 * the line rate); and the cross-correlation lag of the backlogs. Times in µs, bytes, Gb/s.
 */
export function compareWithTrace(model: ModelSeries, trace: Ns3Trace, lineRateGbps = 100): Record<string, unknown> {
  const n = Math.min(model.backlogBytes.length, trace.backlog.bytes.length, trace.bins.arrivalBytes.length);
  const mB = model.backlogBytes.subarray(0, n);
  const sB = trace.backlog.bytes.subarray(0, n);
  const peak = (x: ArrayLike<number>): { value: number; at: number } => {
    let value = -Infinity;
    let at = 0;
    for (let k = 0; k < x.length; k++) if (x[k] > value) [value, at] = [x[k], k];
    return { value, at };
  };
  const pm = peak(mB);
  const ps = peak(sB);
  const clearModel = firstClear(mB, pm.at, 1048);
  const clearSim = firstClear(sB, ps.at, 0);
  const width = trace.bins.binWidth;
  const toGbps = (bytes: number): number => (bytes * 8) / width / 1e9;
  const simArrival = Array.from(trace.bins.arrivalBytes.subarray(0, n), toGbps);
  const simDeparture = Array.from(trace.bins.departureBytes.subarray(0, n), toGbps);
  return {
    span_us: n,
    backlog: {
      ...seriesError(mB, sB, ps.value),
      peak_bytes: { model: pm.value, simulator: ps.value, error_percent: ps.value > 0 ? (100 * (pm.value - ps.value)) / ps.value : null },
      peak_time_us: { model: pm.at, simulator: ps.at, error: pm.at - ps.at },
      clears_at_us: { model: clearModel, simulator: clearSim, error_percent: clearModel !== null && clearSim !== null ? (100 * (clearModel - clearSim)) / clearSim : null },
      cross_correlation_lag_us: crossCorrelationLag(mB, sB, 50),
    },
    // Under 10 µs in common there is no whole bin, and nothing to compare (null, not an error of 0).
    arrival_rate_10us: n < 10 ? null : seriesError(coarsen(model.arrivalGbps.subarray(0, n), 10), coarsen(simArrival, 10), lineRateGbps),
    // A generic trace may have no departure rate (NaN): then there is nothing to compare.
    departure_rate_10us: n < 10 || simDeparture.every(Number.isNaN) ? null : seriesError(coarsen(model.departureGbps.subarray(0, n), 10), coarsen(simDeparture, 10), lineRateGbps),
  };
}

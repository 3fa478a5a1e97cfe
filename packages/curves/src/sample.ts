import { close } from './tolerance.ts';
import type { Curve } from './curve.ts';
import { CurveError, requireFinite } from './errors.ts';

/**
 * Values f(t) at the given times (any order; a sorted list is walked in linear time).
 * Sampling is for output only (plots, CSV); the algebra itself never samples.
 * @example sample(rate(2), [0, 1, 2]) // [0, 2, 4]
 */
export function sample(f: Curve, times: readonly number[]): number[] {
  const out = new Array<number>(times.length);
  let i = 0;
  let previous = -Infinity;
  for (let k = 0; k < times.length; k++) {
    const x = times[k];
    if (typeof x !== 'number' || Number.isNaN(x)) throw new CurveError(`times[${k}]`, x, 'a time');
    if (x < previous) return times.map((y) => f.at(y));
    previous = x;
    if (x < 0) {
      out[k] = 0;
      continue;
    }
    while (i + 1 < f.t.length && f.t[i + 1] <= x) i += 1;
    // As f.at(x), from the segment the walk is on (no search): a time within the tolerance of a
    // breakpoint is that breakpoint's instant.
    if (f.t[i] === x || close(f.t[i], x)) out[k] = f.v[i];
    else if (i + 1 < f.t.length && close(f.t[i + 1], x)) out[k] = f.v[i + 1];
    else out[k] = x === Infinity ? f.at(x) : f.segmentValue(i, x);
  }
  return out;
}

/**
 * Evenly spaced times start, start + step, … up to and including `end` (within rounding).
 * @example grid(0, 1e-6, 2.5e-7) // [0, 2.5e-7, 5e-7, 7.5e-7, 1e-6]
 */
export function grid(start: number, end: number, step: number): number[] {
  requireFinite('start', start);
  requireFinite('end', end);
  if (!(step > 0) || !Number.isFinite(step)) throw new CurveError('step', step, 'a finite step > 0');
  const n = Math.floor((end - start) / step + 1e-9);
  if (n < 0) throw new CurveError('end', end, `a time ≥ start = ${start}`);
  return Array.from({ length: n + 1 }, (_, k) => start + k * step);
}

/**
 * Average rate of a cumulative function over consecutive bins [start + k·w, start + (k+1)·w):
 * (f(start + (k+1)·w) − f(start + k·w)) / w, for k = 0 … count − 1. For a left-continuous
 * cumulative arrival function this is exactly the traffic in each bin divided by its width
 * (bytes/s), which is how the paper and the simulator traces bin rates.
 * @example averageRates(rate(5), 0, 1, 3) // [5, 5, 5]
 */
export function averageRates(f: Curve, start: number, width: number, count: number): number[] {
  requireFinite('start', start);
  if (!(width > 0) || !Number.isFinite(width)) throw new CurveError('width', width, 'a finite bin width > 0');
  if (!Number.isInteger(count) || count < 0) throw new CurveError('count', count, 'a whole number ≥ 0');
  // f at the bin edges start + k·width, increasing: one walk, as `sample` does it (and with its
  // values), without building the list of edges. Output sampling of every flow of a run bins tens
  // of thousands of edges per curve.
  const { t, v } = f;
  const n = t.length;
  let i = 0;
  const at = (x: number): number => {
    if (x < 0) return 0;
    while (i + 1 < n && t[i + 1] <= x) i += 1;
    if (t[i] === x || close(t[i], x)) return v[i];
    if (i + 1 < n && close(t[i + 1], x)) return v[i + 1];
    return x === Infinity ? f.at(x) : f.segmentValue(i, x);
  };
  const out = new Array<number>(count);
  let left = count > 0 ? at(start) : 0;
  for (let k = 0; k < count; k++) {
    const right = at(start + (k + 1) * width);
    out[k] = (right - left) / width;
    left = right;
  }
  return out;
}

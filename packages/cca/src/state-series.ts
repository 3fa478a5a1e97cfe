import type { StepSeries } from './results.ts';

/**
 * Appends a CCA's described state (`describe(state)`, e.g. {rate, alpha}) at time t (s) to its step
 * series, one per quantity: a value changed at t is appended, a second value at the same instant
 * replaces the first, an unchanged value adds nothing. Both engines record through it.
 * @example const s = {}; recordState(s, { rate: 1 }, 0); recordState(s, { rate: 2 }, 1e-6); s.rate // { time: [0, 1e-6], value: [1, 2] }
 */
export function recordState(series: Record<string, StepSeries>, described: Record<string, number>, t: number): void {
  for (const key in described) {
    const value = described[key];
    const s = (series[key] ??= { time: [], value: [] });
    if (s.time.length > 0 && s.time[s.time.length - 1] === t) s.value[s.value.length - 1] = value;
    else if (s.value.length === 0 || s.value[s.value.length - 1] !== value) {
      s.time.push(t);
      s.value.push(value);
    }
  }
}

import type { EngineResult } from '../results.ts';
import { flowCompletionTimes } from '../completion-times.ts';

/** A Vega-Lite specification (JSON). */
export type Spec = Record<string, unknown>;

/** What every chart shares: the schema, the page's width, the font, legends below in rows. */
export const BASE = {
  $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
  width: 560,
  height: 300,
  config: { font: 'DejaVu Sans', legend: { orient: 'bottom', direction: 'horizontal', labelLimit: 0, columns: 8, symbolLimit: 0 } },
};

/**
 * A parameter that zooms and pans a chart's scales with the mouse (drag, wheel; double click
 * resets) in the HTML page; static renders (PNG, SVG) ignore it.
 */
export const ZOOM = { name: 'zoom', select: 'interval', bind: 'scales' };

/** ZOOM along the time axis only (for charts whose other axis is a list of senders). */
export const TIME_ZOOM = { name: 'zoom', select: { type: 'interval', encodings: ['x'] }, bind: 'scales' };

/**
 * The end of a run's active period (s): when the last flow completed, plus 5 % for a margin, if
 * every flow completed before the horizon; else the horizon. Charts start there by default so that
 * the dead time of an until-complete run does not squeeze the episode into the left edge.
 * @example activeEnd(result) // 0.0324 for a run whose last flow completes at 30.87 ms of 60
 */
export function activeEnd(result: EngineResult): number {
  const done = flowCompletionTimes(result);
  if (done.length === 0 || done.some((t) => t === null)) return result.horizon;
  const last = Math.max(...(done as number[]));
  return Math.min(result.horizon, last * 1.05);
}

/** Natural order of flow names: the order of the flows (s0, s1, s2, …, s10), not sorted as text. */
export function flowOrder(result: EngineResult): string[] {
  return result.flows.map((f) => f.name);
}

/**
 * The unit of a byte axis, chosen once for a chart from the largest value: MB from 1 MB up, else kB.
 * @example byteUnit(3e7) // { name: 'MB', scale: 1e-6 }
 */
export function byteUnit(largest: number): { name: 'MB' | 'kB'; scale: number } {
  return largest >= 1e6 ? { name: 'MB', scale: 1e-6 } : { name: 'kB', scale: 1e-3 };
}

/** A time axis in ms over exactly [0, end] (s): no rounding out to a "nice" 34 ms for a 31 ms run. */
export function timeAxis(end: number, field = 't'): Record<string, unknown> {
  return { field, type: 'quantitative', title: 'time (ms)', scale: { domain: [0, Math.round(end * 1e9) / 1e6], nice: false } };
}

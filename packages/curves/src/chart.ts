import type { Curve } from './curve.ts';
import { polyline } from './polyline.ts';

/** One curve to draw, with its legend label. */
export interface ChartSeries {
  label: string;
  curve: Curve;
}

export interface ChartOptions {
  /** Draw [0, end] (in the curve's time unit, usually seconds). */
  end: number;
  title?: string;
  /** Axis titles, with units, e.g. "time (µs)". */
  xTitle?: string;
  yTitle?: string;
  /** Multiply times / values by these before drawing (e.g. 1e6 for µs, 1e-6 for MB). */
  xScale?: number;
  yScale?: number;
  width?: number;
  height?: number;
}

/**
 * A Vega-Lite (v6) specification drawing curves exactly (via {@link polyline}: jumps are vertical
 * strokes, nothing is sampled), one colour per series with a legend. Plain JSON, browser-safe:
 * render it with vega-embed in a notebook or with `@ccalc/dcqcn-model/render` in node.
 * @example curveChart([{ label: 'λ_2', curve: rate(2) }], { end: 3, xTitle: 't (s)', yTitle: 'bytes' })
 */
export function curveChart(series: readonly ChartSeries[], options: ChartOptions): Record<string, unknown> {
  const xs = options.xScale ?? 1;
  const ys = options.yScale ?? 1;
  const values: { series: string; run: number; order: number; t: number; y: number }[] = [];
  series.forEach(({ label, curve }) => {
    let order = 0;
    polyline(curve, options.end).forEach((run, k) => {
      for (const p of run) values.push({ series: label, run: k, order: order++, t: p.t * xs, y: p.y * ys });
    });
  });
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    ...(options.title === undefined ? {} : { title: options.title }),
    width: options.width ?? 560,
    height: options.height ?? 300,
    data: { values },
    mark: { type: 'line', strokeWidth: 2 },
    encoding: {
      x: { field: 't', type: 'quantitative', title: options.xTitle ?? 'time' },
      y: { field: 'y', type: 'quantitative', title: options.yTitle ?? 'value' },
      color: { field: 'series', type: 'nominal', title: null, sort: series.map((s) => s.label) },
      detail: { field: 'run', type: 'nominal' },
      order: { field: 'order', type: 'quantitative' },
    },
    config: { font: 'DejaVu Sans', legend: { orient: 'bottom', direction: 'horizontal', labelLimit: 0, columns: 3 } },
  };
}

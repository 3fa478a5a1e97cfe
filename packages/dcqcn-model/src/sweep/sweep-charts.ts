/**
 * Charts of a sweep's results (Vega-Lite specs), from rows of a query (`querySweep`). Browser-safe:
 * the notebooks draw them in Jupyter and in Observable.
 */

type Spec = Record<string, unknown>;

/** How a figure against a parameter is drawn: which columns, their titles, and the scales. */
export interface SweepChartOptions {
  /** Columns of the rows: x, y, one line per value of `series`, one panel per value of `panel`. */
  x: string;
  y: string;
  series: string;
  panel?: string;
  title: string;
  xTitle: string;
  yTitle: string;
  seriesTitle: string;
  panelTitle?: string;
  /** Log scales (where the values span decades, such as sender counts). */
  xLog?: boolean;
  yLog?: boolean;
}

/**
 * One figure of a sweep against one parameter: a line per value of another (in its numeric order,
 * an ordinal colour scale), a panel per value of a third; each point of the sweep is a dot, rows
 * with a null figure (a failed point) are left out.
 * @example sweepChart(rows, { x: 'senders', y: 'pauses', series: 'kmax_kB', panel: 'pmax', title: 'PFC pauses', xTitle: 'senders', yTitle: 'PAUSE frames', seriesTitle: 'K_max (kB)', xLog: true })
 */
export function sweepChart(rows: readonly Record<string, unknown>[], o: SweepChartOptions): Spec {
  const values = rows.filter((r) => typeof r[o.x] === 'number' && typeof r[o.y] === 'number');
  const order = [...new Set(values.map((r) => r[o.series]))].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en', { numeric: true })));
  const scale = (log: boolean | undefined) => (log ? { type: 'log', nice: false, padding: 12 } : { zero: false, padding: 12 });
  const spec: Spec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: o.title,
    data: { values },
    config: { font: 'DejaVu Sans', legend: { orient: 'bottom', direction: 'horizontal', labelLimit: 0 } },
    width: o.panel === undefined ? 520 : 260,
    height: 240,
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: o.x, type: 'quantitative', title: o.xTitle, scale: scale(o.xLog) },
      y: { field: o.y, type: 'quantitative', title: o.yTitle, scale: scale(o.yLog) },
      color: { field: o.series, type: 'ordinal', title: o.seriesTitle, sort: order, scale: { scheme: 'viridis' } },
      ...(o.panel === undefined ? {} : { column: { field: o.panel, type: 'ordinal', title: o.panelTitle ?? o.panel } }),
      tooltip: [o.x, o.y, o.series, ...(o.panel === undefined ? [] : [o.panel])].map((field) => ({ field, type: typeof values[0]?.[field] === 'number' ? 'quantitative' : 'nominal' })),
    },
  };
  return spec;
}

import { averageRates, polyline, polylineEnvelope, vertexEnvelope, type Curve, type Vertex } from '@ccalc/curves';
import type { EngineResult, StepSeries } from './results.ts';
import { BASE, ZOOM, activeEnd, timeAxis, type Spec } from './charts/chart-spec.ts';
import { flowCompletionTimes } from './completion-times.ts';

/** The exact staircase of a step series on [0, end] as (t, value) vertices (a step that keeps the value adds none). */
function stairs(s: StepSeries, end: number): { t: number; y: number }[] {
  const out: { t: number; y: number }[] = [];
  s.time.forEach((t, k) => {
    if (t > end || (k > 0 && s.value[k] === s.value[k - 1])) return;
    if (k > 0) out.push({ t, y: s.value[k - 1] });
    out.push({ t, y: s.value[k] });
  });
  if (s.value.length > 0) out.push({ t: end, y: s.value[s.value.length - 1] });
  return out;
}

/**
 * Lines over time (ms), one colour per `series`; points of one line share `series` and `run` and are
 * joined in `order` (a curve with jumps is drawn as several runs).
 */
function timeLinesChart(values: { series: string; run: number; order: number; t: number; y: number }[], title: string, yTitle: string): Spec {
  return {
    ...BASE,
    title,
    data: { values },
    mark: { type: 'line', strokeWidth: 1.5 },
    encoding: {
      x: { field: 't', type: 'quantitative', title: 'time (ms)' },
      y: { field: 'y', type: 'quantitative', title: yTitle },
      // Legend in the order the series come (flow order: s0, s1, s2, …, s10), not sorted as text.
      color: { field: 'series', type: 'nominal', title: null, sort: [...new Set(values.map((v) => v.series))] },
      detail: { field: 'run', type: 'nominal' },
      order: { field: 'order', type: 'quantitative' },
    },
  };
}

/** Beyond this many flows, state charts draw the spread across flows instead of a line each. */
const MAX_LINES = 64;

/**
 * A chart of one described CCA quantity of every flow over the active period (`activeEnd`), each
 * flow's line ending when the flow completed (its state means nothing after that). Up to 64 flows, a
 * line each, drawn exactly as steps; a flow with more than `maxPoints` vertices is drawn by its
 * minimum and maximum in each of maxPoints/2 time columns (display only, as in curvesChart). Beyond
 * 64 flows, the least, median and largest value across the flows still running, per column. Rates
 * go on a log axis when they span more than a factor of 50.
 */
function stateChart(result: EngineResult, key: string, scale: number, yTitle: string, title: string, maxPoints = 1200): Spec {
  const end = activeEnd(result);
  const done = flowCompletionTimes(result);
  const series = result.flows.map((f, j) => stairs(f.state[key] ?? { time: [], value: [] }, Math.min(end, done[j] ?? end)));
  let least = Infinity;
  let largest = 0;
  for (const s of series) for (const p of s) if (p.y > 0) (least = Math.min(least, p.y)), (largest = Math.max(largest, p.y));
  const log = key === 'rate' && least * 50 < largest; // windows stay linear, as the paper draws them
  const yScale = log ? { type: 'log' } : {};
  if (result.flows.length > MAX_LINES) return spreadChart(series, end, scale, yTitle, title, yScale);
  const values = result.flows.flatMap((f, j) => {
    const points = series[j].filter((p) => !log || p.y > 0);
    const drawn = points.length <= maxPoints ? points : vertexEnvelope(points, end, Math.floor(maxPoints / 2));
    return drawn.map((p, order) => ({ series: f.name, run: 0, order, t: p.t * 1e3, y: p.y * scale }));
  });
  const chart = timeLinesChart(values, title, yTitle);
  const encoding = chart.encoding as Record<string, Record<string, unknown>>;
  return { ...chart, params: [ZOOM], encoding: { ...encoding, x: timeAxis(end), y: { ...encoding.y, scale: yScale } } };
}

/** The least, median and largest of the flows' step series in each of 560 columns (at each column's middle), over the flows whose series covers it. */
function spreadChart(series: { t: number; y: number }[][], end: number, scale: number, yTitle: string, title: string, yScale: Record<string, unknown>): Spec {
  const columns = 560;
  const at = (k: number): number => ((k + 0.5) * end) / columns;
  const cursors = series.map(() => 0);
  const values = Array.from({ length: columns }, (_, k) => {
    const t = at(k);
    const ys: number[] = [];
    series.forEach((s, j) => {
      if (s.length === 0 || t > s[s.length - 1].t) return;
      while (cursors[j] + 1 < s.length && s[cursors[j] + 1].t <= t) cursors[j]++;
      ys.push(s[cursors[j]].y * scale);
    });
    if (ys.length === 0) return null;
    ys.sort((a, b) => a - b);
    const h = (ys.length - 1) / 2;
    return { t: t * 1e3, min: ys[0], median: (ys[Math.floor(h)] + ys[Math.ceil(h)]) / 2, max: ys[ys.length - 1], running: ys.length };
  }).filter((v) => v !== null);
  const x = timeAxis(end);
  return {
    ...BASE,
    title: { text: title, subtitle: `band: the least to the largest of the ${series.length} flows still running; line: the median` },
    data: { values },
    layer: [
      { params: [ZOOM], mark: { type: 'area', opacity: 0.3, color: '#1f5fa8' }, encoding: { x, y: { field: 'min', type: 'quantitative', title: yTitle, scale: yScale }, y2: { field: 'max' }, tooltip: [{ field: 't', title: 'ms' }, { field: 'min' }, { field: 'median' }, { field: 'max' }, { field: 'running' }] } },
      { mark: { type: 'line', color: '#1f5fa8', strokeWidth: 1.5 }, encoding: { x, y: { field: 'median', type: 'quantitative', scale: yScale } } },
    ],
  };
}

/**
 * Vega-Lite spec: each flow's CCA rate over time (Gb/s vs ms), drawn exactly as steps — the paper's
 * Fig. 6a for AIMD — until the flow completes, on a log axis when rates span more than a factor of
 * 50. A flow with more than 1,200 vertices is drawn by its lowest and highest rate in each of 600
 * time columns (about a pixel each), which looks the same and keeps the page small; beyond 64 flows,
 * the spread across the flows (stateChart).
 * @example rateChart(result)
 */
export function rateChart(result: EngineResult, title = 'Rates of the flows'): Spec {
  return stateChart(result, 'rate', 8 / 1e9, 'rate (Gb/s)', title);
}

/**
 * Vega-Lite spec: the vector (rate of flow a, rate of flow b) over time, with the fairness line
 * (equal rates) and the efficiency line (rates summing to the capacity C, in bytes/s) — the paper's
 * Fig. 6b after Chiu & Jain. Points are coloured by time.
 * @example vectorChart(result, 0, 1, 12.5e9)
 */
export function vectorChart(result: EngineResult, a: number, b: number, capacity: number, title = 'Convergence to fairness and efficiency'): Spec {
  const ra = result.flows[a].state.rate;
  const rb = result.flows[b].state.rate;
  const times = [...new Set([...ra.time, ...rb.time])].sort((x, y) => x - y);
  // The value of a step series at increasing times: one cursor per series, linear in all.
  const stepper = (s: StepSeries): ((t: number) => number) => {
    let k = 0;
    return (t) => {
      while (k + 1 < s.time.length && s.time[k + 1] <= t) k++;
      return s.value[k];
    };
  };
  const atA = stepper(ra);
  const atB = stepper(rb);
  const g = (x: number): number => (x * 8) / 1e9;
  const path = times.map((t, order) => ({ order, t: t * 1e3, x: g(atA(t)), y: g(atB(t)) }));
  const c = g(capacity);
  return {
    ...BASE,
    width: 420,
    height: 420,
    title,
    layer: [
      {
        data: { values: [{ x: 0, y: 0, line: 'fairness: equal rates' }, { x: c, y: c, line: 'fairness: equal rates' }, { x: 0, y: c, line: 'efficiency: sum = C' }, { x: c, y: 0, line: 'efficiency: sum = C' }] },
        mark: { type: 'line', strokeDash: [6, 4] },
        encoding: {
          x: { field: 'x', type: 'quantitative', title: `${result.flows[a].name} rate (Gb/s)` },
          y: { field: 'y', type: 'quantitative', title: `${result.flows[b].name} rate (Gb/s)` },
          color: { field: 'line', type: 'nominal', title: null, scale: { range: ['#e6a700', '#7b3fbf'] } },
        },
      },
      {
        data: { values: path },
        mark: { type: 'trail' },
        encoding: {
          x: { field: 'x', type: 'quantitative' },
          y: { field: 'y', type: 'quantitative' },
          order: { field: 'order', type: 'quantitative' },
          size: { value: 1.5 },
          color: { value: '#1f77b4' },
        },
      },
      {
        data: { values: path.length > 0 ? [path[0]] : [] },
        mark: { type: 'point', filled: true, size: 80, color: '#d62728' },
        encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' } },
      },
    ],
    resolve: { scale: { color: 'independent' } },
  };
}

/**
 * Vega-Lite spec: a window-based CCA's congestion window over time (kB vs ms) — the paper's Fig. 3
 * (thinned to 600 columns as rateChart beyond 1,200 vertices per flow).
 * @example windowChart(result)
 */
export function windowChart(result: EngineResult, title = 'Congestion window'): Spec {
  return stateChart(result, 'window', 1e-3, 'congestion window (kB)', title);
}

/**
 * Vega-Lite spec: one or more curves of bytes over time (kB vs ms), drawn exactly (every vertex,
 * jumps included) — e.g. the path server's backlog Â − D, the paper's Fig. 4. A curve with more
 * than `maxPoints` vertices (a packet-level staircase) is drawn by its minimum and maximum in each
 * of maxPoints/2 time columns instead, which looks the same at any screen size and keeps the page
 * small; this is display only.
 * @example curvesChart([{ label: 'backlog', curve: result.backlog }], result.horizon, 'Backlog')
 */
export function curvesChart(series: { label: string; curve: Curve }[], end: number, title: string, yTitle = 'backlog (kB)', maxPoints = 6000): Spec {
  const values = series.flatMap(({ label, curve }) => {
    const drawn = drawnRuns(curve, end, maxPoints);
    let order = 0;
    // kB to the milli-byte: float residue such as −1e−9 B would stretch the axis below zero.
    return drawn.flatMap((run, k) => run.map((p) => ({ series: label, run: k, order: order++, t: p.t * 1e3, y: Math.round(p.y * 1e3) / 1e6 + 0 })));
  });
  return timeLinesChart(values, title, yTitle);
}

/**
 * The vertices to draw of a curve on [0, end]: its exact polyline (several runs where it is +∞) if
 * that has at most `maxPoints` vertices, else the lowest and highest vertex in each of maxPoints/2
 * time columns (polylineEnvelope), which looks the same at any screen size (display only).
 */
export function drawnRuns(curve: Curve, end: number, maxPoints: number): Vertex[][] {
  // Each breakpoint drawn gives at least one vertex: past maxPoints of them, go to the envelope
  // without building the polyline (a packet-level backlog has hundreds of thousands).
  const runs = drawnBreakpoints(curve, end) > maxPoints ? null : polyline(curve, end);
  const count = runs === null ? Infinity : runs.reduce((n, r) => n + r.length, 0);
  return runs !== null && count <= maxPoints ? runs : [polylineEnvelope(curve, end, Math.floor(maxPoints / 2))];
}

/** How many of f's breakpoints lie in [0, end]. */
function drawnBreakpoints(f: Curve, end: number): number {
  let lo = 0;
  let hi = f.t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (f.t[mid] <= end) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Vega-Lite spec: the aggregate traffic rate into the path server (the bytes the senders put on the
 * wire, Σ sent_j, retransmissions included, averaged over bins of `bin` seconds, in Gb/s) of several
 * runs over [0, end] — the paper's Figs. 7a–10a, which compare configurations (PFC only, DCQCN,
 * DCQCN without PFC). Binning is for display only.
 * @example aggregateRateChart([{ label: 'DCQCN', result }], 400e-6, 1e-6, 'Aggregate rate')
 */
export function aggregateRateChart(runs: { label: string; result: EngineResult }[], end: number, bin: number, title: string): Spec {
  const count = Math.max(1, Math.floor(end / bin + 1e-9));
  const values = runs.flatMap(({ label, result }) => {
    const perFlow = result.flows.map((f) => averageRates(f.sent, 0, bin, count));
    return Array.from({ length: count }, (_, k) => ({ series: label, run: 0, order: k, t: (k + 0.5) * bin * 1e3, y: (perFlow.reduce((sum, r) => sum + r[k], 0) * 8) / 1e9 }));
  });
  return timeLinesChart(values, title, `aggregate rate (Gb/s, ${bin * 1e6} µs bins)`);
}

/**
 * Vega-Lite spec: series given as samples (times in s, values already in the unit of `yTitle`),
 * drawn as lines over time (ms) on [0, end] — for measured data such as a simulator's trace.
 * @example sampledChart([{ label: 'ns-3', times: [0, 1e-6], values: [0, 5] }], 1e-6, 'Backlog', 'backlog (MB)')
 */
export function sampledChart(series: { label: string; times: ArrayLike<number>; values: ArrayLike<number> }[], end: number, title: string, yTitle: string): Spec {
  const values = series.flatMap(({ label, times, values: ys }) => {
    const out: { series: string; run: number; order: number; t: number; y: number }[] = [];
    for (let k = 0; k < times.length && times[k] <= end; k++) out.push({ series: label, run: 0, order: k, t: times[k] * 1e3, y: ys[k] });
    return out;
  });
  return timeLinesChart(values, title, yTitle);
}

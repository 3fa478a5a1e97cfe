import { averageRates } from '@ccalc/curves';
import type { EngineResult } from '../results.ts';
import { BASE, TIME_ZOOM, ZOOM, activeEnd, flowOrder, timeAxis, type Spec } from './chart-spec.ts';

/** Time bins of the throughput charts over the active period. */
const BINS = 200;
/** Up to this many senders, one heatmap row each; beyond, rows are groups of consecutive senders. */
const MAX_ROWS = 64;

/**
 * What each sender put on the wire, in Gb/s averaged over `bins` equal time bins of [0, end] (the
 * `sent` curves: whole packets as they reach the switch, retransmissions included): per flow, per bin.
 * @example sentRates(result, 1e-3, 10)[0] // sender 0's ten 100 µs averages
 */
export function sentRates(result: EngineResult, end: number, bins: number): number[][] {
  const width = end / bins;
  return result.flows.map((f) => averageRates(f.sent, 0, width, bins).map((r) => (r * 8) / 1e9));
}

/**
 * Vega-Lite spec: each sender's throughput over time as a heatmap (sender × time, colour = Gb/s
 * actually sent, averaged over 200 bins of the active period). With more than 64 senders, each row
 * is a group of consecutive senders and its colour their mean, so the chart stays readable for
 * thousands; rows keep the senders' order.
 * @example throughputHeatmap(result, 'ns3-31-dcqcn: throughput per sender')
 */
export function throughputHeatmap(result: EngineResult, title = 'Throughput per sender', end = activeEnd(result)): Spec {
  const rates = sentRates(result, end, BINS);
  const n = rates.length;
  const group = Math.ceil(n / MAX_ROWS);
  const names = flowOrder(result);
  const rows: string[] = [];
  const values: { sender: string; t0: number; t1: number; gbps: number }[] = [];
  for (let first = 0; first < n; first += group) {
    const last = Math.min(n, first + group) - 1;
    const row = first === last ? names[first] : `${names[first]}–${names[last]}`;
    rows.push(row);
    for (let k = 0; k < BINS; k++) {
      let sum = 0;
      for (let j = first; j <= last; j++) sum += rates[j][k];
      // Each cell reaches a quarter into the next one, which covers it: no hairline gaps where
      // the renderer rounds cell edges (display only; the tooltip gives the bin).
      values.push({ sender: row, t0: ((k * end) / BINS) * 1e3, t1: Math.min(end, ((k + 1.25) * end) / BINS) * 1e3, gbps: Math.round((sum / (last - first + 1)) * 1e6) / 1e6 });
    }
  }
  const largest = values.reduce((m, v) => Math.max(m, v.gbps), 0);
  return {
    ...BASE,
    height: Math.max(120, Math.min(600, 10 * rows.length)),
    title,
    data: { values },
    params: [TIME_ZOOM],
    mark: { type: 'rect' },
    encoding: {
      x: timeAxis(end, 't0'),
      x2: { field: 't1' },
      y: { field: 'sender', type: 'ordinal', sort: rows, title: group === 1 ? 'sender' : `senders (groups of ${group})`, scale: { paddingInner: 0 }, axis: rows.length > 40 ? { labelOverlap: true } : {} },
      // A symmetric log scale, linear below 10 Mb/s: the few bins at line rate do not wash out the
      // Gb/s of the rest, and 100 Mb/s stands apart from nothing sent.
      color: { field: 'gbps', type: 'quantitative', title: 'sent (Gb/s)', scale: { type: 'symlog', constant: 0.01, scheme: 'viridis' }, legend: { values: [0, 0.01, 0.1, 1, 10, 100, 400].filter((v) => v <= Math.max(0.01, largest)), format: '~g' } },
      tooltip: [{ field: 'sender' }, { field: 't0', title: 'from (ms)' }, { field: 'gbps', title: 'Gb/s' }],
    },
    config: { ...BASE.config, legend: { orient: 'right' } },
  };
}

/**
 * Vega-Lite spec: the spread of throughput across senders over time, the least, median and largest
 * of what the senders sent in each of 200 bins of the active period (Gb/s), as a band with the
 * median line: readable for any number of senders. Senders that are done (or not started) in a bin
 * count with what they sent there.
 * @example throughputEnvelope(result)
 */
export function throughputEnvelope(result: EngineResult, title = 'Throughput across senders', end = activeEnd(result)): Spec {
  const rates = sentRates(result, end, BINS);
  const values = Array.from({ length: BINS }, (_, k) => {
    const xs = rates.map((r) => r[k]).sort((a, b) => a - b);
    const q = (p: number): number => {
      const h = (xs.length - 1) * p;
      const lo = Math.floor(h);
      return xs[lo] + (h - lo) * ((xs[lo + 1] ?? xs[lo]) - xs[lo]);
    };
    const r6 = (x: number): number => Math.round(x * 1e6) / 1e6;
    return { t: (((k + 0.5) * end) / BINS) * 1e3, min: r6(xs[0]), median: r6(q(0.5)), max: r6(xs[xs.length - 1]) };
  });
  const x = timeAxis(end);
  return {
    ...BASE,
    title: { text: title, subtitle: `band: the least to the largest of ${result.flows.length} senders; line: the median (bins of ${((end / BINS) * 1e6).toPrecision(3)} µs)` },
    data: { values },
    layer: [
      { params: [ZOOM], mark: { type: 'area', opacity: 0.3, color: '#1f5fa8' }, encoding: { x, y: { field: 'min', type: 'quantitative', title: 'sent per sender (Gb/s)' }, y2: { field: 'max' } } },
      { mark: { type: 'line', color: '#1f5fa8', strokeWidth: 1.5 }, encoding: { x, y: { field: 'median', type: 'quantitative' } } },
    ],
  };
}

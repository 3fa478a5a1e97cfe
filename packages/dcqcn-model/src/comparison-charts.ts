/** Overlay charts (Vega-Lite) of a model-vs-simulator comparison. */
import type { ModelSeries } from './compare.ts';
import type { Ns3Trace } from './traces/ns3.ts';

type Spec = Record<string, unknown>;

const MODEL = 'model (ccalc)';
const SIMULATOR = 'simulator (ns-3)';

/**
 * A line chart of model vs simulator for t in [from, to) µs, at most ~3000 points per series: the
 * simulator as a wide grey line below, the model as a thin dashed coloured line on top, so both stay
 * visible where they agree.
 */
export function overlaySpec(title: string, yTitle: string, model: ArrayLike<number>, sim: ArrayLike<number>, step: number, from: number, to: number): Spec {
  const values: { t: number; y: number; source: string }[] = [];
  const stride = Math.max(1, Math.floor((to - from) / step / 3000));
  for (let k = Math.floor(from / step); k < Math.min(model.length, sim.length, to / step); k += stride) {
    values.push({ t: k * step, y: sim[k], source: SIMULATOR }, { t: k * step, y: model[k], source: MODEL });
  }
  const encoding = {
    x: { field: 't', type: 'quantitative', title: 'time (µs)', scale: { nice: false } },
    y: { field: 'y', type: 'quantitative', title: yTitle },
    color: { field: 'source', type: 'nominal', title: null, scale: { domain: [SIMULATOR, MODEL], range: ['#9ca3af', '#c2410c'] } },
    strokeDash: { field: 'source', type: 'nominal', title: null, scale: { domain: [SIMULATOR, MODEL], range: [[1, 0], [5, 3]] } },
  };
  return {
    ...BASE,
    title,
    data: { values },
    layer: [
      { params: [{ name: 'zoom', select: 'interval', bind: 'scales' }], transform: [{ filter: `datum.source === '${SIMULATOR}'` }], mark: { type: 'line', strokeWidth: 3 }, encoding },
      { transform: [{ filter: `datum.source === '${MODEL}'` }], mark: { type: 'line', strokeWidth: 1.2 }, encoding },
    ],
  };
}

/** The model's error against the simulator, model − simulator, over [from, to) µs (same sampling as overlaySpec). */
export function residualSpec(title: string, yTitle: string, model: ArrayLike<number>, sim: ArrayLike<number>, step: number, from: number, to: number): Spec {
  const values: { t: number; residual: number }[] = [];
  const stride = Math.max(1, Math.floor((to - from) / step / 3000));
  for (let k = Math.floor(from / step); k < Math.min(model.length, sim.length, to / step); k += stride) values.push({ t: k * step, residual: model[k] - sim[k] });
  return {
    ...BASE,
    height: 160,
    title,
    layer: [
      { data: { values }, params: [{ name: 'zoom', select: 'interval', bind: 'scales' }], mark: { type: 'line', strokeWidth: 1, color: '#c2410c' }, encoding: { x: { field: 't', type: 'quantitative', title: 'time (µs)', scale: { nice: false } }, y: { field: 'residual', type: 'quantitative', title: yTitle } } },
      { data: { values: [{ zero: 0 }] }, mark: { type: 'rule', color: '#6b7280' }, encoding: { y: { field: 'zero', type: 'quantitative' } } },
    ],
  };
}

const BASE = {
  $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
  width: 640,
  height: 260,
  config: { font: 'DejaVu Sans', legend: { orient: 'bottom', direction: 'horizontal' } },
};

/** The overlays of a comparison: backlog over the run and the first 400 µs, arrival rate in 10 µs bins, and the backlog's residual over the run. */
export function comparisonSpecs(model: ModelSeries, trace: Ns3Trace, span: number): Spec[] {
  const simArrival = Array.from(trace.bins.arrivalBytes, (b) => (b * 8) / trace.bins.binWidth / 1e9);
  const tenUs = (x: ArrayLike<number>): number[] => Array.from({ length: Math.floor(x.length / 10) }, (_, i) => {
    let s = 0;
    for (let j = 0; j < 10; j++) s += x[10 * i + j];
    return s / 10;
  });
  const mB = Array.from(model.backlogBytes, (b) => b / 1e6);
  // The residual in kB unless it reaches a MB (one packet is 1 kB: MB would show 0.001).
  let largest = 0;
  for (let k = 0; k < Math.min(model.backlogBytes.length, trace.backlog.bytes.length, span); k++) largest = Math.max(largest, Math.abs(model.backlogBytes[k] - trace.backlog.bytes[k]));
  const residualUnit = largest >= 1e6 ? { name: 'MB', scale: 1e-6 } : { name: 'kB', scale: 1e-3 };
  const scaled = (x: ArrayLike<number>, f: number): number[] => Array.from(x, (b) => b * f);
  const sB = Array.from(trace.backlog.bytes, (b) => b / 1e6);
  return [
    overlaySpec('Switch backlog', 'backlog (MB)', mB, sB, 1, 0, span),
    overlaySpec('Switch backlog, first 400 µs', 'backlog (MB)', mB, sB, 1, 0, Math.min(400, span)),
    overlaySpec('Aggregate arrival rate (10 µs bins), first 400 µs', 'rate (Gb/s)', tenUs(model.arrivalGbps), tenUs(simArrival), 10, 0, Math.min(400, span)),
    residualSpec('Switch backlog, model − simulator', `residual (${residualUnit.name})`, scaled(model.backlogBytes, residualUnit.scale), scaled(trace.backlog.bytes, residualUnit.scale), 1, 0, span),
  ];
}

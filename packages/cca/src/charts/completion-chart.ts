import type { EngineResult } from '../results.ts';
import { flowCompletionTimes } from '../completion-times.ts';
import { BASE, type Spec } from './chart-spec.ts';

/**
 * Vega-Lite spec: when the flows completed (their last byte left the switch, exactly:
 * `flowCompletionTimes`), as a CDF (fraction of all flows completed by t, a step per flow) beside the
 * order of completion (each flow's rank against its completion time; the sender in the tooltip).
 * Flows that had not completed by the horizon are counted in the CDF's denominator and in the
 * subtitle. When none completed (a run cut short), how far each flow got instead: the share of its
 * bytes that had left the switch by the horizon. Null for flows that never end (no total to reach).
 * @example completionChart(result, 'ns3-31-dcqcn: completion times')
 */
export function completionChart(result: EngineResult, title = 'Flow completion times'): Spec | null {
  const times = flowCompletionTimes(result);
  const done = times.flatMap((t, j) => (t === null ? [] : [{ sender: result.flows[j].name, t: Math.round(t * 1e9) / 1e6 }])).sort((a, b) => a.t - b.t);
  if (done.length === 0) return progressChart(result, title);
  const n = times.length;
  const cdf = done.map((d, k) => ({ ...d, rank: k + 1, fraction: (k + 1) / n }));
  const missing = n - done.length;
  const x = { field: 't', type: 'quantitative', title: 'completion time (ms)', scale: { zero: false } };
  return {
    $schema: BASE.$schema,
    config: BASE.config,
    title: { text: title, subtitle: missing === 0 ? `all ${n} flows completed` : `${done.length} of ${n} flows completed by the horizon` },
    data: { values: cdf },
    hconcat: [
      {
        width: 260,
        height: 220,
        title: { text: 'CDF', fontSize: 11, fontWeight: 'normal' },
        mark: { type: 'line', interpolate: 'step-after', point: done.length <= 64 },
        encoding: { x, y: { field: 'fraction', type: 'quantitative', title: 'fraction of flows completed', scale: { domain: [0, 1] } }, tooltip: [{ field: 'sender' }, { field: 't', title: 'ms' }] },
      },
      {
        width: 260,
        height: 220,
        title: { text: 'order of completion', fontSize: 11, fontWeight: 'normal' },
        mark: { type: 'point', filled: true, size: done.length <= 64 ? 30 : 8 },
        encoding: {
          x,
          y: { field: 'rank', type: 'quantitative', title: 'rank (1 = first done)' },
          tooltip: [{ field: 'sender' }, { field: 'rank' }, { field: 't', title: 'ms' }],
        },
      },
    ],
  };
}

/** Each flow's share of its bytes delivered by the horizon (%), for a run in which no flow completed; null if a flow never ends. */
function progressChart(result: EngineResult, title: string): Spec | null {
  const totals = result.flows.map((f) => f.arrivals.at(Infinity));
  if (!totals.every((x) => Number.isFinite(x) && x > 0)) return null;
  const names = result.flows.map((f) => f.name);
  const values = result.flows.map((f, j) => ({ sender: f.name, percent: Math.round((f.delivered.at(result.horizon) / totals[j]) * 1e6) / 1e4 }));
  const ms = Math.round(result.horizon * 1e9) / 1e6;
  return {
    ...BASE,
    height: Math.max(120, Math.min(600, 12 * values.length)),
    title: { text: title, subtitle: `no flow of ${values.length} completed by the horizon (${ms} ms): the share of each flow's bytes delivered by then` },
    data: { values },
    mark: { type: 'bar', color: '#1f5fa8' },
    encoding: {
      y: { field: 'sender', type: 'ordinal', sort: names, title: 'sender', axis: values.length > 40 ? { labelOverlap: true } : {} },
      x: { field: 'percent', type: 'quantitative', title: 'delivered by the horizon (% of the flow)', scale: { domain: [0, 100] } },
      tooltip: [{ field: 'sender' }, { field: 'percent', title: '%' }],
    },
  };
}

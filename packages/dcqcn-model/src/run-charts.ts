import { backlogChart, completionChart, eventTimelineChart, rateChart, throughputEnvelope, throughputHeatmap, windowChart, type EngineResult, type PathServerModel } from '@ccalc/cca';
import type { NamedChart } from './report.ts';

/**
 * The charts of a run, as `ccalc run` writes them (charts.json, and a PNG and SVG each) and the
 * report shows them: the senders' rates (windows for window-based CCAs), the backlog with the
 * model's thresholds, throughput per sender (heatmap) and across senders (spread), the event
 * timeline, and completion times (how far each flow got, when none completed). All over the
 * run's active period.
 * @example runCharts('ns3-31-dcqcn', result, model).map((c) => c.name) // ['rates', 'backlog', …]
 */
export function runCharts(name: string, result: EngineResult, model: PathServerModel): NamedChart[] {
  // Window-based CCAs have no rate to draw: their windows instead.
  const limit = result.flows.some((f) => f.state.rate !== undefined) ? { name: 'rates', spec: rateChart(result, `${name}: sender rates (configured)`) } : { name: 'windows', spec: windowChart(result, `${name}: congestion windows`) };
  const completion = completionChart(result, `${name}: flow completion times`);
  return [
    limit,
    { name: 'backlog', spec: backlogChart(result, model, `${name}: switch backlog`) },
    { name: 'throughput', spec: throughputHeatmap(result, `${name}: throughput per sender (sent)`) },
    { name: 'throughput-spread', spec: throughputEnvelope(result, `${name}: throughput across senders`) },
    { name: 'events', spec: eventTimelineChart(result, `${name}: events per sender`) },
    ...(completion === null ? [] : [{ name: 'completion', spec: completion }]),
  ];
}

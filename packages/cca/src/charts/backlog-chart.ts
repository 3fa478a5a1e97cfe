import { polylineEnvelope, subtract } from '@ccalc/curves';
import type { PathServerModel } from '../model.ts';
import type { EngineResult } from '../results.ts';
import { drawnRuns } from '../plots.ts';
import { packetBacklog } from '../packet-backlog.ts';
import { BASE, ZOOM, activeEnd, byteUnit, timeAxis, type Spec } from './chart-spec.ts';

/** Columns of the per-ingress panel (about one per pixel). */
const COLUMNS = 560;

/**
 * Vega-Lite spec: the switch backlog over time with the thresholds the model configures, in one unit
 * chosen from the peak (MB, or kB for small queues), over the run's active period (`activeEnd`;
 * zoom and pan in the page):
 * - the aggregate backlog Σ sent − D (exact; thinned to its range per pixel column beyond 6,000
 *   vertices) against K_min and K_max of ECN;
 * - with PFC, a second panel: the largest backlog of any one ingress (sender) in each pixel column,
 *   which is what X_off and X_on are compared with, against those two lines.
 * @example backlogChart(result, model, 'ns3-31-dcqcn: backlog')
 */
export function backlogChart(result: EngineResult, model?: Pick<PathServerModel, 'ecn' | 'pfc'>, title = 'Switch backlog', end = activeEnd(result)): Spec {
  const runs = drawnRuns(result.backlog, end, 6000);
  const peak = runs.flat().reduce((m, v) => Math.max(m, v.y), 0);
  const unit = byteUnit(peak);
  const y = (bytes: number): number => Math.round(bytes * unit.scale * 1e6) / 1e6 + 0;
  let order = 0;
  const values = runs.flatMap((run, k) => run.map((p) => ({ run: k, order: order++, t: p.t * 1e3, y: y(p.y) })));
  const ecn = model?.ecn;
  const rules = ecn?.kMin === undefined || ecn.kMax === undefined ? [] : [
    { threshold: `K_min ${label(ecn.kMin)}`, y: y(ecn.kMin) },
    { threshold: `K_max ${label(ecn.kMax)}`, y: y(ecn.kMax) },
  ];
  const total = panel(values, rules, `backlog (${unit.name})`, 'all senders', `Σ of the ${result.flows.length} ingresses`, end);
  if (model?.pfc === undefined) return { ...BASE, ...total, title };
  const ingress = largestIngressBacklog(result, end);
  const iUnit = byteUnit(ingress.reduce((m, v) => Math.max(m, v.y), model.pfc.xOff));
  const iy = (bytes: number): number => Math.round(bytes * iUnit.scale * 1e6) / 1e6 + 0;
  const perIngress = panel(
    ingress.map((p, k) => ({ run: 0, order: k, t: p.t * 1e3, y: iy(p.y) })),
    [
      { threshold: `X_off ${label(model.pfc.xOff)}`, y: iy(model.pfc.xOff) },
      { threshold: `X_on ${label(model.pfc.xOn)}`, y: iy(model.pfc.xOn) },
    ],
    `backlog (${iUnit.name})`,
    'one ingress',
    'the largest of any one ingress (PFC acts per ingress)',
    end,
  );
  return { $schema: BASE.$schema, config: BASE.config, title, vconcat: [{ ...total, width: BASE.width, height: 240 }, { ...perIngress, width: BASE.width, height: 160 }], resolve: { scale: { color: 'independent', strokeDash: 'independent' }, legend: { strokeDash: 'independent' } } };
}

function label(bytes: number): string {
  return bytes >= 1e6 ? `${bytes / 1e6} MB` : `${bytes / 1e3} kB`;
}

/** One panel: the backlog line, the threshold rules with their labels. */
function panel(values: { run: number; order: number; t: number; y: number }[], rules: { threshold: string; y: number }[], yTitle: string, series: string, subtitle: string, end: number): Spec {
  return {
    title: { text: subtitle, fontSize: 11, fontWeight: 'normal', anchor: 'start' },
    layer: [
      {
        data: { values: values.map((v) => ({ ...v, series })) },
        params: [ZOOM],
        mark: { type: 'line', strokeWidth: 1.2 },
        encoding: {
          x: timeAxis(end),
          y: { field: 'y', type: 'quantitative', title: yTitle },
          color: { field: 'series', type: 'nominal', title: null, scale: { range: ['#1f5fa8'] } },
          detail: { field: 'run', type: 'nominal' },
          order: { field: 'order', type: 'quantitative' },
        },
      },
      ...(rules.length === 0 ? [] : [
        {
          data: { values: rules },
          mark: { type: 'rule', strokeWidth: 1.2, color: '#c2410c' },
          encoding: {
            y: { field: 'y', type: 'quantitative' },
            strokeDash: { field: 'threshold', type: 'nominal', title: null, sort: rules.map((r) => r.threshold), scale: { range: [[2, 2], [6, 3]] } },
            tooltip: [{ field: 'threshold' }],
          },
        },
      ]),
    ],
  };
}

/**
 * The largest backlog sent_j − D_j of any one flow in each of COLUMNS slices of [0, end] (the
 * vertex where it is reached), from each flow's exact backlog: what PFC's per-ingress thresholds
 * see. Display only.
 */
function largestIngressBacklog(result: EngineResult, end: number): { t: number; y: number }[] {
  const best: ({ t: number; y: number } | undefined)[] = new Array(COLUMNS);
  const p = result.packets;
  result.flows.forEach((f, j) => {
    // The same curve from the packets where the result records them, without its flow's curves.
    const backlog = p === undefined ? subtract(f.sent, f.delivered) : packetBacklog(p.flowArrivals(j), p.flowStarts(j), p.size, p.transmission, result.horizon);
    for (const v of polylineEnvelope(backlog, end, COLUMNS)) {
      const c = Math.min(COLUMNS - 1, Math.floor((v.t / end) * COLUMNS));
      if (best[c] === undefined || v.y > best[c]!.y) best[c] = v;
    }
  });
  return best.filter((v): v is { t: number; y: number } => v !== undefined);
}

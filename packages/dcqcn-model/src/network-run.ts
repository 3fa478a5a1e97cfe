import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { curvesChart, flowCompletionTimes, networkBounds, runNetwork, sampledChart, type EngineResult, type NetworkModel, type NetworkResult } from '@ccalc/cca';
import { add, averageRates, constant, horizontalDeviation, min, type Curve } from '@ccalc/curves';
import { csvNumber } from './csv-numbers.ts';
import { microseconds as us } from './output.ts';
import { peakOf } from './backlog-figures.ts';
import { checkRunFolder, writeRunFolder } from './run-folder.ts';

/** A network to run: a scenario file with a topology, or a built-in. */
export interface NetworkRunnable {
  kind: 'network';
  name: string;
  description: string;
  horizon: number;
  untilComplete?: boolean;
  bin?: number;
  network(horizon: number): NetworkModel;
}

const gbps = (bytesPerSecond: number): number => Math.round((bytesPerSecond * 8) / 1e6) / 1e3;

/**
 * summary.json of a network run: per port its peak backlog (and when), its largest delay (arrival
 * to arrival at the next switch, over the packets that left by the horizon), the PAUSEs it received and, where they hold, its network-calculus
 * bounds; per flow its route, completion, bytes delivered, mean rate and largest end-to-end delay
 * against its bound. Bounds are given when no switch has PFC (a PAUSE is latency they do not
 * include; `bounds_note` says so) and are null where infinite (a port offered more than it serves).
 * Times in µs, bytes, Gb/s.
 */
export function networkSummary(model: NetworkModel, r: NetworkResult, computeMs: number): Record<string, unknown> {
  const withPfc = model.switches.some((s) => s.pfc !== undefined);
  const bounds = withPfc ? null : networkBounds(model);
  const finite = (x: number | undefined): number | null => (x === undefined || !Number.isFinite(x) ? null : x);
  const completed = flowCompletionTimes(asFlows(r));
  return {
    horizon_us: us(r.horizon),
    compute_ms: Math.round(computeMs * 1000) / 1000,
    events: r.events.length,
    packets: r.stats.packets,
    pauses_to_hosts: r.events.filter((e) => e.kind === 'pfc-pause').length,
    pauses_to_ports: r.portFrames.filter((f) => f.kind === 'pfc-pause').length,
    notifications: r.notifications.length,
    ports: r.ports.map((port, p) => {
      const top = peakOf(port.backlog, r.horizon);
      const bound = bounds?.ports.find((b) => b.port === p);
      const delay = departedDelay(add(port.backlog, port.departures), port.departures, r.horizon) + (model.ports[p].next?.delay ?? 0);
      return {
        name: port.name,
        rate_gbps: gbps(model.ports[p].rate),
        peak_backlog_bytes: Math.round(top.peak * 1e3) / 1e3,
        peak_backlog_time_us: us(top.at),
        max_delay_us: us(delay),
        pauses_received: r.portFrames.filter((f) => f.port === p && f.kind === 'pfc-pause').length,
        bound: bound === undefined ? null : { backlog_bytes: finite(bound.backlog), delay_us: finite(bound.delay) === null ? null : us(bound.delay) },
      };
    }),
    flows: r.flows.map((f, j) => {
      const delivered = f.delivered.at(r.horizon);
      const bound = bounds?.flows[j];
      return {
        name: f.name,
        route: model.flows[j].route.map((p) => r.ports[p].name),
        completion_us: completed[j] === null ? null : us(completed[j]!),
        delivered_bytes: delivered,
        mean_rate_gbps: gbps(delivered / r.horizon),
        max_delay_us: us(departedDelay(f.sent, f.delivered, r.horizon)),
        delay_bound_us: bound === undefined || !Number.isFinite(bound.delay) ? null : us(bound.delay),
      };
    }),
    ...(withPfc ? { bounds_note: 'no bounds: PFC can pause ports for longer than any latency the service curves include' } : {}),
  };
}

/**
 * The largest delay between cumulative arrivals and departures (s), over the bytes that left by
 * the horizon (those still queued there have no delay yet).
 */
function departedDelay(arrivals: Curve, departures: Curve, horizon: number): number {
  const left = departures.at(horizon);
  return left > 0 ? horizontalDeviation(min(arrivals, constant(left)), departures) : 0;
}

/** A network run's flows as the single-switch outputs read them (completion times, events.csv). */
function asFlows(r: NetworkResult): EngineResult {
  return { horizon: r.horizon, flows: r.flows, events: r.events, notifications: r.notifications, backlog: constant(0), departures: constant(0), stats: { windows: 0, events: r.events.length, engine: 'events' } };
}

/**
 * The CSV files of a network run: ports.csv (per port and bin: backlog at the bin's end in bytes,
 * departure rate in Gb/s), flows.csv (per flow and bin: sent and delivered rates, Gb/s), events.csv
 * (the senders' reactions and PAUSEs: time, flow, kind, state after) and port-frames.csv (PAUSE and
 * RESUME reaching ports).
 */
export function networkCsv(r: NetworkResult, bin: number): { ports: string; flows: string; events: string; portFrames: string } {
  const count = Math.max(1, Math.floor(r.horizon / bin + 1e-9));
  const ends = Array.from({ length: count }, (_, k) => (k + 1) * bin);
  const ports = ['time_us,port,backlog_bytes,rate_gbps'];
  for (const port of r.ports) {
    const rates = averageRates(port.departures, 0, bin, count);
    ends.forEach((t, k) => ports.push(`${csvNumber(t * 1e6, 6, 'time_us')},${quote(port.name)},${csvNumber(port.backlog.at(t), 3, 'backlog_bytes')},${csvNumber((rates[k] * 8) / 1e9, 6, 'rate_gbps')}`));
  }
  const flows = ['time_us,flow,sent_gbps,delivered_gbps'];
  for (const f of r.flows) {
    const sent = averageRates(f.sent, 0, bin, count);
    const delivered = averageRates(f.delivered, 0, bin, count);
    ends.forEach((t, k) => flows.push(`${csvNumber(t * 1e6, 6, 'time_us')},${quote(f.name)},${csvNumber((sent[k] * 8) / 1e9, 6, 'sent_gbps')},${csvNumber((delivered[k] * 8) / 1e9, 6, 'delivered_gbps')}`));
  }
  const events = ['time_us,flow,kind,details'];
  for (const e of r.events) events.push(`${csvNumber(e.time * 1e6, 6, 'time_us')},${quote(r.flows[e.flow].name)},${e.kind},${quote(Object.entries(e.after).map(([k, v]) => `${k}=${v}`).join(' '))}`);
  const portFrames = ['time_us,port,kind', ...r.portFrames.map((f) => `${csvNumber(f.time * 1e6, 6, 'time_us')},${quote(r.ports[f.port].name)},${f.kind}`)];
  return { ports: ports.join('\n'), flows: flows.join('\n'), events: events.join('\n'), portFrames: portFrames.join('\n') };
}

/** A CSV cell: quoted when it holds a comma or a quote. */
function quote(s: string): string {
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The charts of a network run: each port's backlog (with its bound where there is one), each flow's delivered rate. */
export function networkCharts(name: string, r: NetworkResult, summary: Record<string, unknown>, bin: number): { name: string; spec: Record<string, unknown> }[] {
  const count = Math.max(1, Math.floor(r.horizon / bin + 1e-9));
  const times = Array.from({ length: count }, (_, k) => (k + 0.5) * bin);
  const portRows = summary.ports as { bound: { backlog_bytes: number | null } | null }[];
  const backlog = r.ports.flatMap((p, k) => {
    const bound = portRows[k].bound?.backlog_bytes;
    return [{ label: p.name, curve: p.backlog }, ...(bound === null || bound === undefined ? [] : [{ label: `${p.name}: bound`, curve: constant(bound) }])];
  });
  return [
    { name: 'backlog', spec: curvesChart(backlog, r.horizon, `${name}: backlog per port`) },
    { name: 'throughput', spec: sampledChart(r.flows.map((f) => ({ label: f.name, times, values: averageRates(f.delivered, 0, bin, count).map((x) => (x * 8) / 1e9) })), r.horizon, `${name}: delivered rate per flow`, `rate (Gb/s, ${Number((bin * 1e6).toPrecision(6))} µs bins)`) },
  ];
}

/**
 * Runs a network and writes summary.json, ports.csv, flows.csv, events.csv (unless `events` is
 * false), port-frames.csv and (unless `plots` is false) the backlog and throughput charts into
 * `out`; returns the summary.
 */
export async function runNetworkScenario(s: NetworkRunnable, horizon: number, bin: number, out: string, options: { plots?: boolean; events?: boolean; onProgress?: (t: number, end: number) => void } = {}): Promise<Record<string, unknown>> {
  await checkRunFolder(out);
  const model = s.network(horizon);
  const t0 = performance.now();
  const result = runNetwork(model, { untilComplete: s.untilComplete === true, onProgress: options.onProgress });
  const computeMs = performance.now() - t0;
  process.stderr.write(`${process.stderr.isTTY ? '\r' : ''}  ${s.name}: ${(result.horizon * 1e3).toFixed(2)} ms computed in ${(computeMs / 1e3).toFixed(3)} s (network engine)\n`);
  const summary: Record<string, unknown> = { scenario: s.name, run_id: randomUUID(), engine: 'network', ...networkSummary(model, result, computeMs) };
  const csv = networkCsv(result, bin);
  await writeRunFolder(out, async (dir) => {
    await Promise.all([
      writeFile(join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`),
      writeFile(join(dir, 'ports.csv'), `${csv.ports}\n`),
      writeFile(join(dir, 'flows.csv'), `${csv.flows}\n`),
      ...(options.events === false ? [] : [writeFile(join(dir, 'events.csv'), `${csv.events}\n`)]),
      writeFile(join(dir, 'port-frames.csv'), `${csv.portFrames}\n`),
    ]);
    if (options.plots === false) return;
    const charts = networkCharts(s.name, result, summary, bin);
    await writeFile(join(dir, 'charts.json'), JSON.stringify(charts));
    const { renderCharts } = await import('./render.ts');
    await renderCharts(charts.map((c) => ({ spec: c.spec, base: join(dir, c.name) })));
  });
  return summary;
}

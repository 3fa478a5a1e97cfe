/**
 * `ccalc compare`: a run folder against a simulator trace (an ns-3 prefix, a generic trace .csv, or
 * a TCP trace), written as compare.json, the overlay charts and report.html. In a module of its own
 * so that the trace readers load only when a comparison is made.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ScenarioError } from './units.ts';
import type { TcpSenderSummary } from './tcp-output.ts';
import { compareTcpWithTrace, tcpComparisonSpecs, TCP_COMPARISON_CHARTS } from './tcp-compare.ts';
import { isTcpTrace, readTcpTrace } from './traces/ns3-tcp.ts';
import { compareWithTrace } from './compare.ts';
import { eventTimeErrors, type RunEventTimes } from './event-times.ts';
import { comparisonSpecs } from './comparison-charts.ts';
import { readNs3Trace } from './traces/ns3.ts';
import { readGenericTrace } from './traces/generic.ts';
import { readNumericCsv } from './traces/csv.ts';
import { readJsonFile } from './json-file.ts';

/** Compares a run folder with a trace prefix; writes compare.json and report.html to `out`; returns the metrics. */
export async function compareRun(dir: string, prefix: string, out: string): Promise<Record<string, unknown>> {
  if (!prefix.endsWith('.csv') && isTcpTrace(prefix)) return compareTcpRun(dir, prefix, out);
  const series = await readNumericCsv(join(dir, 'series.csv'), ['time_us', 'arrival_rate_gbps', 'departure_rate_gbps', 'backlog_bytes'], 'time_us');
  const t = series.columns.time_us;
  if (t.length < 2 || Math.abs(t[1] - t[0] - 1) > 1e-9) throw new ScenarioError(`${join(dir, 'series.csv')} (time_us)`, t.length < 2 ? null : t[1] - t[0], 'bins of 1 µs (run with --bin 1us)');
  const model = { binStart: t, arrivalGbps: series.columns.arrival_rate_gbps, departureGbps: series.columns.departure_rate_gbps, backlogBytes: series.columns.backlog_bytes };
  const trace = prefix.endsWith('.csv') ? await readGenericTrace(prefix) : await readNs3Trace(dirname(prefix), basename(prefix));
  // The run's event times and link rate (summary.json, written by ccalc run with the series).
  const summaryFile = join(dir, 'summary.json');
  const summary = (existsSync(summaryFile) ? await readJsonFile(summaryFile, 'a summary.json written by ccalc run') : {}) as RunEventTimes & { link_rate_gbps?: number | null; scenario?: string; run_id?: string; backlog_clear_time_us?: number | null };
  // What is compared is the span both have: a trace with no samples is refused, and one that covers
  // less than 90 % of the run is compared over what it covers, with a warning.
  const traceSamples = Math.min(trace.backlog.bytes.length, trace.bins.arrivalBytes.length);
  if (traceSamples === 0) throw new ScenarioError(prefix, 'no samples', 'a trace with samples (it has a header only)');
  const runSamples = model.backlogBytes.length;
  const coverage = { run_us: runSamples, trace_us: traceSamples, compared_us: Math.min(runSamples, traceSamples), coverage_percent: (100 * Math.min(runSamples, traceSamples)) / runSamples };
  if (coverage.coverage_percent < 90) process.stderr.write(`ccalc compare: the trace covers ${coverage.compared_us} µs of the run's ${runSamples} µs (${coverage.coverage_percent.toFixed(1)} %); every figure is over that span only\n`);
  // The congestion episode: until the model's backlog is back at or below 1 byte after its peak.
  const episode = typeof summary.backlog_clear_time_us === 'number' ? summary.backlog_clear_time_us : null;
  const coversEpisode = episode === null ? null : traceSamples >= episode;
  if (coversEpisode === false) process.stderr.write(`ccalc compare: the trace ends at ${traceSamples} µs, before the congestion episode does (the run's backlog clears at ${episode} µs)\n`);
  // Which run was compared: the report shows this comparison only beside that run.
  const run = { scenario: summary.scenario ?? null, run_id: summary.run_id ?? null };
  const metrics: Record<string, unknown> = { run, trace: prefix, ...compareWithTrace(model, trace, summary.link_rate_gbps ?? 100), coverage: { ...coverage, episode_us: episode, covers_episode: coversEpisode }, event_times: eventTimeErrors(summary, trace) };
  const charts = comparisonSpecs(model, trace, metrics.span_us as number)
    .map((spec, k) => ({ name: ['backlog-vs-simulator', 'backlog-vs-simulator-400us', 'arrival-rate-vs-simulator-400us', 'backlog-residual'][k], spec }))
    .filter((c) => c.name !== 'arrival-rate-vs-simulator-400us' || metrics.arrival_rate_10us !== null); // no 10 µs bin: no rates to draw
  await writeComparison(dir, prefix, out, metrics, charts);
  return metrics;
}

/** Writes a comparison to `out`: compare.json, compare-charts.json and report.html beside the run. */
async function writeComparison(dir: string, prefix: string, out: string, metrics: Record<string, unknown>, charts: { name: string; spec: Record<string, unknown> }[]): Promise<void> {
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'compare.json'), `${JSON.stringify(metrics, null, 2)}\n`);
  await writeFile(join(out, 'compare-charts.json'), JSON.stringify(charts));
  const { readRun, writeReport } = await import('./report.ts');
  await writeReport([{ ...(await readRun(dir)), comparison: { metrics, charts } }], out, `${basename(dir)} against ${basename(prefix)}`);
}

/**
 * Compares a TCP run (its tcp.csv, 1 µs samples, and summary.json's exact figures) with a TCP trace
 * (`<prefix>_cwnd_events.csv`, `_samples_1us.csv`); writes compare.json, the overlay charts and
 * report.html to `out`. The trace has one connection: the run's first sender is compared.
 */
async function compareTcpRun(dir: string, prefix: string, out: string): Promise<Record<string, unknown>> {
  const file = join(dir, 'tcp.csv');
  if (!existsSync(file)) throw new ScenarioError(join(dir, 'tcp.csv'), null, 'a run of TCP senders (ccalc run writes tcp.csv for vegas "ns3-socket"): a TCP trace is compared with one');
  const csv = await readNumericCsv(file, ['time_us', 'sender', 'cwnd_bytes', 'srtt_ns', 'unsent_bytes', 'source_queue_bytes', 'switch_queue_bytes', 'delivered_bytes']);
  const c = csv.columns;
  const rows = Array.from(c.sender.keys()).filter((k) => c.sender[k] === 0);
  if (rows.length < 2 || Math.abs(c.time_us[rows[1]] - c.time_us[rows[0]] - 1) > 1e-9) throw new ScenarioError(`${file} (time_us)`, rows.length < 2 ? null : c.time_us[rows[1]] - c.time_us[rows[0]], 'samples 1 µs apart (run with --bin 1us)');
  if (c.sender.some((s) => s !== 0)) process.stderr.write(`ccalc compare: the run has several senders; the trace has one connection, compared with sender 0\n`);
  const pick = (x: Float64Array): Float64Array => Float64Array.from(rows, (k) => x[k]);
  const series = { cwnd: pick(c.cwnd_bytes), unsent: pick(c.unsent_bytes), sourceQueue: pick(c.source_queue_bytes), switchQueue: pick(c.switch_queue_bytes), delivered: pick(c.delivered_bytes), srtt: pick(c.srtt_ns).map((x) => x * 1e-9) };
  const summary = (await readJsonFile(join(dir, 'summary.json'), 'a summary.json written by ccalc run')) as { scenario?: string; run_id?: string; tcp?: { senders: TcpSenderSummary[]; switch_queue_peak_bytes: number }; parameters?: { tcp?: { segment_bytes: number } } };
  const figures = summary.tcp?.senders[0];
  const segment = summary.parameters?.tcp?.segment_bytes;
  if (figures === undefined || segment === undefined) throw new ScenarioError(join(dir, 'summary.json'), null, 'the "tcp" figures and parameters ccalc run writes for TCP senders');
  const trace = await readTcpTrace(prefix);
  if (trace.samples.time.length === 0) throw new ScenarioError(prefix, 'no samples', 'a trace with samples (it has a header only)');
  const metrics: Record<string, unknown> = { run: { scenario: summary.scenario ?? null, run_id: summary.run_id ?? null }, trace: prefix, ...compareTcpWithTrace(series, { ...figures, switch_queue_peak_bytes: summary.tcp!.switch_queue_peak_bytes, segment_bytes: segment }, trace) };
  const coverage = metrics.coverage as { run_us: number; trace_us: number; compared_us: number };
  if (coverage.run_us !== coverage.trace_us) process.stderr.write(`ccalc compare: the run covers ${coverage.run_us} µs and the trace ${coverage.trace_us} µs; the series and the simulator's figures are compared over ${coverage.compared_us} µs, the model's exact figures are over its whole run\n`);
  const charts = tcpComparisonSpecs(series, trace, metrics.span_us as number).map((spec, k) => ({ name: TCP_COMPARISON_CHARTS[k], spec }));
  await writeComparison(dir, prefix, out, metrics, charts);
  return metrics;
}

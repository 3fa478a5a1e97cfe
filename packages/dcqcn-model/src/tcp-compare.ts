import { seriesError } from './compare.ts';
import { microseconds } from './output.ts';
import { overlaySpec } from './comparison-charts.ts';
import type { ComparisonRow } from './comparison-metrics.ts';
import { firstLargest, NO_SSTHRESH, type TcpSenderSummary } from './tcp-output.ts';
import type { TcpTrace } from './traces/ns3-tcp.ts';

/** One sender of a run's tcp.csv, sampled every 1 µs from 0 (bytes; srtt in s). */
export interface TcpRunSeries {
  cwnd: Float64Array;
  unsent: Float64Array;
  sourceQueue: Float64Array;
  switchQueue: Float64Array;
  delivered: Float64Array;
  srtt: Float64Array;
}

/** The exact figures of the run (summary.json's `tcp`): the sender's and the switch queue's peak. */
export type TcpRunFigures = TcpSenderSummary & { switch_queue_peak_bytes: number; segment_bytes: number };

const relative = (model: number, sim: number): number | null => (sim === 0 ? null : (100 * (model - sim)) / sim);
const largest = (x: ArrayLike<number>, n: number): number => {
  let m = 0;
  for (let k = 0; k < n; k++) if (x[k] > m) m = x[k];
  return m;
};

/**
 * A TCP run against a simulator's TCP trace (compare.json, `kind: "tcp"`): when slow start ends and
 * cwnd then (in segments), the largest cwnd and when it is first reached, cwnd over the run
 * (NRMSE, % of the simulator's largest), the source backlog (the socket's unsent bytes: peak and
 * NRMSE), the NIC queue at the source and the switch queue (exact peaks, counting packets queued
 * for no time as the simulator's maximum does; NRMSE of the source queue), the bytes delivered by
 * the end of the compared span and the smoothed RTT. The model's figures are exact (summary.json,
 * over its run); the simulator's are over the span both cover, and the series are compared sample
 * by sample over it (`coverage` says how long each is).
 * @example compareTcpWithTrace(series, figures, await readTcpTrace('traces/ns3-vegas/B1_vegas')).max_cwnd_bytes
 */
export function compareTcpWithTrace(model: TcpRunSeries, figures: TcpRunFigures, trace: TcpTrace): Record<string, unknown> {
  const s = trace.samples;
  const n = Math.min(model.cwnd.length, s.time.length);
  // The simulator's cwnd changes within the span both cover (samples every 1 µs from 0).
  const spanEnd = s.time[n - 1] + 1e-12;
  const within = trace.cwndEvents.time.findIndex((t) => t > spanEnd);
  const kept = within < 0 ? trace.cwndEvents.time.length : within;
  const e = { time: trace.cwndEvents.time.subarray(0, kept), cwnd: trace.cwndEvents.cwnd.subarray(0, kept), ssthresh: trace.cwndEvents.ssthresh.subarray(0, kept) };
  // The simulator's slow start ends at its first slow-start threshold below "none".
  const end = e.ssthresh.findIndex((x) => x < NO_SSTHRESH);
  const simEnd = end < 0 ? null : { time: microseconds(e.time[end]), cwnd: e.cwnd[end] };
  const { value: simMax, at: simMaxAt } = firstLargest(e.time, e.cwnd);
  const seg = figures.segment_bytes;
  const pair = (m: number | null, sim: number | null, kind: 'error' | 'error_percent') => ({ model: m, simulator: sim, [kind]: m === null || sim === null ? null : kind === 'error' ? Math.round((m - sim) * 1e6) / 1e6 : relative(m, sim) });
  const simUnsentPeak = largest(s.unsent, n);
  const simQueuePeak = largest(s.sourceQueueMax, n);
  const nrmse = (m: ArrayLike<number>, sim: ArrayLike<number>, scale: number) => seriesError(Array.from({ length: n }, (_, k) => m[k]), sim, scale);
  return {
    kind: 'tcp',
    span_us: n,
    // Samples of each (µs from 0); the model's exact figures (summary.json) are over its whole run.
    coverage: { run_us: model.cwnd.length - 1, trace_us: s.time.length - 1, compared_us: n - 1 },
    slow_start_end_us: pair(figures.slow_start_end_us, simEnd?.time ?? null, 'error'),
    slow_start_end_cwnd_segments: pair(figures.slow_start_end_cwnd_bytes === null ? null : figures.slow_start_end_cwnd_bytes / seg, simEnd === null ? null : simEnd.cwnd / seg, 'error'),
    max_cwnd_bytes: pair(figures.max_cwnd_bytes, simMax, 'error_percent'),
    max_cwnd_time_us: pair(figures.max_cwnd_time_us, microseconds(simMaxAt), 'error_percent'),
    cwnd: nrmse(model.cwnd, s.cwnd, simMax),
    source_backlog: { ...nrmse(model.unsent, s.unsent, simUnsentPeak), peak_bytes: pair(figures.unsent_peak_bytes, simUnsentPeak, 'error_percent') },
    source_queue: { ...nrmse(model.sourceQueue, s.sourceQueue, simQueuePeak), peak_bytes: pair(figures.source_queue_peak_bytes, simQueuePeak, 'error_percent') },
    switch_queue: { peak_bytes: pair(figures.switch_queue_peak_bytes, largest(s.switchQueueMax, n), 'error') },
    delivered_bytes: pair(model.delivered[n - 1], s.delivered[n - 1], 'error_percent'),
    delivered: nrmse(model.delivered, s.delivered, s.delivered[n - 1]),
    srtt_ns: (({ rmse, maxError }) => ({ rmse, maxError }))(nrmse(Array.from({ length: n }, (_, k) => model.srtt[k] * 1e9), Array.from(s.srtt, (x) => x * 1e9), 0)),
  };
}

const at = (m: unknown, ...path: string[]): unknown => path.reduce<unknown>((x, p) => (x !== null && typeof x === 'object' ? (x as Record<string, unknown>)[p] : undefined), m);
const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/**
 * The rows of a TCP comparison, with the goals of window-based control against a simulator: slow
 * start ends within 5 µs and 1 segment, the largest cwnd within 2 % and reached within 5 % of the
 * simulator's time, the bytes delivered within 1 %, the source backlog's peak within 2 %.
 * @example tcpComparisonRows(metrics)[0].figure // 'slow start ends'
 */
export function tcpComparisonRows(metrics: Record<string, unknown>): ComparisonRow[] {
  const row = (path: string[], figure: string, unit: string, kind: 'error' | 'error_percent', limit: number | null, scale = 1): ComparisonRow => {
    const v = (k: string): number | null => {
      const x = num(at(metrics, ...path, k));
      return x === null ? null : x * scale;
    };
    const error = kind === 'error' ? v('error') : num(at(metrics, ...path, 'error_percent'));
    const errorUnit = kind === 'error' ? unit : '%';
    return { figure, unit, model: v('model'), simulator: v('simulator'), error, errorUnit, tolerance: limit === null ? 'no goal set' : `within ${limit} ${errorUnit}`, within: limit === null || error === null ? null : Math.abs(error) <= limit };
  };
  const nrmse = (path: string[], figure: string, of: string): ComparisonRow => ({ figure, unit: '', model: null, simulator: null, error: num(at(metrics, ...path, 'nrmsePercent')), errorUnit: `% of ${of}`, tolerance: 'no goal set', within: null });
  return [
    row(['slow_start_end_us'], 'slow start ends', 'µs', 'error', 5),
    row(['slow_start_end_cwnd_segments'], 'cwnd when slow start ends', 'segments', 'error', 1),
    row(['max_cwnd_bytes'], 'largest cwnd', 'kB', 'error_percent', 2, 1e-3),
    row(['max_cwnd_time_us'], 'largest cwnd first reached', 'µs', 'error_percent', 5),
    nrmse(['cwnd'], 'cwnd over the run, NRMSE', "the simulator's largest"),
    row(['source_backlog', 'peak_bytes'], 'peak source backlog (unsent bytes)', 'MB', 'error_percent', 2, 1e-6),
    nrmse(['source_backlog'], 'source backlog over the run, NRMSE', "the simulator's peak"),
    row(['source_queue', 'peak_bytes'], 'peak NIC queue at the source', 'kB', 'error_percent', null, 1e-3),
    row(['switch_queue', 'peak_bytes'], 'peak switch queue', 'kB', 'error', null, 1e-3),
    row(['delivered_bytes'], 'bytes delivered by the end', 'MB', 'error_percent', 1, 1e-6),
  ];
}

/** The overlays of a TCP comparison: cwnd over the run and the first 200 µs, the source backlog, the NIC queue's first 200 µs. */
export function tcpComparisonSpecs(model: TcpRunSeries, trace: TcpTrace, span: number): Record<string, unknown>[] {
  const kB = (x: ArrayLike<number>): number[] => Array.from(x, (b) => b / 1e3);
  const MB = (x: ArrayLike<number>): number[] => Array.from(x, (b) => b / 1e6);
  const s = trace.samples;
  return [
    overlaySpec('Congestion window', 'cwnd (kB)', kB(model.cwnd), kB(s.cwnd), 1, 0, span),
    overlaySpec('Congestion window, first 200 µs', 'cwnd (kB)', kB(model.cwnd), kB(s.cwnd), 1, 0, Math.min(200, span)),
    overlaySpec('Source backlog (bytes written, not yet sent)', 'unsent (MB)', MB(model.unsent), MB(s.unsent), 1, 0, span),
    overlaySpec('NIC queue at the source, first 200 µs', 'queue (kB)', kB(model.sourceQueue), kB(s.sourceQueue), 1, 0, Math.min(200, span)),
  ];
}

/** Names of the charts `tcpComparisonSpecs` returns, in order. */
export const TCP_COMPARISON_CHARTS = ['cwnd-vs-simulator', 'cwnd-vs-simulator-200us', 'source-backlog-vs-simulator', 'source-queue-vs-simulator-200us'];

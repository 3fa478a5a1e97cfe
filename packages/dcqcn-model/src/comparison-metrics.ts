/**
 * A comparison with a simulator (compare.json) as rows a reader can judge: each figure in words,
 * the model's and the simulator's values and the error with units, and the tolerance the project
 * judges it against (the fidelity goals of the README's "How results compare to the simulator").
 */

import { tcpComparisonRows } from './tcp-compare.ts';

/** One figure of a comparison. Values are numbers in `unit`, or null where the run or trace has none. */
export interface ComparisonRow {
  figure: string;
  unit: string;
  model: number | null;
  simulator: number | null;
  /** The error as judged: model − simulator, a relative error or an NRMSE, in `errorUnit`. */
  error: number | null;
  errorUnit: string;
  /** The tolerance in words, e.g. "≤ 2 % of the peak". */
  tolerance: string;
  /** Whether |error| is within the tolerance (null when there is no error to judge). */
  within: boolean | null;
}

const at = (m: unknown, ...path: string[]): unknown => path.reduce<unknown>((x, p) => (x !== null && typeof x === 'object' ? (x as Record<string, unknown>)[p] : undefined), m);
const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/**
 * The rows of a comparison's metrics (compare.json), in the order a reader checks them: the
 * backlog over the run (NRMSE, peak, its time, when it clears), the aggregate rates, then the first
 * events. Tolerances: backlog NRMSE ≤ 2 % of the simulator's peak, peak within 1 % and 5 µs, clearing
 * within 2 %, arrival rate NRMSE ≤ 5 % of the line rate (10 µs bins), first cut and first PAUSE
 * within 2 µs. Figures without a stated goal say so. A TCP comparison (`kind: "tcp"`) has its own
 * rows (`tcpComparisonRows`).
 * @example comparisonRows(JSON.parse(readFileSync('out/ns3-31-pfc/compare.json', 'utf8')))[0].figure // 'switch backlog over the run, NRMSE'
 */
export function comparisonRows(metrics: Record<string, unknown>): ComparisonRow[] {
  if (metrics.kind === 'tcp') return tcpComparisonRows(metrics);
  const judged = (error: number | null, limit: number): boolean | null => (error === null ? null : Math.abs(error) <= limit);
  const nrmse = (path: string[], limit: number, figure: string, of: string): ComparisonRow => {
    const e = num(at(metrics, ...path, 'nrmsePercent'));
    return { figure, unit: '', model: null, simulator: null, error: e, errorUnit: `% of ${of}`, tolerance: `≤ ${limit} % of ${of}`, within: judged(e, limit) };
  };
  const pair = (path: string[], figure: string, unit: string, errorKey: 'error' | 'error_percent', limit: number | null, scale = 1): ComparisonRow => {
    const e = num(at(metrics, ...path, errorKey));
    const v = (k: string): number | null => {
      const x = num(at(metrics, ...path, k));
      return x === null ? null : x * scale;
    };
    const errorUnit = errorKey === 'error' ? unit : '%';
    return { figure, unit, model: v('model'), simulator: v('simulator'), error: e === null ? null : errorKey === 'error' ? e * scale : e, errorUnit, tolerance: limit === null ? 'no goal set' : `within ${limit} ${errorUnit}`, within: limit === null ? null : judged(e === null ? null : errorKey === 'error' ? e * scale : e, limit) };
  };
  return [
    nrmse(['backlog'], 2, 'switch backlog over the run, NRMSE', "the simulator's peak"),
    pair(['backlog', 'peak_bytes'], 'peak switch backlog', 'MB', 'error_percent', 1, 1e-6),
    pair(['backlog', 'peak_time_us'], 'time of the peak', 'µs', 'error', 5),
    pair(['backlog', 'clears_at_us'], 'backlog clears after the peak', 'µs', 'error_percent', 2),
    nrmse(['arrival_rate_10us'], 5, 'aggregate arrival rate, 10 µs bins, NRMSE', 'the line rate'),
    { ...nrmse(['departure_rate_10us'], Infinity, 'aggregate departure rate, 10 µs bins, NRMSE', 'the line rate'), tolerance: 'no goal set', within: null },
    pair(['event_times', 'first_cnp_at_sender_us'], 'first CNP at a sender', 'µs', 'error', null),
    pair(['event_times', 'first_cut_at_sender_us'], 'first rate cut at a sender', 'µs', 'error', 2),
    pair(['event_times', 'first_pause_sent_us'], 'first PAUSE sent by the switch', 'µs', 'error', 2),
    pair(['event_times', 'last_byte_at_receiver_us', 'last'], 'last byte at the receiver', 'µs', 'error', null),
  ];
}

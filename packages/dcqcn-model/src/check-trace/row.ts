import type { DcqcnParameters } from './rules.ts';

/** The event vocabulary of a DCQCN trace. */
export type DcqcnEvent = 'cnp_sent' | 'cnp_recv' | 'timer_tick';

/** The columns of the trace format, in the order the writer puts them. */
export const TRACE_COLUMNS = [
  'time_ns',
  'event_id',
  'event',
  'flow_id',
  'pkt_id',
  'sink_id',
  'source_id',
  'rate_bps',
  'alpha_ppb',
  'g_ppb',
  'mi_ppb',
  'cnp_interval_ns',
  'min_rate_bps',
  'max_rate_bps',
] as const;

/**
 * One row of a DCQCN trace. Integers throughout; a field that does not apply to the row's event
 * (pkt_id and sink_id of a timer_tick; rate_bps and alpha_ppb of a cnp_sent) is NaN.
 */
export interface TraceRow extends DcqcnParameters {
  /** Line in the file (the header is line 1). */
  line: number;
  time: number;
  eventId: number;
  event: DcqcnEvent;
  flow: number;
  pkt: number;
  sink: number;
  source: number;
  rate: number;
  alpha: number;
}

/** The canonical order: by (time_ns, event_id). */
export function canonicalOrder(a: TraceRow, b: TraceRow): number {
  return a.time - b.time || a.eventId - b.eventId;
}

/** The CSV line of a row (empty fields for NaN), in the order of TRACE_COLUMNS. */
export function formatRow(r: Omit<TraceRow, 'line'>): string {
  const f = (x: number): string => (Number.isNaN(x) ? '' : String(x));
  return [f(r.time), f(r.eventId), r.event, f(r.flow), f(r.pkt), f(r.sink), f(r.source), f(r.rate), f(r.alpha), f(r.g), f(r.mi), f(r.cnpInterval), f(r.minRate), f(r.maxRate)].join(',');
}

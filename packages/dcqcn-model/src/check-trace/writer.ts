import { decrease, gateOpen, initialState, tick, type DcqcnParameters, type SourceState } from './rules.ts';
import { TRACE_COLUMNS, formatRow, type DcqcnEvent, type TraceRow } from './row.ts';

/**
 * An event to log: when (ns), what, and for which flow; `pkt` identifies a CNP (cnp_sent,
 * cnp_recv). `state` is the source's snapshot after the event as the sender computed it (cnp_recv,
 * timer_tick); without it the writer computes the reference reaction point's.
 */
export interface DcqcnTraceEvent {
  time: number;
  event: DcqcnEvent;
  flow: number;
  pkt?: number;
  sink: number;
  source: number;
  state?: SourceState;
}

/**
 * Writes a DCQCN trace in the checker's format: assigns event ids in the given order, and logs each
 * source snapshot as given (`state`) or, for events without one, computes it with the reference
 * reaction point (./rules.ts), gate included, so that a trace of well-timed events is accepted.
 * Events must come in time order; parameter blocks are per endpoint.
 * @example new DcqcnTraceWriter((endpoint) => params).rows([{ time: 0, event: 'cnp_sent', flow: 1, pkt: 0, sink: 9, source: 1 }])
 */
export class DcqcnTraceWriter {
  private readonly flows = new Map<number, { state: SourceState; lastDecrease: number | null }>();
  private nextId = 0;

  constructor(private readonly parameters: (endpoint: number) => DcqcnParameters) {}

  /** The rows for `events` (in time order), continuing the event ids and states of earlier calls. */
  rows(events: readonly DcqcnTraceEvent[]): Omit<TraceRow, 'line'>[] {
    return events.map((e) => {
      const p = this.parameters(e.event === 'cnp_sent' ? e.sink : e.source);
      const base = { time: e.time, eventId: this.nextId++, event: e.event, flow: e.flow, pkt: e.pkt ?? Number.NaN, sink: e.event === 'timer_tick' ? Number.NaN : e.sink, source: e.source, ...p };
      if (e.event === 'cnp_sent') return { ...base, rate: Number.NaN, alpha: Number.NaN };
      if (e.state !== undefined) return { ...base, ...e.state };
      let flow = this.flows.get(e.flow);
      if (flow === undefined) {
        flow = { state: initialState(p), lastDecrease: null };
        this.flows.set(e.flow, flow);
      }
      if (e.event === 'timer_tick') flow.state = tick(flow.state, p);
      else if (gateOpen(flow.lastDecrease, e.time, p)) {
        flow.state = decrease(flow.state, p);
        flow.lastDecrease = e.time;
      }
      return { ...base, ...flow.state };
    });
  }

  /** The whole CSV text (header and rows) for `events`. */
  csv(events: readonly DcqcnTraceEvent[]): string {
    return [TRACE_COLUMNS.join(','), ...this.rows(events).map(formatRow)].join('\n') + '\n';
  }
}

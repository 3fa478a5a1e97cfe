import type { Curve, CurveJSON } from '@ccalc/curves';
import type { PacketRecord } from './packet-record.ts';
import type { EventTable } from './event-table.ts';
import type { EventFigures } from './event-figures.ts';

/** One entry of the typed event log. */
export interface EngineEvent {
  /** Time (s). */
  time: number;
  /** Flow index. */
  flow: number;
  /** What happened: the CCA's reaction kind ("rate-increase", "timeout", …) or an engine event ("pfc-pause", …). */
  kind: string;
  /** CCA state before and after (as numbers, e.g. {rate}). */
  before: Record<string, number>;
  after: Record<string, number>;
}

/** A congestion notification sent by the receiver (times in s). */
export interface SentNotification {
  flow: number;
  marked: number;
  sent: number;
  arrives: number;
}

/** A right-continuous step series: value[k] holds on [time[k], time[k+1]). */
export interface StepSeries {
  time: number[];
  value: number[];
}

/** Per-flow results. Curves are in the paper's sequence view: Â and D drop after a Go-Back-N timeout. */
export interface FlowResult {
  name: string;
  arrivals: Curve;
  admitted: Curve;
  delivered: Curve;
  /**
   * Bytes put on the wire by t (the physical view): every admission, retransmissions after a
   * Go-Back-N timeout included, so it never decreases; whole packets in packets mode. This is the
   * traffic the path server sees, where Â (sequence view) drops at a timeout.
   */
  sent: Curve;
  /** CCA state over time, one step series per described quantity (e.g. rate, window). */
  state: Record<string, StepSeries>;
}

export interface EngineResult {
  horizon: number;
  flows: FlowResult[];
  /** Aggregate backlog of the path server Â − D (bytes, bytes actually in the server). */
  backlog: Curve;
  /** Aggregate departures D (bytes put out by the server). */
  departures: Curve;
  events: EngineEvent[];
  /**
   * Every congestion notification the receiver sent (after its pacing: gap rule or grid), in the
   * order they were scheduled: the mark that caused it, when it left the receiver and when it
   * reaches the sender (s). Those arriving by the horizon appear in `events` as kind "cnp".
   */
  notifications: SentNotification[];
  /**
   * How many windows and events the engine processed (for benchmarks), and which engine ran:
   * 'curves' (`runPathServer`, windows of curve algebra), 'events' (`runEvents`, no windows) or
   * 'segments' (`runSegments`, TCP senders segment by segment); for the event engine, how many
   * times block mode took the queue over (`blocks`, see runEvents' `blockMode`), and how many of
   * its events are timers it logged in timer runs (`timerRuns`: no row each until the log is read,
   * see `CongestionControl.advanceTimers`), and how many notifications such runs hold
   * (`runNotifications`, two rows each: those of rate-blind senders, see
   * `CongestionControl.replayableNotifications`); and which of its loops ran (`loop`: 'general', or
   * 'constant-rate' for senders whose rate never changes, see `constantRateSupport`), and how many
   * packets that loop queued in quiet stretches and transmitted in runs, at once rather than one by
   * one (`batched`, see `runConstantRate`).
   */
  stats: { windows: number; events: number; engine: 'curves' | 'events' | 'segments'; blocks?: number; timerRuns?: number; runNotifications?: number; loop?: 'general' | 'constant-rate'; batched?: { queued: number; transmitted: number } };
  /** The TCP path's own curves (segment engine only). */
  tcp?: TcpCurves;
  /**
   * The packets the curves are built from (event engine, whole packets): output readers sample
   * them here in one pass instead of building every flow's curves (`packetArrivalRates`).
   */
  packets?: PacketRecord;
  /**
   * The events as columns (event engine: its log), the rows of `events` in the same order: output
   * writers read them without an object per event (`eventTable` gives one for any result).
   */
  eventTable?: EventTable;
  /**
   * What summaries read of the events, without a row per event (event engine: counted off its log,
   * timer runs replayed in place; `eventFigures` gives them for any result).
   */
  eventFigures?: () => EventFigures;
}

/** What the segment engine adds to a result: the queues as a simulator samples them, and the sockets. */
export interface TcpCurves {
  /** Each sender's NIC queue (wire bytes waiting; the packet in transmission excluded). */
  sourceQueues: Curve[];
  /**
   * Their largest values (bytes), counting what a queue holds for no time at all: packets queued
   * at the tick a transmission starts count before it leaves (a simulator's exact maximum sees them).
   */
  sourceQueuePeaks: number[];
  /** The switch's egress queue, likewise, and its largest value. */
  switchQueue: Curve;
  switchQueuePeak: number;
  /** Each socket's bytes written and not yet sent (application bytes, A − Â). */
  unsent: Curve[];
}

/** JSON-serialisable form of a result (curves in the interchange format). */
export function resultToJSON(r: EngineResult): unknown {
  const c = (x: Curve): CurveJSON => x.toJSON();
  return {
    horizon: r.horizon,
    flows: r.flows.map((f) => ({ name: f.name, arrivals: c(f.arrivals), admitted: c(f.admitted), delivered: c(f.delivered), sent: c(f.sent), state: f.state })),
    backlog: c(r.backlog),
    departures: c(r.departures),
    events: r.events,
    notifications: r.notifications,
    stats: r.stats,
  };
}

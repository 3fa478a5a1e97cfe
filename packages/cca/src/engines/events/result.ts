import { type Curve, CurveBuilder } from '@ccalc/curves';
import type { PathServerModel } from '../../model.ts';
import type { EngineResult, FlowResult, StepSeries } from '../../results.ts';
import type { EventTable } from '../../event-table.ts';
import type { EventFigures } from '../../event-figures.ts';
import { type PacketRecord, TransmissionRuns, transmittedBreakpoints } from '../../packet-record.ts';
import { Floats } from './growable.ts';
import type { EventLog, NotificationLog } from './event-log.ts';
import { packetBacklog } from '../../packet-backlog.ts';
import { replayFifo, replayInOrder, type FifoService } from './fifo-replay.ts';

/** What the result reads of a sender (`PacketSender`, or the constant-rate loop's record). */
export interface RecordedSender {
  /** When each packet started: its arrival at the switch (s). */
  readonly starts: Floats;
  /** The start of packet k's train (back-to-back run; block mode's replay orders ties by it). */
  trainStartOf(k: number): number;
  /** Â up to the horizon, held after it. */
  admittedCurve(horizon: number): Curve;
  /** The CCA's state as step series. */
  readonly series: Record<string, StepSeries>;
}

/** What the result reads of the port: its packet, and the order it queued packets in. */
export interface RecordedPort {
  readonly packet: number;
  readonly packetTime: number;
  /** Each queued packet's flow, in queueing order. */
  readonly queueOrder: Int32Array;
}

/**
 * The event engine's result, in the curve engine's form. The curves are exact and built on first
 * use from what the run recorded (each packet's arrival and transmission start), so a caller that
 * reads only events and summary figures does not pay for them (the events, notifications and
 * state series are likewise described and built on first use):
 * - `sent`: the flow's packets as they reach the switch, a staircase I·⌈Â/I⌉;
 * - `delivered`: D_j, rising at C while one of the flow's packets is transmitted;
 * - `departures`: D, likewise for every packet; `backlog`: Σ sent − D.
 * Â (`admitted`) is the senders' plans joined. All hold their value at the horizon after it.
 */
export function eventResult(model: PathServerModel, senders: readonly RecordedSender[], port: RecordedPort, log: EventLog, notifications: NotificationLog, recorded: FifoService | null, blocks: number, loop: 'general' | 'constant-rate' = 'general', batched?: { queued: number; transmitted: number }): EngineResult {
  const horizon = model.horizon;
  const I = port.packet;
  const T = port.packetTime;
  // The port's service: as it recorded it, or replayed from the senders' records in the order the
  // port queued their packets (merged again from the senders' records after block mode, which
  // queues packets without the port).
  let replayed: FifoService | undefined;
  const replay = (): FifoService =>
    blocks === 0
      ? replayInOrder(senders.map((s) => s.starts.view()), port.queueOrder, T, horizon)
      : replayFifo(senders.map((s) => ({ times: s.starts, trainStartOf: (k: number) => s.trainStartOf(k) })), Int32Array.from(senders, (_, j) => j), T, horizon);
  const service = (): FifoService => recorded ?? (replayed ??= replay());
  const flows: FlowResult[] = senders.map((s, j) => {
    let admitted: Curve | undefined;
    let sent: Curve | undefined;
    let delivered: Curve | undefined;
    return {
      name: model.flows[j].name ?? `flow ${j + 1}`,
      arrivals: model.flows[j].arrivals,
      get admitted() {
        return (admitted ??= s.admittedCurve(horizon));
      },
      get sent() {
        return (sent ??= staircase(s.starts, I, horizon));
      },
      get delivered() {
        return (delivered ??= transmitted(service().flowStarts[j].view(), I, T, horizon));
      },
      get state() {
        return s.series;
      },
    };
  });
  let departures: Curve | undefined;
  let backlog: Curve | undefined;
  let arrivals: Float64Array | undefined;
  let starts: Float64Array | undefined;
  let table: EventTable | undefined;
  let figures: EventFigures | undefined;
  const packets: PacketRecord = {
    size: I,
    transmission: T,
    flowArrivals: (j) => senders[j].starts.view(),
    flowStarts: (j) => service().flowStarts[j].view(),
    arrivals: () => (arrivals ??= increasing(service().arrivalTimes).view()),
    starts: () => (starts ??= increasing(service().startTimes).view()),
  };
  return {
    horizon,
    flows,
    get departures() {
      return (departures ??= transmitted(packets.starts(), I, T, horizon));
    },
    get backlog() {
      return (backlog ??= packetBacklog(packets.arrivals(), packets.starts(), I, T, horizon));
    },
    get events() {
      return log.events();
    },
    get eventTable() {
      return (table ??= log.table());
    },
    eventFigures: () => (figures ??= log.figures()),
    get notifications() {
      return notifications.notifications();
    },
    stats: { windows: 0, events: log.length, engine: 'events', blocks, timerRuns: log.inTimerRuns, runNotifications: log.inRunNotifications, loop, ...(batched === undefined ? {} : { batched }) },
    packets,
  };
}

/**
 * The instants of every flow as the port recorded them, put in increasing order in place. They
 * happen in order except for instants within the tolerance of one another (which the engine
 * handles as one, in its tie order), so an insertion sort puts the few of those back in a pass,
 * n + inversions. The list is the record's own and read only through this, so it is sorted where
 * it is rather than copied: a copy of A2's 310,000 arrivals is 2.5 MB of fresh memory, 600 page
 * faults (BENCHMARKS.md, eighteenth session).
 * @example increasing(Floats.of(Float64Array.of(0, 2e-6, 1e-6))).view() // Float64Array [0, 1e-6, 2e-6]
 */
export function increasing(times: Floats): Floats {
  const out = times.view();
  for (let k = 1; k < out.length; k++) {
    const x = out[k];
    if (x >= out[k - 1]) continue;
    let j = k - 1;
    while (j >= 0 && out[j] > x) {
      out[j + 1] = out[j];
      j--;
    }
    out[j + 1] = x;
  }
  return times;
}

/** Packets counted when they arrive (s, increasing): k·I at the k-th instant, (k+1)·I just after. */
export function staircase(times: Floats, I: number, horizon: number): Curve {
  const b = new CurveBuilder(times.length + 1);
  b.push(0, 0, 0, 0);
  let level = 0;
  for (let k = 0; k < times.length; k++) {
    const t = times.at(k);
    if (!(t < horizon)) break;
    b.push(t, level, level + I, 0);
    level += I;
  }
  return b.build();
}

/**
 * Bytes transmitted when packets start at `starts` (s, increasing) and take T each at rate I/T:
 * one rising segment per run of back-to-back packets (`TransmissionRuns`), or one per piece where
 * the run's packets leave gaps below the tolerance that add up, flat after the horizon.
 */
export function transmitted(starts: Float64Array, I: number, T: number, horizon: number): Curve {
  // Breakpoints counted first, so that the curve's arrays are allocated once.
  const b = new CurveBuilder(2 + transmittedBreakpoints(starts, I, T, horizon));
  b.push(0, 0, 0, 0);
  const rate = I / T;
  for (const run = new TransmissionRuns(starts, I, T, horizon); run.next(); ) {
    b.push(run.start, run.level, run.level, rate);
    while (run.nextAnchor()) b.push(run.anchorTime, run.anchorLevel, run.anchorLevel, rate);
    if (run.end < horizon) b.push(run.end, run.bytes, run.bytes, 0);
    else {
      const v = run.bytes - rate * (run.end - horizon);
      b.push(horizon, v, v, 0);
    }
  }
  return b.build();
}

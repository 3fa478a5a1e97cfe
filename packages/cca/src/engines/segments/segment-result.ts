import { type Curve, CurveBuilder, subtract } from '@ccalc/curves';
import type { PathServerModel } from '../../model.ts';
import type { EngineEvent, EngineResult, FlowResult } from '../../results.ts';
import type { Floats } from '../events/growable.ts';
import type { TcpSender } from './tcp-sender.ts';

/** What a FIFO port recorded of each packet, in the order queued (ticks; bytes on the wire). */
export interface PortRecord {
  queued: Floats;
  started: Floats;
  finished: Floats;
  bytes: Floats;
  /** The packet's flow and payload (application bytes). */
  flows: number[];
  payloads: Floats;
}

interface Recorded {
  senders: TcpSender[];
  nics: PortRecord[];
  egress: PortRecord;
  delivered: { times: Floats; levels: Floats }[];
  rate: number;
  tick: number;
  events: EngineEvent[];
}

/**
 * The segment engine's result, in the other engines' form, with the TCP path's own curves. Per
 * flow (application bytes): `admitted` is SND.NXT (bytes handed to the NIC), `sent` the bytes that
 * reached the switch, `delivered` the bytes that reached the receiver. `departures` are the
 * switch's wire bytes, rising at its rate during each transmission, and `backlog` the wire bytes
 * in the switch (waiting, and what is left of the packet in transmission). `tcp` holds the device
 * queues as a simulator samples them (packets waiting, the one in transmission excluded) and each
 * socket's unsent bytes. Each curve is built from the records on first use, to the horizon, so a
 * caller that reads only events and state series does not pay for them.
 */
export function segmentResult(model: PathServerModel, r: Recorded): EngineResult {
  const horizon = model.horizon;
  const tick = r.tick;
  const flows: FlowResult[] = r.senders.map((s, j) => {
    let admitted: Curve | undefined;
    let sent: Curve | undefined;
    let delivered: Curve | undefined;
    return {
      name: model.flows[j].name ?? `flow ${j + 1}`,
      arrivals: model.flows[j].arrivals,
      get admitted() {
        return (admitted ??= steps(s.sendTimes, s.sendLevels, tick, horizon));
      },
      get sent() {
        return (sent ??= reachedSwitch(r.egress, j, tick, horizon));
      },
      get delivered() {
        return (delivered ??= steps(r.delivered[j].times, r.delivered[j].levels, tick, horizon));
      },
      state: s.series,
    };
  });
  let departures: Curve | undefined;
  let backlog: Curve | undefined;
  let sources: { curve: Curve; peak: number }[] | undefined;
  let switchQueue: { curve: Curve; peak: number } | undefined;
  let unsent: Curve[] | undefined;
  const queues = () => (sources ??= r.nics.map((p) => deviceQueue(p, tick, horizon)));
  const egress = () => (switchQueue ??= deviceQueue(r.egress, tick, horizon));
  return {
    horizon,
    flows,
    get departures() {
      return (departures ??= transmitted(r.egress, tick, horizon));
    },
    get backlog() {
      return (backlog ??= subtract(reachedSwitch(r.egress, -1, tick, horizon), this.departures));
    },
    events: r.events,
    notifications: [],
    stats: { windows: 0, events: r.events.length, engine: 'segments' },
    tcp: {
      get sourceQueues() {
        return queues().map((q) => q.curve);
      },
      get sourceQueuePeaks() {
        return queues().map((q) => q.peak);
      },
      get switchQueue() {
        return egress().curve;
      },
      get switchQueuePeak() {
        return egress().peak;
      },
      get unsent() {
        return (unsent ??= flows.map((f) => subtract(f.arrivals, f.admitted)));
      },
    },
  };
}

/** Bytes that reached the switch: a flow's payload (`flow` ≥ 0), or every packet's wire bytes (−1). */
function reachedSwitch(p: PortRecord, flow: number, tick: number, horizon: number): Curve {
  const times: number[] = [];
  const levels: number[] = [];
  let level = 0;
  for (let k = 0; k < p.bytes.length; k++) {
    if (flow >= 0 && p.flows[k] !== flow) continue;
    level += flow >= 0 ? p.payloads.at(k) : p.bytes.at(k);
    times.push(p.queued.at(k));
    levels.push(level);
  }
  return steps(times, levels, tick, horizon);
}

type Numbers = Floats | number[];
const item = (a: Numbers, k: number): number => (Array.isArray(a) ? a[k] : a.at(k));

/** A step curve: 0 until the first time, then each level from its time on (ticks → s). */
function steps(times: Numbers, levels: Numbers, tick: number, horizon: number): Curve {
  const b = new CurveBuilder();
  b.push(0, 0, 0, 0);
  let previous = 0;
  for (let k = 0; k < times.length; k++) {
    const t = item(times, k) * tick;
    if (t > horizon) break;
    const level = item(levels, k);
    b.push(t, previous, level, 0);
    previous = level;
  }
  return b.build();
}

/**
 * Bytes waiting in a FIFO port (the packet in transmission excluded): + at queueing, − at start;
 * and the largest value it takes, also within one tick (packets queued at the tick a transmission
 * starts count first, as in ns-3, where the arrival was scheduled before the transmission's end).
 */
function deviceQueue(p: PortRecord, tick: number, horizon: number): { curve: Curve; peak: number } {
  const b = new CurveBuilder();
  b.push(0, 0, 0, 0);
  let q = 0;
  let peak = 0;
  let a = 0;
  let d = 0;
  const n = p.bytes.length;
  while (a < n || d < n) {
    const takeArrival = a < n && (d >= n || p.queued.at(a) <= p.started.at(d));
    const t = (takeArrival ? p.queued.at(a) : p.started.at(d)) * tick;
    if (t > horizon) break;
    const next = takeArrival ? q + p.bytes.at(a++) : q - p.bytes.at(d++);
    b.push(t, q, next, 0);
    q = next;
    if (q > peak) peak = q;
  }
  return { curve: b.build(), peak };
}

/** Bytes a port has transmitted: rising during each transmission at bytes/duration, flat after the horizon. */
function transmitted(p: PortRecord, tick: number, horizon: number): Curve {
  const b = new CurveBuilder();
  b.push(0, 0, 0, 0);
  let level = 0;
  for (let k = 0; k < p.bytes.length; k++) {
    const start = p.started.at(k) * tick;
    if (start >= horizon) break;
    const end = p.finished.at(k) * tick;
    const slope = p.bytes.at(k) / (end - start);
    b.push(start, level, level, slope);
    if (end > horizon) {
      level += slope * (horizon - start);
      b.push(horizon, level, level, 0);
      return b.build();
    }
    level += p.bytes.at(k);
    b.push(end, level, level, 0);
  }
  return b.build();
}

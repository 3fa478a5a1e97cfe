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
 * socket's unsent bytes. Curves are built from the records once, to the horizon.
 */
export function segmentResult(model: PathServerModel, r: Recorded): EngineResult {
  const horizon = model.horizon;
  const tick = r.tick;
  const flows: FlowResult[] = r.senders.map((s, j) => {
    const admitted = steps(s.sendTimes, s.sendLevels, tick, horizon);
    const sentTimes: number[] = [];
    const sentLevels: number[] = [];
    let level = 0;
    for (let k = 0; k < r.egress.flows.length; k++) {
      if (r.egress.flows[k] !== j) continue;
      level += r.egress.payloads.at(k);
      sentTimes.push(r.egress.queued.at(k));
      sentLevels.push(level);
    }
    return {
      name: model.flows[j].name ?? `flow ${j + 1}`,
      arrivals: model.flows[j].arrivals,
      admitted,
      sent: steps(sentTimes, sentLevels, tick, horizon),
      delivered: steps(r.delivered[j].times, r.delivered[j].levels, tick, horizon),
      state: s.series,
    };
  });
  const arrivedTimes: number[] = [];
  const arrivedLevels: number[] = [];
  let wire = 0;
  for (let k = 0; k < r.egress.bytes.length; k++) {
    wire += r.egress.bytes.at(k);
    arrivedTimes.push(r.egress.queued.at(k));
    arrivedLevels.push(wire);
  }
  const departures = transmitted(r.egress, tick, horizon);
  const sources = r.nics.map((p) => deviceQueue(p, tick, horizon));
  const switchQueue = deviceQueue(r.egress, tick, horizon);
  return {
    horizon,
    flows,
    departures,
    backlog: subtract(steps(arrivedTimes, arrivedLevels, tick, horizon), departures),
    events: r.events,
    notifications: [],
    stats: { windows: 0, events: r.events.length, engine: 'segments' },
    tcp: {
      sourceQueues: sources.map((q) => q.curve),
      sourceQueuePeaks: sources.map((q) => q.peak),
      switchQueue: switchQueue.curve,
      switchQueuePeak: switchQueue.peak,
      unsent: flows.map((f) => subtract(f.arrivals, f.admitted)),
    },
  };
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

import { asRateLatency } from '@ccalc/curves';
import type { PathServerModel } from '../../model.ts';
import type { EngineEvent, EngineResult } from '../../results.ts';
import { validateModel } from '../../validate.ts';
import { ModelError } from '../../errors.ts';
import { Floats } from '../events/growable.ts';
import { EventQueue } from './event-queue.ts';
import { TcpSender, type SegmentSink } from './tcp-sender.ts';
import { segmentResult, type PortRecord } from './segment-result.ts';
import { segmentEngineSupport } from './support.ts';

/** Options of {@link runSegments}. */
export interface SegmentEngineOptions {
  onProgress?: (time: number, horizon: number) => void;
  /** End the result when the last written byte has reached the receiver (if it does by the horizon). */
  untilComplete?: boolean;
}

/** The clock's tick (s): 1 ps, the time resolution of the simulator runs it is compared with. */
export const TICK = 1e-12;

const WRITE = 0;
const SEND = 1;
const AT_SWITCH = 2;
const ACK = 3;
const RECEIVE = 4;
const DELAYED_ACK = 5;

/**
 * Runs TCP senders segment by segment: the segment engine. Each sender (a `TcpSender`, the socket
 * of ns-3's TcpSocketBase without losses) sends whole segments under its CCA's window; a segment
 * waits in the sender's NIC queue for its access link, reaches the switch, waits in the switch's
 * FIFO egress (the model's service rate), and reaches the receiver, which acknowledges it at once;
 * the acknowledgement is serialised at the receiver's NIC and at the switch's port towards the
 * sender, and arrives over the access link. Every link is store-and-forward: a packet of b bytes
 * takes b/rate to send, then the propagation delay. Time is an integer clock of 1 ps ticks, so
 * sums of serialisation and propagation times are exact, and events of one tick run in the order
 * they were scheduled (as ns-3 does). The cost is a few heap operations per segment: an
 * acknowledgement clocks the sender and changes its RTT estimate, so each one is an event of the model.
 * The application's writes are the flows' arrivals (steps, application bytes); a write lets the
 * sender send one tick later (ns-3 waits a time step for the application to fill the buffer).
 * Covers models whose every CCA listens to acknowledgements (`listens.acks`), with a `tcp` path, a
 * constant-rate service without latency, no ECN and no PFC (`segmentEngineSupport`).
 * @example runSegments(vegasNs3Model()).stats.engine // 'segments'
 */
export function runSegments(model: PathServerModel, options: SegmentEngineOptions = {}): EngineResult {
  validateModel(model);
  const unsupported = segmentEngineSupport(model);
  if (unsupported !== null) throw new ModelError('engine', 'segments', `a model the segment engine covers, not one with ${unsupported}`);
  const path = model.tcp!;
  const C = asRateLatency(model.service)!.rate;
  const ticks = (seconds: number): number => Math.round(seconds / TICK);
  /** Serialisation of b bytes at `rate` (ticks): ns-3 truncates to its time resolution. */
  const serialise = (bytes: number, rate: number): number => {
    const x = bytes / (rate * TICK);
    const r = Math.round(x);
    return Math.abs(x - r) < 1e-6 ? r : Math.floor(x);
  };
  const horizon = ticks(model.horizon);
  const n = model.flows.length;
  const access = model.flows.map((f) => f.access ?? { rate: C, propagation: 0 });
  const accessDelay = access.map((a) => ticks(a.propagation));
  const switchDelay = ticks(path.propagation);
  const ackOnSwitch = serialise(path.ackSize, C);
  const ackOnAccess = access.map((a) => serialise(path.ackSize, a.rate));
  const handshake = access.map((a, j) => 2 * (serialise(path.synSize, a.rate) + accessDelay[j] + serialise(path.synSize, C) + switchDelay));
  const senders = model.flows.map((f, j) => new TcpSender(j, f.cca, path.segmentSize, handshake[j], TICK));
  const events: EngineEvent[] = [];
  const queue = new EventQueue();

  // Each sender's NIC, the switch's egress, the receiver's NIC and the switch's ports back.
  const nics = senders.map(() => port());
  const egress = port();
  const delivered = senders.map(() => ({ times: new Floats(), levels: new Floats() }));
  const arrivedAtSwitch = new Float64Array(n);
  const nicFree = new Float64Array(n).fill(-Infinity);
  let egressFree = -Infinity;
  let receiverFree = -Infinity;
  const backFree = new Float64Array(n).fill(-Infinity);

  // The receivers: bytes received, segments not yet acknowledged (the first is acknowledged at
  // once), and the delayed-ACK timer (its generation, so a cancelled one is recognised).
  const delayed = path.delayedAck ?? { count: 1, timeout: 0 };
  const delayTicks = ticks(delayed.timeout);
  const receivers = senders.map(() => ({ received: 0, unacknowledged: delayed.count - 1, timer: 0, timing: false }));
  /** The receiver acknowledges `ack` at tick t; its NIC and the switch's port back are FIFO queues. */
  const acknowledge = (j: number, t: number, ack: number): void => {
    receivers[j].timing = false;
    receiverFree = Math.max(t, receiverFree) + ackOnSwitch;
    backFree[j] = Math.max(receiverFree + switchDelay, backFree[j]) + ackOnAccess[j];
    queue.push(backFree[j] + accessDelay[j], ACK, j, ack);
  };

  const sink: SegmentSink = {
    send(flow, t, end, payload) {
      const wire = payload + path.header;
      const start = Math.max(t, nicFree[flow]);
      nicFree[flow] = start + serialise(wire, access[flow].rate);
      record(nics[flow], t, start, wire, flow, payload, nicFree[flow]);
      queue.push(nicFree[flow] + accessDelay[flow], AT_SWITCH, flow, end);
    },
  };

  for (let j = 0; j < n; j++) {
    const A = model.flows[j].arrivals;
    for (let i = 0; i < A.t.length; i++) {
      const jump = A.r[i] - A.v[i];
      if (jump > 0 && A.t[i] <= model.horizon) queue.push(ticks(A.t[i]), WRITE, j, Math.round(jump));
    }
  }

  let steps = 0;
  let lastDelivery = 0;
  while (queue.length > 0 && queue.peekTime() <= horizon) {
    queue.pop();
    const t = queue.time;
    const j = queue.flow;
    const s = senders[j];
    if (options.onProgress !== undefined && ++steps % 65536 === 0) options.onProgress(t * TICK, model.horizon);
    switch (queue.kind) {
      case WRITE:
        s.written += queue.value;
        if (!s.sendScheduled && s.windowOpen()) {
          s.sendScheduled = true;
          queue.push(t + 1, SEND, j, 0);
        }
        break;
      case SEND:
        s.sendScheduled = false;
        s.sendPending(t, sink);
        break;
      case AT_SWITCH: {
        const end = queue.value;
        const payload = end - arrivedAtSwitch[j];
        arrivedAtSwitch[j] = end;
        const wire = payload + path.header;
        const start = Math.max(t, egressFree);
        egressFree = start + serialise(wire, C);
        record(egress, t, start, wire, j, payload, egressFree);
        queue.push(egressFree + switchDelay, RECEIVE, j, end);
        break;
      }
      case RECEIVE: {
        const end = queue.value;
        delivered[j].times.push(t);
        delivered[j].levels.push(end);
        lastDelivery = t;
        // ns-3's delayed ACK: every `count`-th segment is acknowledged at once, else a timer (the
        // first data segment always at once); with count 1, every segment.
        const r = receivers[j];
        r.received = end;
        if (++r.unacknowledged >= delayed.count) {
          r.unacknowledged = 0;
          r.timer += 1; // cancels a pending timer
          acknowledge(j, t, end);
        } else if (!r.timing) {
          r.timing = true;
          queue.push(t + delayTicks, DELAYED_ACK, j, ++r.timer);
        }
        break;
      }
      case DELAYED_ACK: {
        const r = receivers[j];
        if (queue.value === r.timer && r.timing) {
          r.timing = false;
          r.unacknowledged = 0;
          acknowledge(j, t, r.received);
        }
        break;
      }
      case ACK:
        s.receiveAck(t, queue.value, events);
        s.sendPending(t, sink);
        break;
    }
  }
  let end = model.horizon;
  if (options.untilComplete) {
    const complete = senders.every((_, j) => {
      const total = model.flows[j].arrivals.at(Infinity);
      return Number.isFinite(total) && delivered[j].levels.length > 0 && delivered[j].levels.at(delivered[j].levels.length - 1) >= total;
    });
    if (complete && lastDelivery * TICK <= model.horizon) end = lastDelivery * TICK;
  }
  // A run that ends at its last delivery drops what happened after it (the last acknowledgements).
  if (end < model.horizon) {
    for (const s of senders) for (const series of Object.values(s.series)) {
      let n = series.time.length;
      while (n > 1 && series.time[n - 1] > end) n--;
      series.time.length = n;
      series.value.length = n;
    }
  }
  const kept = end < model.horizon ? events.filter((e) => e.time <= end) : events;
  return segmentResult({ ...model, horizon: end }, { senders, nics, egress, delivered, rate: C, tick: TICK, events: kept });
}

function port(): PortRecord {
  return { queued: new Floats(), started: new Floats(), finished: new Floats(), bytes: new Floats(), flows: [], payloads: new Floats() };
}

function record(p: PortRecord, queued: number, started: number, bytes: number, flow: number, payload: number, finished: number): void {
  p.queued.push(queued);
  p.started.push(started);
  p.finished.push(finished);
  p.bytes.push(bytes);
  p.flows.push(flow);
  p.payloads.push(payload);
}

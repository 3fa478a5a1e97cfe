import { asRateLatency, EPSILON } from '@ccalc/curves';
import type { PathServerModel } from '../../model.ts';
import type { EngineEvent, EngineResult, SentNotification } from '../../results.ts';
import { validateModel } from '../../validate.ts';
import { ModelError } from '../../errors.ts';
import { eventEngineSupport } from './support.ts';
import { PacketSender } from './sender.ts';
import { FifoPort } from './fifo-port.ts';
import { IndexedHeap } from './indexed-heap.ts';
import { eventResult } from './result.ts';

/** Options of {@link runEvents}. */
export interface EventEngineOptions {
  /** Called now and then with the time computed and the horizon (for progress lines). */
  onProgress?: (time: number, horizon: number) => void;
}

/**
 * Runs the path-server model event by event: the event engine. It computes what the curve engine
 * (`runPathServer`) computes, for the models `eventEngineSupport` accepts (whole packets, a rate
 * server, rate-based CCAs, ECN, PFC), but moves from one event to the next instead of building
 * curves window by window:
 * - each sender's admission is a plan (the fluid queue A_rem ⊗ λ_r with the NIC's pacing) that
 *   changes only when the CCA's rate or the PFC state changes, and its packet starts are read off
 *   the plan by a division each;
 * - the FIFO port is a queue of packets (a flow index each) served back to back;
 * - ECN marks, notifications (gap rule or grid) and PFC frames are decided at the packet's enqueue
 *   or dequeue, and reach the sender after their delays;
 * - timers fire at their own instants; a CCA reacts exactly as in the curve engine (the same
 *   `CongestionControl` objects), and the same events are logged.
 * At one instant (times within the curves' tolerance, 1 ps) the order is the curve engine's:
 * reactions at the senders (per sender: PFC frames, notifications, byte count, timers), then the
 * packets arriving (latest packet train first, then port order), then the dequeue that starts.
 * Throws a ModelError before computing anything for an invalid model or one it does not cover.
 * @example runEvents(ns3IncastModel({ dcqcn: true, pfc: true, horizon: 1e-3 })).events.length
 */
export function runEvents(model: PathServerModel, options: EventEngineOptions = {}): EngineResult {
  validateModel(model);
  const unsupported = eventEngineSupport(model);
  if (unsupported !== null) throw new ModelError('engine', 'events', `a model the event engine covers, not one with ${unsupported}`);
  const packet = model.packets!.size;
  const C = asRateLatency(model.service)!.rate;
  const horizon = model.horizon;
  const trainGap = (1.5 * packet) / C;
  const n = model.flows.length;
  const senders = model.flows.map((spec, j) => new PacketSender(j, spec.cca, spec.arrivals, packet, spec.ackDelay ?? model.feedbackDelay, trainGap));
  const pauseDelay = model.flows.map((f) => f.pauseDelay ?? f.ackDelay ?? model.feedbackDelay);
  const notificationDelay = model.flows.map((f) => f.notificationDelay ?? f.ackDelay ?? model.feedbackDelay);
  const events: EngineEvent[] = [];
  const notifications: SentNotification[] = [];
  const heap = new IndexedHeap(n);
  const keyOf = (s: PacketSender): number => {
    const r = s.nextReaction();
    const start = s.nextStart < horizon ? s.nextStart : Infinity;
    return r < start ? (r <= horizon ? r : Infinity) : start;
  };
  const port = new FifoPort(n, packet, C, model.ecn, model.pfc, {
    frame(flow, time, kind) {
      senders[flow].frameArrives(time + pauseDelay[flow], kind);
      heap.set(flow, keyOf(senders[flow]));
    },
    mark(flow, time, from) {
      const s = senders[flow];
      if (!s.cca.listens.notifications) return;
      // The receiver paces notifications (gap rule or grid); they reach the sender a delay later.
      const sent = port.gaps[flow].next(time);
      if (sent === null) return;
      const arrives = sent + notificationDelay[flow];
      s.notificationArrives(arrives, from);
      notifications.push({ flow, marked: time, sent, arrives });
      heap.set(flow, keyOf(s));
    },
  });
  senders.forEach((s, j) => heap.set(j, keyOf(s)));

  // Packets starting at the current instant: flow and time, sorted before they are queued.
  const arrivingFlow: number[] = [];
  const arrivingTime: number[] = [];
  const started = (flow: number, time: number): void => {
    arrivingFlow.push(flow);
    arrivingTime.push(time);
  };
  const touched: number[] = [];
  let steps = 0;
  for (;;) {
    const tSender = heap.topKey();
    const tDequeue = port.nextDequeue();
    const resume = port.nextResume();
    const t = Math.min(tSender, tDequeue < horizon ? tDequeue : Infinity, resume.time <= horizon ? resume.time : Infinity);
    if (!(t <= horizon)) break;
    // One instant: every event within the curves' tolerance of t.
    const limit = t + EPSILON * Math.max(1, Math.abs(t));
    if (options.onProgress !== undefined && ++steps % 65536 === 0) options.onProgress(t, horizon);

    // 1. Reactions at the senders, sender by sender.
    touched.length = 0;
    while (heap.topKey() <= limit) {
      const j = heap.top();
      const s = senders[j];
      touched.push(j);
      while (s.reactOnce(Math.min(limit, horizon), events, started));
      heap.set(j, Infinity);
    }
    // 2. Packets that start at this instant reach the switch: latest packet train first, then port order.
    for (const j of touched) {
      const s = senders[j];
      if (s.nextStart <= limit && s.nextStart < horizon) started(j, s.startPacket());
    }
    if (arrivingFlow.length > 0) queueArrivals(arrivingFlow, arrivingTime, senders, port);
    arrivingFlow.length = 0;
    arrivingTime.length = 0;
    for (const j of touched) heap.set(j, keyOf(senders[j]));

    // 3. The switch: 'paper' PFC resumes, then the transmission that starts now.
    for (let r = port.nextResume(); r.time <= limit && r.time <= horizon; r = port.nextResume()) port.resume(r.flow, r.time);
    const d = port.nextDequeue();
    if (d <= limit && d < horizon) port.dequeue(d);
  }
  return eventResult(model, senders, port, events, notifications);
}

/** Queues the packets that arrive at one instant: the latest packet train first, then port order. */
function queueArrivals(flows: number[], times: number[], senders: PacketSender[], port: FifoPort): void {
  const order = flows.map((_, k) => k);
  if (order.length > 1) order.sort((a, b) => senders[flows[b]].trainStart - senders[flows[a]].trainStart || flows[a] - flows[b]);
  order.forEach((k, position) => {
    const j = flows[k];
    port.arrive(j, times[k], (senders[j].started - 1) * port.packet, position > 0);
  });
}

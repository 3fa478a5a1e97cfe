import { asRateLatency } from '@ccalc/curves';
import type { PathServerModel } from '../../model.ts';
import type { EngineResult } from '../../results.ts';
import { validateModel } from '../../validate.ts';
import { ModelError } from '../../errors.ts';
import { flowDelays } from '../../delays.ts';
import { signalArrival } from '../../cca.ts';
import { eventEngineSupport } from './support.ts';
import { PacketSender } from './sender.ts';
import { FifoPort, type PortListener } from './fifo-port.ts';
import { IndexedHeap } from './indexed-heap.ts';
import { eventResult } from './result.ts';
import { Arrivals } from './arrivals.ts';
import { instantTolerance, Progress } from './progress.ts';
import { HostNic } from './host-nic.ts';
import { EventLog, NotificationLog } from './event-log.ts';
import { ingressPorts, type IngressPorts } from '../../ingress-ports.ts';
import { BlockQueue } from './block-queue.ts';
import { packedArray } from '../../packed-array.ts';
import { constantRateGap, runConstantRate } from './constant-rate.ts';

/** Options of {@link runEvents}. */
export interface EventEngineOptions {
  /** Called now and then with the time computed and the horizon (for progress lines). */
  onProgress?: (time: number, horizon: number) => void;
  /**
   * Stop when every sender's bytes have left the switch (the end of the last transmission): the
   * result's horizon is that instant, or the model's horizon if they have not by then. The run is
   * made once, never restarted. Senders with endless arrivals never finish.
   */
  untilComplete?: boolean;
  /**
   * Block mode (see BlockQueue): entered after an instant that leaves `enter` packets or more
   * queued, left at a transmission that leaves `low` (1 ≤ low < enter − 1); `false` (the default)
   * runs every packet as an event. It applies to models without ECN, QCN or hosts sharing a NIC,
   * with threshold PFC or none, whose CCAs have no timers or byte counts (as `none`). It changes
   * no result, only the cost, and does not pay yet:
   * on the simulator's A1 it is slower cold and no faster warm (BENCHMARKS.md, 2026-11-27), since
   * blocks where many flows interleave must be merged once. { enter: 64, low: 16 } is a sensible
   * setting to try.
   */
  blockMode?: { enter: number; low: number } | false;
  /**
   * Run the general loop even for a model the constant-rate loop covers (`constantRateSupport`:
   * senders whose rate never changes, e.g. the PFC-only incast), which gives the same results
   * faster; for comparisons. Block mode runs in the general loop.
   */
  generalLoop?: boolean;
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
 *   `CongestionControl` objects), and the same events are logged;
 * - a sender whose arrivals end closes T + ΔR after its last packet's transmission starts (its
 *   last byte acknowledged, as ns-3 completes a queue pair): its timers and notifications end;
 * - a host's connections (`FlowSpec.host`) share its NIC (`HostNic`: one packet at a time at line
 *   rate, round robin among the ready ones, as ns-3's) and its PFC ingress; the NIC decides after
 *   its connections' reactions at an instant. The curve engine runs hosts with fluid senders only.
 * Senders whose rate never changes (`constantRateSupport`: the PFC-only incast) run in a loop of
 * their own (`runConstantRate`) that computes the same results, to the bit, about twice as fast.
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
  if (options.generalLoop !== true && (options.blockMode ?? false) === false && constantRateGap(model) === null) return runConstantRate(model, options);
  const packet = model.packets!.size;
  const C = asRateLatency(model.service)!.rate;
  let horizon = model.horizon;
  const trainGap = (1.5 * packet) / C;
  const n = model.flows.length;
  const delays = packedArray(n, (j) => flowDelays(model, model.flows[j]));
  const log = new EventLog(packedArray(n, (j) => model.flows[j].cca));
  const senders = packedArray(n, (j) => new PacketSender(j, model.flows[j].cca, model.flows[j].arrivals, packet, delays[j].ack, trainGap, log));
  const notifications = new NotificationLog(packedArray(n, (j) => delays[j].notification), packedArray(n, (j) => model.flows[j].cca.listens));
  const ports = ingressPorts(model);
  // Hosts with several connections: their NIC decides which connection sends (HostNic). Each NIC
  // has an item of its own in the heap after the senders' (when it must decide with nothing due).
  const nics = packedArray(ports.members.length, (g) => {
    const members = ports.members[g];
    return members.length < 2 ? null : new HostNic(packedArray(members.length, (k) => senders[members[k]]), packet / (model.hosts![ports.host[g]].lineRate ?? C), trainGap);
  });
  const nicList = nics.filter((x): x is HostNic => x !== null);
  // Quiet notifications and a paused sender's timers are no events, unless NICs are shared (see PacketSender.lazyReactions).
  if (nicList.length === 0) for (const s of senders) s.lazyReactions = true;
  const nicItem = new Map(nicList.map((nic, k) => [nic, n + k]));
  const nicOf = packedArray(n, (j) => nics[ports.ingressOf[j]]);
  const heap = new IndexedHeap(n + nicList.length);
  const signals = new SignalRouter(senders, heap, delays, notifications, ports);
  // The port records each packet's service only for hosts with a shared NIC (a replay would order
  // packets at one instant by each connection's own trains, not the NIC's, and does not give the
  // same results); otherwise the result replays it from the senders' records.
  const port = new FifoPort(packedArray(n, (j) => senders[j].capacity), ports.ingressOf, packet, C, model.ecn, model.pfc, signals, model.qcn, nicList.length > 0);
  signals.port = port;
  const T = port.packetTime;
  // Block mode (BlockQueue): while the queue is long, packets are no events. It covers models
  // without hosts sharing a NIC, QCN or ECN, with threshold PFC or none, whose CCAs nothing moves
  // (no timers or byte counts, as `none`): a sender whose last packet block mode transmits is found
  // closed only when block mode ends (see closeAfterBlock).
  const blocks = options.blockMode ?? false;
  if (blocks !== false && !(Number.isInteger(blocks.low) && blocks.low >= 1 && Number.isInteger(blocks.enter) && blocks.enter > blocks.low + 1)) {
    throw new ModelError('blockMode', JSON.stringify(blocks), 'whole numbers with 1 ≤ low < enter − 1');
  }
  const unmoved = model.flows.every((f) => !f.cca.listens.bytes && !(f.cca.nextTimer(f.cca.initial()) < Infinity));
  const blockable = blocks !== false && nicList.length === 0 && model.qcn === undefined && model.ecn === undefined && model.pfc?.resume !== 'paper' && unmoved;
  signals.horizon = horizon;
  for (const s of senders) heap.set(s.index, signals.keyOf(s));
  const loop: GeneralLoop = { senders, heap, port, signals, nicList, nicOf, nicItem, ingressOf: ports.ingressOf, pfc: model.pfc, blockable, blocks: blocks === false ? { enter: Infinity, low: 0 } : blocks, untilComplete: options.untilComplete === true, progress: new Progress(options.onProgress), block: null, blockEntries: 0 };
  generalLoop(loop);
  const { block, blockEntries } = loop;
  horizon = signals.horizon;
  // Packets that block mode did not start one by one, and timers no reaction came to run.
  for (const s of senders) {
    s.startBefore(horizon);
    s.finish(horizon);
  }
  if (block !== null) closeAfterBlock(block, senders, T, block.ranksBefore(horizon), horizon);
  return eventResult({ ...model, horizon }, senders, port, log, notifications, nicList.length > 0 ? port : null, blockEntries);
}

/** What {@link generalLoop} runs on: `runEvents`' senders, heap, port and NICs, as it set them up. */
interface GeneralLoop {
  senders: PacketSender[];
  heap: IndexedHeap;
  port: FifoPort;
  signals: SignalRouter;
  nicList: HostNic[];
  nicOf: (HostNic | null)[];
  nicItem: Map<HostNic, number>;
  ingressOf: IngressPorts['ingressOf'];
  pfc: PathServerModel['pfc'];
  /** Whether block mode applies, and when it is entered and left. */
  blockable: boolean;
  blocks: { enter: number; low: number };
  untilComplete: boolean;
  progress: Progress;
  /** Set by the loop: the block queue open (block mode on), and how often block mode was entered. */
  block: BlockQueue | null;
  blockEntries: number;
}

/**
 * `runEvents`' general loop, instant by instant, up to the horizon (`signals.horizon`, cut there
 * when a run until complete ends); it leaves in `loop` the block queue still open at the end, if
 * any, and how often block mode was entered. A function of its own, apart from the run's set-up
 * and end, and with nothing after its loop: V8 replaces the first run's loop by optimized code on
 * the stack, which goes on to run whatever follows the loop, and so code there never gathers type
 * feedback; in a second run the optimized function reaches that code without it and is thrown away
 * (a third run then starts the loop unoptimized again). The run's end is the caller's.
 */
function generalLoop(loop: GeneralLoop): void {
  const { senders, heap, port, signals, nicList, nicOf, nicItem, ingressOf, pfc, blockable, blocks, untilComplete, progress } = loop;
  const n = senders.length;
  let horizon = signals.horizon;
  let block: BlockQueue | null = null;
  // NICs with a decision pending at the current instant.
  const deciding: HostNic[] = [];
  // Packets starting at the current instant.
  const arriving = new Arrivals(n);
  const tolerance = instantTolerance;
  for (;;) {
    if (block !== null) {
      // Block mode: the senders' reactions, then the port's checks, at each instant.
      const tReaction = heap.topKey();
      const tCheck = block.nextTime();
      const t = tCheck < horizon && tCheck < tReaction ? tCheck : tReaction;
      if (!(t <= horizon)) break;
      const limit = t + tolerance(t);
      progress.step(t, horizon);
      const reactUntil = limit < horizon ? limit : horizon;
      while (heap.topKey() <= limit) {
        const s = senders[heap.top()];
        while (s.reactOnce(reactUntil, DISCARD));
        heap.set(s.index, signals.keyOf(s));
        block.flowChanged(s.index, t);
      }
      block.handle(limit, horizon);
      if (block.ended) {
        // The queue is short again: the port takes its packets back, one event each.
        const { state, queue, current } = block.handBack();
        closeAfterBlock(block, senders, port.packetTime, state.startedTotal, limit);
        port.takeBack(state, current, queue);
        block = loop.block = null;
        signals.inBlock = false;
        for (const s of senders) heap.set(s.index, signals.keyOf(s));
      }
      continue;
    }
    let tSender = heap.topKey();
    const tResume = port.nextResume();
    let tDequeue = port.nextDequeue();
    // Transmissions that start before anything else happens (beyond the tolerance of an instant):
    // back to back, without the instant's bookkeeping. A frame or mark they make reaches a sender
    // a delay later, so the next sender event is read again after each.
    // (Two tests, each reached whenever the loop is: a test that first runs after V8 has compiled
    // the loop throws the compiled loop away.)
    for (let end = tDequeue + tolerance(tDequeue); tDequeue < horizon && end < Math.min(tSender, tResume); end = tDequeue + tolerance(tDequeue)) {
      horizon = signals.dequeue(tDequeue, untilComplete);
      tDequeue = port.nextDequeue();
      tSender = heap.topKey();
    }
    let t = tSender;
    if (tDequeue < horizon && tDequeue < t) t = tDequeue;
    if (tResume <= horizon && tResume < t) t = tResume;
    if (!(t <= horizon)) break;
    // One instant: every event within the curves' tolerance of t.
    const limit = t + tolerance(t);
    progress.step(t, horizon);

    // 1. Each sender with something at this instant: its reactions (packets started before a
    // reaction are handed over first), then the packet it starts now.
    const reactUntil = limit < horizon ? limit : horizon;
    while (heap.topKey() <= limit) {
      const top = heap.top();
      progress.step(t, horizon);
      if (top >= n) {
        // A NIC that must decide at this instant (free again with connections waiting).
        nicList[top - n].request(deciding);
        heap.set(top, Infinity);
        continue;
      }
      const s = senders[top];
      const nic = nicOf[top];
      while (s.reactOnce(reactUntil, arriving));
      if (nic === null) {
        if (s.nextStart <= limit && s.nextStart < horizon) arriving.add(s.index, s.startPacket());
      } else {
        // A connection of a shared NIC: its packet, if due, waits for the NIC's decision below.
        nic.markHandled(s, limit, horizon, deciding);
      }
      heap.set(s.index, nic === null ? senderKey(s, horizon) : senderKey(s, horizon, limit));
    }
    // The shared NICs, once their connections' reactions at this instant are done.
    for (const nic of deciding) {
      nic.decide(t, limit, horizon, arriving);
      for (const m of nic.touched) heap.set(m.index, signals.keyOf(m));
      heap.set(nicItem.get(nic)!, nic.wakeAt());
    }
    if (deciding.length > 0) deciding.length = 0;
    // 2. The packets reach the switch: latest packet train first, then port order.
    if (arriving.count > 0) arriving.queue(senders, port, ingressOf);

    // 3. The switch: 'paper' PFC resumes, then the transmission that starts now.
    while (port.nextResume() <= limit && port.nextResume() <= horizon) port.resume();
    const d = port.nextDequeue();
    if (d <= limit && d < horizon) horizon = signals.dequeue(d, untilComplete);
    if (blockable && port.queued >= blocks.enter) {
      const { state, head } = port.handOver();
      block = loop.block = new BlockQueue(senders, pfc, signals, state, port.packet, port.packetTime, blocks.low, head, limit);
      loop.blockEntries += 1;
      signals.inBlock = true;
      for (const s of senders) heap.set(s.index, signals.keyOf(s));
    }
  }
}

/** A sender's packets started in block mode go nowhere (block mode counts them itself). */
const DISCARD = { add(): void {} };

/**
 * The senders whose last packet block mode transmitted before `transmitted` (a rank) close T + ΔR
 * after its transmission starts (T the packet time, s): at that instant if it is still to come
 * (`now` on), else logged late.
 */
function closeAfterBlock(b: BlockQueue, senders: readonly PacketSender[], T: number, transmitted: number, now: number): void {
  for (const s of senders) {
    if (s.closing || s.started === 0 || !s.done()) continue;
    const m = b.rankOf(s.index, s.started - 1);
    if (!(m < transmitted)) continue;
    const at = b.startOf(m) + T + s.ackDelay;
    if (at > now) s.closeAt(at);
    else s.closeLate(at);
  }
}

/**
 * When a sender next has something to do: a reaction by the horizon, or a packet before it, after
 * `after` (for a connection of a shared NIC handled at this instant, the instant's end: a packet
 * due now is the NIC's to send or hold). A connection waiting for its NIC has no packet of its own
 * to start (the NIC's item in the heap wakes the NIC).
 */
export function senderKey(s: PacketSender, horizon: number, after = -Infinity): number {
  const start = !s.held && s.nextStart > after && s.nextStart < horizon ? s.nextStart : Infinity;
  return Math.min(reactionKey(s, horizon), start);
}

/** When a sender next reacts (block mode's key, where packets are no events): +∞ beyond the horizon. */
function reactionKey(s: PacketSender, horizon: number): number {
  const r = s.nextReaction();
  return r <= horizon ? r : Infinity;
}

/**
 * Takes the port's PFC frames and marks to the senders: a frame arrives after the flow's pause
 * delay; a mark is notified by the receiver (gap rule or grid, per sender) if the sender's CCA
 * listens, and arrives after the notification delay. It also keeps the senders' heap keys (the
 * run's horizon, and whether block mode is on) and starts the port's transmissions: methods
 * rather than closures of `runEvents`, so that a second run in the process calls the functions
 * the first one's optimized code was made for (a new closure each run made V8 throw that code
 * away: "wrong call target").
 */
class SignalRouter implements PortListener {
  port!: FifoPort;
  /** The run's horizon (s): cut to the last transmission's end when a run until complete ends. */
  horizon = Number.NaN;
  /** Whether block mode is on: then a sender's key is its next reaction only. */
  inBlock = false;

  constructor(
    private readonly senders: PacketSender[],
    private readonly heap: IndexedHeap,
    private readonly delays: { notification: number; pause: number }[],
    private readonly notifications: NotificationLog,
    private readonly ports: IngressPorts,
  ) {}

  /** When sender s next has something to do (the heap's key): `senderKey`, or in block mode `reactionKey`. */
  keyOf(s: PacketSender): number {
    return this.inBlock ? reactionKey(s, this.horizon) : senderKey(s, this.horizon);
  }

  /**
   * A transmission starts at d. A sender (or a connection of a host) whose last packet leaves
   * now closes when it is acknowledged, and its timers stop, as ns-3 completes a queue pair; once
   * nothing is left to send or queued, a run until complete ends when the last transmission does.
   * Returns the horizon, cut then.
   */
  dequeue(d: number, untilComplete: boolean): number {
    const port = this.port;
    const f = port.dequeue(d);
    const s = this.senders[f];
    if (s.closeIfLast(port.dequeued[f], d, port.packetTime)) this.heap.set(f, this.keyOf(s));
    if (untilComplete && port.queued === 0 && port.transmittedBy < this.horizon && this.senders.every((x) => x.done())) this.horizon = port.transmittedBy;
    return this.horizon;
  }

  /** A frame to an ingress reaches every flow (connection) of it at once, after the first one's pause delay. */
  frame(ingress: number, time: number, kind: 'pfc-pause' | 'pfc-resume'): void {
    const members = this.ports.members[ingress];
    const delay = this.delays[members[0]].pause;
    for (const flow of members) {
      const s = this.senders[flow];
      s.frameArrives(signalArrival(time, delay, s.cca.listens), kind);
      this.heap.set(flow, this.keyOf(s));
    }
  }

  feedback(flow: number, time: number, from: number, fb: number): void {
    const s = this.senders[flow];
    if (!s.cca.listens.notifications) return;
    const arrives = this.notifications.push(flow, time, time);
    if (s.notificationArrives(arrives, from, time, fb)) this.heap.set(flow, this.keyOf(s));
  }

  mark(flow: number, time: number, from: number): void {
    const s = this.senders[flow];
    if (!s.cca.listens.notifications) return;
    const sent = this.port.gaps[flow].next(time);
    if (sent === null) return;
    const arrives = this.notifications.push(flow, time, sent);
    if (s.notificationArrives(arrives, from, time)) this.heap.set(flow, this.keyOf(s));
  }
}


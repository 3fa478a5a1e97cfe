import {
  Curve,
  asConstant,
  asRateLatency,
  close,
  constant,
  convolve,
  convolveWithRate,
  CurveBuilder,
  firstTimeAbove,
  firstTimeAboveShifted,
  horizontalShift,
  lowerPseudoInverse,
  lowerPseudoInverseAt,
  min,
  subtract,
  sum,
  upperPseudoInverseAt,
  verticalShift,
} from '@ccalc/curves';
import { type CongestionControl, type Limit, type Reaction, type SignalView, signalArrival } from './cca.ts';
import type { PathServerModel } from './model.ts';
import type { EngineEvent, EngineResult, SentNotification, StepSeries } from './results.ts';
import { Trace } from './trace.ts';
import { admittedIncrement, pausedAdmission, remainingArrivals, wholePacketAdmission } from './admission.ts';
import { fifoDemultiplex, fifoShare, type Ties } from './fifo-demultiplex.ts';
import { packetize, packetsStarted, wholePackets } from './acknowledgements.ts';
import { PacketTrains } from './packet-trains.ts';
import { validateModel } from './validate.ts';
import { ModelError } from './errors.ts';
import { EcnMarker } from './ecn.ts';
import { PfcController, summedHistory, type History } from './pfc.ts';
import { recordState } from './state-series.ts';
import { flowDelays } from './delays.ts';
import { ingressPorts } from './ingress-ports.ts';
import { fluidNicAdmission } from './fluid-nic.ts';

/** Bytes: conditions such as "acknowledged < admitted" must exceed this to count (rounding guard). */
const MARGIN = 1e-6;

/** Per-flow state of a run. Curves are kept twice: as the sender sees them (sequence view, where a
 * Go-Back-N timeout rewinds Â and D) and as the server sees them (wire view, bytes actually queued). */
interface FlowRun {
  index: number;
  name: string;
  arrivals: Curve;
  cca: CongestionControl<unknown>;
  state: unknown;
  ackDelay: number;
  notificationDelay: number;
  pauseDelay: number;
  admittedSeq: Trace;
  deliveredSeq: Trace;
  admittedWire: Trace;
  deliveredWire: Trace;
  /** Wire minus sequence bytes (retransmitted bytes counted twice on the wire). */
  duplicate: number;
  /** Coordinate origin of the current limit (paper §III-C): time and admitted bytes there. */
  origin: { t: number; y: number };
  /** Start of the current timeout epoch and the acknowledged bytes there. */
  epoch: { t: number; base: number };
  /** Right limit of the sequence-view admitted curve at the next window start, after a timeout. */
  seqRestart: number | null;
  /**
   * Each Go-Back-N flush: when, and the flow's bytes it erased from the server's history (a curve
   * of admissions after the head-of-queue arrival). They were sent, and queued until the flush:
   * the reported backlog and the bytes sent add them back to the rewritten history.
   */
  flushes: { at: number; erased: Curve }[];
  paused: boolean;
  /** With whole packets: the flow's packet trains, which order packets that arrive together. */
  trains: PacketTrains | null;
  /** The packet size with whole packets at the server (bytes), else 0. */
  wholePacket: number;
  nextTimer: number;
  /**
   * The bytes at the server when the flow is complete (its arrivals' total, in whole packets if the
   * model has them; +∞ if they never end), and when it closes (s): its last byte acknowledged, as
   * ns-3 completes a queue pair, +∞ until its last byte has left the server. Once `closed` its CCA
   * is gone: no timers, byte counts or notifications (PFC frames still come).
   */
  total: number;
  closedAt: number;
  closed: boolean;
  series: Record<string, StepSeries>;
  /** Last instant each signal was handled (an instant is never handled twice). */
  handled: Record<string, number>;
}

/** A scheduled signal arriving at a sender. */
interface Pending {
  time: number;
  flow: number;
  kind: 'notification' | 'pfc-pause' | 'pfc-resume';
  /** For a notification: the flow's bytes before the marked packet (SignalView.markedFrom). */
  markedFrom?: number;
}

/**
 * Runs the path-server model of congestion control (paper §III–IV) causally and exactly: the time
 * axis is advanced in windows no longer than the shortest feedback delay, so everything a signal
 * triggers lies beyond the window in which the signal was computed. In each window the admitted
 * traffic of every flow follows its CCA's limit from the current origin (rate limiter, per-flight
 * window or sliding window), the path server's departures are an exact convolution (a fluid queue
 * for rate and rate-latency servers), FIFO demultiplexing by Theorem 1 gives each flow's departures,
 * and the first event (timer, timeout, acknowledged flight, notification, PFC frame) cuts the window.
 * A flow whose arrivals end closes when its last byte is acknowledged (ΔR after it leaves the
 * server), as ns-3 completes a queue pair: its CCA's timers and notifications end there.
 * Fluid connections of one host (`FlowSpec.host`) share its NIC max-min fair (`fluidNicAdmission`),
 * each under its own rate limit, and count together for PFC: a frame reaches all of them (the
 * first logs it). Such windows end at every rate change and PFC frame (no planning).
 * At the event the CCA reacts and the coordinate system of its flow shifts to (t_e, Â(t_e)) after an
 * increase or (t_e, D(t_e − ΔR)) after a timeout. Cost grows with the number of events and windows,
 * not with the horizon times the curve size.
 *
 * When windows are bounded by a feedback delay (ECN or PFC configured), a PFC frame, and a timer or
 * notification whose reaction leaves the limit alone or only changes a rate limit's rate, acts
 * inside the window at its own instant (the sender's admission is built piecewise) instead of
 * ending it.
 *
 * Throws a ModelError (naming the parameter) before computing anything if the model is invalid.
 * `onProgress(time, horizon)` is called every 500 windows (for progress lines in long runs).
 * `planRateChanges: false` ends a window at every rate change and PFC frame instead (the same
 * results up to rounding, in more windows; kept to check the planning against). With planning, a
 * window may also run past the feedback delay, up to the ack delay, and is cut back where the first
 * ECN notification or PFC frame computed from it would arrive (random marks replay the same draws:
 * each flow has its own generator); `optimisticWindows: false` keeps windows within the feedback
 * delay. `untilComplete` ends the run when every flow's last byte has left the server (flows whose
 * arrivals end): the result's horizon is that instant, or the model's if they have not by then. The
 * run is made once, as the event engine's.
 * @example runPathServer(aimdFairnessModel()) // or { service: rate(12.5e9), flows: [{ arrivals, cca }], horizon: 0.05, feedbackDelay: 20e-6 }
 */
export function runPathServer(
  model: PathServerModel,
  options: { onProgress?: (time: number, horizon: number) => void; planRateChanges?: boolean; optimisticWindows?: boolean; untilComplete?: boolean } = {},
): EngineResult {
  validateModel(model);
  const perAck = model.flows.findIndex((f) => f.cca.listens.acks);
  if (perAck >= 0) throw new ModelError(`flows[${perAck}].cca`, model.flows[perAck].cca.name, 'a CCA the curve engine runs: this one reacts to each acknowledgement and runs on the segment engine (runSegments)');
  if (model.qcn !== undefined) throw new ModelError('qcn', 'a QCN congestion point', 'ECN marking: the curve engine has no QCN congestion point (the event engine has, with whole packets)');
  const rl = asRateLatency(model.service);
  // Ingress ports: a host's connections count together for PFC, and with fluid senders they share
  // the host's NIC (fluidNicAdmission). Whole-packet hosts run on the event engine.
  const ports = ingressPorts(model);
  const nicRates = ports.members.map((members, g) => (members.length > 1 ? hostNicRate(model, ports.host[g], members, rl?.rate) : 0));
  const sharing = nicRates.some((r) => r > 0);
  // Packets up to 1.5 packet times (at the server's rate) apart belong to one train.
  const trainGap = model.packets !== undefined && rl !== null ? (1.5 * model.packets.size) / rl.rate : null;
  const flows: FlowRun[] = model.flows.map((spec, index) => {
    const delays = flowDelays(model, spec);
    const state = spec.cca.initial();
    const run: FlowRun = {
      index,
      name: spec.name ?? `flow ${index + 1}`,
      arrivals: spec.arrivals,
      cca: spec.cca,
      state,
      ackDelay: delays.ack,
      notificationDelay: delays.notification,
      pauseDelay: delays.pause,
      admittedSeq: new Trace(),
      deliveredSeq: new Trace(),
      admittedWire: new Trace(),
      deliveredWire: new Trace(),
      duplicate: 0,
      origin: { t: 0, y: 0 },
      epoch: { t: 0, base: 0 },
      seqRestart: null,
      flushes: [],
      paused: false,
      trains: trainGap === null ? null : new PacketTrains(trainGap),
      wholePacket: model.packets?.size ?? 0,
      nextTimer: spec.cca.nextTimer(state),
      total: model.packets === undefined ? spec.arrivals.at(Infinity) : packetsStarted(spec.arrivals.at(Infinity), model.packets.size),
      closedAt: Infinity,
      closed: false,
      series: {},
      handled: {},
    };
    record(run, 0);
    return run;
  });
  const aggregate = new Trace(); // Σ wire admitted
  const queueOut = new Trace(); // bytes that left the queue (before the server's latency)
  const departures = new Trace(); // D
  const events: EngineEvent[] = [];
  const notifications: SentNotification[] = [];
  let pending: Pending[] = [];
  const ecn = model.ecn === undefined ? null : new EcnMarker(model.ecn, flows.length, model.packets !== undefined);
  const pfc = model.pfc === undefined ? null : new PfcController(model.pfc, ports.members.length, model.packets !== undefined && rl !== null ? { size: model.packets.size, serverRate: rl.rate } : undefined);
  // What PFC counts per ingress port: its flow's curves, or its connections' summed.
  const portHistories = (pick: (f: FlowRun) => Trace): History[] => ports.members.map((members) => (members.length === 1 ? pick(flows[members[0]]) : summedHistory(members.map((j) => pick(flows[j])))));
  const portAdmitted = portHistories((f) => f.admittedWire);
  const portDelivered = portHistories((f) => f.deliveredWire);
  // Window length. Signals that act inside a window would be missed, so a window must not exceed
  // the delay of any feedback that is computed from the window itself: the acknowledgements a
  // sliding window admits by, ECN notifications and PFC frames. Timeouts and flights are found from
  // the window's exact curves and cut it; rate and flight limits need no bound.
  const slidingBound = Math.min(...flows.map((f) => f.ackDelay));
  const signalBound = Math.min(
    ecn !== null ? Math.min(...flows.map((f) => f.notificationDelay)) : Infinity,
    pfc !== null ? Math.min(...flows.map((f) => f.pauseDelay)) : Infinity,
    model.horizon,
  );
  let horizon = model.horizon;
  // With untilComplete: when the last byte of every flow has left the server (s), once known.
  let complete = Infinity;
  const packets = model.packets;
  // How packets of several flows that arrive together are queued (step 3): without whole packets as
  // fluids, in proportion; with them one after the other, the latest packet train first, then in
  // port order (see PacketTrains).
  const ties: Ties = packets === undefined ? 'proportional' : trainGap === null ? 'in-order' : (k: number, T: number) => flows[k].trains!.tieKey(T);
  const packet = model.ackPacketSize ?? 0;
  let windows = 0;
  let t = 0;

  // Per window: the end of the window (cut back to the first event) and the signals found there.
  let te = 0;
  // Whether the last window made no ECN notification or PFC frame.
  let quiet = false;
  const found: { flow: FlowRun; kind: 'timeout' | 'flight' | 'bytes' }[] = [];
  const consider = (f: FlowRun, kind: 'timeout' | 'flight' | 'bytes', found_: number): void => {
    // An instant within the tolerance of the window start is the window start (one instant, one cut).
    const at = close(found_, t) ? t : found_;
    if (!(at <= te) || f.handled[kind] === at || at < t) return;
    if (at < te) found.length = 0;
    te = at;
    found.push({ flow: f, kind });
  };
  const signalled = (f: FlowRun, kind: 'timeout' | 'flight' | 'bytes'): boolean => found.some((x) => x.flow === f && x.kind === kind);
  const react = (f: FlowRun, handler: ((s: unknown, v: SignalView) => Reaction<unknown>) | undefined, logAs?: string, markedFrom?: number): void => {
    if (handler !== undefined) apply(f, handler.call(f.cca, f.state, signalView(f, packet, te, markedFrom)), te, packet, aggregate, queueOut, events, logAs);
  };
  // Step 5: the ECN notifications and PFC frames made by the traffic in (from, to] (advancing the
  // marker's and the switch's state), and the notifications as sent by the receiver.
  const signalsFrom = (from: number, to: number): { signals: Pending[]; sent: SentNotification[] } => {
    const signals: Pending[] = [];
    const sent: SentNotification[] = [];
    if (ecn !== null) {
      for (const m of ecn.marks(from, to, flows.map((f) => f.admittedWire), flows.map((f) => f.deliveredWire), aggregate, departures)) {
        const f = flows[m.flow];
        if (!f.cca.listens.notifications) continue;
        // The receiver paces notifications (gap rule or grid) at the mark's time; they arrive a delay later.
        const at = ecn.notify(m.flow, m.time);
        if (at === null) continue;
        const arrives = signalArrival(at, f.notificationDelay, f.cca.listens);
        signals.push({ time: arrives, flow: m.flow, kind: 'notification', markedFrom: m.from });
        sent.push({ flow: m.flow, marked: m.time, sent: at, arrives });
      }
    }
    if (pfc !== null) {
      // A frame to a port reaches each of its flows (a host's connections) after the first one's pause delay.
      for (const frame of pfc.frames(from, to, portAdmitted, portDelivered)) {
        const members = ports.members[frame.flow];
        for (const j of members) signals.push({ time: signalArrival(frame.time, flows[members[0]].pauseDelay, flows[j].cca.listens), flow: j, kind: frame.kind });
      }
    }
    return { signals, sent };
  };
  // Step 5 run ahead on (from, to], with the earliest arrival of the signals it makes. When one
  // arrives before `to` the run is undone (the caller cuts the window there); otherwise it stands
  // as the window's step 5.
  const signalsAhead = (from: number, to: number): { first: number; made: ReturnType<typeof signalsFrom> } => {
    const savedEcn = ecn?.save();
    const savedPfc = pfc?.save();
    const made = signalsFrom(from, to);
    const first = made.signals.reduce((first, x) => Math.min(first, x.time), Infinity);
    if (first < to) {
      if (savedEcn !== undefined) ecn!.restore(savedEcn);
      if (savedPfc !== undefined) pfc!.restore(savedPfc);
    }
    return { first, made };
  };

  while (t < horizon) {
    windows += 1;
    if (options.onProgress !== undefined && windows % 500 === 0) options.onProgress(t, horizon);
    let sliding = false;
    for (const f of flows) if (f.cca.limit(f.state).kind === 'sliding') sliding = true;
    const step = Math.min(signalBound, sliding ? slidingBound : Infinity);
    // Timers are handled like notifications (step 4b) when windows are short anyway (bounded by a
    // feedback delay): most, such as DCQCN's α update, leave the limit alone. Otherwise a window
    // would run to the horizon before its first timer cut it, so timers end windows.
    const lazyTimers = step < horizon;
    // With lazy timers, PFC frames and the timers and notifications whose reaction only changes a
    // rate limit act inside the window: each sender's admission is built piecewise across its own
    // signals (step 1), and the reactions are planned there and committed once the window's end is
    // known. This needs what a CCA reads at an instant in the window to be known when the window
    // starts: its acknowledgements (the ack delay is at least the window) and its own admissions
    // (built in order).
    // (Not with hosts sharing a NIC: their admissions are computed together, each under a constant
    // rate and PFC state over the window.)
    const plan = options.planRateChanges !== false && lazyTimers && step <= slidingBound && flows.every((f) => f.seqRestart === null) && !sharing;
    let nextScheduled = Infinity;
    // Notifications do not end a window: most only update a CCA's state (see step 4b). PFC frames
    // do, unless they are planned.
    if (!plan) for (const p of pending) if (p.kind !== 'notification') nextScheduled = Math.min(nextScheduled, p.time);
    if (!lazyTimers) for (const f of flows) nextScheduled = Math.min(nextScheduled, f.nextTimer);
    // A closing ends a window (the flow's events after it are PFC frames only, logged after it).
    for (const f of flows) if (!f.closed) nextScheduled = Math.min(nextScheduled, f.closedAt);
    // With planning, a window may run past the feedback delay, up to the ack delay: it is cut back
    // (step 4c) at the first signal its own traffic would make arrive inside it.
    // Only after a quiet window (one that made no signal): in busy periods a cut is likely, and the
    // curves computed past it would be thrown away.
    const optimistic = plan && quiet && options.optimisticWindows !== false && (ecn !== null || pfc !== null);
    // The window ends at the step, the horizon or the next scheduled signal (step ≤ horizon, so it is
    // finite; a signal already due moves the window on by a sliver so that time always advances).
    const t1 = Math.min(t + (optimistic ? slidingBound : step), horizon, Math.max(nextScheduled, t + step * 1e-9));
    const planned: PlannedReaction[] = [];
    let planStop = Infinity;
    // Step 5's signals when step 4c made them already.
    let madeAhead: { te: number; made: ReturnType<typeof signalsFrom> } | null = null;

    // 1. Admission by each CCA over (t, t1].
    const flowLocals: Curve[] = [];
    // A host sharing its NIC: its connections' admissions over the window, computed together once.
    const nicWindow = new Map<number, Curve[]>();
    const sharedNic = (g: number, from: number, to: number): Curve[] => {
      let locals = nicWindow.get(g);
      if (locals === undefined) {
        const connections = ports.members[g].map((j) => ({ arrivals: flows[j].arrivals, base: flows[j].seqRestart ?? flows[j].admittedSeq.at(from), rate: flows[j].paused ? 0 : rateLimit(flows[j]) }));
        nicWindow.set(g, (locals = fluidNicAdmission(connections, nicRates[g], from, to, MARGIN)));
      }
      return locals;
    };
    // With planning, each flow's signals due in the window (one pass over the pending signals).
    const inWindow: Pending[][] = plan ? flows.map(() => []) : [];
    if (plan) for (const p of pending) if (p.time < t1) inWindow[p.flow].push(p);
    for (const f of flows) {
      const seqBase = f.seqRestart ?? f.admittedSeq.at(t);
      let local: Curve;
      if (plan) {
        const result = admitWithPlannedReactions(f, t, t1, packet, inWindow[f.index]);
        local = result.local;
        planned.push(...result.planned);
        planStop = Math.min(planStop, result.stop);
      } else {
        const g = ports.ingressOf[f.index];
        local = nicRates[g] > 0 ? sharedNic(g, t, t1)[ports.members[g].indexOf(f.index)] : admissionFrom(f, f.state, f.paused, t, seqBase, packet);
        f.admittedSeq.appendLocal(local, t, t1, seqBase);
      }
      if (packets !== undefined && f.duplicate === 0) {
        // Whole packets; their order at equal instants is set in step 3 (see PathServerModel.packets).
        // An idle flow (paused or done) whose last packet reached the wire before t adds nothing.
        const before = f.admittedWire.at(t);
        if (asConstant(local) === 0 && f.seqRestart === null && f.admittedSeq.at(t) === seqBase && packetsStarted(seqBase, packets.size) === before) {
          f.admittedWire.appendLocal(NOTHING, t, t1, before);
          continue;
        }
        const wire = packetize(f.admittedSeq.view(t), packets.size, t1, 'up');
        f.admittedWire.appendGlobal(wire, t, t1);
        f.trains?.record(f.admittedWire.history(), t, t1);
        flowLocals.push(verticalShift(horizontalShift(wire, -t), -before));
        continue;
      }
      f.admittedWire.appendLocal(local, t, t1, f.admittedWire.at(t));
      flowLocals.push(local);
    }
    const aggregateLocal = sum(flowLocals);
    aggregate.appendLocal(aggregateLocal, t, t1, aggregate.at(t));

    // 2. The path server.
    if (rl !== null) {
      const backlog = aggregate.at(t) - queueOut.at(t);
      const arrivalsLocal = withBurst(aggregateLocal, backlog);
      queueOut.appendLocal(convolveWithRate(arrivalsLocal, rl.rate), t, t1, queueOut.at(t));
      departures.appendGlobal(rl.latency === 0 ? queueOut.view(t) : horizontalShift(queueOut.view(t - rl.latency), rl.latency), t, t1);
    } else {
      const all = convolve(aggregate.view(0), model.service);
      queueOut.appendGlobal(all, t, t1);
      departures.appendGlobal(all, t, t1);
    }

    // 3. FIFO demultiplexing (Theorem 1) over the bytes still in the server at t.
    const head = upperPseudoInverseAt(aggregate.history(), departures.at(t), true);
    const from = Math.min(head, t);
    const perFlow = fifoDemultiplex(departures.view(t), flows.map((f) => f.admittedWire.history()), aggregate.history(), from, departures.at(t1), ties);
    flows.forEach((f, j) => {
      f.deliveredWire.appendGlobal(perFlow[j], t, t1);
      f.deliveredSeq.appendGlobal(f.duplicate === 0 ? perFlow[j] : verticalShift(perFlow[j], -f.duplicate), t, t1);
    });

    // 4. Signals computed from the history: timeouts and acknowledged flights.
    te = t1;
    found.length = 0;
    for (const f of flows) {
      const tau = f.cca.listens.timeout;
      if (tau !== undefined) consider(f, 'timeout', timeoutInstant(f, tau, packet, t, t1));
      const limit = f.cca.limit(f.state);
      if (f.cca.listens.flights && limit.kind === 'flight') {
        const ack = acknowledgements(f, packet, t);
        consider(f, 'flight', firstTimeAbove(verticalShift(ack, -(f.origin.y + limit.window)), t, t1, -MARGIN));
      }
      if (f.cca.listens.bytes && f.cca.byteTarget) {
        const target = f.cca.byteTarget(f.state);
        // Only when the target is within reach: Â over [t, t1] is at most max(Â(t), Â(t1)).
        const reached = target < Infinity && Math.max(f.admittedSeq.at(t), f.admittedSeq.at(t1)) > target - MARGIN;
        if (reached) consider(f, 'bytes', firstTimeAboveShifted(f.admittedSeq.history(), 0, constant(target), 0, t, t1, -MARGIN));
      }
    }
    // 4d. A flow whose last byte leaves the server in the window closes ΔR later (when it is
    // acknowledged): the window ends there at the latest, so that none of the flow's timers or
    // notifications after it are applied.
    const completes: number[] = [];
    for (const f of flows) {
      if (f.closedAt < Infinity || !(f.total < Infinity) || !(f.deliveredSeq.at(t1) >= f.total - MARGIN)) continue;
      const c = lowerPseudoInverseAt(f.deliveredSeq.history(), f.total - MARGIN, true);
      completes[f.index] = c;
      if (c + f.ackDelay < te) {
        te = c + f.ackDelay;
        found.length = 0;
      }
    }
    // Run until complete: once every flow's last byte has left the server, the run ends there.
    if (options.untilComplete === true && flows.every((f) => f.closedAt < Infinity || completes[f.index] !== undefined)) {
      complete = Math.max(...flows.map((f) => (f.closedAt < Infinity ? f.closedAt - f.ackDelay : completes[f.index])));
      if (complete < te) {
        te = complete;
        found.length = 0;
      }
    }
    if (plan) {
      // The first reaction that changes more than a rate ends the window there (handled at step 6);
      // the planned reactions before the window's end are committed, in time order, flow by flow.
      if (planStop < te) {
        te = planStop;
        found.length = 0;
      }
      // 4c. A window longer than the feedback delay ends where the first signal computed from it
      // (an ECN notification, a PFC frame) would arrive: everything before that instant is exact.
      if (optimistic) {
        const ahead = signalsAhead(t, te);
        if (ahead.first < te) {
          te = ahead.first;
          found.length = 0;
        } else madeAhead = { te, made: ahead.made };
      }
      const consumed = new Set<Pending>();
      planned.sort((a, b) => a.time - b.time || a.flow.index - b.flow.index || a.order - b.order);
      for (const x of planned) {
        if (!(x.time < te)) continue;
        if (x.signal !== undefined) consumed.add(x.signal);
        if (x.signal !== undefined && x.signal.kind !== 'notification') {
          x.flow.paused = x.signal.kind === 'pfc-pause';
          events.push({ time: x.time, flow: x.flow.index, kind: x.signal.kind, before: {}, after: {} });
        } else if (x.reaction !== undefined) apply(x.flow, x.reaction, x.time, packet, aggregate, queueOut, events, x.signal !== undefined ? 'cnp' : undefined);
      }
      if (consumed.size > 0) pending = pending.filter((x) => !consumed.has(x));
    }
    // 4b. Notifications that arrive inside the window, and (with lazyTimers) timers that fire in it,
    // in time order (per instant: flow by flow, a flow's notifications before its timer, as at step
    // 6). One whose reaction leaves the CCA's limit, coordinates and byte target alone is applied at
    // its own time without ending the window (the curves computed for the window stay exact). The
    // first that changes any of them ends the window instead and is handled at step 6.
    const inside = plan ? [] : pending.filter((p) => p.kind === 'notification' && p.time < te).sort((a, b) => a.time - b.time || a.flow - b.flow);
    // Taken in order from the front of `inside`; those applied leave `pending` after the loop.
    const consumed = new Set<Pending>();
    for (let next = 0; ; ) {
      const p = next < inside.length && inside[next].time < te ? inside[next] : undefined;
      let timerFlow: FlowRun | null = null;
      if (lazyTimers && !plan) for (const f of flows) if (f.nextTimer < te && (timerFlow === null || f.nextTimer < timerFlow.nextTimer)) timerFlow = f;
      const timerFirst = timerFlow !== null && (p === undefined || timerFlow.nextTimer < p.time || (timerFlow.nextTimer === p.time && timerFlow.index < p.flow));
      if (p === undefined && !timerFirst) break;
      const f = timerFirst ? timerFlow! : flows[p!.flow];
      const at = timerFirst ? f.nextTimer : p!.time;
      if (!timerFirst && f.cca.onNotification === undefined) {
        consumed.add(p!);
        next += 1;
        continue;
      }
      const view = signalView(f, packet, at, timerFirst ? undefined : p!.markedFrom);
      const reaction = timerFirst ? f.cca.onTimer(f.state, view) : f.cca.onNotification!(f.state, view);
      const unchanged =
        reaction.shift === 'none' &&
        sameLimit(f.cca.limit(f.state), f.cca.limit(reaction.state)) &&
        byteTargetOf(f, f.state) === byteTargetOf(f, reaction.state) &&
        (lazyTimers || !(timerOf(f, reaction.state) <= te));
      if (!unchanged) {
        te = at;
        found.length = 0;
        break;
      }
      if (timerFirst) apply(f, reaction, at, packet, aggregate, queueOut, events);
      else {
        consumed.add(p!);
        next += 1;
        apply(f, reaction, at, packet, aggregate, queueOut, events, 'cnp');
      }
    }
    if (consumed.size > 0) pending = pending.filter((x) => !consumed.has(x));
    if (te < t1) {
      for (const tr of [aggregate, queueOut, departures]) tr.cutAt(te);
      for (const f of flows) {
        for (const tr of [f.admittedSeq, f.deliveredSeq, f.admittedWire, f.deliveredWire]) tr.cutAt(te);
        f.trains?.cutAt(f.admittedWire.history(), t, te);
      }
    }
    // A restart after a timeout is consumed once the window has committed something after it.
    if (te > t) for (const f of flows) f.seqRestart = null;
    // The flows that completed in the committed window: their timers and notifications from their
    // closing on are dropped.
    completes.forEach((c, j) => {
      if (!(c <= te)) return;
      const f = flows[j];
      f.closedAt = c + f.ackDelay;
      f.nextTimer = timerOf(f, f.state);
      pending = pending.filter((x) => !(x.flow === j && x.kind === 'notification' && x.time >= f.closedAt));
    });

    // 5. Marks and PFC thresholds in the committed window schedule future signals.
    // (Already made at step 4c when the window was not cut there: te has not moved since.)
    if (madeAhead !== null && madeAhead.te !== te) throw new Error(`engine: window end moved after step 4c (${madeAhead.te} → ${te})`);
    const made = madeAhead?.made ?? signalsFrom(t, te);
    for (const x of made.signals) if (!(x.kind === 'notification' && x.time >= flows[x.flow].closedAt)) pending.push(x);
    for (const x of made.sent) notifications.push(x);
    quiet = made.signals.length === 0;

    // 6. Events at te, flow by flow: PFC frames, timeouts, notifications, flights, byte counts, timers.
    const due: Pending[] = [];
    for (let k = pending.length - 1; k >= 0; k--) {
      if (pending[k].time <= te) {
        due.push(pending[k]);
        pending.splice(k, 1);
      }
    }
    due.reverse();
    for (const f of flows) {
      for (const p of due.filter((d) => d.flow === f.index && d.kind !== 'notification')) {
        f.paused = p.kind === 'pfc-pause';
        // A frame to a host reaches all its connections; its first connection logs it.
        if (ports.members[ports.ingressOf[f.index]][0] === f.index) events.push({ time: te, flow: f.index, kind: p.kind, before: {}, after: {} });
      }
      if (!f.closed && f.closedAt <= te) {
        // Closed: nothing more reaches its CCA (its state stays as it was).
        f.closed = true;
        const state = f.cca.describe(f.state);
        events.push({ time: f.closedAt, flow: f.index, kind: 'connection-closed', before: state, after: state });
        continue;
      }
      const timedOut = signalled(f, 'timeout') && f.cca.onTimeout !== undefined;
      if (timedOut) {
        f.handled.timeout = te;
        react(f, f.cca.onTimeout);
      }
      for (const p of due) if (p.flow === f.index && p.kind === 'notification') react(f, f.cca.onNotification, 'cnp', p.markedFrom);
      // A timeout restarts the flow in new coordinates: a flight end or byte count found before it no longer applies.
      if (!timedOut && signalled(f, 'flight')) {
        f.handled.flight = te;
        react(f, f.cca.onFlightAcknowledged);
      }
      if (!timedOut && signalled(f, 'bytes')) {
        f.handled.bytes = te;
        react(f, f.cca.onBytes);
      }
      while (f.nextTimer <= te) react(f, f.cca.onTimer);
    }
    t = te;
    if (t >= complete) horizon = t;
  }

  return {
    horizon,
    flows: flows.map((f) => ({
      name: f.name,
      arrivals: f.arrivals,
      admitted: f.admittedSeq.curve(),
      sent: sum([f.admittedWire.curve(), ...f.flushes.map((x) => x.erased)]),
      delivered: f.deliveredSeq.curve(),
      state: f.series,
    })),
    // Flushed bytes were in the queue from their arrival until the flush: the rewritten history
    // leaves them out, so they are added back until then (the backlog drops at each flush).
    backlog: sum([subtract(aggregate.curve(), departures.history()), ...flows.flatMap((f) => f.flushes.map((x) => untilFlush(x.erased, x.at)))]),
    departures: departures.curve(),
    events,
    notifications,
    stats: { windows, events: events.length, engine: 'curves' },
  };
}

/** A reaction computed ahead inside a window (step 1), applied once the window's end is known. */
interface PlannedReaction {
  time: number;
  flow: FlowRun;
  /** Order among the flow's reactions at one instant. */
  order: number;
  /** The CCA's reaction (none for a PFC frame, or a notification the CCA does not handle). */
  reaction?: Reaction<unknown>;
  /** The pending signal it consumes (a notification or a PFC frame), if it is one. */
  signal?: Pending;
}

/** What the flow admits from t0 on under the CCA state `state`, seqBase bytes being admitted at t0 (local time). */
function admissionFrom(f: FlowRun, state: unknown, paused: boolean, t0: number, seqBase: number, packet: number): Curve {
  // With whole packets a sender finishes the packet it has started: a PAUSE stops the admission
  // at the end of that packet (its bytes are on the wire already, see packetize 'up').
  if (paused) return pausedAdmission(() => admissionFrom(f, state, false, t0, seqBase, packet), seqBase, f.wholePacket, MARGIN);
  const limit = f.cca.limit(state);
  if (limit.kind === 'rate' && f.wholePacket > 0 && f.duplicate === 0) {
    // Whole packets are paced as a NIC does (see pacerLead): a rate change takes effect from the
    // next packet; the one in progress keeps the gap of the rate it was sent at.
    return wholePacketAdmission(f.admittedSeq.history(), f.arrivals, limit.rate, t0, seqBase, f.wholePacket, MARGIN);
  }
  return admittedIncrement(limit, remainingArrivals(f.arrivals, t0, seqBase), {
    paused: false,
    flightAllowance: limit.kind === 'flight' ? limit.window - (seqBase - f.origin.y) : 0,
    ack: limit.kind === 'sliding' ? acknowledgements(f, packet, t0) : undefined,
    t0,
    admittedAtT0: seqBase,
  });
}

/**
 * Admission of one flow over (t, t1] with its signals inside the window applied as they come: PFC
 * frames, notifications and timers (at one instant in that order, as at a window's end). A PAUSE
 * stops the admission and a RESUME restarts it. While each CCA reaction leaves the limit alone, or
 * only changes the rate of a rate limit (shift 'none' or 'admitted'), with the same byte target, the
 * admission goes on piecewise from the reaction's instant: a rate limiter is memoryless given the
 * bytes waiting at the sender. The first other reaction stops the planning: its instant is returned
 * as `stop`, and the admission runs on to t1 under the last planned state (the window will end at or
 * before `stop`). Appends the admission to the flow's sequence trace and returns it as one local
 * curve (τ = t' − t), with the planned reactions in order. Reads the flow's acknowledgements only
 * before t (the caller makes the window no longer than the ack delay). `due`: the flow's pending
 * signals before t1 (sorted in place).
 */
function admitWithPlannedReactions(f: FlowRun, t: number, t1: number, packet: number, due: Pending[]): { local: Curve; planned: PlannedReaction[]; stop: number } {
  const seqBase = f.admittedSeq.at(t);
  // At one instant a PFC frame comes before a notification.
  const signals = due.sort((a, b) => a.time - b.time || Number(a.kind === 'notification') - Number(b.kind === 'notification'));
  const planned: PlannedReaction[] = [];
  let state = f.state;
  let paused = f.paused;
  let cursor = t;
  let nextTimer = f.nextTimer;
  let stop = Infinity;
  let order = 0;
  let lastTime = -Infinity;
  for (let n = 0; ; ) {
    const signal = n < signals.length ? signals[n] : undefined;
    const timerFirst = nextTimer < t1 && (signal === undefined || nextTimer < signal.time);
    if (signal === undefined && !timerFirst) break;
    const at = timerFirst ? nextTimer : signal!.time;
    if (at > cursor) {
      const base = f.admittedSeq.at(cursor);
      f.admittedSeq.appendLocal(admissionFrom(f, state, paused, cursor, base, packet), cursor, at, base);
      cursor = at;
    }
    order = at === lastTime ? order + 1 : 0;
    lastTime = at;
    if (!timerFirst && (signal!.kind !== 'notification' || f.cca.onNotification === undefined)) {
      if (signal!.kind !== 'notification') paused = signal!.kind === 'pfc-pause';
      planned.push({ time: at, flow: f, order, signal });
      n += 1;
      continue;
    }
    const view = signalView(f, packet, at, timerFirst ? undefined : signal!.markedFrom);
    const reaction = timerFirst ? f.cca.onTimer(state, view) : f.cca.onNotification!(state, view);
    const before = f.cca.limit(state);
    const after = f.cca.limit(reaction.state);
    const unchanged = reaction.shift === 'none' && sameLimit(before, after);
    const rateOnly = (reaction.shift === 'none' || reaction.shift === 'admitted') && before.kind === 'rate' && after.kind === 'rate';
    if (!((unchanged || rateOnly) && byteTargetOf(f, state) === byteTargetOf(f, reaction.state))) {
      stop = at;
      break;
    }
    planned.push({ time: at, flow: f, order, reaction, signal: timerFirst ? undefined : signal });
    state = reaction.state;
    nextTimer = timerOf(f, state);
    if (!timerFirst) n += 1;
  }
  if (cursor === t) {
    const local = admissionFrom(f, state, paused, t, seqBase, packet);
    f.admittedSeq.appendLocal(local, t, t1, seqBase);
    return { local, planned, stop };
  }
  const base = f.admittedSeq.at(cursor);
  f.admittedSeq.appendLocal(admissionFrom(f, state, paused, cursor, base, packet), cursor, t1, base);
  return { local: verticalShift(horizontalShift(f.admittedSeq.view(t), -t), -seqBase), planned, stop };
}

/** The CCA's next timer in this state, unless the flow closes before it (+∞ then). */
function timerOf(f: FlowRun, state: unknown): number {
  const x = f.cca.nextTimer(state);
  return x < f.closedAt ? x : Infinity;
}

/** The zero curve: what an idle flow admits in a window (local time). */
const NOTHING = constant(0);

/** The CCA's byte target in this state (+∞ when it counts no bytes). */
function byteTargetOf(f: FlowRun, state: unknown): number {
  return f.cca.listens.bytes && f.cca.byteTarget ? f.cca.byteTarget(state) : Infinity;
}

/** True when two limits admit the same way (same kind and value). */
function sameLimit(a: Limit, b: Limit): boolean {
  if (a.kind !== b.kind) return false;
  return a.kind === 'rate' ? a.rate === (b as { rate: number }).rate : a.window === (b as { window: number }).window;
}

/**
 * Local arrivals to the server from t: the backlog already queued as a burst at 0+, then the new
 * admissions. Its value at 0 is 0: what arrived by t is the queue's history, and a packet the
 * window's admission has at 0 itself (a plan's float noise above a packet boundary, with the
 * packet's start recorded at t by the window before) arrives at 0+ and is served at the rate, not
 * taken as gone already.
 */
function withBurst(local: Curve, backlog: number): Curve {
  const burst = backlog > 0 ? backlog : 0;
  if (burst === 0 && local.v[0] === 0) return local;
  const b = new CurveBuilder();
  b.push(0, 0, local.r[0] + burst, local.s[0]);
  for (let i = 1; i < local.t.length; i++) b.push(local.t[i], local.v[i] + burst, local.r[i] + burst, local.s[i]);
  return b.build();
}

/**
 * The acknowledgement curve ack(x) = D(x − ΔR) (packetized if configured), as known from `from − ΔR`
 * on, in the coordinates of the current timeout epoch: before the epoch it holds the bytes
 * acknowledged at the timeout (D_rem is 0 before the new origin, paper §III-C), so acknowledgements
 * of bytes sent before a Go-Back-N restart do not count for the new flight.
 */
function acknowledgements(f: FlowRun, packet: number, from: number): Curve {
  const start = from - f.ackDelay;
  const delivered = start <= f.epoch.t && f.epoch.t > 0 ? f.deliveredSeq.view(f.epoch.t, 'right') : f.deliveredSeq.view(start);
  const shifted = horizontalShift(delivered, f.ackDelay);
  return packet > 0 ? packetize(shifted, packet, f.deliveredSeq.end + f.ackDelay) : shifted;
}

/**
 * First instant in [t, t1] with Â(s − τ_o) > ack(s) within the current epoch (paper §III-B.b): the
 * admissions before the epoch count as its base, so a timeout restarts the timer.
 */
function timeoutInstant(f: FlowRun, tau: number, packet: number, t: number, t1: number): number {
  // Within the epoch the admissions before it count as its base; the histories are read in place
  // unless the epoch start lies inside the range looked at.
  const inEpoch = (start: number): boolean => start <= f.epoch.t && f.epoch.t > 0;
  const admitted = inEpoch(t - tau) ? f.admittedSeq.view(f.epoch.t, 'right') : f.admittedSeq.history();
  if (packet > 0) return firstTimeAbove(subtract(horizontalShift(admitted, tau), acknowledgements(f, packet, t)), t, t1, MARGIN);
  const delivered = inEpoch(t - f.ackDelay) ? f.deliveredSeq.view(f.epoch.t, 'right') : f.deliveredSeq.history();
  return firstTimeAboveShifted(admitted, tau, delivered, f.ackDelay, t, t1, MARGIN);
}

/** The signals a CCA may read when it reacts (a class: no closures per event). */
class FlowSignals implements SignalView {
  constructor(
    private readonly f: FlowRun,
    private readonly packet: number,
    readonly now: number,
    readonly markedFrom?: number,
  ) {}

  get feedbackDelay(): number {
    return this.f.ackDelay;
  }

  acknowledged(x: number): number {
    const d = this.f.deliveredSeq.at(x - this.f.ackDelay);
    return this.packet > 0 ? wholePackets(d, this.packet) : d;
  }

  admitted(x: number): number {
    return this.f.admittedSeq.at(x);
  }

  rtt(x: number): number {
    const f = this.f;
    const y = f.deliveredSeq.at(x - f.ackDelay);
    return x - lowerPseudoInverseAt(this.admittedSince(), y, true);
  }

  minRttSince(from: number, to: number): number {
    const f = this.f;
    const y0 = this.acknowledged(from);
    const y1 = this.acknowledged(to);
    if (!(y1 > y0)) return Number.NaN;
    // Only the bytes in (y0, y1] matter: views from the time the first of them was admitted.
    const admitted = this.admittedSince();
    const a0 = lowerPseudoInverseAt(admitted, y0, true);
    const start = Math.max(a0, f.epoch.t);
    const sent = lowerPseudoInverse(f.admittedSeq.view(start, start === f.epoch.t ? 'right' : 'at'), true);
    const received = lowerPseudoInverse(f.deliveredSeq.view(start, start === f.epoch.t ? 'right' : 'at'), true);
    return minimumDifferenceOn(received, sent, y0, y1) + f.ackDelay;
  }

  /**
   * The admitted curve of the current epoch (non-decreasing): the whole history without copying in
   * the first epoch, else a view from the epoch start.
   */
  private admittedSince(): Curve {
    const f = this.f;
    return f.epoch.t === 0 ? f.admittedSeq.history() : f.admittedSeq.view(f.epoch.t, 'right');
  }
}

/**
 * The infimum of f − g over (a, b]: f − g is affine between the breakpoints of either, so it is the
 * smallest of its values and one-sided limits at those breakpoints inside, at a+ and at b.
 */
function minimumDifferenceOn(f: Curve, g: Curve, a: number, b: number): number {
  let best = Math.min(f.rightLimit(a) - g.rightLimit(a), f.at(b) - g.at(b), f.leftLimit(b) - g.leftLimit(b));
  for (const c of [f, g]) {
    for (let i = c.indexAt(a) + 1; i < c.t.length && c.t[i] < b; i++) {
      const y = c.t[i];
      best = Math.min(best, f.at(y) - g.at(y), f.rightLimit(y) - g.rightLimit(y), f.leftLimit(y) - g.leftLimit(y));
    }
  }
  return best;
}

function signalView(f: FlowRun, packet: number, now: number, markedFrom?: number): SignalView {
  return new FlowSignals(f, packet, now, markedFrom);
}

/** Applies a CCA reaction at te: new state, coordinate shift, log, step series, next timer. */
function apply(
  f: FlowRun,
  reaction: Reaction<unknown>,
  te: number,
  packet: number,
  aggregate: Trace,
  queueOut: Trace,
  events: EngineEvent[],
  kindOverride?: string,
): void {
  const before = f.cca.describe(f.state);
  f.state = reaction.state;
  if (reaction.shift === 'admitted') f.origin = { t: te, y: f.admittedSeq.at(te) };
  if (reaction.shift === 'acknowledged') goBackN(f, te, packet, aggregate, queueOut);
  f.nextTimer = timerOf(f, f.state);
  const after = f.cca.describe(f.state);
  if (kindOverride !== undefined) events.push({ time: te, flow: f.index, kind: kindOverride, before, after: before });
  events.push({ time: te, flow: f.index, kind: reaction.kind, before, after });
  record(f, te);
}

/**
 * Go-Back-N after a timeout at te: the sender restarts from what was acknowledged, ack(te) (paper
 * §III-C: new origin (t_TO, D(t_TO − ΔR))). The flow's bytes still queued in the server are flushed,
 * FIFO-consistently: in the wire view its admissions after the arrival time of the byte at the head of
 * the queue are removed, which changes no departure before te. The bytes that had left the queue but
 * were not yet acknowledged are sent again, so the wire view runs ahead of the sequence view by them.
 */
function goBackN(f: FlowRun, te: number, packet: number, aggregate: Trace, queueOut: Trace): void {
  const d = f.deliveredSeq.at(te - f.ackDelay);
  const acked = packet > 0 ? wholePackets(d, packet) : d;
  const left = queueOut.at(te);
  const from = Math.min(upperPseudoInverseAt(aggregate.history(), left, true), te);
  const mine = f.admittedWire.view(from);
  const all = aggregate.view(from);
  // This flow's bytes that have left the queue by te (its FIFO share of them): they stay; the rest
  // of its admissions, all after `from`, are removed from the server's history.
  const kept = fifoShare(mine, all).at(left);
  const capped = min(mine, constant(kept));
  const erased = subtract(mine, capped);
  f.flushes.push({ at: te, erased });
  aggregate.rewriteFrom(from, subtract(all, erased));
  f.admittedWire.rewriteFrom(from, capped);
  f.duplicate = kept - acked;
  f.origin = { t: te, y: acked };
  f.epoch = { t: te, base: acked };
  f.seqRestart = acked;
}

/** f on [0, te] and 0 after te: bytes that stay in the queue until a flush at te. */
function untilFlush(f: Curve, te: number): Curve {
  const b = new CurveBuilder();
  for (let i = 0; i < f.t.length && f.t[i] < te; i++) b.push(f.t[i], f.v[i], f.r[i], f.s[i]);
  b.push(te, f.at(te), 0, 0);
  return b.build();
}

/** Appends the CCA's described state at time t to the flow's step series. */
function record(f: FlowRun, t: number): void {
  recordState(f.series, f.cca.describe(f.state), t);
}

/**
 * The NIC line rate of host h whose connections (flow indices) share it (bytes/s): its own, or the
 * server's rate C. Fluid connections only, each limited by a rate (not a window).
 */
function hostNicRate(model: PathServerModel, h: number, connections: readonly number[], serverRate: number | undefined): number {
  if (model.packets !== undefined) throw new ModelError(`hosts[${h}]`, `${connections.length} connections`, 'fluid senders for hosts that share a NIC on the curve engine (with whole packets they run on the event engine)');
  for (const j of connections) {
    const cca = model.flows[j].cca;
    if (cca.limit(cca.initial()).kind !== 'rate') {
      throw new ModelError(`flows[${j}].cca`, cca.name, 'a rate-based CCA for a connection of a host that shares its NIC');
    }
  }
  const rate = model.hosts?.[h]?.lineRate ?? serverRate;
  if (rate === undefined) throw new ModelError(`hosts[${h}].lineRate`, undefined, 'a line rate for the NIC (the server is not a rate server)');
  return rate;
}

/** A connection's rate limit (bytes/s); a shared NIC serves rate limits only. */
function rateLimit(f: FlowRun): number {
  const limit = f.cca.limit(f.state);
  if (limit.kind !== 'rate') throw new ModelError(`flows[${f.index}].cca`, f.cca.name, `a rate limit for a connection of a host that shares its NIC, not a ${limit.kind} limit`);
  return limit.rate;
}

import { type Curve, EPSILON, asRateLatency, close, horizontalShift } from '@ccalc/curves';
import { ADMISSION_MARGIN, pacedBacklog, pausedAdmission } from '../../admission.ts';
import { Trace } from '../../trace.ts';
import type { PathServerModel } from '../../model.ts';
import type { EngineResult, StepSeries } from '../../results.ts';
import { flowDelays } from '../../delays.ts';
import { packetsStarted, wholePackets } from '../../acknowledgements.ts';
import { compareTies } from '../../fifo-demultiplex.ts';
import { startsTrain } from '../../packet-trains.ts';
import { sharedHost } from '../../ingress-ports.ts';
import { recordState } from '../../state-series.ts';
import { packedArray } from '../../packed-array.ts';
import { EventLog, NotificationLog } from './event-log.ts';
import { Floats } from './growable.ts';
import { IndexedHeap } from './indexed-heap.ts';
import { Arrivals } from './arrivals.ts';
import { QueueSegments } from './queue-segments.ts';
import { Progress, instantTolerance } from './progress.ts';
import { eventEngineSupport } from './support.ts';
import { pfcCounts } from './pfc-counts.ts';
import { rateOf } from './sender.ts';
import { eventResult, type RecordedSender } from './result.ts';

/**
 * Whether the constant-rate loop ({@link runConstantRate}) covers a model, and if not why: null
 * when it does. It covers models the event engine runs (`eventEngineSupport`) with senders whose CCA never changes its rate (no
 * timers, byte counts or notifications listened to, e.g. `fixedRate`, the simulator's PFC-only
 * incast), each with one burst (a step of its arrivals), on ingresses of their own (no host shared
 * by several connections), through a FIFO without ECN or QCN, with threshold PFC or none.
 * @example constantRateSupport(ns3IncastModel({ dcqcn: false })) // null
 */
export function constantRateSupport(model: PathServerModel): string | null {
  return eventEngineSupport(model) ?? constantRateGap(model);
}

/** What keeps a model the event engine runs from the constant-rate loop (null: nothing); `runEvents` asks it after `eventEngineSupport`. */
export function constantRateGap(model: PathServerModel): string | null {
  if (model.ecn !== undefined) return 'ECN';
  if (model.qcn !== undefined) return 'QCN';
  if (model.pfc?.resume === 'paper') return "PFC with the 'paper' resume rule";
  if (sharedHost(model) >= 0) return 'a host shared by several connections';
  for (let j = 0; j < model.flows.length; j++) {
    const { cca, arrivals: A } = model.flows[j];
    if (cca.listens.bytes || cca.listens.notifications || cca.nextTimer(cca.initial()) < Infinity) return `flows[${j}]: a CCA that changes its rate (${cca.name})`;
    let jumps = 0;
    for (let i = 0; i < A.t.length; i++) {
      if (A.s[i] !== 0) return `flows[${j}]: arrivals at a rate`;
      if (A.r[i] !== A.v[i] || (i > 0 && A.v[i] !== A.r[i - 1])) jumps += 1;
    }
    if (jumps !== 1 || !(A.v[0] === 0) || !(A.r[A.t.length - 1] > 0 && A.r[A.t.length - 1] < Infinity)) return `flows[${j}]: arrivals other than one burst`;
  }
  return null;
}

/** The kinds of a sender's plans (ConstantRateLoop.plans). */
const PLAN_RISE = 0;
const PLAN_PAUSED = 1;
const PLAN_IDLE = 2;

/** A frame on its way to a sender: PAUSE or RESUME. */
const PAUSE = 0;
const RESUME = 1;

/**
 * The event engine's loop for the models {@link constantRateSupport} accepts: the semantics of
 * `runEvents`' general loop (`PacketSender`, `FifoPort`), packet by packet, with what a constant
 * rate makes simple done by arithmetic on typed arrays:
 * - a sender's plan is three numbers: its start t₀, the bytes b admitted then, and the end of its
 *   rise (or, paused, of the packet in progress); its packet k starts at t₀ + (k·I − b)/r, the
 *   first of a plan at t₀ when b ends a packet — `PacketSender`'s arithmetic on the same curves
 *   (`pacedBacklog`, `pausedAdmission`), so the same numbers to the bit;
 * - a PAUSE that reaches it at p lets the packet in progress finish and starts no other; a packet
 *   the wire counts by p (Â past its first byte) starts first; a RESUME at q plans from q;
 * - the FIFO port counts each ingress's packets and sends a PAUSE when an arrival makes them more
 *   than X_off, a RESUME when a transmission leaves them at most X_on (`pfcCounts`), which reach the
 *   sender after its pause delay; packets of one instant (within 1 ps) are queued latest train
 *   first, then in port order, before the transmission that starts then;
 * - a sender closes T + ΔR after its last packet's transmission starts.
 * The queue is kept as segments (`QueueSegments`: runs of one sender's packets on one plan), from
 * which the packets' starts and the queueing order are read back when a result needs them. Three
 * things are done in batches, where nothing could tell them from the packet-by-packet steps:
 * - a quiet stretch (`quietStretch`): the packets of one sender, or two, from their next start up
 *   to the first thing that could concern them (another sender's start or reaction, the earliest
 *   frame or closing anything from now on could cause, and, where their PFC could act, the port's
 *   first transmission of one of their packets), queued at once: a lone sender's as one segment,
 *   its last packet found from the plan's inverse (`loneStretch`);
 * - a crowd's stretch (`crowdStretch`): the same for senders that start together on one plan;
 * - transmissions back to back up to the next sender's instant, a segment's at a time, short of a
 *   RESUME, a closing, a new busy period or the queue's last packet.
 * `stats.batched` counts the packets queued and transmitted so. Its results are the general loop's,
 * to the bit (constant-rate.test.ts), for fewer instructions (A1: BENCHMARKS.md, tenth session).
 * @example runConstantRate(ns3IncastModel({ dcqcn: false, horizon: 1e-3 })).events.length
 */
export function runConstantRate(model: PathServerModel, options: { untilComplete?: boolean; onProgress?: (time: number, horizon: number) => void } = {}): EngineResult {
  const run = new ConstantRateLoop(model, options.untilComplete === true);
  run.run(new Progress(options.onProgress), options.onProgress !== undefined);
  const { n, I, T, trainGap, log } = run;
  const senders = packedArray(n, (j) => recordedSender(run, j, trainGap));
  const port = {
    packet: I,
    packetTime: T,
    get queueOrder() {
      return run.queueOrder();
    },
  };
  return eventResult({ ...model, horizon: run.horizon }, senders, port, log, run.notifications, null, 0, 'constant-rate', { queued: run.batchedQueued, transmitted: run.batchedTransmitted });
}

/**
 * One run of {@link runConstantRate}. The loop (`run`) keeps the port, the instant's arrivals and
 * the typed arrays it reads (the queue's segments among them) in local variables, so that the optimizing compiler holds them in
 * registers (fields are read again after every call, and variables of closures are boxed at each
 * write); the rare steps (PFC frames, reactions, closings, ties) are methods.
 */
class ConstantRateLoop {
  readonly n: number;
  readonly I: number;
  readonly T: number;
  readonly trainGap: number;
  /**
   * The horizon (s), cut to the last transmission's end when run to completion. Its first value is
   * a double (NaN), as are all it takes later: a field that held a small integer first (a horizon of
   * 2 s) changes representation when it takes a fraction, and that discards the optimized code of
   * every method that reads the object (the cold run's loop among them).
   */
  horizon = Number.NaN;
  private readonly pauseAbove: number;
  private readonly resumeAtMost: number;
  // The senders: rate, packets to send, delays; where they are.
  readonly rate: Float64Array;
  private readonly total: Int32Array;
  private readonly pauseDelay: Float64Array;
  private readonly ackDelay: Float64Array;
  private readonly started: Int32Array;
  private readonly nextStart: Float64Array;
  private readonly lastStart: Float64Array;
  private readonly trainStart: Float64Array;
  /**
   * The sender's plan, as the general loop's `PacketSender` makes it (the same arithmetic, so the
   * same numbers): from `planT0` on, with `planBase` bytes admitted then, it admits at rate r up to
   * its burst's `bytes` (a rise that ends `planEnd` after planT0), its packet k starting at
   * planT0 + (k·I − planBase)/r; paused, it admits the rest of the packet in progress, `pausedY`
   * bytes (reached `planEnd` after planT0), or nothing.
   */
  private readonly planT0: Float64Array;
  private readonly planBase: Float64Array;
  /** The sender's plan as the queue's segments name it (`QueueSegments.newPlan`). */
  private readonly planId: Int32Array;
  private readonly planEnd: Float64Array;
  private readonly pausedY: Float64Array;
  readonly bytes: Float64Array;
  /**
   * Each sender's plans in order, three numbers each: start (s), bytes admitted then, and kind
   * (PLAN_RISE, PLAN_PAUSED, or PLAN_IDLE for the wait until a burst after 0). Â is rebuilt from
   * them when a result reads it, by the curve operations `PacketSender` uses.
   */
  readonly plans: number[][];
  private readonly paused: Uint8Array;
  private readonly closeAt: Float64Array;
  private readonly closed: Uint8Array;
  /** Each sender's next frame or closing (+∞ for none): when it next reacts. */
  private readonly reactionAt: Float64Array;
  /** PFC frames on their way to each sender (FIFO: one delay per sender). */
  private readonly frameTimes: Floats[];
  private readonly frameKinds: number[][];
  private readonly frameHead: Int32Array;
  /** Where each sender's packets begin in `startTimes` (the packets of the senders before it). */
  private readonly startOffset: Int32Array;
  /** Every sender's packet starts (s), read off the queue's segments once run (`expand`). */
  private startTimes: Float64Array | null = null;
  /** Every packet's sender in queueing order, likewise. */
  private order: Int32Array | null = null;
  readonly log: EventLog;
  readonly notifications: NotificationLog;
  /** Each sender's one state (its index in the log). */
  readonly stateIndex: Int32Array;
  /** Each sender's packets in the port's queue, and transmitted. */
  private readonly queued: Int32Array;
  private readonly dequeued: Int32Array;
  /** Whether the port has paused each sender's ingress (a PAUSE sent, no RESUME since). */
  private readonly pausedAtSwitch: Uint8Array;
  /** A crowd's senders, and its instant's packets in the port's order (`crowdStretch`). */
  private readonly crowd: Int32Array;
  private readonly crowdFlows: Int32Array;
  private readonly crowdTimes: Float64Array;
  /** Packets queued in quiet stretches, and transmitted in runs (`stats.batched`). */
  batchedQueued = 0;
  batchedTransmitted = 0;
  /** How many senders have started all their packets. */
  private allSent = 0;
  /** The port's queue (every packet ever queued, `tail` of them once run). */
  private readonly segments: QueueSegments;
  /**
   * The port: the queue is packets [head, tail) of those ever queued, the head one the packet
   * `headDone` of segment `segHead`, come at `headArrival`; the busy period's start and its
   * transmissions so far, when the port is next free, its next transmission, and the end of the
   * instant just handled (its transmission, if due by then, comes next). Times start as doubles.
   */
  private head = 0;
  tail = 0;
  private segHead = 0;
  private headDone = 0;
  private headArrival = Infinity;
  private busyStart = -Infinity;
  private busyCount = 0;
  private free = -Infinity;
  private nextDequeue = Infinity;
  private instantEnd = -Infinity;
  /** The last packet a stretch queued: when it came (s). */
  private stretchEnd = Number.NaN;
  private readonly heap: IndexedHeap;
  /**
   * The least time from a packet's arrival or transmission to a sender's reaction it causes (a PFC
   * frame's delay, or T plus the acknowledgement's delay for a closing): the reach of a lone train.
   */
  private readonly reactionLead: number;

  constructor(
    model: PathServerModel,
    private readonly untilComplete: boolean,
  ) {
    const n = model.flows.length;
    this.n = n;
    this.I = model.packets!.size;
    const C = asRateLatency(model.service)!.rate;
    this.T = this.I / C;
    this.trainGap = (1.5 * this.I) / C;
    this.horizon = model.horizon;
    ({ pauseAbove: this.pauseAbove, resumeAtMost: this.resumeAtMost } = pfcCounts(model.pfc, this.I));
    this.rate = new Float64Array(n);
    this.total = new Int32Array(n);
    this.pauseDelay = new Float64Array(n);
    this.ackDelay = new Float64Array(n);
    this.started = new Int32Array(n);
    this.nextStart = new Float64Array(n);
    this.lastStart = new Float64Array(n).fill(-Infinity);
    this.trainStart = new Float64Array(n).fill(-Infinity);
    this.planT0 = new Float64Array(n);
    this.planBase = new Float64Array(n);
    this.planId = new Int32Array(n);
    this.planEnd = new Float64Array(n);
    this.pausedY = new Float64Array(n);
    this.bytes = new Float64Array(n);
    this.plans = packedArray(n, () => [] as number[]);
    this.paused = new Uint8Array(n);
    this.closeAt = new Float64Array(n).fill(Infinity);
    this.closed = new Uint8Array(n);
    this.reactionAt = new Float64Array(n).fill(Infinity);
    this.frameTimes = packedArray(n, () => new Floats(16));
    this.frameKinds = packedArray(n, () => [] as number[]);
    this.frameHead = new Int32Array(n);
    this.startOffset = new Int32Array(n);
    this.log = new EventLog(packedArray(n, (j) => model.flows[j].cca));
    this.notifications = new NotificationLog(packedArray(n, (j) => flowDelays(model, model.flows[j]).notification), packedArray(n, (j) => model.flows[j].cca.listens));
    this.stateIndex = new Int32Array(n);
    let capacity = 0;
    for (let j = 0; j < n; j++) {
      const { cca, arrivals } = model.flows[j];
      const delays = flowDelays(model, model.flows[j]);
      const state = cca.initial();
      this.rate[j] = rateOf(cca, state);
      this.bytes[j] = arrivals.at(Infinity);
      this.total[j] = Math.round(packetsStarted(this.bytes[j], this.I) / this.I);
      this.startOffset[j] = capacity;
      capacity += this.total[j];
      this.pauseDelay[j] = delays.pause;
      this.ackDelay[j] = delays.ack;
      this.stateIndex[j] = this.log.state(j, state);
      // The burst's instant: the arrivals' one jump.
      let at = 0;
      for (let i = 0; i < arrivals.t.length; i++) {
        if (arrivals.v[i] > 0 || arrivals.r[i] > 0) {
          at = arrivals.t[i];
          break;
        }
      }
      // The plan from the burst on: its first packet at once.
      if (at > 0) this.plans[j].push(0, 0, PLAN_IDLE);
      this.plans[j].push(at, 0, PLAN_RISE);
      this.planT0[j] = at;
      this.planEnd[j] = this.bytes[j] / this.rate[j];
      this.nextStart[j] = at;
    }
    let lead = Infinity;
    for (let j = 0; j < n; j++) lead = Math.min(lead, this.pauseDelay[j], this.T + this.ackDelay[j]);
    this.reactionLead = lead;
    this.queued = new Int32Array(n);
    this.dequeued = new Int32Array(n);
    this.pausedAtSwitch = new Uint8Array(n);
    this.crowd = new Int32Array(n);
    this.crowdFlows = new Int32Array(n);
    this.crowdTimes = new Float64Array(n);
    this.segments = new QueueSegments(capacity, n);
    for (let j = 0; j < n; j++) this.planId[j] = this.segments.newPlan(this.planT0[j], this.planBase[j]);
    this.heap = new IndexedHeap(n);
  }

  /** When sender j's packets started (s). */
  starts(j: number): Floats {
    this.expand();
    return Floats.of(this.startTimes!.subarray(this.startOffset[j], this.startOffset[j] + this.started[j]));
  }

  /** Each queued packet's sender, in queueing order. */
  queueOrder(): Int32Array {
    this.expand();
    return this.order!;
  }

  /** The starts and the queueing order, read off the segments (once). */
  private expand(): void {
    if (this.order !== null) return;
    this.startTimes = new Float64Array(this.startOffset[this.n - 1] + this.total[this.n - 1]);
    this.order = new Int32Array(this.tail);
    this.segments.expand(this.I, this.rate, this.startOffset, this.startTimes, this.order);
  }

  /** Runs to the horizon (or to completion): instant by instant, as `runEvents`' general loop. */
  run(progress: Progress, reporting: boolean): void {
    const { n, heap, reactionAt, nextStart } = this;
    // The packets that start at the current instant (flow and time).
    const arriving = new Arrivals(n);
    for (let j = 0; j < n; j++) heap.set(j, senderKey(reactionAt[j], nextStart[j], this.horizon));
    for (;;) {
      // Transmissions: the last instant's, then those before anything else happens.
      this.transmit();
      this.instantEnd = -Infinity;
      const tSender = heap.topKey();
      const nextDequeue = this.nextDequeue;
      const horizon = this.horizon;
      const t = nextDequeue < horizon && nextDequeue < tSender ? nextDequeue : tSender;
      if (!(t <= horizon)) break;
      const limit = t + instantTolerance(t);
      if (reporting) progress.step(t, horizon);
      // One or two senders alone for a while (or a crowd): their packets up to the next thing that
      // could concern them, at once.
      if (t === tSender && reactionAt[heap.top()] > limit) {
        const count = this.quietStretch(this.head, this.tail, nextDequeue, horizon);
        if (count > 0) {
          // The first transmission, when the stretch's first packet found the queue empty.
          if (this.tail === this.head) this.queueFirst(this.segments.x0[this.segHead]);
          this.tail += count;
          this.batchedQueued += count;
          const last = this.stretchEnd;
          this.instantEnd = last + instantTolerance(last);
          if (reporting) progress.step(last, horizon, count);
          continue;
        }
      }
      this.instant(limit, arriving);
    }
  }

  /** A packet that came at x to an empty queue: the head, transmitted at x or when the port is free. */
  private queueFirst(x: number): void {
    this.headArrival = x;
    this.nextDequeue = x > this.free ? x : this.free;
  }

  /**
   * The port's transmissions due before the next instant: the last instant's (by its end), then
   * those before the next sender's key (d + ε(d) < t), each a RESUME when its ingress falls to
   * X_on and its sender's closing after its last packet. Back-to-back runs of them go at once, a
   * segment's at a time: none resumes or closes its sender or starts a busy period, and the queue
   * keeps a packet after them (those, and anything else, go packet by packet).
   */
  private transmit(): void {
    const { n, I, T, heap, rate, total, queued, dequeued, pausedAtSwitch, resumeAtMost, segments } = this;
    const { flow: segFlow, count: segCount } = segments;
    const eps = EPSILON;
    let { head, segHead, headDone, headArrival, busyStart, busyCount, free, nextDequeue, instantEnd, horizon } = this;
    const tail = this.tail;
    let moved = 0;
    let tSender = heap.topKey();
    while (nextDequeue < horizon && (nextDequeue <= instantEnd || nextDequeue + eps * (nextDequeue > 1 ? nextDequeue : 1) < tSender)) {
      if (nextDequeue === free) {
        // How many are due before the next sender's instant (and the horizon): d_i + ε(d_i) < t.
        let room = tail - head - 1;
        if (room > 0) {
          const until = tSender < horizon ? tSender : horizon;
          let i = Math.floor((until - busyStart) / T) - busyCount;
          i = i > room ? room : i < 0 ? 0 : i;
          for (let d = busyStart + (busyCount + i - 1) * T; i > 0 && !(d < horizon && d + eps * (d > 1 ? d : 1) < tSender); d = busyStart + (busyCount + i - 1) * T) i -= 1;
          for (let d = busyStart + (busyCount + i) * T; i < room && d < horizon && d + eps * (d > 1 ? d : 1) < tSender; d = busyStart + (busyCount + i) * T) i += 1;
          room = i;
        }
        let runs = 0;
        while (runs < room) {
          const s = segHead;
          const j = segFlow[s];
          const r = rate[j];
          let m = segCount[s] - headDone;
          if (m > room - runs) m = room - runs;
          if (m > total[j] - dequeued[j] - 1) m = total[j] - dequeued[j] - 1;
          if (pausedAtSwitch[j] === 1 && m > queued[j] - resumeAtMost - 1) m = queued[j] - resumeAtMost - 1;
          if (m <= 0) break;
          // Each came by its transmission (else a busy period starts): the last by the first's.
          if (segments.arrival(s, headDone + m - 1, I, r) > busyStart + (busyCount + runs) * T) {
            let c = 0;
            for (; c < m; c++) if (segments.arrival(s, headDone + c, I, r) > busyStart + (busyCount + runs + c) * T) break;
            if (c === 0) break;
            m = c;
          }
          dequeued[j] += m;
          queued[j] -= m;
          runs += m;
          headDone += m;
          if (headDone === segCount[s]) {
            segHead += 1;
            headDone = 0;
          }
        }
        if (runs > 0) {
          head += runs;
          busyCount += runs;
          free = busyStart + busyCount * T;
          headArrival = segments.arrival(segHead, headDone, I, rate[segFlow[segHead]]);
          nextDequeue = headArrival > free ? headArrival : free;
          moved += runs;
          instantEnd = -Infinity;
          continue;
        }
      }
      instantEnd = -Infinity;
      const d = nextDequeue;
      const j = segFlow[segHead];
      const a = headArrival;
      head += 1;
      headDone += 1;
      if (headDone === segCount[segHead]) {
        segHead += 1;
        headDone = 0;
      }
      if (a > free || d > free) {
        busyStart = d;
        busyCount = 0;
      }
      busyCount += 1;
      free = busyStart + busyCount * T;
      headArrival = tail === head ? Infinity : segments.arrival(segHead, headDone, I, rate[segFlow[segHead]]);
      nextDequeue = tail === head ? Infinity : headArrival > free ? headArrival : free;
      dequeued[j] += 1;
      // A RESUME when the ingress falls to X_on; the sender's closing after its last packet.
      if (--queued[j] <= resumeAtMost && pausedAtSwitch[j] === 1) {
        pausedAtSwitch[j] = 0;
        this.sendFrame(j, d + this.pauseDelay[j], RESUME);
      }
      if (dequeued[j] === total[j]) this.closeAfter(j, d);
      if (this.untilComplete && head === tail && free < horizon && this.allSent === n) horizon = this.horizon = free;
      tSender = heap.topKey();
    }
    this.head = head;
    this.segHead = segHead;
    this.headDone = headDone;
    this.headArrival = headArrival;
    this.busyStart = busyStart;
    this.busyCount = busyCount;
    this.free = free;
    this.nextDequeue = nextDequeue;
    this.instantEnd = instantEnd;
    this.batchedTransmitted += moved;
  }

  /**
   * The instant from the current time to `limit`: 1. the senders with something then, their
   * reactions (a packet whose start the wire counts by a reaction's instant first), then the packet
   * due; 2. their packets reach the switch in the port's order, a PAUSE when one takes its ingress
   * above X_off (3., the transmission that starts then, is `transmit`'s).
   */
  private instant(limit: number, arriving: Arrivals): void {
    const { I, trainGap, heap, rate, total, started, nextStart, lastStart, trainStart, planT0, planBase, planId, reactionAt, queued, dequeued, pausedAtSwitch, pauseAbove, segments } = this;
    const horizon = this.horizon;
    const reactUntil = limit < horizon ? limit : horizon;
    while (heap.topKey() <= limit) {
      const j = heap.top();
      for (;;) {
        const at = reactionAt[j];
        let x = nextStart[j];
        const reacts = at <= reactUntil;
        if (reacts) {
          // A packet the wire counts by the reaction's instant (Â past its first byte) starts first.
          if (!(x < Infinity && started[j] < Math.round(packetsStarted(this.admittedAt(j, at), I) / I))) {
            this.react(j, at);
            continue;
          }
          if (x > at) x = at;
        } else if (!(x <= limit && x < horizon)) break;
        // Sender j's packet starts at x.
        const k = started[j];
        started[j] = k + 1;
        if (startsTrain(x - lastStart[j], trainGap)) trainStart[j] = x;
        lastStart[j] = x;
        if (k + 1 < total[j]) nextStart[j] = planT0[j] + ((k + 1) * I - planBase[j]) / rate[j];
        else {
          nextStart[j] = Infinity;
          this.allSent += 1;
        }
        arriving.add(j, x);
        if (!reacts) break;
      }
      heap.set(j, senderKey(reactionAt[j], nextStart[j], horizon));
    }
    const { flows, times, count } = arriving;
    if (count > 1) this.orderInstant(flows, times, count);
    let tail = this.tail;
    for (let k = 0; k < count; k++) {
      const j = flows[k];
      const x = times[k];
      segments.add(j, queued[j] + dequeued[j], 1, x, planId[j], tail);
      tail += 1;
      if (tail - this.head === 1) this.queueFirst(x);
      if (++queued[j] > pauseAbove && pausedAtSwitch[j] === 0) {
        pausedAtSwitch[j] = 1;
        this.sendFrame(j, x + this.pauseDelay[j], PAUSE);
      }
    }
    this.tail = tail;
    arriving.count = 0;
    this.instantEnd = limit;
  }

  /**
   * The packets of the next sender, and of the one after when it is close, from their next starts
   * on while they are alone: each an instant of its own (two at once only in a tie), added to the
   * queue at once. Returns how many (0: none could be, the loop goes on packet by packet). Alone
   * means, for a packet at x, that x + 4·ε(t_B) comes before t_B, the first of:
   * - the other senders' keys (starts or reactions), and these senders' own reactions;
   * - x₀ + the reaction lead: nothing queued or transmitted from x₀ (the first start) on makes a
   *   sender react sooner;
   * - where a sender's PFC could act in the stretch, the port's earliest possible transmission of
   *   one of its packets (`portCut`);
   * and that the two senders' packets are equal, more than 4·ε(t_B) apart, or, closer, clear of the
   * port's transmissions (`noTransmissionNear`: the loop's instants would group them otherwise as
   * those fall): one instant when the later is within the earlier's reach. The port's
   * transmissions meanwhile, which the loop makes after the stretch, do not depend on when these
   * packets were counted: so the order of everything else is the packet-by-packet loop's. A sender
   * whose packets take its ingress above X_off sends its PAUSE at the packet that does.
   */
  private quietStretch(head: number, tail: number, nextDequeue: number, horizon: number): number {
    const { heap, reactionAt, nextStart } = this;
    const a = heap.top();
    const xa0 = nextStart[a];
    if (heap.secondKey() === xa0 && heap.thirdKey() === xa0) return this.crowdStretch(head, tail, nextDequeue, horizon);
    let until = Math.min(reactionAt[a], xa0 + this.reactionLead);
    // The next sender (if there is another) joins when its next start comes first.
    let b = heap.second();
    const keyB = b === a ? Infinity : heap.key(b);
    if (keyB < until && keyB === nextStart[b] && reactionAt[b] > keyB) until = Math.min(until, heap.thirdKey(), reactionAt[b]);
    else {
      until = Math.min(until, keyB);
      b = -1;
    }
    until = this.portCut(a, until, head, tail, nextDequeue);
    if (b >= 0) until = this.portCut(b, until, head, tail, nextDequeue);
    const eps = EPSILON;
    const margin = 4 * eps * (until > 1 ? until : 1);
    const { I, rate, lastStart, trainStart, trainGap, started, total, planT0, planBase, planId, segments } = this;
    if (!(xa0 + margin < until && I / rate[a] > margin + margin && (b < 0 || I / rate[b] > margin + margin))) return 0;
    const ka0 = started[a];
    const kb0 = b < 0 ? 0 : started[b];
    if (b < 0) {
      const count = this.loneStretch(a, until, margin, horizon, tail);
      if (count >= 0) return count;
    }
    let xa = xa0;
    const xb0 = b < 0 ? Infinity : nextStart[b];
    let xb = xb0;
    let q = tail;
    for (;;) {
      const x = xa < xb ? xa : xb;
      if (!(x + margin < until && x < horizon)) break;
      // The instant's packet, or both packets of one instant: a tie, or two starts an ulp or so
      // apart (plans that began at other instants), which the loop's instants group as its
      // transmissions fall: so only where none falls near them, one instant when the later is
      // within the earlier's reach.
      let together = xa === xb;
      if (!together && Math.abs(xa - xb) <= margin) {
        const later = xa < xb ? xb : xa;
        if (!(later + margin < until && later < horizon && this.noTransmissionNear(x, later, head, tail, nextDequeue))) break;
        together = later <= x + instantTolerance(x);
      }
      const xaNow = xa;
      const xbNow = xb;
      let first = xa <= xb ? a : b;
      let second = together ? (first === a ? b : a) : -1;
      for (let c = 0; c < 2; c++) {
        const j = c === 0 ? first : second;
        if (j < 0) break;
        const k = started[j];
        const xj = j === a ? xaNow : xbNow;
        // startsTrain(x − last, trainGap), written out: a call would box its numbers.
        const since = xj - lastStart[j];
        if (since > trainGap && (since === Infinity || since - trainGap > eps * (since > 1 ? since : 1))) trainStart[j] = xj;
        lastStart[j] = xj;
        started[j] = k + 1;
        const next = k + 1 < total[j] ? planT0[j] + ((k + 1) * I - planBase[j]) / rate[j] : Infinity;
        if (j === a) xa = next;
        else xb = next;
      }
      // One instant's two packets are queued in the port's order (latest train first, then port
      // order), whichever came first; a sender's packets after its first of the stretch are on its
      // plan.
      if (together) {
        first = compareTies(-trainStart[b], b, -trainStart[a], a) < 0 ? b : a;
        second = first === a ? b : a;
      }
      for (let c = 0; c < 2; c++) {
        const j = c === 0 ? first : second;
        if (j < 0) break;
        const k = started[j] - 1;
        const xj = j === a ? xaNow : xbNow;
        if (k === (j === a ? ka0 : kb0)) segments.add(j, k, 1, xj, planId[j], q);
        else segments.addOnPlan(j, k, xj, planId[j], q);
        q += 1;
      }
      this.stretchEnd = x;
    }
    if (q === tail) return 0;
    nextStart[a] = xa;
    this.queueStretch(a, ka0, xa0);
    if (b >= 0) {
      nextStart[b] = xb;
      this.queueStretch(b, kb0, xb0);
    }
    return q - tail;
  }

  /**
   * Whether the port transmits nothing from 2ε before x₁ to 2ε after x₂ (x₁ ≤ x₂), as far as the
   * packets queued now tell: they have all come, so their transmissions are back to back from the
   * head's, d_i = busyStart + (busyCount + i)·T as `transmit` computes them (from the head's own
   * when it starts a busy period); false when the queue is empty or its transmissions end first.
   */
  private noTransmissionNear(x1: number, x2: number, head: number, tail: number, nextDequeue: number): boolean {
    const queued = tail - head;
    if (queued <= 0) return false;
    const T = this.T;
    const start = nextDequeue === this.free ? this.busyStart : nextDequeue;
    const count = nextDequeue === this.free ? this.busyCount : 0;
    const low = x1 - 2 * instantTolerance(x1);
    // The first transmission at or after `low`: the floor estimate, then the arithmetic's verdict.
    let i = Math.ceil((low - start) / T) - count;
    if (i < 0) i = 0;
    while (i > 0 && start + (count + i - 1) * T >= low) i -= 1;
    while (i < queued && start + (count + i) * T < low) i += 1;
    return i < queued && start + (count + i) * T > x2 + 2 * instantTolerance(x2);
  }

  /**
   * A quiet stretch of a crowd: three senders or more whose next starts are the same instant on the
   * same plan (start, bytes then, rate, packets started), so that their packets start together
   * instant after instant (the simulator's incast before its first PAUSE). Each instant's packets
   * are queued in the port's order (`orderInstant`, from flow order, as the loop's instant pops
   * them); what bounds the stretch is what bounds `quietStretch`'s, for every sender of the crowd.
   * Returns how many packets it queued (0: none, the loop goes on instant by instant).
   */
  private crowdStretch(head: number, tail: number, nextDequeue: number, horizon: number): number {
    const { n, heap, nextStart, reactionAt, planT0, planBase, rate, started, total, crowd } = this;
    const a = heap.top();
    const x0 = nextStart[a];
    let until = x0 + this.reactionLead;
    let size = 0;
    let instants = Infinity;
    for (let j = 0; j < n; j++) {
      if (nextStart[j] === x0 && heap.key(j) === x0 && planT0[j] === planT0[a] && planBase[j] === planBase[a] && rate[j] === rate[a] && started[j] === started[a]) {
        crowd[size++] = j;
        until = Math.min(until, reactionAt[j]);
        instants = Math.min(instants, total[j] - started[j]);
      } else until = Math.min(until, heap.key(j));
    }
    for (let m = 0; m < size; m++) until = this.portCut(crowd[m], until, head, tail, nextDequeue);
    const margin = 4 * EPSILON * (until > 1 ? until : 1);
    const { I, trainGap, trainStart, lastStart, crowdFlows, crowdTimes, segments } = this;
    const r = rate[a];
    if (!(x0 + margin < until && I / r > margin + margin)) return 0;
    const k0 = started[a];
    const t0 = planT0[a];
    const base = planBase[a];
    const plan = this.planId[a];
    let q = tail;
    let i = 0;
    // The instant before (its packets' start): after the first instant every sender's gap since
    // its last start is the same, so they start trains together or not at all, and their order
    // (by train start, then port) changes only when they do.
    let before = Number.NaN;
    for (let x = x0; i < instants && x + margin < until && x < horizon; x = t0 + ((k0 + i) * I - base) / r) {
      const together = i > 0 && startsTrain(x - before, trainGap);
      if (i === 0 || together) {
        for (let m = 0; m < size; m++) {
          const j = crowd[m];
          // startsTrain(x − last, trainGap), written out: a call would box its numbers.
          const gap = x - lastStart[j];
          if (together || (gap > trainGap && (gap === Infinity || gap - trainGap > EPSILON * (gap > 1 ? gap : 1)))) trainStart[j] = x;
          crowdFlows[m] = j;
          crowdTimes[m] = x;
        }
        this.orderInstant(crowdFlows, crowdTimes, size);
      }
      for (let m = 0; m < size; m++) segments.add(crowdFlows[m], k0 + i, 1, x, plan, q + m);
      q += size;
      before = x;
      i += 1;
    }
    if (i === 0) return 0;
    this.stretchEnd = before;
    const next = t0 + ((k0 + i) * I - base) / r;
    for (let m = 0; m < size; m++) {
      const j = crowd[m];
      lastStart[j] = before;
      started[j] = k0 + i;
      nextStart[j] = k0 + i < total[j] ? next : Infinity;
      this.queueStretch(j, k0, x0);
    }
    return q - tail;
  }

  /**
   * A quiet stretch of sender a alone, in closed form: its packets from its next start while
   * x + margin < until and x < horizon (the last found from the plan's inverse, then checked with
   * the plan's own arithmetic), queued as one segment. Its train start moves as each packet's
   * `startsTrain` would move it: the first by its gap from the last start, the others by the plan's
   * gap I/r when that is clearly above or below the trains' gap (else −1: the loop goes packet by
   * packet). Returns how many packets, or −1.
   */
  private loneStretch(a: number, until: number, margin: number, horizon: number, tail: number): number {
    const { I, trainGap, nextStart, lastStart, trainStart, started, total } = this;
    const t0 = this.planT0[a];
    const base = this.planBase[a];
    const r = this.rate[a];
    const gap = I / r;
    // Every later packet's gap, computed from two starts, is I/r within δ.
    const delta = 1e-14 * (until > 1 ? until : 1) + 1e-15 * gap;
    const everyStartsTrain = gap - delta > trainGap + EPSILON * (gap + delta > 1 ? gap + delta : 1);
    if (!everyStartsTrain && !(gap + delta <= trainGap)) return -1;
    const x0 = nextStart[a];
    const k0 = started[a];
    // The last packet: the plan's inverse, then the arithmetic's own verdict either side.
    const reach = until - margin < horizon ? until - margin : horizon;
    let k = Math.floor(((reach - t0) * r + base) / I);
    k = k >= total[a] ? total[a] - 1 : k > k0 ? k : k0;
    const fits = (x: number): boolean => x + margin < until && x < horizon;
    while (k > k0 && !fits(t0 + (k * I - base) / r)) k -= 1;
    while (k + 1 < total[a] && fits(t0 + ((k + 1) * I - base) / r)) k += 1;
    const last = k === k0 ? x0 : t0 + (k * I - base) / r;
    if (startsTrain(x0 - lastStart[a], trainGap)) trainStart[a] = x0;
    if (k > k0 && everyStartsTrain) trainStart[a] = last;
    lastStart[a] = last;
    started[a] = k + 1;
    nextStart[a] = k + 1 < total[a] ? t0 + ((k + 1) * I - base) / r : Infinity;
    this.segments.add(a, k0, k - k0 + 1, x0, this.planId[a], tail);
    this.stretchEnd = last;
    this.queueStretch(a, k0, x0);
    return k - k0 + 1;
  }

  /**
   * How far a stretch of sender j's packets from its next start may reach, given that it may reach
   * `until` otherwise: the port's transmissions of sender j's packets (queued before, or in the
   * stretch) change its count, so they bound the stretch (`portReach`) unless the ingress can
   * neither pause (not paused, and X_off not exceeded even with every packet of the stretch
   * counted and none transmitted) nor resume (not paused): then its PFC does nothing until the
   * stretch ends whichever order its packets are counted in, and its transmissions may follow.
   */
  private portCut(j: number, until: number, head: number, tail: number, nextDequeue: number): number {
    // At most this many of its packets start before `until`: they are I/r apart.
    const most = Math.floor(((until - this.nextStart[j]) * this.rate[j]) / this.I) + 2;
    if (this.pausedAtSwitch[j] === 0 && this.queued[j] + most <= this.pauseAbove) return until;
    return Math.min(until, this.portReach(j, head, tail, nextDequeue));
  }

  /**
   * The port's earliest possible transmission of sender j's next packet (one it queued, or, none
   * queued, the first of a stretch queued at the tail): d_head + (p − head − 1)·T, p its position.
   */
  private portReach(j: number, head: number, tail: number, nextDequeue: number): number {
    // An empty queue transmits the first packet of the stretch when it comes.
    if (head === tail) return -Infinity;
    const p = this.queued[j] > 0 ? this.segments.positionOf(j, this.dequeued[j]) : tail;
    return nextDequeue + (p - head - 1) * this.T;
  }

  /**
   * Sender j's packets from its k0-th on (the first at x₀, the others on its plan), just queued in
   * a stretch: the ingress's count, its PAUSE, the heap.
   */
  private queueStretch(j: number, k0: number, x0: number): void {
    const count = this.started[j] - k0;
    const q0 = this.queued[j];
    this.queued[j] = q0 + count;
    if (this.pausedAtSwitch[j] === 0 && q0 + count > this.pauseAbove) {
      this.pausedAtSwitch[j] = 1;
      const k = k0 + Math.max(0, this.pauseAbove - q0);
      const x = k === k0 ? x0 : this.planT0[j] + (k * this.I - this.planBase[j]) / this.rate[j];
      this.sendFrame(j, x + this.pauseDelay[j], PAUSE);
    }
    if (count > 0 && this.started[j] === this.total[j]) this.allSent += 1;
    this.heap.set(j, senderKey(this.reactionAt[j], this.nextStart[j], this.horizon));
  }

  /** Sender j's next reaction, after a frame or its closing came or went. */
  private updateReaction(j: number): void {
    const f = this.frameHead[j] < this.frameTimes[j].length ? this.frameTimes[j].at(this.frameHead[j]) : Infinity;
    const c = this.closed[j] === 0 ? this.closeAt[j] : Infinity;
    this.reactionAt[j] = f < c ? f : c;
  }

  /** A PFC frame that reaches sender j at `time`. */
  private sendFrame(j: number, time: number, kind: number): void {
    this.frameTimes[j].push(time);
    this.frameKinds[j].push(kind);
    this.updateReaction(j);
    this.heap.set(j, senderKey(this.reactionAt[j], this.nextStart[j], this.horizon));
  }

  /** Sender j's last packet's transmission started at d: it closes when acknowledged, T + ΔR later. */
  private closeAfter(j: number, d: number): void {
    this.closeAt[j] = d + this.T + this.ackDelay[j];
    this.updateReaction(j);
    this.heap.set(j, senderKey(this.reactionAt[j], this.nextStart[j], this.horizon));
  }

  /** Sender j's reaction at `at`: its next frame, or its closing (a frame at that instant comes first). */
  private react(j: number, at: number): void {
    const head = this.frameHead[j];
    if (!(head < this.frameTimes[j].length && this.frameTimes[j].at(head) === at)) {
      this.closed[j] = 1;
      this.log.push(at, j, 'connection-closed', this.stateIndex[j], this.stateIndex[j]);
      this.updateReaction(j);
      return;
    }
    const pause = this.frameKinds[j][head] === PAUSE;
    this.frameHead[j] = head + 1;
    this.updateReaction(j);
    this.log.push(at, j, pause ? 'pfc-pause' : 'pfc-resume', EventLog.NONE, EventLog.NONE);
    if (pause === (this.paused[j] === 1)) return;
    // A new plan from `at`, from what the plan before admitted by then.
    const base = this.admittedAt(j, at);
    const r = this.rate[j];
    this.paused[j] = pause ? 1 : 0;
    this.planT0[j] = at;
    this.planBase[j] = base;
    this.planId[j] = this.segments.newPlan(at, base);
    this.plans[j].push(at, base, pause ? PLAN_PAUSED : PLAN_RISE);
    if (pause) {
      // The packet in progress ends (min(unpaused, rest), its crossing as the curves' envelope
      // finds it), and none starts.
      this.nextStart[j] = Infinity;
      const rest = packetsStarted(base, this.I) - base;
      if (!(rest > ADMISSION_MARGIN)) {
        this.planEnd[j] = 0;
        this.pausedY[j] = 0;
        return;
      }
      const R = this.bytes[j] - base;
      const end = R / r;
      const crossing = 0 + rest / r;
      if (crossing < end && !close(crossing, end)) {
        this.planEnd[j] = crossing;
        this.pausedY[j] = Math.min(r * crossing, rest);
      } else {
        this.planEnd[j] = end;
        this.pausedY[j] = Math.min(R, rest);
      }
      return;
    }
    this.planEnd[j] = (this.bytes[j] - base) / r;
    const k = this.started[j];
    if (k < this.total[j]) this.nextStart[j] = wholePackets(base, this.I) + this.I > k * this.I ? at : at + (k * this.I - base) / r;
  }

  /**
   * Â(x) of sender j, x at or after its plan's start: planBase plus its plan's value, as `Curve.at`
   * reads it (times within the curves' tolerance of a breakpoint take the breakpoint's value).
   */
  private admittedAt(j: number, x: number): number {
    const tau = x - this.planT0[j];
    const end = this.planEnd[j];
    const top = this.paused[j] === 1 ? this.pausedY[j] : this.bytes[j] - this.planBase[j];
    if (this.paused[j] === 1 && end === 0) return this.planBase[j];
    if (tau >= end || close(end, tau)) return this.planBase[j] + top;
    if (close(0, tau)) return this.planBase[j];
    return this.planBase[j] + this.rate[j] * tau;
  }

  /** The instant's packets (`count` of them) in the port's order: latest train first, then port order. */
  private orderInstant(flows: Int32Array, times: Float64Array, count: number): void {
    const trainStart = this.trainStart;
    if (count > 32) {
      const idx = Array.from({ length: count }, (_, k) => k);
      idx.sort((a, b) => compareTies(-trainStart[flows[a]], flows[a], -trainStart[flows[b]], flows[b]) || a - b);
      const f0 = flows.slice(0, count);
      const t0 = times.slice(0, count);
      for (let k = 0; k < count; k++) {
        flows[k] = f0[idx[k]];
        times[k] = t0[idx[k]];
      }
      return;
    }
    for (let a = 1; a < count; a++) {
      const f = flows[a];
      const x = times[a];
      const key = -trainStart[f];
      let b = a - 1;
      for (; b >= 0 && compareTies(key, f, -trainStart[flows[b]], flows[b]) < 0; b--) {
        flows[b + 1] = flows[b];
        times[b + 1] = times[b];
      }
      flows[b + 1] = f;
      times[b + 1] = x;
    }
  }
}

/** When a sender next has something to do: its reaction by the horizon, or its next packet before it. */
function senderKey(reaction: number, start: number, horizon: number): number {
  const r = reaction <= horizon ? reaction : Infinity;
  return start < horizon && start < r ? start : r;
}

/**
 * What the result reads of sender j of the constant-rate loop: its starts, its one state, and Â,
 * its plans joined (each plan the curve `PacketSender` builds: `pacedBacklog` of the burst's
 * rest, `pausedAdmission` of it, and the wait for a burst after 0), so Â is the general loop's.
 */
function recordedSender(run: ConstantRateLoop, j: number, trainGap: number): RecordedSender {
  let starts: Floats | null = null;
  let series: Record<string, StepSeries> | null = null;
  return {
    get starts() {
      return (starts ??= run.starts(j));
    },
    trainStartOf(k: number): number {
      const all = (starts ??= run.starts(j));
      let q = k;
      while (q > 0 && !startsTrain(all.at(q) - all.at(q - 1), trainGap)) q -= 1;
      return all.at(q);
    },
    admittedCurve(horizon: number): Curve {
      const { I } = run;
      const r = run.rate[j];
      const bytes = run.bytes[j];
      const plans = run.plans[j];
      const history = new Trace();
      const rise = (base: number): Curve => pacedBacklog(bytes - base, r, 0, ADMISSION_MARGIN);
      for (let p = 0; p < plans.length; p += 3) {
        const t0 = plans[p];
        const base = plans[p + 1];
        const kind = plans[p + 2];
        const t1 = p + 3 < plans.length ? plans[p + 3] : horizon;
        if (!(t1 > t0)) continue;
        const plan = kind === PLAN_IDLE ? horizontalShift(rise(0), plans[p + 3] - t0) : kind === PLAN_RISE ? rise(base) : pausedAdmission(() => rise(base), base, I, ADMISSION_MARGIN);
        history.appendLocal(plan, t0, t1, base);
      }
      return history.curve();
    },
    get series() {
      if (series === null) {
        series = {};
        recordState(series, run.log.describe(run.stateIndex[j]), 0);
      }
      return series;
    },
  };
}

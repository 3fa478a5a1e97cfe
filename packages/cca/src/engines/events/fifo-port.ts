import { redProbability, MarkDecisions, notificationPacing, type NotificationGap, type NotificationGrid } from '../../ecn.ts';
import type { EcnConfig, PfcConfig, QcnConfig } from '../../model.ts';
import { QcnCongestionPoint } from '../../qcn-congestion-point.ts';
import { Floats } from './growable.ts';
import { packedArray } from '../../packed-array.ts';
import type { PortState } from './block-queue.ts';
import { pfcCounts } from './pfc-counts.ts';

/** What the port tells the engine: a PFC frame sent to an ingress, or a flow's packet marked (then notified by the receiver). */
export interface PortListener {
  frame(ingress: number, time: number, kind: 'pfc-pause' | 'pfc-resume'): void;
  mark(flow: number, time: number, from: number): void;
  /** A QCN congestion point's feedback `fb` (in (0, 1]) for the flow's frame that arrived at `time`. */
  feedback(flow: number, time: number, from: number, fb: number): void;
}

/**
 * The switch's egress port: a FIFO of whole packets served at rate C (one packet time T = I/C each),
 * with per-ingress PFC (an ingress is a host: all its connections' packets count), a QCN
 * congestion point sampling arriving frames (`QcnConfig`) and ECN/RED
 * marking at enqueue or dequeue, as the curve engine's whole-packet mode defines them
 * (`PathServerModel.packets`):
 * - packets that arrive at one instant are queued in the order they are handed over (the engine
 *   sorts them: latest packet train first, then port order), and all of them count before a
 *   dequeue that starts at that instant;
 * - a packet leaves its ingress count, and is marked at dequeue, when its transmission starts, on
 *   the queue it leaves behind (arrivals at that instant included, itself not);
 * - marked at enqueue, a packet sees the bytes that arrived before its instant minus the fluid
 *   departures D(t);
 * - PAUSE when an arrival makes the ingress bytes exceed X_off; RESUME when a dequeue leaves them
 *   below X_on (threshold) or (X_off − X_on)/C after the PAUSE (paper).
 * The queue holds one small integer per packet (its flow) in an array that keeps every packet
 * queued, in order (the result replays the service from it), and the arrival instants of those
 * waiting in a ring buffer; the server's start times are counted from the start of the busy period
 * (busyStart + k·T), so no rounding builds up.
 */
export class FifoPort {
  /** Each queued packet's flow, by its place in the queueing order (never overwritten). */
  private order: Int32Array;
  private ringArrival: Float64Array;
  private head = 0;
  private tail = 0;
  /** Packets per ingress in the queue (not yet started). */
  private readonly ingress: Int32Array;
  /** The QCN congestion point, if configured. */
  private readonly qcn: QcnCongestionPoint | null;
  /** The ingress of each flow's packets. */
  private readonly ingressOf: Int32Array;
  /** Packets of each flow whose transmission has started. */
  /** Each flow's packets whose transmission has started. */
  readonly dequeued: Int32Array;
  private startedTotal = 0;
  private busyStart = -Infinity;
  private busyCount = 0;
  /** When the packet in transmission started and when the server is free again (s). */
  private current = -Infinity;
  private free = -Infinity;
  /** Arrivals before the current instant (for marking at enqueue). */
  private arrivedBefore = 0;
  private arrivedTotal = 0;
  private readonly pausedAtSwitch: Uint8Array;
  /** 'paper' resume: when each paused ingress resumes (s). */
  private readonly resumeAt: Float64Array;
  private readonly decisions: MarkDecisions | null;
  /** The PFC thresholds as packet counts per ingress (pfcCounts), and whether it resumes at X_on. */
  private readonly pauseAbove: number;
  private readonly resumeAtMost: number;
  private readonly resumesAtThreshold: boolean;
  /** Whether ECN marks packets at enqueue, or at dequeue. */
  private readonly marksAtEnqueue: boolean;
  private readonly marksAtDequeue: boolean;
  readonly gaps: (NotificationGap | NotificationGrid)[];
  /** Each flow's transmission starts (s; for the result's curves). */
  readonly flowStarts: Floats[];
  /** Every packet's arrival and transmission start, in the order they happened (s). */
  readonly arrivalTimes: Floats;
  readonly startTimes: Floats;
  /**
   * Each packet's flow in the order the port queued them (the queue itself: one integer per
   * packet, from which the result replays the service without merging the flows' arrivals again).
   * Valid until the next packet is queued.
   */
  get queueOrder(): Int32Array {
    return this.order.subarray(0, this.tail);
  }
  /** Packet time T = I/C (s). */
  readonly packetTime: number;

  /**
   * `capacities`: how many packets each flow is expected to send (room reserved for their records);
   * `ingressOf`: each flow's ingress (PFC counts per ingress).
   */
  constructor(
    capacities: readonly number[],
    ingressOf: Int32Array,
    readonly packet: number,
    readonly rate: number,
    private readonly ecn: EcnConfig | undefined,
    private readonly pfc: PfcConfig | undefined,
    private readonly listener: PortListener,
    qcn?: QcnConfig,
    /** Whether to record each packet's arrival and transmission (the network engine's results read them; the event engine replays them). */
    private readonly records = true,
  ) {
    this.qcn = qcn === undefined ? null : new QcnCongestionPoint(qcn);
    const flows = capacities.length;
    this.packetTime = packet / rate;
    const expected = capacities.reduce((a, b) => a + b, 0);
    const total = records ? expected : 1;
    this.arrivalTimes = new Floats(total);
    this.startTimes = new Floats(total);
    this.order = new Int32Array(Math.max(1024, expected));
    this.ringArrival = new Float64Array(ringRoom(expected));
    this.ingressOf = ingressOf;
    const ports = ingressOf.reduce((m, g) => Math.max(m, g + 1), 0);
    this.ingress = new Int32Array(ports);
    this.dequeued = new Int32Array(flows);
    this.pausedAtSwitch = new Uint8Array(ports);
    this.resumeAt = new Float64Array(ports).fill(Infinity);
    this.decisions = ecn === undefined ? null : new MarkDecisions(ecn.random ?? 'expected', flows);
    ({ pauseAbove: this.pauseAbove, resumeAtMost: this.resumeAtMost } = pfcCounts(pfc, packet));
    this.resumesAtThreshold = pfc !== undefined && pfc.resume !== 'paper';
    this.marksAtEnqueue = ecn !== undefined && ecn.at !== 'dequeue';
    this.marksAtDequeue = ecn?.at === 'dequeue';
    this.gaps = packedArray(flows, () => notificationPacing(ecn ?? {}));
    this.flowStarts = packedArray(flows, (j) => new Floats(records ? capacities[j] : 1));
  }

  /** When the packet in transmission is done (s; −∞ before the first). */
  get transmittedBy(): number {
    return this.free;
  }

  /** Packets waiting (not yet started). */
  get queued(): number {
    return this.tail - this.head;
  }

  /** When the next transmission starts (s): the head packet once the server is free; +∞ if empty. */
  nextDequeue(): number {
    return this.nextStart;
  }

  /** {@link nextDequeue}, kept up to date by every change of the queue or the server (read about twice per packet). */
  private nextStart = Infinity;

  /** Computes {@link nextStart} again after the queue or the server changed. */
  private updateNextStart(): void {
    if (this.tail === this.head) this.nextStart = Infinity;
    else {
      const arrival = this.ringArrival[this.head & (this.ringArrival.length - 1)];
      this.nextStart = arrival > this.free ? arrival : this.busyStart + this.busyCount * this.packetTime;
    }
  }

  /** The earliest 'paper' PFC resume (s; +∞ for none). */
  nextResume(): number {
    return this.earliestResume;
  }

  /** {@link nextResume}: the least of `resumeAt`, kept as it changes (read about 1.5 times per packet). */
  private earliestResume = Infinity;

  /** A packet of `flow` arrives at `time`; `sameInstant`: an earlier packet arrived at this instant. */
  arrive(flow: number, time: number, from: number, sameInstant: boolean): void {
    if (!sameInstant) this.arrivedBefore = this.arrivedTotal;
    if (this.qcn !== null) {
      // QCN samples the frame and the queue it joins (the packets waiting before it).
      const fb = this.qcn.arrival(this.queued * this.packet);
      if (fb !== null) this.listener.feedback(flow, time, from, fb);
    }
    if (this.marksAtEnqueue) {
      // Marked at enqueue: the bytes that arrived before this instant, less the fluid departures.
      this.decide(flow, time, from, this.arrivedBefore * this.packet - this.departedAt(time));
    }
    this.push(flow, time);
    // The only packet queued: it is the next to start.
    if (this.tail - this.head === 1) this.updateNextStart();
    if (this.records) this.arrivalTimes.push(time);
    this.arrivedTotal += 1;
    const g = this.ingressOf[flow];
    const count = ++this.ingress[g];
    if (count > this.pauseAbove && this.pausedAtSwitch[g] === 0) this.pause(g, time);
  }

  /** Ingress g goes above X_off at `time`: a PAUSE to it, and with 'paper' resume its RESUME (X_off − X_on)/C later. */
  private pause(g: number, time: number): void {
    this.pausedAtSwitch[g] = 1;
    this.listener.frame(g, time, 'pfc-pause');
    if (!this.resumesAtThreshold) {
      const pfc = this.pfc!;
      this.resumeAt[g] = time + (pfc.xOff - pfc.xOn) / (pfc.lineRate as number);
      if (this.resumeAt[g] < this.earliestResume) this.earliestResume = this.resumeAt[g];
    }
  }

  /**
   * Hands the port to block mode (BlockQueue): its server, counts and PFC state, the last two
   * shared (block mode writes them). The queue's packets stay where the flows' records have them;
   * the ring is emptied. Returns the state and the arrival instant of the packet at the head.
   */
  handOver(): { state: PortState; head: number } {
    const head = this.ringArrival[this.head & (this.ringArrival.length - 1)];
    this.head = this.tail;
    this.nextStart = Infinity;
    const state = { startedTotal: this.startedTotal, busyStart: this.busyStart, busyCount: this.busyCount, dequeued: this.dequeued, pausedAtSwitch: this.pausedAtSwitch };
    return { state, head };
  }

  /**
   * Takes the port back from block mode: its server as block mode left it (the transmission of
   * rank startedTotal − 1 started at `current`), and the packets queued, in FIFO order.
   */
  takeBack(state: PortState, current: number, queue: { flows: number[]; times: number[] }): void {
    this.startedTotal = state.startedTotal;
    this.busyStart = state.busyStart;
    this.busyCount = state.busyCount;
    this.current = current;
    this.free = this.busyStart + this.busyCount * this.packetTime;
    this.ingress.fill(0);
    for (let k = 0; k < queue.flows.length; k++) {
      this.push(queue.flows[k], queue.times[k]);
      this.ingress[this.ingressOf[queue.flows[k]]] += 1;
    }
    this.arrivedTotal = this.arrivedBefore = this.startedTotal + queue.flows.length;
    this.updateNextStart();
  }

  /** Starts the head packet's transmission at `time` (= nextDequeue()); returns its flow. */
  dequeue(time: number): number {
    const flow = this.order[this.head];
    const arrival = this.ringArrival[this.head & (this.ringArrival.length - 1)];
    this.head += 1;
    // A new busy period: the packet came to an idle server, or the server waited (a PAUSE from
    // downstream, in a network) past the end of the last transmission.
    if (arrival > this.free || time > this.free) {
      this.busyStart = time;
      this.busyCount = 0;
    }
    this.busyCount += 1;
    this.current = time;
    this.free = this.busyStart + this.busyCount * this.packetTime;
    this.startedTotal += 1;
    this.updateNextStart();
    const from = this.dequeued[flow] * this.packet;
    this.dequeued[flow] += 1;
    if (this.records) {
      this.flowStarts[flow].push(time);
      this.startTimes.push(time);
    }
    const g = this.ingressOf[flow];
    const count = --this.ingress[g];
    if (count <= this.resumeAtMost && this.resumesAtThreshold && this.pausedAtSwitch[g] === 1) {
      this.pausedAtSwitch[g] = 0;
      this.listener.frame(g, time, 'pfc-resume');
    }
    // Marked at dequeue: the queue the packet leaves behind.
    if (this.marksAtDequeue) this.decide(flow, time, from, this.queued * this.packet);
    return flow;
  }

  /** The earliest 'paper' resume, and a new PAUSE at once if that ingress is still above X_off. */
  resume(): void {
    let g = 0;
    for (let k = 1; k < this.resumeAt.length; k++) if (this.resumeAt[k] < this.resumeAt[g]) g = k;
    const time = this.resumeAt[g];
    this.pausedAtSwitch[g] = 0;
    this.resumeAt[g] = Infinity;
    this.listener.frame(g, time, 'pfc-resume');
    if (this.ingress[g] > this.pauseAbove) this.pause(g, time);
    // The resume just taken may have been the earliest.
    let earliest = Infinity;
    for (let k = 0; k < this.resumeAt.length; k++) if (this.resumeAt[k] < earliest) earliest = this.resumeAt[k];
    this.earliestResume = earliest;
  }

  /** Bytes the server has sent by t (fluid: the packet in transmission counts as far as it got). */
  private departedAt(t: number): number {
    const inTransmission = t < this.free && t >= this.current ? this.packet - this.rate * (t - this.current) : 0;
    return this.startedTotal * this.packet - Math.max(0, inTransmission);
  }

  /** RED on a backlog of `backlog` bytes, drawn from the flow's stream when p > 0. */
  private decide(flow: number, time: number, from: number, backlog: number): void {
    const p = redProbability(this.ecn!, backlog);
    if (p > 0 && this.decisions!.decide(flow, p)) this.listener.mark(flow, time, from);
  }

  private push(flow: number, time: number): void {
    if (this.tail - this.head === this.ringArrival.length) {
      const n = this.ringArrival.length;
      const times = new Float64Array(2 * n);
      for (let k = this.head; k < this.tail; k++) times[k & (2 * n - 1)] = this.ringArrival[k & (n - 1)];
      this.ringArrival = times;
    }
    if (this.tail === this.order.length) {
      const order = new Int32Array(2 * this.order.length);
      order.set(this.order);
      this.order = order;
    }
    this.order[this.tail] = flow;
    this.ringArrival[this.tail & (this.ringArrival.length - 1)] = time;
    this.tail += 1;
  }
}

/**
 * The ring's first size for a port that expects `packets` packets in all. From 2²⁰ packets on,
 * room for all of them (a power of two, at most 2²⁴; it doubles past that if it must): memory never
 * written costs nothing, while doubling copies the queue and touches fresh pages each time, and at
 * 10,000 senders × 1 MB the queue peaks at 9.3 million packets, whose ring took 0.7–1.5 s of a 9–10 s
 * run to grow (issue 14). Below, 1,024, doubling as far as the queue gets: the 31-sender incast's
 * 310,000 packets peak at 28,400 queued, and room for all of them would spread the ring's writes
 * over 2.5 MB instead of 256 kB.
 * @example [ringRoom(310_000), ringRoom(9_540_000)] // [1024, 16777216]
 */
function ringRoom(packets: number): number {
  if (!(packets >= 1 << 20)) return 1024;
  let n = 1 << 20;
  while (n < packets && n < 1 << 24) n *= 2;
  return n;
}

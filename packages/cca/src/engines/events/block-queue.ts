import { compareTies } from '../../fifo-demultiplex.ts';
import type { PfcConfig } from '../../model.ts';
import type { PacketSender } from './sender.ts';
import type { PortListener } from './fifo-port.ts';
import { Floats, Ints } from './growable.ts';
import { IndexedHeap } from './indexed-heap.ts';
import { instantTolerance } from './progress.ts';
import { pfcCounts } from './pfc-counts.ts';

/** A closed block of this many flows or more is put in FIFO order once, when first queried. */
const MATERIALIZE = 8;

/** The port's server and counts when block mode takes over or hands back (see FifoPort.handOver). */
export interface PortState {
  /** Transmissions started so far, and the current busy period's start (s) and transmissions. */
  startedTotal: number;
  busyStart: number;
  busyCount: number;
  /** Each flow's packets whose transmission has started. */
  dequeued: Int32Array;
  /** Whether the switch has paused each ingress (shared with the port: block mode writes it). */
  pausedAtSwitch: Uint8Array;
}

/**
 * The switch's FIFO port while its queue is long: block mode of the event engine. Packets are no
 * events here. Each flow's arrivals are its sender's starts (recorded, or planned under its
 * current plan), and the FIFO is their merge in the port's order (by instant; at one instant the
 * latest train first, then port order). The arrival history is cut into blocks at the instants
 * where the set of sending flows changes, each with the number of packets that arrived before it,
 * so the FIFO rank of any packet is that prefix plus a count per flow sending in its block. The
 * server is busy throughout (block mode ends before the queue can empty), so the transmission of
 * rank m starts at busyStart + (m − m0)·T, the port's own arithmetic.
 *
 * The port's events are found by checks at the earliest instant each could happen, never by
 * stepping through packets:
 * - PAUSE (X_off) of ingress j: after its packet q arrives the ingress holds q + 1 − D_j packets,
 *   D_j being those transmitted before that instant, which only grows; so the earliest possible
 *   crossing is the arrival of packet X + D_j(now), checked there (and again if not crossed);
 * - RESUME (X_on) of a paused ingress: after the transmission of its packet q it holds N_j − q − 1,
 *   N_j its arrivals by then, which only grows; checked at the transmission of N_j(now) − X − 1;
 * - the end of block mode, when the queue falls to `low` packets: it loses at most one packet per
 *   transmission, so that cannot happen before transmission A(now) − low − 1, checked there.
 * Only a flow's own change of plan moves its PAUSE check (its arrivals moved); nothing else is
 * invalidated. It covers models without ECN, QCN or shared NICs, with threshold PFC or none.
 */
export class BlockQueue {
  private readonly n: number;
  private readonly T: number;
  /** Ingress sizes in packets: a PAUSE above `pauseAbove`, a RESUME at or below `resumeAtMost`. */
  private readonly pauseAbove: number;
  private readonly resumeAtMost: number;
  /** The busy period: the transmission of rank m starts at busyStart + (m − firstRank)·T. */
  private readonly busyStart: number;
  private readonly firstRank: number;
  /** Blocks: start instant, packets that arrived before it, and its flows with their counts then. */
  private readonly blockTime = new Floats();
  private readonly blockPrefix = new Floats();
  private readonly blockFirst = new Ints();
  private readonly blockFlows = new Ints();
  private readonly blockBases = new Ints();
  /**
   * Blocks of many flows, once closed and queried, with their packets in FIFO order (flow and
   * index per place) and each flow's packets' places (from `matOffset`, by index − base).
   */
  private readonly matFlow = new Map<number, Int32Array>();
  private readonly matIndex = new Map<number, Int32Array>();
  private readonly matPlace = new Map<number, Int32Array>();
  private readonly matOffset = new Map<number, Int32Array>();
  /** Flows that may send in the current (last) block. */
  private readonly sending: Uint8Array;
  /**
   * Checks: at arrivals, flow j's PAUSE check (item j of `atArrivals`); at transmissions, flow
   * j's RESUME check (item j of `atTransmissions`) and the end (item n). At one instant every
   * arrival's check comes before the transmission's, whatever their exact times.
   */
  private readonly atArrivals: IndexedHeap;
  private readonly atTransmissions: IndexedHeap;
  /**
   * The packet each check is about: flow j's packet for PAUSE (its earlier packets are known not
   * to raise its ingress above X_off) and for RESUME, the rank for the end.
   */
  private readonly pauseFrom: Float64Array;
  private readonly resumePacket: Float64Array;
  private endPacket = 0;
  /** The current instant's end (s): queries read the flows' arrivals up to it. */
  private now = -Infinity;
  /** Set when the queue has fallen to `low`: the engine hands the port back. */
  ended = false;
  /** The rank of the transmission at which block mode ended. */
  endRank = -1;

  constructor(
    private readonly senders: readonly PacketSender[],
    private readonly pfc: PfcConfig | undefined,
    private readonly listener: PortListener,
    private readonly port: PortState,
    packet: number,
    T: number,
    /** Block mode ends once a transmission leaves this many packets or fewer queued (≥ 1). */
    private readonly low: number,
    /** The arrival instant of the packet at the head of the queue, and the current instant (s). */
    head: number,
    now: number,
  ) {
    const n = senders.length;
    this.n = n;
    this.T = T;
    this.busyStart = port.busyStart;
    this.firstRank = port.startedTotal - port.busyCount;
    ({ pauseAbove: this.pauseAbove, resumeAtMost: this.resumeAtMost } = pfcCounts(pfc, packet));
    this.sending = new Uint8Array(n);
    this.atArrivals = new IndexedHeap(n);
    this.atTransmissions = new IndexedHeap(n + 1);
    this.pauseFrom = new Float64Array(n);
    this.resumePacket = new Float64Array(n);
    // The first block starts at the head's instant: every packet queued is in a block.
    const from = head - instantTolerance(head);
    let prefix = 0;
    this.blockTime.push(head);
    this.blockFirst.push(0);
    for (let j = 0; j < n; j++) {
      const s = senders[j];
      const before = s.startsBefore(from);
      prefix += before;
      if (s.started > before || s.nextStart < Infinity) {
        this.sending[j] = 1;
        this.blockFlows.push(j);
        this.blockBases.push(before);
      }
    }
    this.blockPrefix.push(prefix);
    this.now = now;
    for (let j = 0; j < n && pfc !== undefined; j++) {
      if (port.pausedAtSwitch[j] === 1) this.scheduleResume(j, senders[j].started, port.dequeued[j]);
      else this.schedulePause(j, port.dequeued[j]);
    }
    this.scheduleEnd();
  }

  /** When the next check is due (s; +∞ for none). */
  nextTime(): number {
    const a = this.atArrivals.topKey();
    const d = this.atTransmissions.topKey();
    return a < d ? a : d;
  }

  /**
   * After sender j reacted at instant t (its plan may have changed): a new block if it starts or
   * stops sending, and its PAUSE check placed on its new arrivals.
   */
  flowChanged(j: number, t: number): void {
    const s = this.senders[j];
    const sends = s.nextStart < Infinity;
    if (sends !== (this.sending[j] === 1)) this.newBlock(t, j, sends);
    if (this.pfc !== undefined && this.port.pausedAtSwitch[j] === 0) this.placePause(j);
  }

  /**
   * Handles the checks due at the instant [t, limit]: PAUSE checks first (arrivals), then RESUME
   * checks and the end (the transmission that starts at this instant).
   */
  handle(limit: number, horizon: number): void {
    this.catchUp(limit);
    while (this.atArrivals.topKey() <= limit && this.atArrivals.topKey() < horizon) this.checkPause(this.atArrivals.top());
    while (this.atTransmissions.topKey() <= limit && this.atTransmissions.topKey() < horizon) {
      const item = this.atTransmissions.top();
      if (item < this.n) this.checkResume(item, limit);
      else {
        this.checkEnd(limit);
        if (this.ended) return;
      }
    }
  }

  /**
   * The instant's arrivals up to `limit` are final (its reactions are done): the block's senders
   * start, and record, their packets up to it, so that every packet a query meets is recorded.
   */
  private catchUp(limit: number): void {
    this.now = limit;
    const b = this.blockTime.length - 1;
    for (let q = this.blockFirst.at(b); q < this.blockFlows.length; q++) this.senders[this.blockFlows.at(q)].startBy(limit);
  }

  /**
   * Gives the port back at the end (the transmission of rank `endRank` at the current instant):
   * every flow's packets transmitted (PortState.dequeued, updated) and the packets still queued,
   * in FIFO order, as flows and arrival instants.
   */
  handBack(): { state: PortState; current: number; queue: { flows: number[]; times: number[] } } {
    const m = this.endRank;
    const flows: number[] = [];
    const times: number[] = [];
    const queued = new Int32Array(this.n);
    for (let r = m + 1; r < m + 1 + this.low; r++) {
      this.findRank(r);
      flows.push(this.foundFlow);
      times.push(this.senders[this.foundFlow].startTime(this.foundIndex));
      queued[this.foundFlow] += 1;
    }
    for (let j = 0; j < this.n; j++) this.port.dequeued[j] = this.senders[j].started - queued[j];
    this.port.startedTotal = m + 1;
    this.port.busyCount = m + 1 - this.firstRank;
    return { state: this.port, current: this.startOf(m), queue: { flows, times } };
  }

  /** How many of flow j's packets were transmitted before rank m (the head then). */
  dequeuedBefore(j: number, m: number): number {
    this.findRank(m);
    return this.foundFlow === j ? this.foundIndex : this.precedingIn(j, this.foundFlow, this.foundIndex);
  }

  /** The transmission of rank m starts at (s). */
  startOf(m: number): number {
    return this.busyStart + (m - this.firstRank) * this.T;
  }

  /** Transmissions started before instant y (at instants earlier than y's). */
  ranksBefore(y: number): number {
    const x = y - instantTolerance(y);
    if (!(x > this.busyStart)) return this.firstRank;
    let k = Math.ceil((x - this.busyStart) / this.T);
    while (k > 0 && !(this.busyStart + (k - 1) * this.T < x)) k -= 1;
    while (this.busyStart + k * this.T < x) k += 1;
    return this.firstRank + k;
  }

  /** Packets that arrived at instants up to `limit` (s). */
  arrivedBy(limit: number): number {
    const b = this.blockTime.length - 1;
    let total = this.blockPrefix.at(b);
    for (let k = this.blockFirst.at(b); k < this.blockFlows.length; k++) total += this.senders[this.blockFlows.at(k)].startsBy(limit) - this.blockBases.at(k);
    return total;
  }

  /** The FIFO rank of flow j's packet k (it has arrived): how many packets are queued before it. */
  rankOf(j: number, k: number): number {
    const s = this.senders[j];
    const a = s.startTime(k);
    const b = this.blockAt(a);
    let rank = this.blockPrefix.at(b);
    const end = b + 1 < this.blockTime.length ? this.blockFirst.at(b + 1) : this.blockFlows.length;
    if (b + 1 < this.blockTime.length && end - this.blockFirst.at(b) >= MATERIALIZE) {
      this.materialize(b);
      for (let q = this.blockFirst.at(b); q < end; q++) {
        if (this.blockFlows.at(q) === j) return rank + this.matPlace.get(b)![this.matOffset.get(b)![q - this.blockFirst.at(b)] + k - this.blockBases.at(q)];
      }
    }
    for (let q = this.blockFirst.at(b); q < end; q++) {
      const i = this.blockFlows.at(q);
      rank += (i === j ? k : this.precedingIn(i, j, k)) - this.blockBases.at(q);
    }
    return rank;
  }

  /** How many of flow i's packets are queued before flow j's packet k (i ≠ j). */
  private precedingIn(i: number, j: number, k: number): number {
    const s = this.senders[i];
    const a = this.senders[j].startTime(k);
    const tol = instantTolerance(a);
    let c = s.startsBefore(a - tol);
    // Packets of flow i at the same instant go first if their train started later (then port order).
    const key = -this.senders[j].trainStartOf(k);
    for (; c < s.started && Math.abs(s.startTime(c) - a) <= tol; c++) {
      if (!(compareTies(-s.trainStartOf(c), i, key, j) < 0)) break;
    }
    return c;
  }

  /**
   * Puts closed block b's packets in FIFO order, once: instant by instant (times within the
   * tolerance of an instant's first), at one instant latest train first, then port order.
   */
  private materialize(b: number): void {
    if (this.matFlow.has(b)) return;
    const first = this.blockFirst.at(b);
    const count = this.blockFirst.at(b + 1) - first;
    const t1 = this.blockTime.at(b + 1);
    const to = t1 - instantTolerance(t1);
    const size = this.blockPrefix.at(b + 1) - this.blockPrefix.at(b);
    const flows = new Int32Array(size);
    const indices = new Int32Array(size);
    const offsets = new Int32Array(count);
    const next = new Int32Array(count);
    const ends = new Int32Array(count);
    const times = new Float64Array(count);
    let total = 0;
    for (let q = 0; q < count; q++) {
      const s = this.senders[this.blockFlows.at(first + q)];
      offsets[q] = total;
      next[q] = this.blockBases.at(first + q);
      ends[q] = s.startsBefore(to);
      times[q] = next[q] < ends[q] ? s.startTime(next[q]) : Infinity;
      total += ends[q] - next[q];
    }
    const places = new Int32Array(total);
    // The block's flows in a binary heap by their next packet's time.
    const heap = Int32Array.from({ length: count }, (_, q) => q);
    const down = (k: number, n: number): void => {
      for (;;) {
        let c = 2 * k + 1;
        if (c >= n) return;
        if (c + 1 < n && times[heap[c + 1]] < times[heap[c]]) c += 1;
        if (!(times[heap[c]] < times[heap[k]])) return;
        const x = heap[c];
        heap[c] = heap[k];
        heap[k] = x;
        k = c;
      }
    };
    for (let k = (count >> 1) - 1; k >= 0; k--) down(k, count);
    const inInstant = new Int32Array(count);
    const taken = new Int32Array(count);
    const touched: number[] = [];
    for (let place = 0; place < size; ) {
      // One instant: the packets within the tolerance of the earliest.
      const earliest = times[heap[0]];
      const limit = earliest + instantTolerance(earliest);
      touched.length = 0;
      while (times[heap[0]] <= limit) {
        const q = heap[0];
        if (inInstant[q] === 0) touched.push(q);
        inInstant[q] += 1;
        next[q] += 1;
        times[q] = next[q] < ends[q] ? this.senders[this.blockFlows.at(first + q)].startTime(next[q]) : Infinity;
        down(0, count);
      }
      // Its packets in the port's order (sortInstant reads counts after each base).
      for (const q of touched) taken[q] = next[q] - inInstant[q] - this.blockBases.at(first + q);
      this.sortInstant(first, count, taken, inInstant, touched);
      for (let r = 0; r < this.pickFlows.length; r++) {
        const k = this.pickPackets[r];
        const q = this.pickSlots[r];
        flows[place] = this.pickFlows[r];
        indices[place] = k;
        places[offsets[q] + k - this.blockBases.at(first + q)] = place;
        place += 1;
      }
      for (const q of touched) inInstant[q] = 0;
    }
    this.matFlow.set(b, flows);
    this.matIndex.set(b, indices);
    this.matPlace.set(b, places);
    this.matOffset.set(b, offsets);
  }

  /** The block in which a packet arriving at a (s) lies: the last starting at or before its instant. */
  private blockAt(a: number): number {
    const times = this.blockTime;
    let lo = 0;
    let hi = times.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      const t = times.at(mid);
      if (t - instantTolerance(t) <= a) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The flow and index of the packet {@link findRank} found. */
  private foundFlow = 0;
  private foundIndex = 0;

  /**
   * Finds the packet of rank m, which has arrived (`foundFlow`, `foundIndex`): in its block, from
   * an estimate of its instant (the block's arrivals spread evenly over its time), then instant by
   * instant in FIFO order; within its instant, by the tie rule.
   */
  private findRank(m: number): void {
    const prefix = this.blockPrefix;
    const last = prefix.length - 1;
    let lo = 0;
    let hi = last;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (prefix.at(mid) <= m) lo = mid;
      else hi = mid - 1;
    }
    const b = lo;
    const first = this.blockFirst.at(b);
    const end = b < last ? this.blockFirst.at(b + 1) : this.blockFlows.length;
    const count = end - first;
    const target = m - prefix.at(b);
    if (count === 1) {
      this.foundFlow = this.blockFlows.at(first);
      this.foundIndex = this.blockBases.at(first) + target;
      return;
    }
    if (b < last && count >= MATERIALIZE) {
      this.materialize(b);
      this.foundFlow = this.matFlow.get(b)![target];
      this.foundIndex = this.matIndex.get(b)![target];
      return;
    }
    const counts = this.scratch(count);
    const t0 = this.blockTime.at(b);
    const t1 = b < last ? this.blockTime.at(b + 1) : this.now;
    const size = b < last ? prefix.at(b + 1) - prefix.at(b) : this.arrivedBy(this.now) - prefix.at(b);
    const x = size > 0 ? t0 + ((target + 0.5) / size) * (t1 - t0) : t0;
    let total = 0;
    for (let q = 0; q < count; q++) {
      counts[q] = Math.max(0, this.senders[this.blockFlows.at(first + q)].startsBefore(x) - this.blockBases.at(first + q));
      total += counts[q];
    }
    // Back, whole instants at a time, to at most the target.
    while (total > target) {
      let latest = -Infinity;
      for (let q = 0; q < count; q++) {
        if (counts[q] > 0) latest = Math.max(latest, this.senders[this.blockFlows.at(first + q)].startTime(this.blockBases.at(first + q) + counts[q] - 1));
      }
      const from = latest - instantTolerance(latest);
      for (let q = 0; q < count; q++) {
        const s = this.senders[this.blockFlows.at(first + q)];
        const base = this.blockBases.at(first + q);
        while (counts[q] > 0 && s.startTime(base + counts[q] - 1) >= from) {
          counts[q] -= 1;
          total -= 1;
        }
      }
    }
    // Forward, instant by instant: the target lies in the instant that takes the count past it.
    const inInstant = this.scratchInstant(count);
    for (;;) {
      let earliest = Infinity;
      for (let q = 0; q < count; q++) earliest = Math.min(earliest, this.senders[this.blockFlows.at(first + q)].startTime(this.blockBases.at(first + q) + counts[q]));
      const limit = earliest + instantTolerance(earliest);
      let here = 0;
      for (let q = 0; q < count; q++) {
        const s = this.senders[this.blockFlows.at(first + q)];
        const base = this.blockBases.at(first + q);
        let c = 0;
        while (s.startTime(base + counts[q] + c) <= limit) c += 1;
        inInstant[q] = c;
        here += c;
      }
      if (target < total + here) {
        this.pickInInstant(first, count, counts, inInstant, target - total);
        return;
      }
      for (let q = 0; q < count; q++) counts[q] += inInstant[q];
      total += here;
    }
  }

  /**
   * Of the packets of one instant (`inInstant[q]` of the block's flow q, after its first
   * `counts[q]`), the one at place `place` in the port's order: latest train first, then port
   * order, a flow's own packets in their order.
   */
  private pickInInstant(first: number, count: number, counts: Int32Array, inInstant: Int32Array, place: number): void {
    this.sortInstant(first, count, counts, inInstant);
    this.foundFlow = this.pickFlows[place];
    this.foundIndex = this.pickPackets[place];
  }

  /**
   * The packets of one instant (see {@link pickInInstant}) in the port's order, into `pickFlows`,
   * `pickPackets` and `pickSlots` (the flows' slots in the block); `slots` lists the slots with
   * packets there (every slot when left out).
   */
  private sortInstant(first: number, count: number, counts: Int32Array, inInstant: Int32Array, slots?: readonly number[]): void {
    // One entry per packet, with its key; an insertion sort (few packets, and mostly in order).
    const flows = this.pickFlows;
    const packets = this.pickPackets;
    const keys = this.pickKeys;
    const where = this.pickSlots;
    flows.length = packets.length = keys.length = where.length = 0;
    const n = slots === undefined ? count : slots.length;
    for (let e = 0; e < n; e++) {
      const q = slots === undefined ? e : slots[e];
      const i = this.blockFlows.at(first + q);
      const s = this.senders[i];
      for (let c = 0; c < inInstant[q]; c++) {
        const k = this.blockBases.at(first + q) + counts[q] + c;
        const key = -s.trainStartOf(k);
        let b = flows.length - 1;
        flows.push(i);
        packets.push(k);
        keys.push(key);
        where.push(q);
        for (; b >= 0 && compareTies(key, i, keys[b], flows[b]) < 0; b--) {
          flows[b + 1] = flows[b];
          packets[b + 1] = packets[b];
          keys[b + 1] = keys[b];
          where[b + 1] = where[b];
        }
        flows[b + 1] = i;
        packets[b + 1] = k;
        keys[b + 1] = key;
        where[b + 1] = q;
      }
    }
  }

  private readonly pickFlows: number[] = [];
  private readonly pickSlots: number[] = [];
  private readonly pickPackets: number[] = [];
  private readonly pickKeys: number[] = [];

  private scratchCounts = new Int32Array(64);
  private scratchInstants = new Int32Array(64);
  private scratch(size: number): Int32Array {
    if (this.scratchCounts.length < size) this.scratchCounts = new Int32Array(2 * size);
    return this.scratchCounts;
  }

  private scratchInstant(size: number): Int32Array {
    if (this.scratchInstants.length < size) this.scratchInstants = new Int32Array(2 * size);
    return this.scratchInstants;
  }

  /**
   * A new block at instant t, where flow `changed` starts or stops sending: the packets that
   * arrived before t's instant, and the flows that may send in it (those with packets from then
   * on, recorded or planned).
   */
  private newBlock(t: number, changed: number, sends: boolean): void {
    const from = t - instantTolerance(t);
    const b = this.blockTime.length - 1;
    let prefix = this.blockPrefix.at(b);
    const first = this.blockFirst.at(b);
    const end = this.blockFlows.length;
    this.blockTime.push(t);
    this.blockFirst.push(end);
    for (let q = first; q < end; q++) {
      const i = this.blockFlows.at(q);
      const s = this.senders[i];
      const before = s.startsBefore(from);
      prefix += before - this.blockBases.at(q);
      const stays = s.started > before || s.nextStart < Infinity;
      this.sending[i] = stays ? 1 : 0;
      if (stays) {
        this.blockFlows.push(i);
        this.blockBases.push(before);
      }
    }
    if (sends && this.sending[changed] === 0) {
      this.sending[changed] = 1;
      this.blockFlows.push(changed);
      this.blockBases.push(this.senders[changed].startsBefore(from));
    }
    this.blockPrefix.push(prefix);
  }

  /** Schedules flow j's PAUSE check, `dequeued` of its packets being transmitted (see the class comment). */
  private schedulePause(j: number, dequeued: number): void {
    this.pauseFrom[j] = Math.max(this.pauseFrom[j], this.pauseAbove + dequeued);
    this.placePause(j);
  }

  /** Puts flow j's PAUSE check at the arrival of its packet `pauseFrom` (+∞ if its plan never sends it). */
  private placePause(j: number): void {
    this.atArrivals.set(j, this.senders[j].startTime(this.pauseFrom[j]));
  }

  /** PAUSE check of flow j at the arrival of its packet k. */
  private checkPause(j: number): void {
    const k = this.pauseFrom[j];
    const a = this.senders[j].startTime(k);
    const dequeued = this.dequeuedBefore(j, this.ranksBefore(a));
    if (k + 1 - dequeued > this.pauseAbove) {
      this.atArrivals.set(j, Infinity);
      this.port.pausedAtSwitch[j] = 1;
      this.listener.frame(j, a, 'pfc-pause');
      this.scheduleResume(j, k + 1, dequeued);
    } else {
      this.pauseFrom[j] = k + 1;
      this.schedulePause(j, dequeued);
    }
  }

  /** Schedules flow j's RESUME check, `arrived` of its packets having arrived and `dequeued` been transmitted. */
  private scheduleResume(j: number, arrived: number, dequeued: number): void {
    const k = Math.max(arrived - this.resumeAtMost - 1, dequeued);
    this.resumePacket[j] = k;
    const s = this.senders[j];
    // At its transmission once it has arrived; before, at its arrival (its rank is known then).
    this.atTransmissions.set(j, k < s.started ? this.startOf(this.rankOf(j, k)) : s.startTime(k));
  }

  /** RESUME check of flow j at the transmission of its packet k (or at its arrival, to place it). */
  private checkResume(j: number, limit: number): void {
    const k = this.resumePacket[j];
    const s = this.senders[j];
    if (k >= s.started) {
      this.atTransmissions.set(j, s.startTime(k));
      return;
    }
    const d = this.startOf(this.rankOf(j, k));
    if (d > limit) {
      this.atTransmissions.set(j, d);
      return;
    }
    const arrived = s.startsBy(limit);
    if (arrived - k - 1 <= this.resumeAtMost) {
      this.atTransmissions.set(j, Infinity);
      this.port.pausedAtSwitch[j] = 0;
      this.listener.frame(j, d, 'pfc-resume');
      this.schedulePause(j, k + 1);
    } else this.scheduleResume(j, arrived, k + 1);
  }

  /** Schedules the end check (see the class comment). */
  private scheduleEnd(): void {
    const m = this.arrivedBy(this.now) - this.low - 1;
    this.endPacket = m;
    this.atTransmissions.set(this.n, this.startOf(m));
  }

  /** The end check at the transmission of rank m: the queue it leaves behind. */
  private checkEnd(limit: number): void {
    const m = this.endPacket;
    const left = this.arrivedBy(limit) - m - 1;
    if (left <= this.low) {
      this.ended = true;
      this.endRank = m;
      this.atTransmissions.set(this.n, Infinity);
    } else {
      this.endPacket = m + left - this.low;
      this.atTransmissions.set(this.n, this.startOf(this.endPacket));
    }
  }
}

import { type Curve, close, lowerPseudoInverseAt, upperPseudoInverseAt } from '@ccalc/curves';
import type { EcnConfig } from './model.ts';
import type { Trace } from './trace.ts';
import { Mulberry32, streamSeed } from './random.ts';
import { packedArray } from './packed-array.ts';

/**
 * RED marking probability p(x) for a backlog of x bytes (paper §III-B.d, with the misprint fixed:
 * p = 0 for x ≤ K_min, not x ≤ K_max): 1 at or above K_max, P_max·(x − K_min)/(K_max − K_min) in
 * between. Without K_min it is a plain threshold at K_max.
 * @example redProbability({ kMin: 5e3, kMax: 200e3, pMax: 0.01 }, 102500) // 0.005
 */
export function redProbability(config: Pick<EcnConfig, 'kMin' | 'kMax' | 'pMax'>, x: number): number {
  if (x >= config.kMax) return 1;
  if (config.kMin === undefined || x <= config.kMin) return 0;
  return (config.pMax ?? 0) * ((x - config.kMin) / (config.kMax - config.kMin));
}

/**
 * The minimum-gap rule for congestion notifications to one sender (paper §III-B.d, three cases).
 * With t̲ the time of the latest notification sent or scheduled (−∞ at first) and a mark at t:
 * 1) t − t̲ ≥ Δ: notify at t; 2) 0 ≤ t − t̲ < Δ: notify at t̲ + Δ; 3) t − t̲ < 0: one is already
 * scheduled after t, nothing more. Returns the notification time, or null in case 3.
 * @example const g = new NotificationGap(50e-6); g.next(0) // 0; g.next(1e-6) // 5e-5; g.next(2e-6) // null
 */
export class NotificationGap {
  private last = -Infinity;
  constructor(private readonly gap: number) {}

  /** The state (the latest notification time), to restore after a trial run. */
  save(): number {
    return this.last;
  }

  restore(last: number): void {
    this.last = last;
  }

  next(t: number): number | null {
    const since = t - this.last;
    if (since >= this.gap) this.last = t;
    else if (since >= 0) this.last += this.gap;
    else return null;
    return this.last;
  }
}

/**
 * Notifications on a fixed grid of period T: a mark at t is notified at the end of its slot,
 * ⌈t/T⌉·T (or at t itself when t is on the grid), at most once per slot.
 * @example const g = new NotificationGrid(5); g.next(3) // 5; g.next(4) // null; g.next(7) // 10
 */
export class NotificationGrid {
  private last = -Infinity;
  constructor(private readonly period: number) {}

  /** The state (the latest notification time), to restore after a trial run. */
  save(): number {
    return this.last;
  }

  restore(last: number): void {
    this.last = last;
  }

  next(t: number): number | null {
    const at = this.period > 0 ? Math.ceil(t / this.period - 1e-12) * this.period : t;
    if (at <= this.last) return null;
    this.last = at;
    return at;
  }
}

/** A sender's notification pacing as configured: the three-case gap rule (default) or a grid. */
export function notificationPacing(config: Pick<EcnConfig, 'pacing' | 'notificationGap'>): NotificationGap | NotificationGrid {
  return config.pacing === 'grid' ? new NotificationGrid(config.notificationGap ?? 0) : new NotificationGap(config.notificationGap ?? 0);
}

/** Bytes: a packet starts leaving once its flow's departures exceed its first byte by more. */
const MARGIN = 1e-6;

/** When the departures D_j leave `level` (a packet's first byte starts leaving), or +∞ if not by `until`. */
function startOfPacket(departures: Curve, level: number, until: number): number {
  if (!(departures.at(until) > level + MARGIN)) return Infinity;
  return upperPseudoInverseAt(departures, level, true);
}

/**
 * The marking decision for packets that find a RED probability p > 0, per flow and in the order of
 * the flow's packets: a seeded draw u < p from the flow's own generator (one stream per flow, so a
 * flow's marks do not depend on how the run is cut into windows or events), or in the
 * expected-value mode a mark each time the flow's running sum of p crosses an integer. Both engines
 * decide through it, so they draw the same marks for the same seed.
 * @example const d = new MarkDecisions('expected', 2); d.decide(0, 0.6); d.decide(0, 0.6) // false, then true
 */
export class MarkDecisions {
  private readonly accumulated: number[];
  /** Random draws: one generator per flow (null in expected-value mode). */
  private readonly draws: Mulberry32[] | null;

  constructor(random: { seed: number } | 'expected', flows: number) {
    this.accumulated = new Array(flows).fill(0);
    this.draws = random === 'expected' ? null : packedArray(flows, (j) => new Mulberry32(streamSeed(random.seed, j)));
  }

  /** Whether flow j's next packet, found at marking probability p > 0, is marked. */
  decide(j: number, p: number): boolean {
    if (this.draws !== null) return this.draws[j].next() < p;
    const before = Math.floor(this.accumulated[j] + 1e-12);
    this.accumulated[j] += p;
    return Math.floor(this.accumulated[j] + 1e-12) > before;
  }

  /** The state (sums and generators), to restore after a trial run. */
  save(): { accumulated: number[]; draws: number[] } {
    return { accumulated: [...this.accumulated], draws: this.draws?.map((g) => g.state) ?? [] };
  }

  restore(state: { accumulated: number[]; draws: number[] }): void {
    state.accumulated.forEach((x, j) => (this.accumulated[j] = x));
    state.draws.forEach((x, j) => (this.draws![j].state = x));
  }
}

/** ECN marking at the path server, packet by packet over exact curves. */
export class EcnMarker {
  private readonly nextLevel: number[];
  private readonly gaps: (NotificationGap | NotificationGrid)[];
  private readonly decisions: MarkDecisions;

  /**
   * `wholePackets`: packets leave the server whole (PathServerModel.packets). Marking at dequeue is
   * then decided when a packet's transmission starts, on the queue it leaves behind (arrivals at
   * that instant included), as a switch does; otherwise when its last byte leaves.
   */
  constructor(private readonly config: EcnConfig, flows: number, private readonly wholePackets = false) {
    this.nextLevel = new Array(flows).fill(config.packetSize);
    this.gaps = packedArray(flows, () => notificationPacing(config));
    // One stream per flow: a flow's draws follow its own packets in time order, so a trial run over
    // a window and the run cut back to a prefix of it draw the same numbers for the same packets.
    this.decisions = new MarkDecisions(config.random ?? 'expected', flows);
  }

  /**
   * Marks in (t, te]: for each flow, every packet whose last byte enters the server (enqueue) or
   * leaves it (dequeue) in the window is marked with probability p(backlog) — the backlog the packet
   * finds on arrival, or leaves behind on departure. A mark gives the packet's flow, time and first
   * byte (`from`, the flow's bytes before it). Random draws use the flow's seeded generator;
   * in the expected-value mode a flow is marked each time its sum of p crosses an integer.
   */
  marks(t: number, te: number, admitted: Trace[], delivered: Trace[], aggregate: Trace, departures: Trace): { flow: number; time: number; from: number }[] {
    const out: { flow: number; time: number; from: number }[] = [];
    const dequeue = this.config.at === 'dequeue';
    // At dequeue with whole packets, a packet counts when its first byte leaves.
    const atStart = dequeue && this.wholePackets;
    const size = this.config.packetSize;
    const total = aggregate.view(t);
    const left = departures.view(t);
    admitted.forEach((_, j) => {
      const trace = dequeue ? delivered[j] : admitted[j];
      // No packet of this flow completes (or, at its start, starts) in the window.
      if (atStart ? !(trace.at(te) > this.nextLevel[j] - size + MARGIN) : trace.at(te) < this.nextLevel[j]) return;
      const counted = trace.view(t);
      for (;;) {
        let time = atStart ? startOfPacket(counted, this.nextLevel[j] - size, te) : lowerPseudoInverseAt(counted, this.nextLevel[j], true);
        if (!(time <= te)) break;
        const first = this.nextLevel[j] - size; // the flow's bytes before this packet
        this.nextLevel[j] += size;
        // A packet found before t was seen by the window that ended at t, unless it was found just
        // before t (by less than the tolerance), or, at its start, its first byte had left by less
        // than the margin at t (the curves' rounding, for a packet that starts at t): it is this
        // window's, at t.
        if (time < t && !close(time, t)) {
          if (!atStart || counted.at(t) > first + MARGIN) continue;
          time = t;
        }
        // At a packet's start the queue behind it is whole packets: rounded to them, so that a
        // backlog at a threshold that is a whole number of packets (50 × 1048 B = 52.4 kB) is that
        // number, as the event engine counts it, and not the curves' rounding a byte's fraction off.
        const backlog = atStart
          ? size * Math.round((total.rightLimit(time) - left.at(time) - size) / size)
          : dequeue
            ? total.at(time) - left.rightLimit(time)
            : total.at(time) - left.at(time);
        const p = redProbability(this.config, backlog);
        if (p <= 0) continue;
        if (this.decisions.decide(j, p)) out.push({ flow: j, time, from: first });
      }
    });
    return out.sort((a, b) => a.time - b.time);
  }

  /** The marker's state (next packet boundary, expected-value sums, generators, notification pacing). */
  save(): { nextLevel: number[]; decisions: ReturnType<MarkDecisions['save']>; gaps: number[] } {
    return { nextLevel: [...this.nextLevel], decisions: this.decisions.save(), gaps: this.gaps.map((g) => g.save()) };
  }

  /** Puts back a state from {@link save} (after a trial run of {@link marks} and {@link notify}). */
  restore(state: ReturnType<EcnMarker['save']>): void {
    state.nextLevel.forEach((x, j) => (this.nextLevel[j] = x));
    this.decisions.restore(state.decisions);
    state.gaps.forEach((x, j) => this.gaps[j].restore(x));
  }

  /** The time at which a mark at `markTime` is notified to `flow`'s sender (gap rule or grid), or null. */
  notify(flow: number, markTime: number): number | null {
    return this.gaps[flow].next(markTime);
  }
}

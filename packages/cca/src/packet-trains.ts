import { Curve, close } from '@ccalc/curves';

/**
 * Whether a packet that comes `since` seconds after the flow's previous one starts a new train:
 * the gap exceeds `maxGap`, beyond the tolerance of the curves (both engines time trains by it).
 * @example startsTrain(2 * 83.84e-9, 1.5 * 83.84e-9) // true: paced at half the line rate
 */
export function startsTrain(since: number, maxGap: number): boolean {
  return since > maxGap && !close(since, maxGap);
}

/**
 * The packet trains of one flow at the server: maximal runs of packets that arrive back to back
 * (each within `maxGap` of the one before). A packet simulator decides the order of packets that
 * arrive at the same instant on several ports by the order in which their transmissions were
 * scheduled: a sender sending back to back schedules its next packet when the previous one starts,
 * while a sender that restarts (after a PFC resume, or after idling) does so from an event scheduled
 * earlier. So among packets that arrive together, the one whose train started last goes first,
 * and trains that started together keep port order (ns-3's scheduler runs events of equal time in
 * the order they were scheduled). {@link PacketTrains.tieKey} gives that order as a number.
 * @example const trains = new PacketTrains(1048 / 12.5e9 * 1.5); trains.record(wire, 0, 1e-3); trains.startAt(5e-4)
 */
export class PacketTrains {
  private readonly starts: number[] = [];
  private last = -Infinity;
  /** The state before the latest {@link record}, to redo it when its window is cut back. */
  private before: { from: number; starts: number; last: number } | null = null;

  /** `maxGap`: the longest gap (s) between two packets of one train. */
  constructor(private readonly maxGap: number) {}

  /**
   * Records the packets of `wire` (a staircase of the flow's bytes at the server, one jump per
   * packet or joint packets) at instants in [from, to], in time order. Each instant is recorded
   * once: windows that meet at an instant (where a packet may be computed on either side) share it.
   */
  record(wire: Curve, from: number, to: number): void {
    this.before = { from, starts: this.starts.length, last: this.last };
    for (let i = wire.indexAt(from); i < wire.t.length && wire.t[i] <= to; i++) {
      const tau = wire.t[i];
      if (tau < from || tau <= this.last) continue;
      const before = i === 0 ? wire.v[0] : wire.leftLimitAtBreakpoint(i);
      if (!(wire.r[i] > before)) continue;
      if (startsTrain(tau - this.last, this.maxGap)) this.starts.push(tau);
      this.last = tau;
    }
  }

  /**
   * The window (from, …] last recorded was cut back to (from, to]: its packets are recorded again
   * from `wire` (the flow's curve as cut), since what lay after `to` will be computed anew.
   */
  cutAt(wire: Curve, from: number, to: number): void {
    if (this.before === null || this.before.from !== from) return;
    this.starts.length = this.before.starts;
    this.last = this.before.last;
    this.record(wire, from, to);
  }

  /** When the train of the packet arriving at T started (T itself if none recorded up to T). */
  startAt(T: number): number {
    const s = this.starts;
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (s[mid] <= T || close(s[mid], T)) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? T : s[lo - 1];
  }

  /** Order at an instant T shared with other flows' packets: smaller first (the later start first). */
  tieKey(T: number): number {
    return -this.startAt(T);
  }
}

import type { Curve } from '@ccalc/curves';
import { startsTrain } from '../../packet-trains.ts';
import type { PacketSender } from './sender.ts';

/**
 * The NIC of a host with several connections (RDMA queue pairs), as ns-3's RdmaEgressQueue and
 * QbbNetDevice run it:
 * - the NIC sends one packet at a time at its line rate: after a start at x it is free at x + I/L;
 * - when free, it scans its queue pairs round robin from the one after the last it served, and
 *   sends from the first that is not paused, has bytes left and is ready (its own rate limiter
 *   allows its next packet: here, its plan has reached its next packet, `nextStart`);
 * - queue pairs join the group when their data first arrives, in that order (flow order at one
 *   instant); a finished one (every byte sent and acknowledged) is removed when a scan meets it,
 *   and the group closes up behind it, as ns-3 compacts its list;
 * - a connection that is ready while the NIC is busy or serves another waits (`PacketSender.hold`):
 *   its admission is frozen until the NIC picks it, and its pacing then restarts from the packet
 *   the NIC sends, as ns-3's next-available time counts from the last send.
 * A PFC PAUSE reaches every connection of the host (one ingress at the switch), so a paused host
 * sends nothing; the host's first connection (in flow order) logs the frame. Each connection keeps
 * its own CCA, timers and notifications. The NIC scans when ns-3's does, since a scan that finds
 * nothing ready may still remove finished queue pairs (and so move the round robin): when a
 * connection is ready while it is free, when it becomes free after a packet (while a finished
 * connection may be waiting to be removed), when a queue pair joins and when the host is resumed.
 * @example new HostNic(connections, 1048 / 12.5e9, trainGap) // runEvents builds one per host of several connections
 */
export class HostNic {
  /** The connections in the order their data first arrives (flow order at one instant). */
  private readonly order: PacketSender[];
  private readonly firstData: number[];
  private joined = 0;
  /** ns-3's queue-pair group: connections that have joined and are not removed, in order. */
  private readonly group: PacketSender[] = [];
  private rrLast = 0;
  /** When the NIC has sent its current packet (s; −∞ before the first). */
  free = -Infinity;
  /** Start of the NIC's packet train (back-to-back packets, of any connection) and of its last packet. */
  private trainStart = -Infinity;
  private lastStart = -Infinity;
  /** When the NIC last scanned (s), and whether the host was paused at its last decision. */
  private lastScan = -Infinity;
  private wasPaused = false;
  /** Connections waiting for the NIC, and those that have sent everything and are not removed yet. */
  private heldCount = 0;
  private doneCount = 0;
  private readonly counted = new Set<PacketSender>();
  /** Connections whose packet is due at the current instant (`markHandled`), and whether a decision is pending (`request`). */
  private readonly due: PacketSender[] = [];
  pending = false;
  /** Connections whose key may have changed in the last decision (picked, held or released). */
  readonly touched: PacketSender[] = [];

  constructor(
    readonly members: PacketSender[],
    /** One packet at the NIC's line rate, I/L (s). */
    readonly lineTime: number,
    private readonly trainGap: number,
  ) {
    const first = new Map(members.map((s) => [s, firstDataTime(s.arrivals)]));
    this.order = [...members].sort((a, b) => first.get(a)! - first.get(b)! || a.index - b.index);
    this.firstData = this.order.map((s) => first.get(s)!);
    for (const s of members) s.gated = true;
    // A frame stops or starts the whole host: its first connection logs it.
    members.forEach((s, k) => (s.logsFrames = k === 0));
  }

  /** The NIC must decide at the current instant: it joins `deciding` (once). */
  request(deciding: HostNic[]): void {
    if (this.pending) return;
    this.pending = true;
    deciding.push(this);
  }

  /**
   * A connection of this host was handled at the current instant (its reactions): the NIC decides
   * at this instant, and sends or holds its packet if one is due (`nextStart` by `limit`).
   */
  markHandled(s: PacketSender, limit: number, horizon: number, deciding: HostNic[]): void {
    this.request(deciding);
    if (!s.held && !s.paused && s.nextStart <= limit && s.nextStart < horizon) this.due.push(s);
    this.countDone(s);
  }

  /**
   * The NIC at one instant t (every time up to `limit` is t), after the reactions of its connections
   * at t: if it is free and must scan (a connection is ready, it has just sent a packet, a
   * connection joined or the host was resumed: when ns-3's scans), it sends the packet of the
   * connection its round robin finds ready (releasing it if it was waiting) and hands it to
   * `started`; every other connection that is ready now waits. `touched` lists the connections
   * whose plans changed.
   */
  decide(t: number, limit: number, horizon: number, started: { add(flow: number, time: number): void }): void {
    this.pending = false;
    this.touched.length = 0;
    let joinedNow = false;
    while (this.joined < this.order.length && this.firstData[this.joined] <= limit) {
      this.group.push(this.order[this.joined++]);
      joinedNow = true;
    }
    // Frames reach every connection of the host at once: its first connection's state is the host's.
    const paused = this.members[0].paused;
    const resumed = this.wasPaused && !paused;
    this.wasPaused = paused;
    const transmitted = this.free > this.lastScan && this.free >= t - (limit - t);
    const anyReady = !paused && (this.due.length > 0 || this.heldCount > 0);
    let pick: PacketSender | null = null;
    if (this.free <= limit && (joinedNow || resumed || transmitted || anyReady)) {
      this.lastScan = Math.max(t, this.free); // this scan is also the one at the free instant, if within this instant
      pick = this.scan(t, limit, horizon);
      if (pick !== null) {
        if (pick.held) {
          pick.release(t);
          this.heldCount -= 1;
        }
        if (!(pick.nextStart <= limit)) throw new Error(`host NIC: connection ${pick.index} picked at ${t} s has its next packet at ${pick.nextStart} s`);
        const x = pick.startPacket();
        if (startsTrain(x - this.lastStart, this.trainGap)) this.trainStart = x;
        this.lastStart = x;
        pick.trainStart = this.trainStart;
        this.free = x + this.lineTime;
        started.add(pick.index, x);
        this.countDone(pick);
        this.touched.push(pick);
      }
    } else if (this.free <= limit) this.lastScan = Math.max(this.lastScan, this.free); // nothing to scan for at this free instant
    for (const s of this.due) {
      if (s === pick || s.held || !ready(s, limit, horizon)) continue;
      s.hold(s.nextStart);
      this.heldCount += 1;
      this.touched.push(s);
    }
    this.due.length = 0;
  }

  /**
   * When the NIC must decide although none of its connections has anything due (s; +∞ for never):
   * when it is free again, if connections wait for it (and the host is not paused), or if one that
   * has sent everything may be removed by the scan at the end of its packet.
   */
  wakeAt(): number {
    const waiting = this.heldCount > 0 && !this.members[0].paused;
    return (waiting || this.doneCount > 0) && this.free > this.lastScan ? this.free : Infinity;
  }

  /** Counts a connection that has sent everything, once. */
  private countDone(s: PacketSender): void {
    if (!this.counted.has(s) && s.done()) {
      this.counted.add(s);
      this.doneCount += 1;
    }
  }

  /**
   * ns-3's GetNextQindex: the first connection after the last served, round robin, that is not
   * paused, has bytes left and is ready; finished ones met on the way are removed (the group
   * closes up, and the index of the one found moves with it). Null when none is ready.
   */
  private scan(t: number, limit: number, horizon: number): PacketSender | null {
    const g = this.group;
    const n = g.length;
    let found = -1;
    let firstFinished = n;
    for (let q = 1; q <= n; q++) {
      const idx = (q + this.rrLast) % n;
      const s = g[idx];
      if (!s.paused && !s.done()) {
        if (!(s.held || ready(s, limit, horizon))) continue;
        found = idx;
        break;
      } else if (s.closedBy(t) && idx < firstFinished) firstFinished = idx;
    }
    if (firstFinished < n) {
      let next = firstFinished;
      for (let i = firstFinished + 1; i < n; i++) {
        if (g[i].closedBy(t)) continue;
        if (i === found) found = next;
        g[next++] = g[i];
      }
      this.doneCount -= n - next;
      g.length = next;
    }
    if (found < 0) return null;
    this.rrLast = found;
    return g[found];
  }
}

/** Ready to send now: not paused, and waiting for the NIC or with its next packet due by `limit`. */
function ready(s: PacketSender, limit: number, horizon: number): boolean {
  return !s.paused && (s.held || (s.nextStart <= limit && s.nextStart < horizon));
}

/** When a connection's first data arrives (s): the first instant A rises; +∞ for none. */
function firstDataTime(A: Curve): number {
  for (let i = 0; i < A.t.length; i++) if (A.r[i] > A.v[i] || A.s[i] > 0) return A.t[i];
  return Infinity;
}

/**
 * A packet-level reference for the engine's whole-packet mode with PFC: senders at line rate, one
 * FIFO port, per-ingress PAUSE/RESUME, simulated packet by packet in integer time units (no
 * rounding) with the semantics of a packet simulator such as ns-3:
 * - times are "at the switch": a sender's packet m counts there at start + m·T (T = one packet time),
 *   in the engine's coordinates where a flow's burst starts one link delay plus one serialisation
 *   after it leaves the sender;
 * - a PAUSE acts at the sender a pause delay after the switch sends it; the sender finishes the
 *   packet in progress (one whose transmission started before the PAUSE), and after a RESUME
 *   starts its next packet at once (or when the packet in progress ends);
 * - packets that arrive at one instant are queued latest packet train first, then in port order;
 *   an arrival at the instant a dequeue starts is counted before it;
 * - the switch sends PAUSE when an arriving packet makes the port's bytes exceed X_off, and RESUME
 *   when a dequeue leaves them at or below X_on.
 * With `hosts`, a sender is a connection of a host (an RDMA queue pair): the host's NIC sends one
 * packet per `lineTime` at most and picks, when free, the first connection round robin after the
 * last it served that is not paused, has packets left and is ready (its next packet due by its own
 * `period`, counted from its last send), as ns-3's RdmaEgressQueue::GetNextQindex; a connection joins
 * the round robin when its first packet is due and leaves it once its last packet is acknowledged
 * (`ackDelay` after that packet has left the switch), the list closing up behind it. PFC counts and
 * PAUSEs per host; packets arriving together are ordered by host (its NIC's train, then its index).
 * Used by tests to check the engine (curves, windows, planned reactions) against the definition.
 */
export interface PacketSwitchCase {
  /** Packet time T at the switch (integer units) and packet size (bytes). */
  packetTime: number;
  packetSize: number;
  /**
   * Per sender (connection): when its first packet may count at the switch (units), how many packets
   * it sends, its host (index in `hosts`; without `hosts` each sender is its own host) and the time
   * between its packets at its own rate (units, default T).
   */
  senders: { start: number; packets: number; host?: number; period?: number }[];
  /** Hosts whose senders share a NIC, each sending one packet per `lineTime` (units, default T) at most. */
  hosts?: { lineTime?: number }[];
  xOff: number;
  xOn: number;
  /** From the switch sending a frame to its effect on the sender's packets at the switch (units). */
  pauseDelay: number;
  /** From a packet leaving the switch to its acknowledgement at the sender (units; with `hosts`). */
  ackDelay?: number;
}

export interface PacketSwitchRun {
  /** When each PAUSE / RESUME acts at its sender (units), in time order; a host's under its first sender. */
  frames: { sender: number; time: number; kind: 'pfc-pause' | 'pfc-resume' }[];
  /** Per sender: the instants its packets start leaving the switch (units). */
  dequeues: number[][];
  /** Per sender: the instants its packets reach the switch (units). */
  arrivals: number[][];
}

export function simulatePacketSwitch(c: PacketSwitchCase): PacketSwitchRun {
  const T = c.packetTime;
  const n = c.senders.length;
  const hostOf = c.senders.map((s, j) => (c.hosts === undefined ? j : s.host!));
  const hosts: { lineTime?: number }[] = c.hosts ?? c.senders.map(() => ({}));
  const H = hosts.length;
  const lineTime = hosts.map((h) => h.lineTime ?? T);
  const period = c.senders.map((s) => s.period ?? T);
  const next = c.senders.map((s) => s.start); // when the sender's next packet is due (its own rate)
  const left = c.senders.map((s) => s.packets);
  const paused = new Array<boolean>(H).fill(false); // at the host
  const pauseSent = new Array<boolean>(H).fill(false); // at the switch
  const free = new Array<number>(H).fill(-Infinity); // when each NIC is free
  const last = new Array<number>(H).fill(-Infinity);
  const trainStart = new Array<number>(H).fill(0);
  const ingress = new Array<number>(H).fill(0);
  // Each host's round robin: its queue pairs in order of joining, and the last served.
  const order = c.senders.map((_, j) => j).sort((a, b) => c.senders[a].start - c.senders[b].start || a - b);
  const group: number[][] = hosts.map(() => []);
  let joined = 0;
  const rrLast = new Array<number>(H).fill(0);
  const lastScan = new Array<number>(H).fill(-Infinity);
  const queue: number[] = [];
  let head = 0;
  let serverFree = -Infinity;
  const pending: { time: number; host: number; kind: 'pfc-pause' | 'pfc-resume' }[] = [];
  const frames: PacketSwitchRun['frames'] = [];
  const dequeues: number[][] = c.senders.map(() => []);
  const arrivals: number[][] = c.senders.map(() => []);
  const finished = (j: number, t: number): boolean => left[j] === 0 && dequeues[j].length === c.senders[j].packets && (dequeues[j].at(-1) ?? -Infinity) + T + (c.ackDelay ?? 0) <= t;
  // The host's choice at t (ns-3's scan from the last served; finished queue pairs are removed).
  const pick = (h: number, t: number): number => {
    const g = group[h];
    const m = g.length;
    let found = -1;
    let firstFinished = m;
    for (let q = 1; q <= m; q++) {
      const idx = (q + rrLast[h]) % m;
      const j = g[idx];
      if (!paused[h] && left[j] > 0) {
        if (next[j] > t) continue;
        found = idx;
        break;
      } else if (finished(j, t)) firstFinished = Math.min(firstFinished, idx);
    }
    if (firstFinished < m) {
      let k = firstFinished;
      for (let i = firstFinished + 1; i < m; i++) {
        if (finished(g[i], t)) continue;
        if (i === found) found = k;
        g[k++] = g[i];
      }
      g.length = k;
    }
    if (found < 0) return -1;
    rrLast[h] = found;
    return g[found];
  };
  for (;;) {
    let t = Infinity;
    for (const p of pending) t = Math.min(t, p.time);
    for (let j = 0; j < n; j++) if (!paused[hostOf[j]] && left[j] > 0) t = Math.min(t, Math.max(next[j], free[hostOf[j]]));
    // Each NIC scans when it has sent its packet (and may remove finished queue pairs then).
    for (let h = 0; h < H; h++) if (free[h] > lastScan[h] && group[h].length > 0) t = Math.min(t, free[h]);
    // A waiting packet starts when the server is free (after each iteration it is busy until then).
    if (head < queue.length) t = Math.min(t, serverFree);
    if (t === Infinity) break;
    // 1. Frames acting at the hosts now (a packet starting now is held by a PAUSE).
    const resumed = new Array<boolean>(H).fill(false);
    for (let k = 0; k < pending.length; ) {
      const p = pending[k];
      if (p.time !== t) {
        k++;
        continue;
      }
      pending.splice(k, 1);
      frames.push({ sender: hostOf.indexOf(p.host), time: t, kind: p.kind });
      resumed[p.host] = paused[p.host] && p.kind === 'pfc-resume';
      paused[p.host] = p.kind === 'pfc-pause';
    }
    // 2. Arrivals now: each free NIC that scans now (ns-3 scans when a queue pair is ready, when
    // the NIC has sent its packet, when a queue pair joins and at a RESUME) sends its choice; the
    // latest train first, then host order.
    const joinedNow = new Array<boolean>(H).fill(false);
    while (joined < n && c.senders[order[joined]].start <= t) {
      const j = order[joined++];
      group[hostOf[j]].push(j);
      joinedNow[hostOf[j]] = true;
    }
    const arriving: number[] = [];
    for (let h = 0; h < H; h++) {
      if (free[h] > t) continue;
      const anyReady = !paused[h] && group[h].some((j) => left[j] > 0 && next[j] <= t);
      if (!(anyReady || joinedNow[h] || resumed[h] || (free[h] === t && free[h] > lastScan[h]))) continue;
      lastScan[h] = t;
      const j = pick(h, t);
      if (j < 0) continue;
      if (t - last[h] > 1.5 * T) trainStart[h] = t;
      last[h] = t;
      free[h] = t + lineTime[h];
      next[j] = t + period[j];
      left[j] -= 1;
      arriving.push(j);
    }
    arriving.sort((a, b) => trainStart[hostOf[b]] - trainStart[hostOf[a]] || hostOf[a] - hostOf[b]);
    for (const j of arriving) {
      const h = hostOf[j];
      queue.push(j);
      arrivals[j].push(t);
      ingress[h] += c.packetSize;
      if (!pauseSent[h] && ingress[h] > c.xOff) {
        pauseSent[h] = true;
        pending.push({ time: t + c.pauseDelay, host: h, kind: 'pfc-pause' });
      }
    }
    // 3. A dequeue starts now if the server is free.
    if (head < queue.length && serverFree <= t) {
      const j = queue[head++];
      const h = hostOf[j];
      dequeues[j].push(t);
      ingress[h] -= c.packetSize;
      serverFree = t + T;
      if (pauseSent[h] && ingress[h] <= c.xOn) {
        pauseSent[h] = false;
        pending.push({ time: t + c.pauseDelay, host: h, kind: 'pfc-resume' });
      }
    }
  }
  return { frames, dequeues, arrivals };
}

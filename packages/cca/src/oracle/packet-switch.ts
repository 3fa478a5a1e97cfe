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
 * Used by tests to check the engine (curves, windows, planned reactions) against the definition.
 */
export interface PacketSwitchCase {
  /** Packet time T (integer units) and packet size (bytes). */
  packetTime: number;
  packetSize: number;
  /** Per sender: when its first packet counts at the switch (units) and how many packets it sends. */
  senders: { start: number; packets: number }[];
  xOff: number;
  xOn: number;
  /** From the switch sending a frame to its effect on the sender's packets at the switch (units). */
  pauseDelay: number;
}

export interface PacketSwitchRun {
  /** When each PAUSE / RESUME acts at its sender (units), per sender, in time order. */
  frames: { sender: number; time: number; kind: 'pfc-pause' | 'pfc-resume' }[];
  /** Per sender: the instants its packets start leaving the switch (units). */
  dequeues: number[][];
}

export function simulatePacketSwitch(c: PacketSwitchCase): PacketSwitchRun {
  const T = c.packetTime;
  const n = c.senders.length;
  const next = c.senders.map((s) => s.start); // when the sender's next packet counts at the switch
  const left = c.senders.map((s) => s.packets);
  const paused = new Array<boolean>(n).fill(false); // at the sender
  const pauseSent = new Array<boolean>(n).fill(false); // at the switch
  const last = new Array<number>(n).fill(-Infinity);
  const trainStart = new Array<number>(n).fill(0);
  const ingress = new Array<number>(n).fill(0);
  const queue: number[] = [];
  let head = 0;
  let serverFree = -Infinity;
  const pending: { time: number; sender: number; kind: 'pfc-pause' | 'pfc-resume' }[] = [];
  const frames: PacketSwitchRun['frames'] = [];
  const dequeues: number[][] = c.senders.map(() => []);
  for (;;) {
    let t = Infinity;
    for (const p of pending) t = Math.min(t, p.time);
    for (let j = 0; j < n; j++) if (!paused[j] && left[j] > 0) t = Math.min(t, next[j]);
    // A waiting packet starts when the server is free (after each iteration it is busy until then).
    if (head < queue.length) t = Math.min(t, serverFree);
    if (t === Infinity) break;
    // 1. Frames acting at the senders now (a packet starting now is held by a PAUSE).
    for (let k = 0; k < pending.length; ) {
      const p = pending[k];
      if (p.time !== t) {
        k++;
        continue;
      }
      pending.splice(k, 1);
      frames.push(p);
      paused[p.sender] = p.kind === 'pfc-pause';
      if (!paused[p.sender]) next[p.sender] = Math.max(next[p.sender], t);
    }
    // 2. Arrivals now: the latest train first, then port order.
    const arriving: number[] = [];
    for (let j = 0; j < n; j++) {
      if (paused[j] || left[j] === 0 || next[j] !== t) continue;
      if (t - last[j] > 1.5 * T) trainStart[j] = t;
      arriving.push(j);
    }
    arriving.sort((a, b) => trainStart[b] - trainStart[a] || a - b);
    for (const j of arriving) {
      queue.push(j);
      ingress[j] += c.packetSize;
      left[j] -= 1;
      last[j] = t;
      next[j] = t + T;
      if (!pauseSent[j] && ingress[j] > c.xOff) {
        pauseSent[j] = true;
        pending.push({ time: t + c.pauseDelay, sender: j, kind: 'pfc-pause' });
      }
    }
    // 3. A dequeue starts now if the server is free.
    if (head < queue.length && serverFree <= t) {
      const j = queue[head++];
      dequeues[j].push(t);
      ingress[j] -= c.packetSize;
      serverFree = t + T;
      if (pauseSent[j] && ingress[j] <= c.xOn) {
        pauseSent[j] = false;
        pending.push({ time: t + c.pauseDelay, sender: j, kind: 'pfc-resume' });
      }
    }
  }
  return { frames, dequeues };
}

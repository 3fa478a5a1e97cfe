import { type Curve, constant, subtract } from '@ccalc/curves';
import { EventLog, NotificationLog } from '../events/event-log.ts';
import { validateNetwork, type NetworkModel, type NetworkResult, type PortFrame } from '../../network-model.ts';
import { PacketSender } from '../events/sender.ts';
import { FifoPort, type PortListener } from '../events/fifo-port.ts';
import { IndexedHeap } from '../events/indexed-heap.ts';
import { Arrivals } from '../events/arrivals.ts';
import { senderKey } from '../events/run-events.ts';
import { increasing, staircase, transmitted } from '../events/result.ts';
import { PacketRing } from './packet-ring.ts';
import { instantTolerance, Progress } from '../events/progress.ts';
import { pfcCounts } from '../events/pfc-counts.ts';
import { signalArrival } from '../../cca.ts';

/** Options of {@link runNetwork}. */
export interface NetworkEngineOptions {
  /** Called now and then with the simulated time and the horizon (s), for progress lines. */
  onProgress?: (time: number, horizon: number) => void;
  /** Stop once every sender has sent everything and the last packet has left its last port. */
  untilComplete?: boolean;
}

/**
 * Runs a network of FIFO egress ports (`NetworkModel`) from event to event, with whole packets, as
 * the event engine runs one switch (the same senders, CCAs and ports):
 * - a flow's packets enter its first port when its sender starts them (the sender's time frame is
 *   its first switch's); a packet whose transmission starts at d at a port with a next switch
 *   arrives there at d + I/rate + the link's delay, in the order it left;
 * - PFC counts per switch and ingress (a host's link, or an upstream port's): a PAUSE to a host
 *   stops its sender after its pause delay, as on one switch; a PAUSE to an upstream port stops
 *   that port's transmissions after the link's delay (the packet in transmission finishes) until
 *   the RESUME, so backpressure spreads hop by hop;
 * - ECN marks at any port travel with the packet; the flow's last port notifies them at its own
 *   marking instant (its enqueue or its dequeue, dequeue without ECN), as it notifies its own
 *   marks: the receiver's pacing (gap or grid, of the last port's ECN) applies, and the
 *   notification reaches the sender its notification delay later. QCN feedback goes from the
 *   congestion point to the source at once and arrives a notification delay later;
 * - at one instant: the senders' reactions and packets (as on one switch), PFC frames reaching
 *   ports, arrivals (the senders' first, latest packet train first then flow order, then each link's
 *   in port order), then the transmissions that start.
 * A one-port network is the single-switch event engine's model (`runEvents`), and a tandem whose
 * only bottleneck is its first port gives its events with the downstream time added to the delays
 * (tested). Throws a ModelError (naming the field) for an invalid network.
 * @example runNetwork(tandem).ports[0].backlog
 */
export function runNetwork(model: NetworkModel, options: NetworkEngineOptions = {}): NetworkResult {
  validateNetwork(model);
  const I = model.packets.size;
  const n = model.flows.length;
  const P = model.ports.length;
  let horizon = model.horizon;
  const delays = model.flows.map((f) => ({
    notification: f.notificationDelay ?? model.feedbackDelay,
    pause: f.pauseDelay ?? model.feedbackDelay,
    ack: f.ackDelay ?? model.feedbackDelay,
  }));
  const log = new EventLog(model.flows.map((f) => f.cca));
  const senders = model.flows.map((f, j) => new PacketSender(j, f.cca, f.arrivals, I, delays[j].ack, (1.5 * I) / model.ports[f.route[0]].rate, log));
  const notifications = new NotificationLog(delays.map((d) => d.notification), model.flows.map((f) => f.cca.listens));
  const portFrames: PortFrame[] = [];
  const heap = new IndexedHeap(n);
  const keyOf = (s: PacketSender): number => senderKey(s, horizon);
  for (const s of senders) heap.set(s.index, keyOf(s));

  // Where each flow goes: the port after p on its route (−1 at its last) and the ingress it came
  // from at p's switch (the flow's own host link, j, or the upstream port q, n + q).
  const nextPort = Array.from({ length: P }, () => new Int32Array(n).fill(-1));
  const ingressAt = Array.from({ length: P }, () => new Int32Array(n).fill(-1));
  model.flows.forEach((f, j) => {
    f.route.forEach((p, i) => {
      ingressAt[p][j] = i === 0 ? j : n + f.route[i - 1];
      if (i + 1 < f.route.length) nextPort[p][j] = f.route[i + 1];
    });
  });
  const lastPort = Int32Array.from(model.flows, (f) => f.route[f.route.length - 1]);

  // Marks and QCN feedback reported by the port being called (see arriveAt and dequeueAt).
  let marked = false;
  const listeners: PortListener[] = model.ports.map(() => ({
    frame: () => {
      throw new Error('runNetwork: a port counted PFC itself (the switch counts it)');
    },
    mark: () => {
      marked = true;
    },
    feedback: (flow, time, from, fb) => {
      const s = senders[flow];
      if (!s.cca.listens.notifications) return;
      const arrives = notifications.push(flow, time, time);
      s.notificationArrives(arrives, from, time, fb);
      heap.set(flow, keyOf(s));
    },
  }));
  const flowIndex = Int32Array.from({ length: n }, (_, j) => j);
  const ports = model.ports.map((spec, p) => new FifoPort(
    senders.map((s, j) => (ingressAt[p][j] >= 0 ? s.capacity : 1)),
    flowIndex,
    I,
    spec.rate,
    spec.ecn,
    undefined,
    listeners[p],
    spec.qcn,
  ));
  // Beside each port's FIFO: its packets' first bytes and upstream marks, in the same order.
  const queued = model.ports.map(() => new PacketRing());
  // Packets on each port's link to the next switch, and PFC frames on their way back to the port.
  const links = model.ports.map(() => new PacketRing());
  const framesToPort = model.ports.map(() => [] as { time: number; pause: boolean }[]);
  const framesHead = new Int32Array(P);
  const pausedPort = new Uint8Array(P);
  const resumedAt = new Float64Array(P).fill(-Infinity);
  // PFC at each switch, per ingress: packets queued, and whether it is paused.
  const ingressCount = model.switches.map(() => new Int32Array(n + P));
  // Each switch's PFC thresholds as packet counts (+∞ and −1 without PFC).
  const thresholds = model.switches.map((s) => pfcCounts(s.pfc, I));
  const ingressPaused = model.switches.map(() => new Uint8Array(n + P));
  // Marking at enqueue is the default of EcnConfig.at.
  const notifyAtEnqueue = Uint8Array.from(model.flows, (_, j) => {
    const ecn = model.ports[lastPort[j]].ecn;
    return ecn !== undefined && ecn.at !== 'dequeue' ? 1 : 0;
  });

  const notify = (flow: number, time: number, from: number): void => {
    const s = senders[flow];
    if (!s.cca.listens.notifications) return;
    // The receiver paces a flow's notifications as its last port's ECN settings say (the port's own gap rule).
    const sent = ports[lastPort[flow]].gaps[flow].next(time);
    if (sent === null) return;
    const arrives = notifications.push(flow, time, sent);
    s.notificationArrives(arrives, from, time);
    heap.set(flow, keyOf(s));
  };
  const sendFrame = (ingress: number, time: number, pause: boolean): void => {
    if (ingress < n) {
      const s = senders[ingress];
      s.frameArrives(signalArrival(time, delays[ingress].pause, s.cca.listens), pause ? 'pfc-pause' : 'pfc-resume');
      heap.set(ingress, keyOf(s));
    } else framesToPort[ingress - n].push({ time: time + model.ports[ingress - n].next!.delay, pause });
  };
  const nextDequeue = (p: number): number => (pausedPort[p] === 1 ? Infinity : Math.max(ports[p].nextDequeue(), resumedAt[p]));
  // The instant at which each port last took an arrival (enqueue marking counts earlier instants).
  const lastArrival = new Float64Array(P).fill(-Infinity);
  let inNetwork = 0;

  const arriveAt = (p: number, flow: number, time: number, from: number, carried: number): void => {
    marked = false;
    ports[p].arrive(flow, time, from, lastArrival[p] === time);
    lastArrival[p] = time;
    const port = model.ports[p];
    let flag = carried;
    if (port.ecn !== undefined && port.ecn.at !== 'dequeue' && marked) flag = 1;
    if (lastPort[flow] === p && notifyAtEnqueue[flow] === 1) {
      if (flag === 1) notify(flow, time, from);
      flag = 0;
    }
    queued[p].push(time, flow, from, flag);
    const sw = port.switch;
    const g = ingressAt[p][flow];
    const count = ++ingressCount[sw][g];
    if (count > thresholds[sw].pauseAbove && ingressPaused[sw][g] === 0) {
      ingressPaused[sw][g] = 1;
      sendFrame(g, time, true);
    }
  };

  const dequeueAt = (p: number, d: number): void => {
    marked = false;
    const flow = ports[p].dequeue(d);
    const ring = queued[p];
    const from = ring.headFrom();
    let flag = ring.headFlag();
    ring.shift();
    const port = model.ports[p];
    if (port.ecn?.at === 'dequeue' && marked) flag = 1;
    const sw = port.switch;
    const g = ingressAt[p][flow];
    const count = --ingressCount[sw][g];
    if (count <= thresholds[sw].resumeAtMost && ingressPaused[sw][g] === 1) {
      ingressPaused[sw][g] = 0;
      sendFrame(g, d, false);
    }
    const next = nextPort[p][flow];
    if (next >= 0) {
      links[p].push(d + ports[p].packetTime + port.next!.delay, flow, from, flag);
      return;
    }
    if (flag === 1) notify(flow, d, from);
    inNetwork -= 1;
    // The flow's last packet leaves its last port: the sender closes when it is acknowledged.
    if (senders[flow].closeIfLast(ports[p].dequeued[flow], d, ports[p].packetTime)) heap.set(flow, keyOf(senders[flow]));
    if (options.untilComplete && inNetwork === 0 && d + ports[p].packetTime < horizon && senders.every((s) => s.done())) horizon = d + ports[p].packetTime;
  };

  const arriving = new Arrivals(n);
  const progress = new Progress(options.onProgress);
  for (;;) {
    let t = heap.topKey();
    for (let p = 0; p < P; p++) {
      const d = nextDequeue(p);
      if (d < horizon && d < t) t = d;
      const a = links[p].headTime();
      if (a < t) t = a;
      if (framesHead[p] < framesToPort[p].length && framesToPort[p][framesHead[p]].time < t) t = framesToPort[p][framesHead[p]].time;
    }
    if (!(t <= horizon)) break;
    const limit = t + instantTolerance(t);
    progress.step(t, horizon);
    // 1. The senders: their reactions, then the packets they start now.
    const reactUntil = limit < horizon ? limit : horizon;
    while (heap.topKey() <= limit) {
      const s = senders[heap.top()];
      progress.step(t, horizon);
      while (s.reactOnce(reactUntil, arriving));
      if (s.nextStart <= limit && s.nextStart < horizon) arriving.add(s.index, s.startPacket());
      heap.set(s.index, keyOf(s));
    }
    // 2. PFC frames reaching ports.
    for (let p = 0; p < P; p++) {
      const frames = framesToPort[p];
      while (framesHead[p] < frames.length && frames[framesHead[p]].time <= limit) {
        const f = frames[framesHead[p]++];
        pausedPort[p] = f.pause ? 1 : 0;
        if (!f.pause) resumedAt[p] = f.time;
        portFrames.push({ time: f.time, port: p, kind: f.pause ? 'pfc-pause' : 'pfc-resume' });
      }
    }
    // 3. Arrivals: the senders' packets at their first ports, then each link's.
    if (arriving.count > 0) {
      arriving.order(senders, flowIndex);
      for (let k = 0; k < arriving.count; k++) {
        const f = arriving.flows[k];
        inNetwork += 1;
        arriveAt(model.flows[f].route[0], f, arriving.times[k], (senders[f].started - 1) * I, 0);
      }
      arriving.count = 0;
    }
    for (let p = 0; p < P; p++) {
      const link = links[p];
      while (link.headTime() <= limit) {
        const f = link.headFlow();
        arriveAt(nextPort[p][f], f, link.headTime(), link.headFrom(), link.headFlag());
        link.shift();
      }
    }
    // 4. The transmissions that start now.
    for (let p = 0; p < P; p++) {
      const d = nextDequeue(p);
      if (d <= limit && d < horizon) dequeueAt(p, d);
    }
  }
  for (const s of senders) s.finish(horizon);
  return networkResult(model, horizon, senders, ports, log, portFrames, notifications);
}

/** The run's curves, built on first use from the recorded instants (as the event engine's result). */
function networkResult(model: NetworkModel, horizon: number, senders: PacketSender[], ports: FifoPort[], log: EventLog, portFrames: PortFrame[], notifications: NotificationLog): NetworkResult {
  const I = model.packets.size;
  const lazy = <T>(make: () => T): (() => T) => {
    let value: T | undefined;
    return () => (value ??= make());
  };
  const flows = senders.map((s, j) => {
    const last = ports[model.flows[j].route[model.flows[j].route.length - 1]];
    const sent = lazy(() => staircase(s.starts, I, horizon));
    const delivered = lazy(() => transmitted(last.flowStarts[j].view(), I, last.packetTime, horizon));
    return {
      name: model.flows[j].name ?? `flow ${j + 1}`,
      arrivals: model.flows[j].arrivals,
      admitted: s.admittedCurve(horizon),
      get sent() {
        return sent();
      },
      get delivered() {
        return delivered();
      },
      get state() {
        return s.series;
      },
    };
  });
  const portResults = ports.map((port, p) => {
    const departures = lazy(() => transmitted(increasing(port.startTimes).view(), I, port.packetTime, horizon));
    const backlog = lazy(() => subtract(staircase(increasing(port.arrivalTimes), I, horizon), departures()));
    const perFlow = lazy((): Curve[] => port.flowStarts.map((starts) => (starts.length === 0 ? constant(0) : transmitted(starts.view(), I, port.packetTime, horizon))));
    return {
      name: model.ports[p].name ?? `port ${p}`,
      get backlog() {
        return backlog();
      },
      get departures() {
        return departures();
      },
      get flowDepartures() {
        return perFlow();
      },
    };
  });
  const packets = ports.reduce((sum, port) => sum + port.startTimes.length, 0);
  return {
    horizon,
    flows,
    ports: portResults,
    get events() {
      return log.events();
    },
    portFrames,
    get notifications() {
      return notifications.notifications();
    },
    stats: { events: log.length, packets, engine: 'network' },
  };
}

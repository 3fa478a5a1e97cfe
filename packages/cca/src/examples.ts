import { add, fromPackets, rate, step } from '@ccalc/curves';
import type { PathServerModel } from './model.ts';
import { aimdRate } from './ccas/aimd-rate.ts';
import { vegas } from './ccas/vegas.ts';
import { vegasSocket } from './ccas/vegas-socket.ts';
import { dcqcn } from './ccas/dcqcn/index.ts';
import { fixedRate } from './ccas/fixed-rate.ts';

const Gbps = 1e9 / 8; // bytes/s per Gb/s
const Mbps = 1e6 / 8;

/**
 * The paper's §IV-B AIMD fairness example: two greedy flows starting at 60 and 90 Gb/s through a
 * 100 Gb/s FIFO path server; α = 100 Mb/s every Δτ_ai = 30 µs, β = 0.8, ΔR = 20 µs, τ_o = 100 µs.
 * @example runPathServer(aimdFairnessModel())
 */
export function aimdFairnessModel(horizon = 50e-3): PathServerModel {
  const cca = (initial: number) => aimdRate({ initialRate: initial * Gbps, increase: 0.1 * Gbps, decrease: 0.8, increaseInterval: 30e-6, timeout: 100e-6 });
  const greedy = step(1e12, 0); // always more to send than the CCA admits
  return {
    service: rate(100 * Gbps),
    flows: [
      { arrivals: greedy, cca: cca(60), name: 'flow 1 (starts at 60 Gb/s)' },
      { arrivals: greedy, cca: cca(90), name: 'flow 2 (starts at 90 Gb/s)' },
    ],
    horizon,
    feedbackDelay: 20e-6,
  };
}

/**
 * The paper's §III-E TCP Vegas example: one source into a 100 Gb/s link, ΔR = 20 µs; a 4 MB burst at
 * 0, then 50 Gb/s, plus 1.5 MB bursts every 0.5 ms from 1 ms; 5 ms. Packets of 1500 B.
 * @example runPathServer(vegasModel('ns3'))
 */
export function vegasModel(variant: 'paper' | 'ns3' = 'ns3', horizon = 5e-3): PathServerModel {
  const times = [0];
  const sizes = [4e6];
  for (let k = 0; 1e-3 + k * 0.5e-3 < horizon - 1e-12; k++) {
    times.push(1e-3 + k * 0.5e-3);
    sizes.push(1.5e6);
  }
  return {
    service: rate(100 * Gbps),
    flows: [{ arrivals: add(fromPackets(times, sizes), rate(50 * Gbps)), cca: vegas({ initialWindow: 1500, packetSize: 1500, variant }), name: `Vegas (${variant})` }],
    horizon,
    feedbackDelay: 20e-6,
  };
}

/**
 * The ns-3 TCP Vegas run of shared/traces/ns3-vegas (B1) for the segment engine: one ns-3 TcpVegas
 * connection (segments of 1000 B, 54 B of headers, ACKs of 54 B, SYNs of 62 B) over a 100 Gb/s
 * access link and a 100 Gb/s switch port, 5 µs of propagation each. The application writes
 * 4,000,000 B at 0, 6,250 B every µs from 0 (50 Gb/s) and 1,500,000 B every 0.5 ms from 1 ms.
 * @example runSegments(vegasNs3Model()).flows[0].delivered.at(5e-3)
 */
export function vegasNs3Model(horizon = 5e-3): PathServerModel {
  const times: number[] = [];
  const sizes: number[] = [];
  for (let k = 0; k * 1e-6 < horizon - 1e-12; k++) {
    const t = k * 1e-6;
    let size = 6250;
    if (k === 0) size += 4e6;
    if (k >= 1000 && k % 500 === 0) size += 1.5e6;
    times.push(t);
    sizes.push(size);
  }
  const link = { rate: (100 * Gbps), propagation: 5e-6 };
  return {
    service: rate(100 * Gbps),
    flows: [{ arrivals: fromPackets(times, sizes), cca: vegasSocket({ segmentSize: 1000 }), name: 'Vegas (ns-3 socket)', access: link }],
    horizon,
    feedbackDelay: 20e-6,
    tcp: { segmentSize: 1000, header: 54, ackSize: 54, synSize: 62, propagation: 5e-6 },
  };
}

/** Options of the single-switch incast of shared/traces (the paper's §V with ns-3's settings). */
export interface Ns3IncastOptions {
  /** Number of senders (31 in the traces). */
  senders?: number;
  /** Bytes per sender on the wire (10,000 packets of 1048 B). */
  burst?: number;
  /** DCQCN (ECN + ns3-mlx reaction point) on or off. */
  dcqcn?: boolean;
  /** PFC on or off (X_off 950,000 B, X_on 925,000 B per ingress port, threshold resume). */
  pfc?: boolean;
  /**
   * ECN draws: seeded random (default seed 1: the simulator draws its marks at random too), or the
   * deterministic expected-value mode, which over-marks after the congestion episode (the README's
   * fidelity section).
   */
  random?: { seed: number } | 'expected';
  horizon?: number;
}

/**
 * The simulator's single-switch incast (shared/traces/README.md): 100 Gb/s links with 1 µs
 * propagation, 1048-byte packets, RED at dequeue (K_min 5 kB, K_max 200 kB, P_max 1 %), DCQCN in
 * ns-3's Mellanox mode, per-ingress PFC. Every delay is derived from the topology, none is fitted:
 * the CCA acts at the switch ingress, so a packet counts there 1 µs + one serialisation after it
 * leaves the sender (a CNP reaches the sender 3093.44 ns after its packet is dequeued and acts at
 * the ingress one such delay later; a PFC frame takes 43 B of serialisation + 1 µs to the sender).
 * Whole packets (see `PathServerModel.packets`). Times in results are at the switch ingress:
 * subtract `ns3IncastDelays.toIngress` for times at the sender.
 * @example runPathServer(ns3IncastModel({ dcqcn: true, pfc: true, horizon: 600e-6 }))
 */
export function ns3IncastModel(o: Ns3IncastOptions = {}): PathServerModel {
  const C = 100 * Gbps;
  const { packet, toIngress, markToSender, pauseToSender } = ns3IncastDelays;
  const senders = o.senders ?? 31;
  const mlx = dcqcn('ns3-mlx', {
    lineRate: C,
    minRate: 100 * Mbps,
    g: 1 / 256,
    decreasePeriod: 50e-6,
    alphaPeriod: 55e-6,
    increasePeriod: 55e-6,
    fastRecoverySteps: 5,
    additiveIncrease: 5 * Mbps,
    hyperIncrease: 50 * Mbps,
    clampTargetRate: true,
  });
  const lineRateOnly = fixedRate(C);
  return {
    service: rate(C),
    flows: Array.from({ length: senders }, (_, j) => ({
      arrivals: step(o.burst ?? 10_000 * packet, toIngress),
      cca: o.dcqcn === false ? lineRateOnly : mlx,
      notificationDelay: markToSender + toIngress,
      pauseDelay: pauseToSender + toIngress,
      ackDelay: 2 * toIngress + markToSender,
      name: `s${j}`,
    })),
    horizon: o.horizon ?? 30e-3,
    feedbackDelay: 2 * toIngress + markToSender,
    ecn: o.dcqcn === false ? undefined : { kMin: 5e3, kMax: 200e3, pMax: 0.01, packetSize: packet, at: 'dequeue', random: o.random ?? { seed: 1 } },
    pfc: o.pfc === false ? undefined : { xOff: 950e3, xOn: 925e3, resume: 'threshold' },
    packets: { size: packet },
  };
}

/** The topology-derived delays of {@link ns3IncastModel} (s), and its packet size (B). */
export const ns3IncastDelays = {
  packet: 1048,
  /** A packet counts at the switch when its last bit arrives: 1 µs + 1048 B at 100 Gb/s. */
  toIngress: 1e-6 + 1048 / (100 * Gbps),
  /** Dequeue of a marked packet → its CNP at the sender (data serialisation + 3 hops of ACK). */
  markToSender: 3093.44e-9,
  /** PFC frame: 43 B serialisation + 1 µs. */
  pauseToSender: 1e-6 + 43 / (100 * Gbps),
  /** A packet's last bit reaches the receiver 1 µs (the link) after it leaves the switch. */
  toReceiver: 1e-6,
};

/**
 * The paper's §V model-based case study (Table II, §V-B): 31 senders each with a 10 MB burst at
 * t = 0 into a 100 Gb/s path server (S = λ_C), ΔR = 4 µs for every signal, the paper's simplified
 * DCQCN (β = 0.75 per notification, +5 Mb/s every 55 µs, τ_o = 3 ms), RED at enqueue
 * (K_min 5 kB, K_max 200 kB, P_max 1 %, expected-value marks on 1048-byte packets) with a 50 µs
 * notification gap, and PFC at X_off = 9.5 kB/port/Gbps, X_on = 9.25 kB/port/Gbps with the paper's
 * resume rule t_P + (X_off − X_on)/C. Fluid senders, as in the paper.
 * @example runPathServer(paperIncastModel({ dcqcn: true, pfc: true, horizon: 1e-3 }))
 */
export function paperIncastModel(o: { dcqcn?: boolean; pfc?: boolean; horizon?: number } = {}): PathServerModel {
  const C = 100 * Gbps;
  const cca = () =>
    o.dcqcn === false
      ? aimdRate({ initialRate: C, maxRate: C, increase: 5 * Mbps, decrease: 0.75, increaseInterval: 55e-6 })
      : dcqcn('paper', { lineRate: C, decrease: 0.75, additiveIncrease: 5 * Mbps, increaseInterval: 55e-6, timeout: 3e-3 });
  return {
    service: rate(C),
    flows: Array.from({ length: 31 }, (_, j) => ({ arrivals: step(10e6, 0), cca: cca(), name: `s${j}` })),
    horizon: o.horizon ?? 10e-3,
    feedbackDelay: 4e-6,
    ecn: o.dcqcn === false ? undefined : { kMin: 5e3, kMax: 200e3, pMax: 0.01, packetSize: 1048, at: 'enqueue', random: 'expected', notificationGap: 50e-6 },
    pfc: o.pfc === false ? undefined : { xOff: 950e3, xOn: 925e3, resume: 'paper', lineRate: C },
  };
}

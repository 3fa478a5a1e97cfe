import { rate, step, type Curve } from '@ccalc/curves';
import type { CongestionControl } from './cca.ts';
import type { EgressPortSpec, NetworkModel } from './network-model.ts';
import type { QcnConfig } from './model.ts';
import { qcn } from './ccas/qcn.ts';
import { fixedRate } from './ccas/fixed-rate.ts';
import { streamSeed } from './random.ts';

const Gbps = 1e9 / 8;
const Mbps = 1e6 / 8;

/** Options of the QCN/ECM/SONAR slides' scenarios. SI units. */
export interface SlidesNetworkOptions {
  /** Congestion control: QCN at every port with the slides' parameters (default), or none. */
  control?: 'qcn' | 'none';
  /** PAUSE at every switch (the slides: M minus one RTT of line rate, X_on 10 kB lower); default off. */
  pause?: boolean;
  /** Propagation of each link between switches (s); the slides' per-hop RTT is twice this. Default 5 µs. */
  linkDelay?: number;
  /** Each flow's bytes (default: it sends for the whole horizon). */
  bytes?: number;
  /** Compute on [0, horizon] (s); default 50 ms. */
  horizon?: number;
  /** Seed of the congestion points' sampling (each port draws its own stream). */
  seed?: number;
}

/**
 * The slides' QCN: the congestion point (Q_eq = M/4 with M = 150 kB per port, w = 2, 8-bit
 * feedback, sampling 1–10 %) and the reaction point (R_min = 1 Mb/s, G_d·|Fb_max| = 0.5, a byte
 * counter of 1500 B / 1 % = 150 kB, R_AI = 12 Mb/s; 802.1Qau's 10 ms timer and 50 Mb/s R_HAI).
 */
function slidesQcn(seed: number, port: number): QcnConfig {
  return { qEq: 150e3 / 4, w: 2, fbBits: 8, sampling: { min: 0.01, max: 0.1 }, seed: streamSeed(seed, port) };
}

function slidesReactionPoint(lineRate: number): CongestionControl<unknown> {
  return qcn({ lineRate, minRate: 1 * Mbps, maxDecrease: 0.5, byteCounter: 150e3, timer: 10e-3, fastRecoverySteps: 5, additiveIncrease: 12 * Mbps, hyperIncrease: 50 * Mbps }) as CongestionControl<unknown>;
}

/** A source at `load` (bytes/s) for the horizon, or `bytes` at once. */
function source(load: number, bytes: number | undefined): Curve {
  return bytes === undefined ? rate(load) : step(bytes, 0);
}

function network(ports: Omit<EgressPortSpec, 'qcn'>[], switches: number, flows: { name: string; route: number[]; load: number }[], o: SlidesNetworkOptions): NetworkModel {
  const control = o.control ?? 'qcn';
  const delay = o.linkDelay ?? 5e-6;
  const rtt = 2 * delay;
  // The slides' watermarks: high = M − RTT·line rate (M = 1.5 MB with PAUSE), low = high − 10 kB.
  const xOff = 1.5e6 - rtt * 10 * Gbps;
  return {
    switches: Array.from({ length: switches }, () => (o.pause ? { pfc: { xOff, xOn: xOff - 10e3 } } : {})),
    ports: ports.map((p, k) => ({ ...p, ...(p.next !== undefined ? { next: { ...p.next, delay } } : {}), ...(control === 'qcn' ? { qcn: slidesQcn(o.seed ?? 1, k) } : {}) })),
    flows: flows.map((f) => ({
      name: f.name,
      route: f.route,
      arrivals: source(f.load, o.bytes),
      // No rate limiter before the first feedback: a source at its load sends at that load.
      cca: control === 'qcn' ? slidesReactionPoint(10 * Gbps) : (fixedRate(f.load) as CongestionControl<unknown>),
      notificationDelay: rtt,
      pauseDelay: delay,
      ackDelay: rtt,
    })),
    horizon: o.horizon ?? 50e-3,
    feedbackDelay: rtt,
    packets: { size: 1500 },
  };
}

/**
 * The slides' parking lot: four hot flows (nodes 1–4, at 10 Gb/s) cross switches 1 → 2 → 3 to
 * node 9; a cold flow 5 → 7 shares the link 1 → 2 with them, and a cold flow 6 → 8 the link 2 → 3.
 * Every link is 10 Gb/s. Max-min fair: 2 Gb/s for every flow; proportionally fair: 1.67 Gb/s for a
 * hot flow and 3.33 Gb/s for a cold one. Ports: 0 (1 → 2), 1 (2 → 3), 2 (2 → node 7),
 * 3 (3 → node 9), 4 (3 → node 8). Flows 0–3 hot, 4 and 5 cold.
 * @example runNetwork(parkingLotNetwork({ horizon: 10e-3 })).ports[0].backlog
 */
export function parkingLotNetwork(o: SlidesNetworkOptions = {}): NetworkModel {
  const C = 10 * Gbps;
  return network(
    [
      { name: 'sw1→sw2', switch: 0, rate: C, next: { switch: 1, delay: 0 } },
      { name: 'sw2→sw3', switch: 1, rate: C, next: { switch: 2, delay: 0 } },
      { name: 'sw2→node7', switch: 1, rate: C },
      { name: 'sw3→node9', switch: 2, rate: C },
      { name: 'sw3→node8', switch: 2, rate: C },
    ],
    3,
    [
      ...[1, 2, 3, 4].map((k) => ({ name: `hot${k}`, route: [0, 1, 3], load: C })),
      { name: 'cold5→7', route: [0, 2], load: C },
      { name: 'cold6→8', route: [1, 4], load: C },
    ],
    o,
  );
}

/**
 * The slides' input-generated hotspot: four culprit flows of 5 Gb/s (nodes 2–5) go through the core
 * switch to node 6; a victim flow of 5 Gb/s from node 1 goes through the core to node 7. Our
 * reading of the slides' figure: nodes 1 and 2 share edge switch 1, nodes 3–5 have edge switches
 * 2–4, node 6 is behind edge switch 6 and node 7 behind edge switch 5. So the hot port is the
 * core's port to edge 6 (20 Gb/s offered to 10 Gb/s), and the victim shares only its uplink with
 * culprit 2, which that uplink carries without loss. Links are 10 Gb/s. Fair: 2.5 Gb/s per
 * culprit, 5 Gb/s for the victim. With PAUSE, the core's ingress from edge 1 fills with culprit 2's
 * bytes and pauses edge 1's uplink: the victim waits behind the hotspot it never crosses.
 * Ports: 0–3 edge 1–4 → core, 4 core → edge 6 (hot), 5 core → edge 5, 6 edge 6 → node 6,
 * 7 edge 5 → node 7. Flows 0–3 culprits (nodes 2–5), 4 the victim.
 * @example runNetwork(inputHotspotNetwork({ pause: true, horizon: 10e-3 })).flows[4].delivered
 */
export function inputHotspotNetwork(o: SlidesNetworkOptions = {}): NetworkModel {
  const C = 10 * Gbps;
  // Switches: 0–3 edge switches 1–4, 4 the core, 5 edge switch 6, 6 edge switch 5.
  const uplinks = [0, 1, 2, 3].map((k) => ({ name: `edge${k + 1}→core`, switch: k, rate: C, next: { switch: 4, delay: 0 } }));
  return network(
    [
      ...uplinks,
      { name: 'core→edge6 (hot)', switch: 4, rate: C, next: { switch: 5, delay: 0 } },
      { name: 'core→edge5', switch: 4, rate: C, next: { switch: 6, delay: 0 } },
      { name: 'edge6→node6', switch: 5, rate: C },
      { name: 'edge5→node7', switch: 6, rate: C },
    ],
    7,
    [...[0, 1, 2, 3].map((k) => ({ name: `culprit${k + 2}`, route: [k, 4, 6], load: 5 * Gbps })), { name: 'victim1→7', route: [0, 5, 7], load: 5 * Gbps }],
    o,
  );
}

/**
 * The slides' 20-stage hotspot: S switches in a line (10 Gb/s links), three nodes at each. For
 * i = 0 … S − 2, node 3i + 1 sends to node 3(i + 1) + 1 (one hop), node 3i + 2 to node 3(S − 1) + 2
 * (to the last switch) and node 3i + 3 to node 3(i + 1) + 2, every one at 100 % of 10 Gb/s. Each
 * link between switches is a hotspot (the link i → i + 1 carries i + 3 flows) and node 3(S − 1) + 2
 * receives from S sources. Ports: 0 … S − 2 the links, then per switch its ports to nodes 1 and 2.
 * Flows: per i, the one-hop flow, the long flow, the flow to the next node 2.
 * @example runNetwork(stagedHotspotNetwork({ stages: 5, horizon: 5e-3 })).ports.length // 4 + 10
 */
export function stagedHotspotNetwork(o: SlidesNetworkOptions & { stages?: number } = {}): NetworkModel {
  const S = o.stages ?? 20;
  const C = 10 * Gbps;
  const links = Array.from({ length: S - 1 }, (_, i) => ({ name: `sw${i + 1}→sw${i + 2}`, switch: i, rate: C, next: { switch: i + 1, delay: 0 } }));
  // Port of switch i toward its node 3i + 1 and toward its node 3i + 2.
  const nodePort = (i: number, k: 1 | 2): number => S - 1 + 2 * i + (k - 1);
  const exits = Array.from({ length: S }, (_, i) => [1, 2].map((k) => ({ name: `sw${i + 1}→node${3 * i + k}`, switch: i, rate: C }))).flat();
  const along = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, k) => from + k);
  const flows = Array.from({ length: S - 1 }, (_, i) => [
    { name: `node${3 * i + 1}→node${3 * (i + 1) + 1}`, route: [i, nodePort(i + 1, 1)], load: C },
    { name: `node${3 * i + 2}→node${3 * (S - 1) + 2}`, route: [...along(i, S - 1), nodePort(S - 1, 2)], load: C },
    { name: `node${3 * i + 3}→node${3 * (i + 1) + 2}`, route: [i, nodePort(i + 1, 2)], load: C },
  ]).flat();
  return network([...links, ...exits], S, flows, o);
}

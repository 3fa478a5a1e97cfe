import { constant, rate, type Curve } from '@ccalc/curves';
import type { CongestionControl } from './cca.ts';
import type { EcnConfig, PfcConfig, QcnConfig } from './model.ts';
import type { EngineEvent, FlowResult, SentNotification } from './results.ts';
import { ModelError, requireNonNegative, requirePositive } from './errors.ts';
import { validateModel } from './validate.ts';

/** A switch: the egress ports that name it share its ingress buffers, where PFC counts. */
export interface SwitchSpec {
  name?: string;
  /**
   * PFC per ingress of this switch (an ingress is a host's link or an upstream port's): the
   * ingress's bytes queued in any of the switch's egress ports, paused above X_off, resumed when a
   * dequeue leaves them below X_on (threshold resume only).
   */
  pfc?: PfcConfig;
}

/** An egress port: a FIFO served at `rate`, with its own ECN marking or QCN congestion point. */
export interface EgressPortSpec {
  name?: string;
  /** The switch it belongs to (index into `switches`). */
  switch: number;
  /** Service rate (bytes/s). */
  rate: number;
  /**
   * The link it drives, to the next switch's ingress, with its propagation delay (s): a packet
   * whose transmission starts at d arrives there at d + I/rate + delay, and a PFC frame of that
   * switch reaches this port `delay` after it is sent. Omitted: the port faces receivers.
   */
  next?: { switch: number; delay: number };
  ecn?: EcnConfig;
  qcn?: QcnConfig;
}

/** A flow of a network: its route of egress ports, first to last, and a sender as in `FlowSpec`. */
export interface NetworkFlowSpec {
  name?: string;
  /** Cumulative bytes handed to the sender, as they reach the first port (bytes). */
  arrivals: Curve;
  cca: CongestionControl<unknown>;
  /** Egress ports in order; each next to the previous one's `next.switch`, the last facing receivers. */
  route: number[];
  /**
   * Delays to the sender (s): of a congestion notification after its marking instant at the last
   * port (QCN feedback after its sample at any port), of a PFC frame from the first switch, and of
   * the acknowledgement of a packet after its transmission starts at the last port. Default: ΔR.
   */
  notificationDelay?: number;
  pauseDelay?: number;
  ackDelay?: number;
}

/** A network of switches and links: senders' flows along routes of FIFO egress ports (whole packets). */
export interface NetworkModel {
  switches: SwitchSpec[];
  ports: EgressPortSpec[];
  flows: NetworkFlowSpec[];
  /** Compute on [0, horizon] (s). */
  horizon: number;
  /** Default of every flow's delays, ΔR (s). */
  feedbackDelay: number;
  /** Packet size on the wire (bytes). */
  packets: { size: number };
}

/** A PFC frame that paused or resumed an egress port (from the next switch's ingress). */
export interface PortFrame {
  time: number;
  port: number;
  kind: 'pfc-pause' | 'pfc-resume';
}

/** Per-port results: the port's backlog and departures (bytes), exact curves. */
export interface PortResult {
  name: string;
  backlog: Curve;
  departures: Curve;
  /** Each flow's bytes transmitted by this port (D_j at the port; a flat 0 for flows not routed here). */
  flowDepartures: Curve[];
}

/**
 * What `runNetwork` returns: per flow as the single-switch engines give it (`sent` at its first
 * port, `delivered` by its last), per port its backlog and departures, the senders' events
 * (reactions, PFC frames from the first switch), the PFC frames that paused ports, and the
 * notifications sent.
 */
export interface NetworkResult {
  horizon: number;
  flows: FlowResult[];
  ports: PortResult[];
  events: EngineEvent[];
  portFrames: PortFrame[];
  notifications: SentNotification[];
  stats: { events: number; packets: number; engine: 'network' };
}

/**
 * Checks a network before anything runs, with a ModelError naming the field: switches, ports and
 * routes that refer to what exists, routes that follow the links and end at a port facing
 * receivers, each port's ECN, QCN and PFC settings and the flows' arrivals, delays and CCAs as
 * `validateModel` checks them (rate-based CCAs only).
 * @example validateNetwork(tandemNetwork()) // throws nothing
 */
export function validateNetwork(model: NetworkModel): void {
  if (typeof model !== 'object' || model === null) throw new ModelError('model', model, 'an object');
  if (!Array.isArray(model.switches) || model.switches.length === 0) throw new ModelError('switches', model.switches, 'a non-empty list of switches');
  if (!Array.isArray(model.ports) || model.ports.length === 0) throw new ModelError('ports', model.ports, 'a non-empty list of egress ports');
  requirePositive('packets.size', model.packets?.size);
  const switchIndex = (field: string, k: unknown): void => {
    if (!(Number.isInteger(k) && (k as number) >= 0 && (k as number) < model.switches.length)) throw new ModelError(field, k, `the index of one of the ${model.switches.length} switches`);
  };
  // The flows' arrivals, delays and CCAs, and each port's ECN and QCN, as a one-port model would have them.
  const prefixed = (prefix: string, check: () => void): void => {
    try {
      check();
    } catch (e) {
      if (e instanceof ModelError) throw new ModelError(`${prefix}${e.parameter}`, e.value, e.expected);
      throw e;
    }
  };
  if (!Array.isArray(model.flows) || model.flows.length === 0) throw new ModelError('flows', model.flows, 'a non-empty list of flows');
  validateModel({ service: rate(1), flows: model.flows, horizon: model.horizon, feedbackDelay: model.feedbackDelay, packets: model.packets });
  model.switches.forEach((s, k) => {
    if (s.pfc !== undefined) {
      prefixed(`switches[${k}].`, () => validateModel({ service: rate(1), flows: [{ arrivals: constant(0), cca: model.flows[0].cca }], horizon: 1, feedbackDelay: 1, pfc: s.pfc }));
      if (s.pfc.resume === 'paper') throw new ModelError(`switches[${k}].pfc.resume`, 'paper', '"threshold" (a network resumes when the ingress falls below X_on)');
    }
  });
  model.ports.forEach((p, k) => {
    switchIndex(`ports[${k}].switch`, p.switch);
    requirePositive(`ports[${k}].rate`, p.rate);
    if (p.next !== undefined) {
      switchIndex(`ports[${k}].next.switch`, p.next.switch);
      requireNonNegative(`ports[${k}].next.delay`, p.next.delay);
    }
    if (p.ecn !== undefined && p.ecn.packetSize !== model.packets.size) throw new ModelError(`ports[${k}].ecn.packetSize`, p.ecn.packetSize, `the packet size ${model.packets.size} B`);
    prefixed(`ports[${k}].`, () => validateModel({ service: rate(1), flows: [{ arrivals: constant(0), cca: model.flows[0].cca }], horizon: 1, feedbackDelay: 1, ecn: p.ecn, qcn: p.qcn }));
  });
  model.flows.forEach((f, j) => {
    const name = `flows[${j}].route`;
    if (!Array.isArray(f.route) || f.route.length === 0) throw new ModelError(name, f.route, 'a non-empty list of egress ports');
    f.route.forEach((p, i) => {
      if (!(Number.isInteger(p) && p >= 0 && p < model.ports.length)) throw new ModelError(`${name}[${i}]`, p, `the index of one of the ${model.ports.length} ports`);
      const next = model.ports[p].next;
      if (i + 1 < f.route.length) {
        if (next === undefined || model.ports[f.route[i + 1]]?.switch !== next.switch) throw new ModelError(`${name}[${i + 1}]`, f.route[i + 1], `a port of switch ${next?.switch ?? '(none: port ' + p + ' faces receivers)'}, where port ${p}'s link leads`);
      } else if (next !== undefined) throw new ModelError(name, f.route, `a route that ends at a port facing receivers (port ${p} leads to switch ${next.switch})`);
    });
    if (f.cca.limit(f.cca.initial()).kind !== 'rate' || f.cca.listens.timeout !== undefined || f.cca.listens.acks) throw new ModelError(`flows[${j}].cca`, f.cca.name, 'a rate-based CCA (the network engine runs no windows yet)');
  });
}

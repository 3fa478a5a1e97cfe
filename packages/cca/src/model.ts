import type { Curve } from '@ccalc/curves';
import type { CongestionControl } from './cca.ts';

/** One flow of the path-server model (paper Fig. 1 and Fig. 5). SI units: seconds, bytes, bytes/s. */
export interface FlowSpec {
  /** Source arrivals A_j(t): bytes generated in [0, t); non-decreasing with A_j(0) = 0. */
  arrivals: Curve;
  /** The congestion-control algorithm regulating this flow. */
  cca: CongestionControl<any>;
  /** Feedback delay ΔR of acknowledgements (s); defaults to the model's. */
  ackDelay?: number;
  /** Delay of congestion notifications (s); defaults to the ack delay. */
  notificationDelay?: number;
  /** Delay of PFC pause/resume frames (s); defaults to the ack delay. */
  pauseDelay?: number;
  /** Label for results and plots. */
  name?: string;
  /**
   * The sender's access link to the switch (segment engine): its NIC queues what the sender sends
   * faster than `rate` (bytes/s), and each packet then takes `propagation` (s) to the switch.
   * Acknowledgements come back over it. Default: the switch's rate, no propagation.
   */
  access?: LinkSpec;
  /**
   * The host this flow is a connection of (an index into `PathServerModel.hosts`). A host's
   * connections share its NIC (round robin, never above its line rate) and its switch ingress (one
   * PFC count; a PAUSE stops them all, reaching them after the first connection's pause delay);
   * each keeps its own CCA state and notifications. A flow without a host is a host of its own.
   */
  host?: number;
}

/** A host with several connections (flows whose `host` is its index): see `FlowSpec.host`. */
export interface HostSpec {
  /** Label for results (default "host k"). */
  name?: string;
  /** The NIC's line rate (bytes/s); default the server's rate C. */
  lineRate?: number;
}

/** A link: its rate (bytes/s) and propagation delay (s). */
export interface LinkSpec {
  rate: number;
  propagation: number;
}

/**
 * A TCP path for the segment engine (`runSegments`): senders whose CCA reacts to each
 * acknowledgement send whole segments over their access link to the switch, whose egress (the
 * model's `service` rate) leads to the receiver; the receiver acknowledges every segment at once.
 * Sizes are bytes on the wire except `segmentSize`; the flows' arrivals are application bytes.
 */
export interface TcpPath {
  /** Payload per segment (the MSS, bytes). */
  segmentSize: number;
  /** Header bytes per segment on the wire (e.g. 54: TCP 20 + IPv4 20 + layer 2 14). */
  header: number;
  /** An acknowledgement's size on the wire (bytes). */
  ackSize: number;
  /** The handshake's SYN and SYN-ACK size on the wire (bytes): the first RTT sample is theirs. */
  synSize: number;
  /** Propagation from the switch to the receiver (s). */
  propagation: number;
  /**
   * Delayed acknowledgements at the receiver, as ns-3's TcpSocketBase does them: every `count`-th
   * in-order segment is acknowledged at once, a segment that leaves fewer waiting starts a timer of
   * `timeout` (s) if none runs, and the first data segment is acknowledged at once. Default: every
   * segment at once (count 1).
   */
  delayedAck?: { count: number; timeout: number };
}

/** ECN marking at the path server (paper §III-B.d). */
export interface EcnConfig {
  /** Marking threshold K_max (bytes): at or above it every packet is marked. */
  kMax: number;
  /** RED: linear marking probability from K_min (bytes) up to P_max at K_max. Omit for threshold marking. */
  kMin?: number;
  pMax?: number;
  /** Packet size on the wire (bytes): one marking decision per packet. */
  packetSize: number;
  /** Mark when a packet enters the server (paper) or leaves it, on the queue after it (ns-3). */
  at?: 'enqueue' | 'dequeue';
  /** Random draws with this seed, or the deterministic expected-value mode (a mark whenever Σp crosses an integer). */
  random?: { seed: number } | 'expected';
  /** Minimum gap between two notifications to the same sender (s), the three-case rule; 0 = every mark. */
  notificationGap?: number;
  /**
   * How notifications are paced: 'gap' (default), the paper's three-case rule; 'grid', at most one
   * per slot of a fixed per-flow grid of period `notificationGap`, sent at the end of the slot in
   * which a mark arrived (a receiver that checks for marks on a timer).
   */
  pacing?: 'gap' | 'grid';
}

/**
 * An IEEE 802.1Qau (QCN) congestion point at the path server (the QCN/ECM/SONAR slides in
 * shared/seeds parameterise it). Each arriving frame is sampled with probability P; at a sample the
 * queue Q it joins gives Q_off = Q − Q_eq, Q_δ = Q − Q_old (Q_old: the queue at the previous
 * sample) and Fb = −(Q_off + w·Q_δ). When Fb < 0, |Fb| is quantised to `fbBits` bits of its
 * maximum Q_eq·(1 + 2w) and, if not zero, sent to the frame's source at once (no pacing; it
 * arrives a notification delay later). Needs whole packets (`packets`); only the event engine runs it.
 */
export interface QcnConfig {
  /** Q_eq, the equilibrium queue (bytes; the slides: M/4). */
  qEq: number;
  /** w, the weight of the queue's change (the slides: 2). */
  w: number;
  /** Bits of the quantised |Fb| (802.1Qau: 6; the slides: 8). Default 6. */
  fbBits?: number;
  /**
   * Sampling probability per frame: from `min` while the last feedback was 0 up to `max` at the
   * largest |Fb|, linear in the last quantised |Fb| (the slides: 1 % to 10 %; min = max for a fixed
   * rate). Default 1 % to 10 %.
   */
  sampling?: { min: number; max: number };
  /** Seed of the sampling draws (default 1). */
  seed?: number;
}

/** Priority flow control on each flow's backlog in the server (paper §III-B.e; per ingress port). */
export interface PfcConfig {
  /** Pause when the flow's backlog exceeds X_off (bytes). */
  xOff: number;
  /** Resume threshold X_on (bytes). */
  xOn: number;
  /** 'threshold': resume when the backlog falls to X_on; 'paper': t_P + (X_off − X_on)/C. */
  resume?: 'threshold' | 'paper';
  /** Line rate C for the paper's resume rule (bytes/s). */
  lineRate?: number;
}

/** The whole model: N flows through one FIFO path server with exact service curve S. */
export interface PathServerModel {
  /** Exact service curve S of the path server (usually rate(C)). */
  service: Curve;
  flows: FlowSpec[];
  /** Hosts whose connections share a NIC and a switch ingress (flows name them by index). */
  hosts?: HostSpec[];
  /** Compute on [0, horizon] (s). */
  horizon: number;
  /** Default feedback delay ΔR (s) for every flow. */
  feedbackDelay: number;
  /** Acknowledge in whole packets of this size: I_max·⌊D(t − ΔR)/I_max⌋ (bytes); 0 = fluid. */
  ackPacketSize?: number;
  ecn?: EcnConfig;
  /** A QCN congestion point instead of ECN marking (event engine only). */
  qcn?: QcnConfig;
  pfc?: PfcConfig;
  /**
   * Whole packets at the server, with a packet simulator's semantics (checked against one in
   * `oracle/packet-switch.test.ts`):
   * - a sender sends each packet whole once its pacer starts it: the packet counts at the server as
   *   soon as Â_j passes the multiple of `size` below it (I·⌈Â_j/I⌉; Â_j is the sender's admission
   *   in the server's time frame, delayed by one serialisation and the link);
   * - a PFC PAUSE stops the sender at the end of the packet it has started;
   * - packets of several flows that arrive at one instant are queued latest packet train first
   *   (a run of back-to-back packets, gaps ≤ 1.5 packet times at the server's rate), then in flow
   *   (port) order, as ns-3 orders events scheduled at equal times (see PacketTrains);
   * - a packet leaves the PFC ingress count, and is marked at dequeue, when its transmission starts,
   *   after any packet arriving at that instant.
   * The sender's own curves stay fluid. Without this the FIFO server interleaves simultaneous
   * arrivals as fluids. Applies while a flow has no retransmitted bytes.
   */
  packets?: { size: number };
  /** The path of TCP senders (required by the segment engine, ignored by the others). */
  tcp?: TcpPath;
}

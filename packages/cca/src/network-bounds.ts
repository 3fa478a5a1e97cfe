import { type Curve, CurveBuilder, constant, convolve, horizontalDeviation, horizontalShift, isNonDecreasing, max, min, rateLatency, subtract, sum, tokenBucket, verticalDeviation, verticalShift, zero } from '@ccalc/curves';
import type { NetworkModel } from './network-model.ts';
import { validateNetwork } from './network-model.ts';
import { ModelError } from './errors.ts';
import { packetsStarted } from './acknowledgements.ts';

/** Worst-case bounds at one egress port (network calculus, feed-forward, FIFO). */
export interface PortBound {
  port: number;
  /** The arrival curve of all flows entering the port (bytes; +∞ when one of them has none: it crossed a port offered more than it serves). */
  arrivals: Curve;
  /** The port's service curve: rate-latency β_{C, L} with L the pause allowance (bytes). */
  service: Curve;
  /** Delay bound h(α, β) plus the link's propagation (s): from a packet's arrival to its arrival at the next switch (its last bit's departure at the last port); +∞ when there is none. */
  delay: number;
  /** Backlog bound v(α, β) (bytes). */
  backlog: number;
}

/** Worst-case end-to-end delay of one flow (s): the smaller of the two bounds. */
export interface FlowBound {
  flow: number;
  /** Its arrival curve at the first port: min(I + R·t, its bytes in whole packets), R its sender's initial rate. */
  arrival: Curve;
  /** Its end-to-end service curve: the convolution of its left-over service at each port (bytes). */
  service: Curve;
  /** Pay bursts only once: h(α, ⊗ residual services) plus the links' propagation; +∞ where a residual is nothing. */
  endToEnd: number;
  /** The sum of the per-port delay bounds on its route (total flow analysis). */
  perHopSum: number;
  delay: number;
}

/**
 * Delay and backlog bounds for every port and flow of a feed-forward network, beside what
 * `runNetwork` computes (Le Boudec & Thiran, Network Calculus, Thm 1.4.1–1.4.2, 1.4.6, 6.2.1):
 * - each flow enters with the arrival curve α_j = min(γ_{R_j, I}, I·⌈total_j/I⌉): its sender paces
 *   whole packets of I bytes at no more than R_j, its CCA's initial (largest) rate, and sends its
 *   bytes in whole packets;
 * - each port is a FIFO server with service curve β = β_{C, L}: rate C, latency L = the PAUSE
 *   allowance of the port (`pauseAllowance[p]`, s; 0 by default, which holds only if no PAUSE
 *   stops the port: a longer pause voids the port's bounds). Packets count when whole, so the FIFO
 *   needs no packetizer term;
 * - ports are visited in route order; a port's arrival curve is the sum of its flows' curves, its
 *   delay bound D_p = h(α_p, β_p) + the link's propagation and backlog bound v(α_p, β_p), and a
 *   flow leaves with α_j(t + D_p) (FIFO output);
 * - end to end, a flow's left-over service at each port is [β_p − Σ_other α]^+ (blind
 *   multiplexing, valid for FIFO), less one packet at every port but the last (store and forward:
 *   the packetizer, Thm 1.7.3), convolved along the route: bursts are paid once.
 * Throws a ModelError for a network that is not feed-forward (routes through ports in a cycle).
 * @example networkBounds(parkingLotNetwork()).ports[0].delay
 */
export function networkBounds(model: NetworkModel, options: { pauseAllowance?: readonly number[] } = {}): { ports: PortBound[]; flows: FlowBound[] } {
  validateNetwork(model);
  const I = model.packets.size;
  const order = portOrder(model);
  const entry: Curve[] = model.flows.map((f) => {
    const limit = f.cca.limit(f.cca.initial());
    const peak = limit.kind === 'rate' ? limit.rate : Infinity;
    // Whole packets on the wire: a last partial packet goes as a whole one (I·⌈A/I⌉).
    const total = packetsStarted(f.arrivals.at(Infinity), I);
    return Number.isFinite(total) ? min(tokenBucket(peak, I), constant(total)) : tokenBucket(peak, I);
  });
  // Each flow's arrival curve at the port it reaches next (route order), and the curve it had at
  // each port; null once it has crossed a port with no delay bound (offered more than it serves).
  const current: (Curve | null)[] = [...entry];
  const atPort = model.ports.map(() => new Map<number, Curve | null>());
  const ports: PortBound[] = [];
  for (const p of order) {
    const spec = model.ports[p];
    const members = model.flows.flatMap((f, j) => (f.route.includes(p) ? [j] : []));
    for (const j of members) atPort[p].set(j, current[j]);
    const service = rateLatency(spec.rate, options.pauseAllowance?.[p] ?? 0);
    const known = members.map((j) => current[j]).filter((c): c is Curve => c !== null);
    const arrivals = known.length < members.length ? constant(Infinity) : known.length === 0 ? zero() : sum(known);
    const queueing = known.length < members.length ? Infinity : horizontalDeviation(arrivals, service);
    const delay = queueing + (spec.next?.delay ?? 0);
    ports.push({ port: p, arrivals, service, delay, backlog: queueing === Infinity ? Infinity : verticalDeviation(arrivals, service) });
    for (const j of members) current[j] = queueing === Infinity ? null : delayedArrivalCurve(current[j]!, queueing);
  }
  const byPort = new Map(ports.map((b) => [b.port, b]));
  const flows: FlowBound[] = model.flows.map((f, j) => {
    const residuals = f.route.map((p, i) => {
      const others = [...atPort[p].entries()].filter(([k]) => k !== j).map(([, c]) => c);
      if (others.some((c) => c === null)) return zero(); // unbounded cross traffic leaves nothing sure
      const known = others as Curve[];
      const left = known.length === 0 ? byPort.get(p)!.service : max(subtract(byPort.get(p)!.service, sum(known)), zero());
      // Store and forward: the next switch takes a packet once its last bit is in, which costs
      // one packet of the service at every port but the last ([β − I]^+, the packetizer).
      const whole = i + 1 < f.route.length ? max(verticalShift(left, -I), zero()) : left;
      return isNonDecreasing(whole) ? whole : zero();
    });
    const service = residuals.reduce((a, b) => convolve(a, b));
    const propagation = f.route.reduce((d, p) => d + (model.ports[p].next?.delay ?? 0), 0);
    const endToEnd = service.s.at(-1)! > 0 ? horizontalDeviation(entry[j], service) + propagation : Infinity;
    const perHopSum = f.route.reduce((d, p) => d + byPort.get(p)!.delay, 0);
    return { flow: j, arrival: entry[j], service, endToEnd, perHopSum, delay: Math.min(endToEnd, perHopSum) };
  });
  return { ports, flows };
}

/** α(t + D) for t > 0, 0 at 0: the arrival curve of a flow after a FIFO hop with delay bound D. */
function delayedArrivalCurve(alpha: Curve, D: number): Curve {
  if (D === 0) return alpha;
  const shifted = horizontalShift(alpha, -D);
  const b = new CurveBuilder();
  b.push(0, 0, shifted.r[0], shifted.s[0]);
  for (let i = 1; i < shifted.t.length; i++) b.push(shifted.t[i], shifted.v[i], shifted.r[i], shifted.s[i]);
  return b.build();
}

/** The ports in an order in which every flow meets them along its route; a ModelError if none exists. */
function portOrder(model: NetworkModel): number[] {
  const P = model.ports.length;
  const after = Array.from({ length: P }, () => new Set<number>());
  const incoming = new Int32Array(P);
  for (const f of model.flows) {
    for (let i = 1; i < f.route.length; i++) {
      if (!after[f.route[i - 1]].has(f.route[i])) {
        after[f.route[i - 1]].add(f.route[i]);
        incoming[f.route[i]] += 1;
      }
    }
  }
  const order: number[] = [];
  const ready = [...Array(P).keys()].filter((p) => incoming[p] === 0);
  while (ready.length > 0) {
    const p = ready.shift()!;
    order.push(p);
    for (const q of after[p]) if (--incoming[q] === 0) ready.push(q);
  }
  if (order.length < P) throw new ModelError('flows', `routes through ports ${[...Array(P).keys()].filter((p) => !order.includes(p)).join(', ')} in a cycle`, 'a feed-forward network (the bounds need an order of the ports that every route follows)');
  return order;
}

import { asRateLatency } from '@ccalc/curves';
import type { PathServerModel } from '../../model.ts';
import { sharedHost } from '../../ingress-ports.ts';

/**
 * Whether the segment engine can run a model, and if not why: null when it can, else a sentence
 * naming what it lacks. It runs TCP senders whose CCA reacts to each acknowledgement
 * (`listens.acks`) over a `tcp` path into a constant-rate switch port, with application writes as
 * steps (bursts), and neither ECN nor PFC yet.
 * @example segmentEngineSupport(vegasNs3Model()) // null
 */
export function segmentEngineSupport(model: PathServerModel): string | null {
  if (model.tcp === undefined) return 'no TCP path (`tcp`: segment, header, ACK and SYN sizes)';
  const rl = asRateLatency(model.service);
  if (rl === null || rl.latency !== 0) return 'a service curve other than a constant rate';
  if (model.ecn !== undefined) return 'ECN (the segment engine has no marking yet)';
  if (model.qcn !== undefined) return 'a QCN congestion point (the segment engine has no marking yet)';
  if (model.pfc !== undefined) return 'PFC (the segment engine has no PAUSE yet)';
  const shared = sharedHost(model);
  if (shared >= 0) return `hosts[${shared}]: several connections on one host (each TCP sender has its own access link here)`;
  for (let j = 0; j < model.flows.length; j++) {
    const { cca, arrivals } = model.flows[j];
    if (!cca.listens.acks) return `flows[${j}]: a CCA that does not react to each acknowledgement (${cca.name})`;
    for (let i = 0; i < arrivals.t.length; i++) {
      if (arrivals.s[i] > 0 && arrivals.r[i] !== Infinity) return `flows[${j}]: arrivals at a rate (the application's writes must be steps: bursts)`;
      const jump = arrivals.r[i] - arrivals.v[i];
      if (Math.abs(jump - Math.round(jump)) > 1e-6) return `flows[${j}]: a write of ${jump} B at t = ${arrivals.t[i]} s (writes must be whole bytes)`;
    }
  }
  return null;
}

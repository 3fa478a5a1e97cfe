import { asRateLatency } from '@ccalc/curves';
import type { PathServerModel } from '../../model.ts';
import { sharedHost } from '../../ingress-ports.ts';

/**
 * Whether the event engine can run a model, and if not why: null when it can, else a sentence
 * naming what it does not cover yet (the curve engine runs such models). It covers whole packets
 * (`packets`) from sources that send in bursts or packets (step arrivals; continuous sources too in a
 * model the curve engine does not run: whole-packet hosts of several connections, QCN), through a rate server
 * without latency, rate-based CCAs that react to timers,
 * notifications and byte counters (no Go-Back-N timeout, no window), ECN at enqueue or dequeue on
 * packets of the wire size, a QCN congestion point, PFC with either resume rule, and hosts whose connections share a NIC
 * (`FlowSpec.host`).
 * @example eventEngineSupport(ns3IncastModel()) // null
 */
export function eventEngineSupport(model: PathServerModel): string | null {
  if (model.packets === undefined) return 'fluid senders (the event engine covers whole packets so far)';
  const rl = asRateLatency(model.service);
  if (rl === null || rl.latency !== 0) return 'a service curve other than a constant rate';
  if (model.ecn !== undefined && model.ecn.packetSize !== model.packets.size) return `ECN packets of ${model.ecn.packetSize} B on a wire of ${model.packets.size} B packets`;
  // Whole-packet hosts with several connections and QCN: only the event engine runs them (the curve
  // engine refuses; it shares a NIC between fluid senders only).
  const eventsOnly = sharedHost(model) >= 0 || model.qcn !== undefined;
  for (let j = 0; j < model.flows.length; j++) {
    const { cca, arrivals } = model.flows[j];
    // A source that sends continuously, paced under a changing rate: the curve engine's pacing of
    // it depends on where its windows start, so there is no one answer to agree with yet. Where
    // the curve engine cannot run the model at all, the event engine runs it with its own pacing
    // (a packet starts when the fluid admission reaches it, planned from each change on).
    if (!eventsOnly) for (let i = 0; i < arrivals.t.length; i++) if (arrivals.s[i] > 0 && arrivals.r[i] !== Infinity) return `flows[${j}]: arrivals at a rate (a continuous source)`;
    if (cca.listens.timeout !== undefined) return `flows[${j}]: a CCA with a Go-Back-N timeout (${cca.name})`;
    if (cca.listens.flights) return `flows[${j}]: a window-based CCA (${cca.name})`;
    if (cca.limit(cca.initial()).kind !== 'rate') return `flows[${j}]: a window-based CCA (${cca.name})`;
  }
  return null;
}

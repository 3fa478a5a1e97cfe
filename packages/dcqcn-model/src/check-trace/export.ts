import type { EngineResult, PathServerModel } from '@ccalc/cca';
import { PPB, type DcqcnParameters } from './rules.ts';
import { DcqcnTraceWriter, type DcqcnTraceEvent } from './writer.ts';

const ns = (seconds: number): number => Math.round(seconds * 1e9);

/**
 * The parameter blocks of a model's exported DCQCN trace. Both have max_rate_bps = the server's
 * rate, min_rate_bps = a thousandth of it, g = 1/256 and mi_ppb = 50,000 (an additive 5 Mb/s step
 * relative to 100 Gb/s). cnp_interval_ns is the receiver's notification gap for sinks, and
 * `sourceGate` (s; ns-3's Mellanox mode: its 50 µs rate-decrease period) for sources. Only the gaps
 * and the rates come from the model; the rest is the reference reaction point's (see modelDcqcnEvents).
 */
export function exportParameters(model: PathServerModel, sourceGate: number): { sink: DcqcnParameters; source: DcqcnParameters } {
  const maxRate = Math.round(model.service.tailSlope * 8);
  const block = { g: Math.round(PPB / 256), mi: 50_000, minRate: Math.round(maxRate / 1000), maxRate };
  return { sink: { ...block, cnpInterval: ns(model.ecn?.notificationGap ?? 0) }, source: { ...block, cnpInterval: ns(sourceGate) } };
}

/**
 * A run's DCQCN trace in the check-trace format (times rounded to the ns): every notification the
 * receiver sent (cnp_sent, pkt_id = its number within the flow), every one that reached the
 * sender by the horizon (cnp_recv, from the run's "cnp" events) and a timer_tick at each of the
 * sender's timer events (α update, rate increase). Flow j is source endpoint j and sink endpoint `flows + j` (DCQCN
 * paces CNPs per queue pair, so each flow's notification point is its own endpoint).
 *
 * What the trace certifies about the model: the timing — the receiver's notification gap (sink
 * gate) and that every notification the sender reacted to was sent earlier (pairing). The
 * snapshots are the reference reaction point's (integer rules of the format, driven by these
 * events), not the model's own DCQCN variant, whose target rate and stages the format has no
 * columns for. Throws if a "cnp" event has no sent notification arriving at its time.
 * @example new DcqcnTraceWriter(() => p).csv(modelDcqcnEvents(result))
 */
export function modelDcqcnEvents(result: EngineResult): DcqcnTraceEvent[] {
  const n = result.flows.length;
  const events: DcqcnTraceEvent[] = [];
  const order = { cnp_sent: 0, cnp_recv: 1, timer_tick: 2 };
  for (let j = 0; j < n; j++) {
    const sent = result.notifications.filter((x) => x.flow === j);
    sent.forEach((x, k) => events.push({ time: ns(x.sent), event: 'cnp_sent', flow: j, pkt: k, sink: n + j, source: j }));
    const byArrival = sent.map((x, k) => ({ arrives: x.arrives, pkt: k })).sort((a, b) => a.arrives - b.arrives);
    const received = result.events.filter((e) => e.flow === j && e.kind === 'cnp');
    received.forEach((e, k) => {
      const match = byArrival[k];
      if (match === undefined || Math.abs(match.arrives - e.time) > 1e-12) {
        throw new Error(`model trace export: flow ${j}'s notification received at ${e.time} s matches no notification sent (expected one arriving at ${match?.arrives ?? 'none'})`);
      }
      events.push({ time: ns(e.time), event: 'cnp_recv', flow: j, pkt: match.pkt, sink: n + j, source: j });
    });
    for (const e of result.events) if (e.flow === j && (e.kind === 'alpha-update' || e.kind.startsWith('rate-increase'))) events.push({ time: ns(e.time), event: 'timer_tick', flow: j, sink: n + j, source: j });
  }
  return events.sort((a, b) => a.time - b.time || order[a.event] - order[b.event] || a.flow - b.flow || (a.pkt ?? 0) - (b.pkt ?? 0));
}

/** The CSV text of a run's DCQCN trace (modelDcqcnEvents, with exportParameters: sinks are endpoints ≥ the flow count). */
export function modelDcqcnTrace(model: PathServerModel, result: EngineResult, sourceGate: number): string {
  const p = exportParameters(model, sourceGate);
  const flows = result.flows.length;
  return new DcqcnTraceWriter((endpoint) => (endpoint >= flows ? p.sink : p.source)).csv(modelDcqcnEvents(result));
}

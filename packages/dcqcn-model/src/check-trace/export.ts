import type { EngineEvent, EngineResult, PathServerModel, TraceReferenceIntegers } from '@ccalc/cca';
import { PPB, type DcqcnParameters } from './rules.ts';
import { DcqcnTraceWriter, type DcqcnTraceEvent } from './writer.ts';

const ns = (seconds: number): number => Math.round(seconds * 1e9);

/** The integer parameters of a flow's CCA if it is DCQCN's trace-reference variant (dcqcnTraceReference). */
function traceReferenceIntegers(model: PathServerModel, flow: number): TraceReferenceIntegers | undefined {
  const cca = model.flows[flow].cca as { integers?: TraceReferenceIntegers; name: string };
  return cca.name === 'dcqcn-trace-reference' ? cca.integers : undefined;
}

/**
 * Why a model's runs cannot be written as a DCQCN trace (null when they can). The format's
 * snapshots follow its reference reaction point, so every flow must run DCQCN's `trace-reference`
 * variant (not wrapped in a connection per burst, which would start its state afresh), and the
 * model needs ECN for notifications.
 * @example dcqcnTraceProblem(ns3IncastModel({ dcqcn: true, pfc: true, horizon: 1e-3 })) // "its sender 0 runs dcqcn-ns3-mlx"
 */
export function dcqcnTraceProblem(model: PathServerModel): string | null {
  if (model.ecn === undefined) return 'it has no ECN marking';
  const other = model.flows.findIndex((_, j) => traceReferenceIntegers(model, j) === undefined);
  if (other < 0) return null;
  return `its sender ${other} runs ${model.flows[other].cca.name}`;
}

/**
 * The parameter blocks of a model's exported DCQCN trace, per endpoint: flow j is source endpoint j
 * with its CCA's integers (g, mi, min and max rate, the source gate as cnp_interval_ns), and sink
 * endpoint `flows + j` with the same block but for cnp_interval_ns, the receiver's notification gap.
 * Throws if a flow does not run the trace-reference variant (see dcqcnTraceProblem).
 */
export function exportParameters(model: PathServerModel): (endpoint: number) => DcqcnParameters {
  const problem = dcqcnTraceProblem(model);
  if (problem !== null) throw new Error(`model trace export: ${problem}`);
  const n = model.flows.length;
  const sources = model.flows.map((_, j) => traceReferenceIntegers(model, j)!);
  const gap = ns(model.ecn!.notificationGap ?? 0);
  const sinks = sources.map((p) => ({ ...p, cnpInterval: gap }));
  return (endpoint) => (endpoint >= n ? sinks[endpoint - n] : sources[endpoint]);
}

/** A snapshot as the format logs it: the CCA's rate (bytes/s) in whole bit/s, α in ppb. */
const snapshot = (state: Record<string, number>) => ({ rate: Math.round(state.rate * 8), alpha: Math.round(state.alpha * PPB) });

/**
 * A run's DCQCN trace events (times rounded to the ns), with the sender's own state:
 * - every notification the receiver sent (cnp_sent, pkt_id = its number within the flow);
 * - every one that reached the sender by the horizon (cnp_recv), with the rate and α after the
 *   sender's reaction to it (a cut, or nothing inside the source gate);
 * - each tick of the sender's timer (timer_tick), with the state after it.
 * Flow j is source endpoint j and sink endpoint `flows + j` (DCQCN paces CNPs per queue pair, so
 * each flow's notification point is its own endpoint). At one nanosecond a flow's rows keep the
 * order in which the sender applied them. Throws if a received notification matches none sent.
 * @example new DcqcnTraceWriter(exportParameters(model)).csv(modelDcqcnEvents(result))
 */
export function modelDcqcnEvents(result: EngineResult): DcqcnTraceEvent[] {
  const n = result.flows.length;
  const rows: { event: DcqcnTraceEvent; order: number }[] = [];
  const perFlow: EngineEvent[][] = Array.from({ length: n }, () => []);
  for (const e of result.events) perFlow[e.flow]?.push(e);
  for (let j = 0; j < n; j++) {
    const sent = result.notifications.filter((x) => x.flow === j);
    sent.forEach((x, k) => rows.push({ event: { time: ns(x.sent), event: 'cnp_sent', flow: j, pkt: k, sink: n + j, source: j }, order: -1 }));
    const byArrival = sent.map((x, k) => ({ arrives: x.arrives, pkt: k })).sort((a, b) => a.arrives - b.arrives);
    const events = perFlow[j];
    let received = 0;
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      if (e.kind === 'cnp') {
        const match = byArrival[received++];
        if (match === undefined || Math.abs(match.arrives - e.time) > 1e-12) {
          throw new Error(`model trace export: flow ${j}'s notification received at ${e.time} s matches no notification sent (expected one arriving at ${match?.arrives ?? 'none'})`);
        }
        const reaction = events[i + 1]; // the sender's reaction is logged right after the CNP
        rows.push({ event: { time: ns(e.time), event: 'cnp_recv', flow: j, pkt: match.pkt, sink: n + j, source: j, state: snapshot(reaction.after) }, order: rows.length });
      } else if (e.kind === 'timer-tick') rows.push({ event: { time: ns(e.time), event: 'timer_tick', flow: j, sink: n + j, source: j, state: snapshot(e.after) }, order: rows.length });
    }
  }
  return rows.sort((a, b) => a.event.time - b.event.time || a.order - b.order).map((r) => r.event);
}

/** The CSV text of a run's DCQCN trace (modelDcqcnEvents with exportParameters). */
export function modelDcqcnTrace(model: PathServerModel, result: EngineResult): string {
  return new DcqcnTraceWriter(exportParameters(model)).csv(modelDcqcnEvents(result));
}

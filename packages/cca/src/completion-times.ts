import { firstTimeAbove } from '@ccalc/curves';
import type { EngineResult } from './results.ts';
import type { PathServerModel } from './model.ts';
import { connectionOpenings } from './ccas/new-connections.ts';
import { transmittedCrossing } from './packet-record.ts';

const completions = new WeakMap<EngineResult, readonly (number | null)[]>();

/**
 * When each flow completed: the first instant its departures D_j reach the flow's total arrivals
 * (its last byte has left the server, exactly, within 10⁻⁶ B), or null if it had not by the horizon
 * or its arrivals never end (s). Computed once per result.
 * @example flowCompletionTimes(runEvents(ns3IncastModel({ senders: 2, burst: 10_480 })))[0] // ≈ 1.9e-6
 */
export function flowCompletionTimes(result: EngineResult): readonly (number | null)[] {
  let times = completions.get(result);
  if (times === undefined) {
    times = result.flows.map((f, j) => {
      const total = f.arrivals.at(Infinity);
      if (!Number.isFinite(total)) return null;
      const t = deliveredCrossing(result, j, total - 1e-6);
      return Number.isFinite(t) ? t : null;
    });
    completions.set(result, times);
  }
  return times;
}

/**
 * When each connection of each flow completed (s; null if not by the horizon): a flow that opens
 * new connections (`newConnectionsAt`, e.g. a connection per burst) carries connection k's bytes
 * from A_j at its opening to A_j at the next opening (the last to the flow's total), in order, so
 * connection k completes when D_j first reaches the bytes that arrived before connection k + 1
 * opened. A flow with one connection has one entry, its completion time.
 * @example connectionCompletionTimes(result, model)[0] // [t₀, t₁, …] for sender 0's connections
 */
export function connectionCompletionTimes(result: EngineResult, model: PathServerModel): (number | null)[][] {
  return result.flows.map((f, j) => {
    const ends = connectionOpenings(model.flows[j].cca).map((t) => f.arrivals.at(t));
    ends.push(f.arrivals.at(Infinity));
    return ends.map((level) => {
      if (!Number.isFinite(level)) return null;
      const t = deliveredCrossing(result, j, level - 1e-6);
      return Number.isFinite(t) ? t : null;
    });
  });
}

/**
 * The first instant in [0, horizon] at which flow j's delivered bytes D_j exceed `level` (s; +∞ if
 * none): on the curve, or from the transmissions the result's packets record (the same instant,
 * without building the curve).
 */
function deliveredCrossing(result: EngineResult, j: number, level: number): number {
  const p = result.packets;
  if (p !== undefined) return transmittedCrossing(p.flowStarts(j), p.size, p.transmission, level, result.horizon);
  return firstTimeAbove(result.flows[j].delivered, 0, result.horizon, level);
}

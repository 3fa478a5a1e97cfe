import { firstTimeAbove } from '@ccalc/curves';
import type { EngineResult } from './results.ts';

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
    times = result.flows.map((f) => {
      const total = f.arrivals.at(Infinity);
      if (!Number.isFinite(total)) return null;
      const t = firstTimeAbove(f.delivered, 0, result.horizon, total - 1e-6);
      return Number.isFinite(t) ? t : null;
    });
    completions.set(result, times);
  }
  return times;
}

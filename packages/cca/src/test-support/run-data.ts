import type { Curve } from '@ccalc/curves';
import type { EngineResult } from '../results.ts';

/**
 * Everything a run computes, as plain data for an exact comparison of two runs: the events with
 * their states in the log's order, the notifications, every flow's curves and state series.
 * @example expect(everything(runEvents(m, a))).toEqual(everything(runEvents(m, b)))
 */
export function everything(r: EngineResult): Record<string, unknown> {
  const curve = (c: Curve) => [c.t, c.v, c.r, c.s];
  return {
    horizon: r.horizon,
    events: r.events.map((e) => [e.time, e.flow, e.kind, e.after]),
    notifications: r.notifications,
    flows: r.flows.map((f) => [curve(f.sent), curve(f.delivered), curve(f.admitted), f.state]),
    backlog: curve(r.backlog),
    departures: curve(r.departures),
  };
}

/**
 * {@link everything}, with each flow's events in its order instead of the log's (how flows'
 * events interleave at one instant is no result).
 * @example expect(perFlow(runEvents(m))).toEqual(perFlow(runEvents(eager(m))))
 */
export function perFlow(r: EngineResult): Record<string, unknown> {
  const flows = r.flows.map(() => [] as unknown[]);
  for (const e of r.events) flows[e.flow].push([e.time, e.kind, e.after]);
  return { ...everything(r), events: flows };
}

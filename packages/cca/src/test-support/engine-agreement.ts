import type { Curve } from '@ccalc/curves';
import type { EngineEvent, EngineResult } from '../results.ts';

/** How far two runs of one model are apart (see {@link engineAgreement}). */
export interface EngineAgreement {
  /** Events whose kind or flow differ at the same position of a flow's log (first few described). */
  mismatches: string[];
  /** Events per engine. */
  events: [number, number];
  /** Largest difference between the instants of matching events (s). */
  worstEventTime: number;
  /** Notifications (mark, sent, arrival) that differ, and the largest time difference among the others (s). */
  notificationMismatches: number;
  worstNotificationTime: number;
  /** Largest difference of the backlog, value and right limit, at every breakpoint of either (bytes). */
  worstBacklog: number;
}

/**
 * Whether two runs agree (see {@link engineAgreement}): the same events and notifications, their
 * instants within the curves' tolerance (1e-12 s), and the backlog within `backlogBound` bytes at
 * every breakpoint. The scripts that compare the engines on many models judge each by it.
 * @example agrees(engineAgreement(runEvents(m), runPathServer(m)), 0.0125)
 */
export function agrees(a: EngineAgreement, backlogBound: number): boolean {
  return a.mismatches.length === 0 && a.notificationMismatches === 0 && a.worstEventTime <= 1e-12 && a.worstNotificationTime <= 1e-12 && a.worstBacklog <= backlogBound;
}

/**
 * Compares two runs of one model event for event (per flow, in each flow's order: kind and
 * instant), notification for notification, and the backlog at every breakpoint of either run.
 * Used to hold the event engine to the curve engine.
 * @example engineAgreement(runEvents(m), runPathServer(m)).worstEventTime < 1e-12
 */
export function engineAgreement(a: EngineResult, b: EngineResult): EngineAgreement {
  const mismatches: string[] = [];
  let worstEventTime = 0;
  const perFlow = (r: EngineResult): EngineEvent[][] => {
    const out: EngineEvent[][] = r.flows.map(() => []);
    for (const e of r.events) out[e.flow].push(e);
    return out;
  };
  const A = perFlow(a);
  const B = perFlow(b);
  A.forEach((ea, j) => {
    const eb = B[j];
    for (let k = 0; k < Math.max(ea.length, eb.length); k++) {
      const x = ea[k];
      const y = eb[k];
      if (x === undefined || y === undefined || x.kind !== y.kind) {
        mismatches.push(`flow ${j}, event ${k}: ${x === undefined ? 'none' : `${x.kind} at ${x.time}`} against ${y === undefined ? 'none' : `${y.kind} at ${y.time}`}`);
        break;
      }
      worstEventTime = Math.max(worstEventTime, Math.abs(x.time - y.time));
    }
  });
  const order = (r: EngineResult) => [...r.notifications].sort((x, y) => x.flow - y.flow || x.marked - y.marked);
  const na = order(a);
  const nb = order(b);
  let notificationMismatches = Math.abs(na.length - nb.length);
  let worstNotificationTime = 0;
  for (let k = 0; k < Math.min(na.length, nb.length); k++) {
    if (na[k].flow !== nb[k].flow) notificationMismatches += 1;
    else worstNotificationTime = Math.max(worstNotificationTime, Math.abs(na[k].marked - nb[k].marked), Math.abs(na[k].sent - nb[k].sent), Math.abs(na[k].arrives - nb[k].arrives));
  }
  return { mismatches, events: [a.events.length, b.events.length], worstEventTime, notificationMismatches, worstNotificationTime, worstBacklog: worstDifference(a.backlog, b.backlog) };
}

/** The largest |f − g| over the values and right limits at every breakpoint of either curve. */
function worstDifference(f: Curve, g: Curve): number {
  let worst = 0;
  for (const c of [f, g]) {
    for (let i = 0; i < c.t.length; i++) {
      const t = c.t[i];
      worst = Math.max(worst, Math.abs(f.at(t) - g.at(t)), Math.abs(f.rightLimit(t) - g.rightLimit(t)));
    }
  }
  return worst;
}

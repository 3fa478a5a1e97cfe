import { describe, expect, it } from 'vitest';
import { ns3IncastModel, runEvents, runPathServer } from '@ccalc/cca';
import { engineAgreement } from '../packages/cca/src/test-support/engine-agreement.ts';

/** The incast's link rate (B/s): 100 Gb/s. */
const LINK_RATE = 12.5e9;

// The simulator's incast runs to the end (31 ms), seeded random marks (seed 1): the event engine
// gives the curve engine's every event (kind, sender, instant) and notification, and the same
// backlog at every breakpoint of either run. Measured: instants within 1.1e-16 s (A2, A3; 7e-18 s
// A1), backlog within 0.0121 B (A2, A3) and 1.2e-7 B (A1). The event counts are the model's at
// 31 ms (the same in both engines). The bounds: 1e-12 s, the curves' tolerance (two instants
// closer than that are one instant), and the backlog's change over that time at the link rate,
// C · 1e-12 s = 0.0125 B (a breakpoint of the departures placed within the tolerance). The counts
// include each sender's closing (its last byte acknowledged) and none of its timers after it.
describe.each([
  ['A1 (PFC only)', { dcqcn: false, pfc: true }, 11_005],
  ['A2 (DCQCN + PFC)', { dcqcn: true, pfc: true }, 121_270],
  ['A3 (DCQCN, no PFC)', { dcqcn: true, pfc: false }, 142_275],
] as const)('%s, whole run: event engine = curve engine', (_, options, events) => {
  it('every event, notification and backlog breakpoint', () => {
    const model = ns3IncastModel({ ...options, horizon: 31e-3 });
    const a = engineAgreement(runEvents(model), runPathServer(model));
    expect(a.events).toEqual([events, events]);
    expect(a.mismatches).toEqual([]);
    expect(a.notificationMismatches).toBe(0);
    expect(a.worstEventTime).toBeLessThanOrEqual(1e-12);
    expect(a.worstNotificationTime).toBeLessThanOrEqual(1e-12);
    expect(a.worstBacklog).toBeLessThanOrEqual(LINK_RATE * 1e-12);
  });
});

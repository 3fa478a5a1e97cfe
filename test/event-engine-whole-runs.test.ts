import { describe, expect, it } from 'vitest';
import { step } from '@ccalc/curves';
import { ns3IncastModel, ns3IncastDelays, runEvents, runPathServer } from '@ccalc/cca';
import { engineAgreement } from '../packages/cca/src/test-support/engine-agreement.ts';

/** The incast's link rate (B/s): 100 Gb/s. */
const LINK_RATE = 12.5e9;

// The simulator's incast runs to the end (31 ms), seeded random marks (seed 1): the event engine
// gives the curve engine's every event (kind, sender, instant) and notification, and the same
// backlog at every breakpoint of either run. Measured: instants within 2.1e-16 s (A2; A3 1.4e-16 s,
// A1 7e-18 s), backlog within 2.8e-6 B (A2, A3; 0.0121 B before DCQCN's timers were on the 1 ps
// grid) and 1.2e-7 B (A1). The event counts are the model's at
// 31 ms (the same in both engines). The bounds: 1e-12 s, the curves' tolerance (two instants
// closer than that are one instant), and the backlog's change over that time at the link rate,
// C · 1e-12 s = 0.0125 B (a breakpoint of the departures placed within the tolerance). The counts
// include each sender's closing (its last byte acknowledged) and none of its timers after it.
describe.each([
  ['A1 (PFC only)', { dcqcn: false, pfc: true }, 11_005],
  ['A2 (DCQCN + PFC)', { dcqcn: true, pfc: true }, 120_555],
  ['A3 (DCQCN, no PFC)', { dcqcn: true, pfc: false }, 140_705],
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

// A run the simulator's traces do not cover: 16 senders × 2 MB starting 7 µs apart, RED from 20 to
// 400 kB at up to 5 %, X_off 500 kB, to 2 ms. Each sender's first CNP comes at its own instant, so
// its DCQCN timers meet (the 11th decrease check and the 10th α update, 550 µs after it) at
// instants that float sums place a few ulps apart: before the timers were kept on the 1 ps grid
// the engines, whose first CNPs differ by an ulp, ran them in different orders (sender 13 at
// 1075.656 µs: a cut with the α before its update against after), and their runs parted there.
// Measured: 31,485 events in each, instants within 3.3e-19 s, backlog within 1.5e-7 B.
describe('16 senders starting 7 µs apart, other thresholds, to 2 ms: event engine = curve engine', () => {
  it('every event, notification and backlog breakpoint', () => {
    const base = ns3IncastModel({ senders: 16, burst: 2e6, horizon: 2e-3 });
    const model = {
      ...base,
      flows: base.flows.map((f, j) => ({ ...f, arrivals: step(2e6, ns3IncastDelays.toIngress + 7e-6 * j) })),
      ecn: { ...base.ecn!, kMin: 20e3, kMax: 400e3, pMax: 0.05 },
      pfc: { xOff: 500e3, xOn: 480e3, resume: 'threshold' as const },
    };
    const a = engineAgreement(runEvents(model), runPathServer(model));
    expect(a.events[0]).toBe(a.events[1]);
    expect(a.mismatches).toEqual([]);
    expect(a.notificationMismatches).toBe(0);
    expect(a.worstEventTime).toBeLessThanOrEqual(1e-12);
    expect(a.worstNotificationTime).toBeLessThanOrEqual(1e-12);
    expect(a.worstBacklog).toBeLessThanOrEqual(LINK_RATE * 1e-12);
  });
});

import { describe, expect, it } from 'vitest';
import { step } from '@ccalc/curves';
import { ns3IncastModel, ns3IncastDelays, runEvents, runPathServer, type PathServerModel } from '@ccalc/cca';
import { readFileSync } from 'node:fs';
import { prepareScenario } from '../packages/dcqcn-model/src/scenario/scenario.ts';
import { incastVariant } from '../packages/dcqcn-model/src/test-support/incast-variants.ts';
import { engineAgreement } from '../packages/cca/src/test-support/engine-agreement.ts';

/** The incast's link rate (B/s): 100 Gb/s. */
const LINK_RATE = 12.5e9;

/**
 * Runs both engines on `model` and checks that they agree on every event (kind, sender, instant
 * within the curves' tolerance, 1e-12 s), every notification, and the backlog at every breakpoint
 * of either run (within the link rate times that tolerance, 0.0125 B). Returns each engine's count
 * of events.
 */
function expectSameRun(model: PathServerModel): [number, number] {
  const a = engineAgreement(runEvents(model), runPathServer(model));
  expect(a.mismatches).toEqual([]);
  expect(a.notificationMismatches).toBe(0);
  expect(a.worstEventTime).toBeLessThanOrEqual(1e-12);
  expect(a.worstNotificationTime).toBeLessThanOrEqual(1e-12);
  expect(a.worstBacklog).toBeLessThanOrEqual(LINK_RATE * 1e-12);
  return a.events;
}

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
    expect(expectSameRun(model)).toEqual([events, events]);
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
    const [events, also] = expectSameRun(model);
    expect(events).toBe(also);
  });
});

// A sample of scripts/variant-agreement.ts: random variants of the simulator's incast written as
// scenario files (other sender counts, sizes and starts, DCQCN variants and periods, RED,
// notification gaps, PFC thresholds and rules). The first 15 agree (measured: instants within
// 8.0e-17 s, backlog within 2.8e-8 B), and 16 below; so do all of the first 600 now. The others
// each disagreed before a fix:
// - 58 (nic's α and no-CNP timers meeting) and 263 (nic's merge period met exactly), before their
//   timers were kept on the picosecond;
// - 16 and 555 (a zhu2015 sender at 99.999 % of the line rate, its packets a fraction of a
//   picosecond apart), by up to 0.18 B of backlog, before runs of transmissions were read from
//   their anchors (measured since: 0.0107 and 0.0110 B, the curve engine's own steps, below the
//   bound of 1 ps at the line rate);
// - 33, 56, 103, 312, 558 and 590 (a CNP meant for the instant of an ns3-mlx or zhu2015 timer,
//   ordered by the floats' rounding), before notifications to such CCAs arrived on their grid;
// - 541 (a packet that starts as a window starts, whose mark at dequeue the curve engine dropped)
//   and 591 (a backlog of exactly K_min = 50 packets at a dequeue, a draw or none by the curves'
//   rounding), before the curve engine's ECN marker took both as the event engine does.
describe('random variants of the simulator\'s incast: event engine = curve engine', () => {
  const base = JSON.parse(readFileSync(new URL('../scenarios/ns3-31-dcqcn.json', import.meta.url), 'utf8'));
  it.each([...Array.from({ length: 16 }, (_, k) => k + 1), 33, 56, 58, 103, 263, 312, 541, 555, 558, 590, 591])('variant %i: every event, notification and backlog breakpoint', async (seed) => {
    const { json, horizon } = incastVariant(base, seed);
    const model = (await prepareScenario(json, String(json.name), 'scenarios')).model(horizon);
    const [events, also] = expectSameRun(model);
    expect(events).toBe(also);
  });
});

import { describe, expect, it } from 'vitest';
import { rate, step } from '@ccalc/curves';
import type { PathServerModel } from './model.ts';
import { runPathServer } from './engine.ts';
import { runEvents } from './engines/events/run-events.ts';
import { dcqcn } from './ccas/dcqcn/index.ts';

// Two senders at line rate C start together: at each k·T (T = I/C) a packet of each arrives (port 0
// first), and the server, busy from 0 on, starts its n-th packet (n = 0, 1, …) at n·T. Arrivals at
// that instant count first, so when the n-th packet starts, 2(n + 1) have arrived and n + 1 have
// started: n + 1 are left behind (the packet being sent is not in the queue, as the traces count
// the switch backlog). Marked at dequeue with a threshold K_max = 2.5 packets (so at 3 or more;
// half a packet away from the tie, where the curve engine's fluid departures may round either
// way), the first packet marked is the third (n = 2, at 2T, sender 0's second packet); a marker
// that counted the departing packet too would mark the second (n = 1, at T, sender 1).
const C = 1e9;
const I = 1000;
const T = I / C;
const mlx = dcqcn('ns3-mlx', { lineRate: C, minRate: C / 100, g: 1 / 256, decreasePeriod: 50e-6, alphaPeriod: 55e-6, increasePeriod: 55e-6, fastRecoverySteps: 5, additiveIncrease: C / 1000, hyperIncrease: C / 100, clampTargetRate: true });
const model = (at: 'enqueue' | 'dequeue', kMax: number): PathServerModel => ({
  service: rate(C),
  flows: [0, 1].map(() => ({ arrivals: step(10 * I, 0), cca: mlx, notificationDelay: 1e-6 })),
  horizon: 40e-6,
  feedbackDelay: 5e-6,
  ecn: { kMax, packetSize: I, at, random: 'expected' },
  packets: { size: I },
});

describe.each([
  ['curve engine', runPathServer],
  ['event engine', runEvents],
] as const)('which backlog a marked packet sees (%s)', (_, run) => {
  it('at dequeue: the packets left behind, arrivals at that instant included, itself not', () => {
    const r = run(model('dequeue', 2.5 * I));
    expect(r.notifications[0]).toMatchObject({ flow: 0, marked: 2 * T });
    // From then on every packet leaves at least 3 behind while both still send (to 9T), then the
    // queue drains: left behind at n·T is 19 − n from n = 9 on, so marks stop after n = 16.
    expect(r.notifications.map((x) => Math.round(x.marked / T))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
  });

  it('at enqueue: the bytes that arrived before its instant less the fluid departures', () => {
    // Just before k·T, 2k packets have arrived and k have left: k packets queued (k·I bytes),
    // whichever of the two arrives first. With K_max = 2.5 packets both packets at 3T are marked.
    const r = run(model('enqueue', 2.5 * I));
    const marked = r.notifications.map((x) => [x.flow, Math.round(x.marked / T)]);
    expect(marked.slice(0, 4)).toEqual([[0, 3], [1, 3], [0, 4], [1, 4]]);
  });
});

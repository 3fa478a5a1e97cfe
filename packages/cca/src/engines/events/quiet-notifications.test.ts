import { describe, expect, it } from 'vitest';
import { runEvents } from './run-events.ts';
import { ns3IncastModel } from '../../examples.ts';
import { randomPacketModel } from '../../test-support/random-models.ts';
import { everything, perFlow } from '../../test-support/run-data.ts';
import { eventEngineSupport } from './support.ts';
import type { PathServerModel } from '../../model.ts';
import { dcqcnNs3Mlx, type Ns3MlxState } from '../../ccas/dcqcn/ns3-mlx.ts';
import type { CongestionControl, SignalView } from '../../cca.ts';

/** The model with every notification an event: quietNotification removed. */
function eager(model: PathServerModel): PathServerModel {
  return { ...model, flows: model.flows.map((f) => ({ ...f, cca: { ...f.cca, quietNotification: undefined } })) };
}

/** The model with its CCAs counting the notifications they call quiet (each is asked again when logged). */
function counting(model: PathServerModel): { model: PathServerModel; quiet: () => number } {
  let quiet = 0;
  const flows = model.flows.map((f) => {
    const ask = f.cca.quietNotification;
    if (ask === undefined) return f;
    return { ...f, cca: { ...f.cca, quietNotification: (s: unknown, now: number) => { const kind = ask.call(f.cca, s, now); if (kind !== null) quiet += 1; return kind; } } };
  });
  return { model: { ...model, flows }, quiet: () => quiet };
}

// Quiet notifications (CongestionControl.quietNotification: ns3-mlx's CNPs that find both flags
// set) are no events: they are logged when the sender next reacts. The log must be the one of
// handling each as an event, row for row and in the same order, and every curve the same.
describe('quiet notifications logged late give the results of handling each as an event', () => {
  it('on the incast with DCQCN and PFC (31 senders, 3 ms), with most notifications quiet', () => {
    const { model, quiet } = counting(ns3IncastModel({ dcqcn: true, pfc: true, horizon: 3e-3 }));
    const lazy = runEvents(model);
    expect(everything(lazy)).toEqual(everything(runEvents(eager(model))));
    // Each quiet notification is asked about when it comes (or is promoted) and when logged.
    const notified = lazy.events.filter((e) => e.kind === 'cnp').length;
    expect(quiet() / 2).toBeGreaterThan(notified / 2);
  });

  it('on the incast without PFC (8 senders × 1,000 packets) to completion', () => {
    const model = ns3IncastModel({ senders: 8, burst: 1000 * 1000, dcqcn: true, pfc: false, horizon: 1 });
    expect(everything(runEvents(model, { untilComplete: true }))).toEqual(everything(runEvents(eager(model), { untilComplete: true })));
  });

  it('on the random models whose senders run ns3-mlx (ECN at enqueue or dequeue, PFC, new connections, gaps)', () => {
    let models = 0;
    for (let seed = 1; seed <= 400 && models < 40; seed++) {
      const model = randomPacketModel(seed);
      if (eventEngineSupport(model) !== null || model.flows.every((f) => f.cca.quietNotification === undefined)) continue;
      models += 1;
      expect(everything(runEvents(model)), `seed ${seed}`).toEqual(everything(runEvents(eager(model))));
    }
    expect(models).toBeGreaterThan(10);
  });
});

/**
 * A test CCA whose notifications are quiet or not by a flag its byte counter flips every 3 packets
 * (each flip a state): a notification found quiet when it is sent may find the flag flipped when
 * it arrives. Then it cuts the rate by a tenth.
 */
function flipping(lineRate: number, packet: number): CongestionControl<{ rate: number; armed: boolean; target: number }> {
  return {
    name: 'flipping',
    listens: { notifications: true, bytes: true },
    initial: () => ({ rate: lineRate, armed: false, target: 3 * packet }),
    limit: (s) => ({ kind: 'rate', rate: s.rate }),
    nextTimer: () => Infinity,
    onTimer: (s) => ({ state: s, shift: 'none', kind: 'none' }),
    byteTarget: (s) => s.target,
    onBytes: (s) => ({ state: { ...s, armed: !s.armed, target: s.target + 3 * packet }, shift: 'none', kind: 'flip' }),
    quietNotification: (s) => (s.armed ? null : 'cnp-ignored'),
    onNotification: (s) => (s.armed ? { state: { ...s, rate: 0.9 * s.rate }, shift: 'admitted', kind: 'rate-cut' } : { state: s, shift: 'none', kind: 'cnp-ignored' }),
    describe: (s) => ({ rate: s.rate, armed: s.armed ? 1 : 0 }),
  };
}

describe('a quiet notification at the instant of a PFC frame', () => {
  it('is logged after the frame, as handling it as an event would', () => {
    // ECN at enqueue marking every packet, and PAUSE frames as late as notifications: the packet
    // that passes X_off is marked, so its CNP reaches the sender at the PAUSE's instant (14 times
    // for the same flow in this run), mostly finding both flags set already (quiet).
    const base = ns3IncastModel({ senders: 8, burst: 300 * 1048, dcqcn: true, pfc: true, horizon: 1 });
    const model = { ...base, ecn: { ...base.ecn!, at: 'enqueue' as const, kMin: 0, kMax: 1048 }, pfc: { ...base.pfc!, xOff: 20 * 1048, xOn: 10 * 1048 }, flows: base.flows.map((f) => ({ ...f, pauseDelay: f.notificationDelay })) };
    const lazy = runEvents(model, { untilComplete: true });
    const ties = lazy.events.filter((e, k) => e.kind === 'cnp' && lazy.events.some((f, q) => Math.abs(q - k) < 4 && f.flow === e.flow && f.time === e.time && f.kind.startsWith('pfc-'))).length;
    expect(ties).toBeGreaterThanOrEqual(14);
    expect(perFlow(lazy)).toEqual(perFlow(runEvents(eager(model), { untilComplete: true })));
  });
});

describe('a quiet notification whose state changes before it arrives', () => {
  it('is an event again: the same results as handling every notification as one', () => {
    const base = ns3IncastModel({ senders: 4, burst: 200 * 1000, dcqcn: true, pfc: true, horizon: 1 });
    const model = { ...base, flows: base.flows.map((f) => ({ ...f, cca: flipping(12.5e9, base.packets!.size) as CongestionControl<unknown> })) };
    const lazy = runEvents(model, { untilComplete: true });
    expect(lazy.events.filter((e) => e.kind === 'rate-cut').length).toBeGreaterThan(10);
    expect(lazy.events.filter((e) => e.kind === 'cnp-ignored').length).toBeGreaterThan(10);
    expect(everything(lazy)).toEqual(everything(runEvents(eager(model), { untilComplete: true })));
  });
});

describe("ns3-mlx's quiet notifications", () => {
  const cca = dcqcnNs3Mlx({ lineRate: 12.5e9, minRate: 12.5e6, g: 1 / 256, decreasePeriod: 50e-6, alphaPeriod: 55e-6, increasePeriod: 55e-6, fastRecoverySteps: 5, additiveIncrease: 625e3, hyperIncrease: 6.25e6, clampTargetRate: true });
  const signals = { now: 1e-3 } as SignalView;
  it('are exactly the notifications whose reaction returns the state itself, with its kind', () => {
    for (const started of [false, true]) {
      for (const cnpSinceDecrease of [false, true]) {
        for (const cnpSinceAlpha of [false, true]) {
          const s: Ns3MlxState = { ...cca.initial(), started, cnpSinceDecrease, cnpSinceAlpha, nextDecrease: 2e-3, nextAlpha: 2e-3 };
          const reaction = cca.onNotification!(s, signals);
          const quiet = cca.quietNotification!(s, signals.now);
          expect(quiet !== null, JSON.stringify({ started, cnpSinceDecrease, cnpSinceAlpha })).toBe(reaction.state === s);
          if (quiet !== null) expect(quiet).toBe(reaction.kind);
        }
      }
    }
  });
});

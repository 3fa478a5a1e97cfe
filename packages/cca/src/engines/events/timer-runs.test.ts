import { describe, expect, it } from 'vitest';
import { runEvents } from './run-events.ts';
import { EventLog } from './event-log.ts';
import { ns3IncastModel } from '../../examples.ts';
import { randomPacketModel } from '../../test-support/random-models.ts';
import { everything, perFlow } from '../../test-support/run-data.ts';
import { eventEngineSupport } from './support.ts';
import type { PathServerModel } from '../../model.ts';
import { rate, step } from '@ccalc/curves';
import { aimdRate } from '../../ccas/aimd-rate.ts';
import { type CongestionControl, timerDue } from '../../cca.ts';
import { tableFigures } from '../../event-figures.ts';

/** The model with no CCA able to run its timers as a stretch (advanceTimers removed): every timer one reaction, each an event unless quiet. */
function eager(model: PathServerModel): PathServerModel {
  return { ...model, flows: model.flows.map((f) => ({ ...f, cca: { ...f.cca, advanceTimers: undefined } })) };
}

/** The model with CCAs whose notifications do not replay (replayableNotifications removed): each an event or quiet, never held in a run. */
function perEvent(model: PathServerModel): PathServerModel {
  return { ...model, flows: model.flows.map((f) => ({ ...f, cca: { ...f.cca, replayableNotifications: undefined } })) };
}

/** The model with CCAs that catch up a rate-blind sender's notifications one by one (catchUpNotifications removed): advanceTimers, then onNotification, for each. */
function noteByNote(model: PathServerModel): PathServerModel {
  return { ...model, flows: model.flows.map((f) => ({ ...f, cca: { ...f.cca, catchUpNotifications: undefined } })) };
}

/** The model with CCAs that do not pack their states (packing removed): runs keep their start states as objects, and start later in a stretch. */
function unpacked(model: PathServerModel): PathServerModel {
  return { ...model, flows: model.flows.map((f) => ({ ...f, cca: { ...f.cca, packing: undefined } })) };
}

// Timer runs (CongestionControl.advanceTimers): a stretch of timers that nothing reads in between
// (the quiet ones; all of a PFC-paused sender's, rate increases and cuts included) runs in one
// call at the sender's next reaction and is logged as one row, replayed by onTimer when the log
// is read. Every event, in the log's order, every state, curve and notification must be the ones
// of running each timer as a reaction of its own.
describe('timers run as stretches give the results of running each as a reaction', () => {
  it('on the incast with DCQCN and PFC (2,000 senders × 1 MB, 1 ms): paused senders run their increases and cuts as runs', () => {
    const model = ns3IncastModel({ senders: 2000, burst: 1e6, dcqcn: true, pfc: true, horizon: 1e-3 });
    const lazy = runEvents(model);
    expect(everything(lazy)).toEqual(everything(runEvents(eager(model))));
    // 89,016 of its 116,746 events with ns3-mlx's states packed, every stretch a run; 4,000 when
    // its start states were kept as objects, from a stretch's 9th timer (52,573 from the 4th).
    expect(lazy.stats.timerRuns).toBeGreaterThanOrEqual(89_000);
    expect(lazy.stats.events).toBe(lazy.events.length);
    expect(lazy.events.filter((e) => e.kind.startsWith('rate-increase')).length).toBeGreaterThan(10_000);
  });

  it('on rate AIMD senders that PFC pauses for long (no ECN): the timers of a pause, and of a sender that only has timers, as runs', () => {
    // 4 senders of 200 packets from 100 MB/s up, into 100 MB/s; X_off 10 packets, X_on 2.
    const model: PathServerModel = {
      service: rate(1e8),
      flows: [0, 1, 2, 3].map((j) => ({ arrivals: step(200_000, j * 1e-6), cca: aimdRate({ initialRate: 1e8, increase: 1e6, decrease: 0.5, increaseInterval: 10e-6, maxRate: 1e9 }), pauseDelay: 1e-6 })),
      horizon: 0.02,
      feedbackDelay: 2e-6,
      pfc: { xOff: 10_000, xOn: 2000 },
      packets: { size: 1000 },
    };
    expect(eventEngineSupport(model)).toBeNull();
    const lazy = runEvents(model);
    // Each flow's rows as running every timer as a reaction gives them; rows of several flows at
    // one instant may come in another order (the log reads in time order, ties as logged).
    expect(perFlow(lazy)).toEqual(perFlow(runEvents(eager(model))));
    const times = lazy.events.map((e) => e.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // 2,226 of its 3,298 events when this test was written, over 74 pauses.
    expect(lazy.stats.timerRuns).toBeGreaterThanOrEqual(2226);
    expect(lazy.events.filter((e) => e.kind === 'pfc-pause').length).toBe(74);
    // The same with the start states kept as objects.
    const objects = runEvents(unpacked(model));
    expect(perFlow(objects)).toEqual(perFlow(lazy));
    expect(objects.stats.timerRuns).toBeGreaterThan(0);
  });

  it('on the incast with DCQCN and PFC (8 senders × 1,000 packets) to completion', () => {
    const model = ns3IncastModel({ senders: 8, burst: 1000 * 1000, dcqcn: true, pfc: true, horizon: 1 });
    const lazy = runEvents(model, { untilComplete: true });
    expect(everything(lazy)).toEqual(everything(runEvents(eager(model), { untilComplete: true })));
    expect(lazy.stats.timerRuns).toBeGreaterThan(0);
    // The notifications that reach a paused sender, or one that has sent everything, held in runs.
    expect(lazy.stats.runNotifications).toBe(6222);
  });

  it('on senders that have sent everything while their last packets wait in a long queue (64 × 200 packets, DCQCN without PFC, to completion)', () => {
    // Every sender puts its 200 packets on the wire within 17 µs; the queue of 12,800 takes 1.07 ms
    // to drain, and a sender closes only when its last packet is acknowledged. In between its plan
    // admits nothing whatever its rate, so all its timers, rate increases and cuts included, run
    // as runs: 2,496 of the 27,773 events, against 1,280 when only paused senders were rate-blind.
    const model = ns3IncastModel({ senders: 64, burst: 200 * 1048, dcqcn: true, pfc: false, horizon: 1 });
    const lazy = runEvents(model, { untilComplete: true });
    expect(everything(lazy)).toEqual(everything(runEvents(eager(model), { untilComplete: true })));
    expect(lazy.stats.events).toBe(27_773);
    expect(lazy.stats.timerRuns).toBeGreaterThanOrEqual(2496);
    // Their 11,966 notifications too: no events, run with the timers at the next reaction.
    expect(lazy.stats.runNotifications).toBe(11_966);
    // A CCA whose notifications do not replay: each an event, the same results.
    const events = runEvents(perEvent(model), { untilComplete: true });
    expect(events.stats.runNotifications).toBe(0);
    expect(everything(events)).toEqual(everything(lazy));
    // Caught up one by one instead of in one call of the CCA: the same results, and the same
    // figures for summaries, which count a run's notifications through that call too.
    const single = runEvents(noteByNote(model), { untilComplete: true });
    expect(single.stats.runNotifications).toBe(11_966);
    expect(everything(single)).toEqual(everything(lazy));
    expect(single.eventFigures!()).toEqual(lazy.eventFigures!());
    expect(lazy.eventFigures!()).toEqual(tableFigures(lazy.eventTable!));
  });

  it('on a notification that reaches a paused sender at the instant of the frame that resumes it: the frame first', () => {
    // 4 senders at 10 times the port's rate. Every dequeue marks (the queue at or above K_max), and
    // the dequeue that takes an ingress down to X_on also sends it a RESUME: with equal delays both
    // reach the paused sender at one instant (32 times here).
    const model: PathServerModel = {
      service: rate(1e8),
      flows: [0, 1, 2, 3].map((j) => ({ arrivals: step(100_000, j * 1e-6), cca: aimdRate({ initialRate: 1e9, increase: 1e6, decrease: 0.99, increaseInterval: 10e-6, maxRate: 1e9 }), pauseDelay: 3e-6, notificationDelay: 3e-6 })),
      horizon: 0.01,
      feedbackDelay: 3e-6,
      ecn: { kMin: 0, kMax: 1, pMax: 1, packetSize: 1000, at: 'dequeue', random: 'expected' },
      pfc: { xOff: 10_000, xOn: 2000 },
      packets: { size: 1000 },
    };
    expect(eventEngineSupport(model)).toBeNull();
    const lazy = runEvents(model);
    const ties = lazy.events.filter((e) => e.kind === 'pfc-resume' && lazy.events.some((c) => c.kind === 'cnp' && c.flow === e.flow && c.time === e.time));
    expect(ties.length).toBe(32);
    expect(lazy.stats.runNotifications).toBe(311);
    expect(perFlow(lazy)).toEqual(perFlow(runEvents(eager(model))));
    expect(perFlow(lazy)).toEqual(perFlow(runEvents(perEvent(model))));
  });

  it('on the random models whose senders run ns3-mlx or rate AIMD (ECN at enqueue or dequeue, PFC, new connections, gaps)', () => {
    let models = 0;
    let runs = 0;
    let notes = 0;
    for (let seed = 1; seed <= 2000 && models < 200; seed++) {
      const model = randomPacketModel(seed);
      if (eventEngineSupport(model) !== null || model.flows.every((f) => f.cca.advanceTimers === undefined)) continue;
      models += 1;
      const lazy = runEvents(model);
      expect(everything(lazy), `seed ${seed}`).toEqual(everything(runEvents(eager(model))));
      if (lazy.stats.timerRuns! > 0) runs += 1;
      if (lazy.stats.runNotifications! > 0) notes += 1;
    }
    expect(models).toBe(200);
    // The generator is deterministic: 143 of these 200 log timer runs (29 with start states kept as
    // objects, when runs started later in a stretch).
    expect(runs).toBeGreaterThanOrEqual(143);
    // 139 hold notifications in their runs (a rate-blind sender's).
    expect(notes).toBeGreaterThanOrEqual(139);
  });
});

/**
 * `advanceTimers` for a test CCA whose one timer, due at `state.next`, is `step`: each logged as
 * `kind`, a cut where `lowers(before, after)`.
 */
function steppedTimers<S extends { next: number }>(step: (s: S) => S, kind: string, lowers: (before: S, after: S) => boolean): NonNullable<CongestionControl<S>['advanceTimers']> {
  return (s, until, inclusive, most = Infinity, visit, tally) => {
    let state = s;
    let count = 0;
    let last = -Infinity;
    while (count < most && timerDue(state.next, until, inclusive)) {
      const before = state;
      last = state.next;
      state = step(state);
      count += 1;
      visit?.(last, kind, state, lowers(before, state));
      tally?.(kind, 1, last, lowers(before, state) ? 1 : 0);
    }
    return { state, count, last };
  };
}

/**
 * A CCA whose timer, every 10 µs, switches its rate between 1 and 3 MB/s: at these rates a 1,000 B
 * packet takes 333 to 1,000 µs to admit, so a PFC pause often finds one in progress.
 */
function toggling(): CongestionControl<{ high: boolean; next: number }> {
  const step = (s: { high: boolean; next: number }) => ({ high: !s.high, next: s.next + 10e-6 });
  return {
    name: 'toggling',
    listens: {},
    initial: () => ({ high: false, next: 10e-6 }),
    limit: (s) => ({ kind: 'rate', rate: s.high ? 3e6 : 1e6 }),
    nextTimer: (s) => s.next,
    onTimer: (s) => ({ state: step(s), shift: 'admitted', kind: 'toggle' }),
    advanceTimers: steppedTimers(step, 'toggle', (before, after) => before.high && !after.high),
    describe: (s) => ({ rate: s.high ? 3e6 : 1e6 }),
  };
}

describe('a PFC-paused sender with a packet in progress', () => {
  it('still plans at each change of its rate: only a sender that admits nothing runs its timers as a run', () => {
    // Two senders of 20 packets at 1-3 MB/s into 1 MB/s: the queue passes X_off (2.5 packets) within a few packets.
    const model: PathServerModel = {
      service: rate(1e6),
      flows: [0, 1].map(() => ({ arrivals: step(20_000, 0), cca: toggling() as CongestionControl<unknown>, pauseDelay: 1e-6 })),
      horizon: 0.05,
      feedbackDelay: 2e-6,
      pfc: { xOff: 2500, xOn: 1500 },
      packets: { size: 1000 },
    };
    expect(eventEngineSupport(model)).toBeNull();
    const lazy = runEvents(model);
    expect(lazy.events.filter((e) => e.kind === 'pfc-pause').length).toBeGreaterThan(5);
    // Both senders' timers fall at the same instants, and a paused sender's run late: at such an
    // instant the two flows' rows interleave in another order (no result), so each flow's own.
    expect(perFlow(lazy)).toEqual(perFlow(runEvents(eager(model))));
  });
});

/** A CCA with one timer every microsecond that counts, and a rate that never changes. */
function ticking(reads: 'now' | 'admitted'): CongestionControl<{ ticks: number; next: number }> {
  return {
    name: 'ticking',
    listens: {},
    initial: () => ({ ticks: 0, next: 1e-6 }),
    limit: () => ({ kind: 'rate', rate: 1e9 }),
    nextTimer: (s) => s.next,
    onTimer: (s, signals) => ({ state: { ticks: s.ticks + (reads === 'now' ? 1 : signals.admitted(signals.now)), next: s.next + 1e-6 }, shift: 'none', kind: 'tick' }),
    advanceTimers: steppedTimers((s) => ({ ticks: s.ticks + 1, next: s.next + 1e-6 }), 'tick', () => false),
    describe: (s) => ({ ticks: s.ticks }),
  };
}

/**
 * A CCA with a timer every microsecond that adds 1 and notifications that multiply by 10 and add
 * their feedback, so that their order shows in the state; its notifications read `now` and
 * `feedback` alone, or `admitted()` too.
 */
function countingNotes(reads: 'now' | 'admitted'): CongestionControl<{ ticks: number; next: number }> {
  const timers = ticking('now');
  return {
    ...timers,
    name: 'counting-notes',
    listens: { notifications: true },
    replayableNotifications: true,
    onNotification: (s, signals) => ({ state: { ticks: 10 * s.ticks + (signals.feedback ?? 0) + (reads === 'now' ? 0 : signals.admitted(signals.now)), next: s.next }, shift: 'none', kind: 'times-ten' }),
  };
}

/**
 * A CCA whose level climbs by 1 a microsecond and drops to 0 at the timer after it reaches 3, and
 * which a notification resets to 0: its cuts depend on whether a notification comes before or
 * after a timer at its instant.
 */
function resetting(): CongestionControl<{ level: number; next: number }> {
  const step = (s: { level: number; next: number }) => ({ level: s.level >= 3 ? 0 : s.level + 1, next: s.next + 1e-6 });
  return {
    name: 'resetting',
    listens: { notifications: true },
    initial: () => ({ level: 0, next: 1e-6 }),
    limit: (s) => ({ kind: 'rate', rate: 1e6 * (1 + s.level) }),
    nextTimer: (s) => s.next,
    onTimer: (s) => ({ state: step(s), shift: 'admitted', kind: 'climb' }),
    advanceTimers: steppedTimers(step, 'climb', (before, after) => after.level < before.level),
    replayableNotifications: true,
    onNotification: (s) => ({ state: { level: 0, next: s.next }, shift: 'admitted', kind: 'reset' }),
    describe: (s) => ({ rate: 1e6 * (1 + s.level) }),
  };
}

describe('EventLog.timerRun', () => {
  it("is counted for summaries (EventLog.figures) as its rows read: a notification before the timer at its instant", () => {
    const cca = resetting() as CongestionControl<unknown>;
    const logged = (): EventLog => {
      const log = new EventLog([cca]);
      const s0 = cca.initial();
      const i0 = log.state(0, s0);
      log.note(2e-6, 0, Number.NaN);
      log.timerRun(0, s0, i0, 5, 1e-6, 5e-6);
      return log;
    };
    // Levels 1, reset to 0 (a cut), 1, 2, 3, 0 (a cut); a timer first at 2 µs would give one cut.
    const figures = logged().figures();
    expect(figures.cuts).toBe(2);
    expect(figures).toEqual(tableFigures(logged().table()));
    expect(Object.fromEntries([...figures.kinds].map(([k, v]) => [k, v.count]))).toEqual({ climb: 5, cnp: 1, reset: 1 });
  });

  it('holds notifications (EventLog.note): each read as its two rows, in time order with the timers, a notification first at one instant', () => {
    const cca = countingNotes('now') as CongestionControl<unknown>;
    const log = new EventLog([cca]);
    const s0 = cca.initial();
    const i0 = log.state(0, s0);
    log.note(2e-6, 0, Number.NaN);
    log.note(3.5e-6, 1048, 0.5);
    const run = log.timerRun(0, s0, i0, 3, 1e-6, 3.5e-6);
    log.growRun(run, 2, 5e-6);
    expect(log.length).toBe(9);
    expect(log.inRunNotifications).toBe(2);
    const events = log.events();
    expect(events.map((e) => [e.time, e.kind, e.before.ticks, e.after.ticks])).toEqual([
      [1e-6, 'tick', 0, 1],
      [2e-6, 'cnp', 1, 1],
      [2e-6, 'times-ten', 1, 10],
      [events[3].time, 'tick', 10, 11],
      [events[4].time, 'tick', 11, 12],
      [3.5e-6, 'cnp', 12, 12],
      [3.5e-6, 'times-ten', 12, 120.5],
      [events[7].time, 'tick', 120.5, 121.5],
      [events[8].time, 'tick', 121.5, 122.5],
    ]);
    // The timers at their own instants (1 µs apart, summed as the CCA sums them).
    expect(events[3].time).toBeCloseTo(2e-6, 18);
    expect(events[8].time).toBeCloseTo(5e-6, 18);
    const states: number[] = [];
    log.timerRunStates(run, (_, index) => states.push(log.describe(index).ticks));
    expect(states).toEqual([1, 1, 10, 11, 12, 12, 120.5, 121.5, 122.5]);
  });

  it('refuses, naming the CCA, a replayed notification that reads more than its time, marked byte and feedback', () => {
    const cca = countingNotes('admitted') as CongestionControl<unknown>;
    const log = new EventLog([cca]);
    const s0 = cca.initial();
    log.note(2e-6, 0, Number.NaN);
    log.timerRun(0, s0, log.state(0, s0), 1, 1e-6, 2e-6);
    expect(() => log.events()).toThrow(/counting-notes: a notification replayed from a timer run read admitted\(\)/);
  });

  it('stands for its rows until read, then reads as if each had been logged, in place', () => {
    const cca = ticking('now') as CongestionControl<unknown>;
    const log = new EventLog([cca]);
    const s0 = cca.initial();
    const i0 = log.state(0, s0);
    log.push(0, 0, 'start', i0, i0);
    const { state, count, last } = cca.advanceTimers!(s0, 5.5e-6, false);
    log.timerRun(0, s0, i0, count, 1e-6, last);
    const i5 = log.state(0, state, i0);
    log.push(6e-6, 0, 'stop', i5, i5);
    expect(log.length).toBe(7);
    const events = log.events();
    expect(events.map((e) => e.kind)).toEqual(['start', 'tick', 'tick', 'tick', 'tick', 'tick', 'stop']);
    const ticks = [1e-6, 2e-6, 3e-6, 4e-6, 5e-6].map((_, k) => (k + 1) * 1e-6);
    expect(events.map((e) => e.time)).toEqual([0, ...events.slice(1, 6).map((e) => e.time), 6e-6]);
    expect(events.slice(1, 6).map((e) => e.time)).toEqual(ticks.map((_, k) => events[k + 1].time));
    expect(events.slice(1, 6).map((e) => e.after.ticks)).toEqual([1, 2, 3, 4, 5]);
    const states: [number, number][] = [];
    log.timerRunStates(0, (t, index) => states.push([t, log.describe(index).ticks]));
    expect(states.map((s) => s[1])).toEqual([1, 2, 3, 4, 5]);
    expect(log.table().length).toBe(7);
  });

  it('grows a run by timers that follow on from it, read in place and in time order', () => {
    const cca = ticking('now') as CongestionControl<unknown>;
    const other = ticking('now') as CongestionControl<unknown>;
    const log = new EventLog([cca, other]);
    const s0 = cca.initial();
    const i0 = log.state(0, s0);
    const o = log.state(1, other.initial());
    const run = log.timerRun(0, s0, i0, 2, 1e-6, 2e-6);
    log.push(2.5e-6, 1, 'noise', o, o);
    log.growRun(run, 3, 5e-6);
    log.push(6e-6, 0, 'stop', i0, i0);
    expect(log.length).toBe(7);
    const events = log.events();
    expect(events.map((e) => [e.flow, e.kind])).toEqual([[0, 'tick'], [0, 'tick'], [1, 'noise'], [0, 'tick'], [0, 'tick'], [0, 'tick'], [0, 'stop']]);
    expect(events.filter((e) => e.kind === 'tick').map((e) => e.after.ticks)).toEqual([1, 2, 3, 4, 5]);
    const times = events.map((e) => e.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const states: number[] = [];
    log.timerRunStates(run, (_, index) => states.push(log.describe(index).ticks));
    expect(states).toEqual([1, 2, 3, 4, 5]);
  });

  it("refuses, naming the CCA, a replayed timer that reads more than the time", () => {
    const cca = ticking('admitted') as CongestionControl<unknown>;
    const log = new EventLog([cca]);
    const s0 = cca.initial();
    log.timerRun(0, s0, log.state(0, s0), 4, 1e-6, 4e-6);
    expect(() => log.events()).toThrow(/ticking: a timer replayed from a timer run read admitted\(\)/);
  });
});

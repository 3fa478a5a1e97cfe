import { describe, expect, it } from 'vitest';
import { runEvents } from './run-events.ts';
import { EventLog } from './event-log.ts';
import { ns3IncastModel } from '../../examples.ts';
import { randomPacketModel } from '../../test-support/random-models.ts';
import { everything, perFlow } from '../../test-support/run-data.ts';
import { eventEngineSupport } from './support.ts';
import type { PathServerModel } from '../../model.ts';
import { rate, step } from '@ccalc/curves';
import type { CongestionControl } from '../../cca.ts';

/** The model with no CCA able to run its timers as a stretch (advanceTimers removed): every timer one reaction, each an event unless quiet. */
function eager(model: PathServerModel): PathServerModel {
  return { ...model, flows: model.flows.map((f) => ({ ...f, cca: { ...f.cca, advanceTimers: undefined } })) };
}

/** The model with its CCAs counting the timers they ran as stretches (the runs the log keeps as one row). */
function counting(model: PathServerModel): { model: PathServerModel; inRuns: () => number } {
  let inRuns = 0;
  const flows = model.flows.map((f) => {
    const advance = f.cca.advanceTimers;
    if (advance === undefined) return f;
    const cca: CongestionControl<unknown> = {
      ...f.cca,
      advanceTimers: (s, until, inclusive) => {
        const r = advance.call(f.cca, s, until, inclusive);
        inRuns += r.count;
        return r;
      },
    };
    return { ...f, cca };
  });
  return { model: { ...model, flows }, inRuns: () => inRuns };
}

// Timer runs (CongestionControl.advanceTimers): a stretch of timers that nothing reads in between
// (the quiet ones; all of a PFC-paused sender's, rate increases and cuts included) runs in one
// call at the sender's next reaction and is logged as one row, replayed by onTimer when the log
// is read. Every event, in the log's order, every state, curve and notification must be the ones
// of running each timer as a reaction of its own.
describe('timers run as stretches give the results of running each as a reaction', () => {
  it('on the incast with DCQCN and PFC (2,000 senders × 1 MB, 1 ms): paused senders run their increases and cuts as runs', () => {
    const { model, inRuns } = counting(ns3IncastModel({ senders: 2000, burst: 1e6, dcqcn: true, pfc: true, horizon: 1e-3 }));
    const lazy = runEvents(model);
    expect(everything(lazy)).toEqual(everything(runEvents(eager(model))));
    // 52,573 of its 116,746 events when this test was written.
    expect(inRuns()).toBeGreaterThan(50_000);
    expect(lazy.stats.events).toBe(lazy.events.length);
    expect(lazy.events.filter((e) => e.kind.startsWith('rate-increase')).length).toBeGreaterThan(10_000);
  });

  it('on the incast with DCQCN and PFC (8 senders × 1,000 packets) to completion', () => {
    const model = ns3IncastModel({ senders: 8, burst: 1000 * 1000, dcqcn: true, pfc: true, horizon: 1 });
    expect(everything(runEvents(model, { untilComplete: true }))).toEqual(everything(runEvents(eager(model), { untilComplete: true })));
  });

  it('on the random models whose senders run ns3-mlx or rate AIMD (ECN at enqueue or dequeue, PFC, new connections, gaps)', () => {
    let models = 0;
    let runs = 0;
    for (let seed = 1; seed <= 2000 && models < 200; seed++) {
      const { model, inRuns } = counting(randomPacketModel(seed));
      if (eventEngineSupport(model) !== null || model.flows.every((f) => f.cca.advanceTimers === undefined)) continue;
      models += 1;
      expect(everything(runEvents(model)), `seed ${seed}`).toEqual(everything(runEvents(eager(model))));
      if (inRuns() > 0) runs += 1;
    }
    expect(models).toBe(200);
    // The generator is deterministic: 9 of these 200 ran timer runs when this test was written.
    expect(runs).toBeGreaterThanOrEqual(9);
  });
});

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
    advanceTimers: (s, until, inclusive) => {
      let state = s;
      let count = 0;
      while (state.next < until || (inclusive && state.next === until)) {
        state = step(state);
        count += 1;
      }
      return { state, count, last: count > 0 ? state.next - 10e-6 : -Infinity };
    },
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
    advanceTimers: (s, until) => {
      let state = s;
      let count = 0;
      while (state.next < until) {
        state = { ticks: state.ticks + 1, next: state.next + 1e-6 };
        count += 1;
      }
      return { state, count, last: count > 0 ? state.next - 1e-6 : -Infinity };
    },
    describe: (s) => ({ ticks: s.ticks }),
  };
}

describe('EventLog.timerRun', () => {
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

  it("grows the flow's open run while no other row of the flow comes, and counts its timer rows before opening one", () => {
    const cca = ticking('now') as CongestionControl<unknown>;
    const other = ticking('now') as CongestionControl<unknown>;
    const log = new EventLog([cca, other]);
    let s = cca.initial() as { ticks: number; next: number };
    let index = log.state(0, s);
    const o = log.state(1, other.initial());
    // Timers of flow 0 one row each until foldsTimers says a run is better; flow 1's rows do not count.
    let rows = 0;
    while (!log.foldsTimers(0)) {
      const next = cca.onTimer(s, { now: s.next } as never).state as typeof s;
      const after = log.state(0, next, index);
      log.pushTimer(s.next, 0, 'tick', index, after);
      log.push(s.next, 1, 'noise', o, o);
      s = next;
      index = after;
      rows += 1;
    }
    expect(rows).toBeGreaterThan(1);
    const run = log.timerRun(0, s, index, 2, s.next, s.next + 1e-6);
    log.push(s.next + 0.5e-6, 1, 'noise', o, o);
    expect(log.runOpen(0)).toBe(true);
    expect(log.timerRun(0, null, EventLog.NONE, 3, s.next + 2e-6, s.next + 4e-6)).toBe(run);
    log.push(s.next + 5e-6, 0, 'stop', index, index);
    expect(log.runOpen(0)).toBe(false);
    expect(log.foldsTimers(0)).toBe(false);
    const flow0 = log.events().filter((e) => e.flow === 0);
    expect(flow0.map((e) => e.kind)).toEqual([...Array(rows + 5).fill('tick'), 'stop']);
    expect(flow0.slice(0, rows + 5).map((e) => e.after.ticks)).toEqual(Array.from({ length: rows + 5 }, (_, k) => k + 1));
    // In time order: the run's rows, logged before flow 1's row at +0.5 µs, come around it.
    const times = log.events().map((e) => e.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("refuses, naming the CCA, a replayed timer that reads more than the time", () => {
    const cca = ticking('admitted') as CongestionControl<unknown>;
    const log = new EventLog([cca]);
    const s0 = cca.initial();
    log.timerRun(0, s0, log.state(0, s0), 4, 1e-6, 4e-6);
    expect(() => log.events()).toThrow(/ticking: a timer replayed from a timer run read admitted\(\)/);
  });
});

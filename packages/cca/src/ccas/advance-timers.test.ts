import { describe, expect, it } from 'vitest';
import { type CongestionControl, onTimerGrid, timerDue } from '../cca.ts';
import { lowersLimit } from '../event-figures.ts';
import { seededRandom } from '../random.ts';
import { testSignals } from '../test-support/signal-view.ts';
import { dcqcnNs3Mlx, type Ns3MlxState } from './dcqcn/ns3-mlx.ts';
import { dcqcnPaper } from './dcqcn/paper.ts';
import { aimdRate, type AimdRateState } from './aimd-rate.ts';

/** A timer as an engine logs it: its instant (s), kind and the state it left, described; and whether it cut the limit. */
type TimerRow = [number, string, Record<string, number>, boolean];

/**
 * Each timer due before `until` (at it too when inclusive), at most `most`, run with onTimer, as
 * an engine runs them one by one; and the rows they log.
 */
function oneByOne<S>(cca: CongestionControl<S>, s: S, until: number, inclusive: boolean, most = Infinity): { state: S; count: number; last: number; rows: TimerRow[] } {
  let state = s;
  let count = 0;
  let last = -Infinity;
  const rows: TimerRow[] = [];
  for (let t = cca.nextTimer(state); count < most && timerDue(t, until, inclusive); t = cca.nextTimer(state)) {
    const reaction = cca.onTimer(state, testSignals(t));
    rows.push([t, reaction.kind, cca.describe(reaction.state), lowersLimit(cca.describe(state), cca.describe(reaction.state))]);
    state = reaction.state;
    count += 1;
    last = t;
  }
  return { state, count, last, rows };
}

/**
 * advanceTimers against oneByOne from `cases` random states: the same state, count and last
 * instant, to the bit; and, stopped after a random count of timers with a visitor, the same rows
 * visited. Returns the timers compared.
 */
function compare<S>(cca: CongestionControl<S>, cases: number, randomCase: (random: () => number) => { s: S; until: number }): number {
  const random = seededRandom(7);
  let compared = 0;
  for (let k = 0; k < cases; k++) {
    const { s, until } = randomCase(random);
    const inclusive = random() < 0.5;
    const { rows, ...expected } = oneByOne(cca, s, until, inclusive);
    const r = cca.advanceTimers!(s, until, inclusive);
    expect(r, `case ${k}`).toEqual(expected);
    if (expected.count === 0) expect(r.state).toBe(s);
    compared += expected.count;
    const most = Math.floor(random() * (expected.count + 2));
    const { rows: mostRows, ...mostExpected } = oneByOne(cca, s, until, inclusive, most);
    const visited: TimerRow[] = [];
    const stopped = cca.advanceTimers!(s, until, inclusive, most, (at, kind, state, lowers) => visited.push([at, kind, cca.describe(state), lowers]));
    expect(stopped, `case ${k}, at most ${most}`).toEqual(mostExpected);
    expect(visited, `case ${k}, at most ${most}`).toEqual(mostRows);
    expect(rows.slice(0, most)).toEqual(mostRows);
    // Tallied (grouped by kind, maybe in closed form): the same timers, state, count and instant,
    // all of them and the first `most`.
    for (const [limit, expectedRows, expectedAdvance] of [[Infinity, rows, expected], [most, mostRows, mostExpected]] as const) {
      const tallied = new Map<string, { count: number; first: number; cuts: number }>();
      const byTally = cca.advanceTimers!(s, until, inclusive, limit, undefined, (kind, count, first, cuts) => {
        const t = tallied.get(kind) ?? { count: 0, first: Infinity, cuts: 0 };
        tallied.set(kind, { count: t.count + count, first: Math.min(t.first, first), cuts: t.cuts + cuts });
      });
      expect(byTally, `case ${k}, tallied, at most ${limit}`).toEqual(expectedAdvance);
      expect(Object.fromEntries(tallied), `case ${k}, tallied, at most ${limit}`).toEqual(Object.fromEntries(talliedRows(expectedRows)));
    }
  }
  return compared;
}

/** Rows grouped by kind as a tally groups them: how many, the first's instant, how many cut. */
function talliedRows(rows: TimerRow[]): Map<string, { count: number; first: number; cuts: number }> {
  const out = new Map<string, { count: number; first: number; cuts: number }>();
  for (const [at, kind, , cut] of rows) {
    const t = out.get(kind) ?? { count: 0, first: at, cuts: 0 };
    out.set(kind, { count: t.count + 1, first: t.first, cuts: t.cuts + (cut ? 1 : 0) });
  }
  return out;
}

// CongestionControl.advanceTimers runs a stretch of timers in one call (the event engine's timer
// runs, issue 14); it must leave exactly what running each with onTimer leaves.
describe('advanceTimers gives what onTimer gives timer by timer', () => {
  it('ns3-mlx, from random states (flags, stage, rates, α, timer phases)', () => {
    const cca = dcqcnNs3Mlx({ lineRate: 12.5e9, minRate: 12.5e6, g: 1 / 256, decreasePeriod: 50e-6, alphaPeriod: 55e-6, increasePeriod: 55e-6, fastRecoverySteps: 5, additiveIncrease: 625e3, hyperIncrease: 6.25e6, clampTargetRate: true });
    const compared = compare(cca, 300, (random) => {
      const at = random() * 1e-3;
      const rc = 1e8 + random() * 12.4e9;
      const s: Ns3MlxState = { ...cca.initial(), started: true, rc, rt: Math.min(12.5e9, rc * (1 + random())), alpha: random(), stage: Math.floor(random() * 9), cnpSinceDecrease: random() < 0.5, cnpSinceAlpha: random() < 0.5, nextDecrease: at + random() * 50e-6, nextAlpha: at + random() * 55e-6, nextIncrease: random() < 0.2 ? Infinity : at + random() * 55e-6 };
      return { s, until: at + random() * 2e-3 };
    });
    expect(compared).toBeGreaterThan(10_000);
  });

  it('ns3-mlx, timers on the 1 ps grid as the engines keep them: long stretches counted in closed form', () => {
    const lineRate = 12.5e9;
    const cca = dcqcnNs3Mlx({ lineRate, minRate: 12.5e6, g: 1 / 256, decreasePeriod: 50e-6, alphaPeriod: 55e-6, increasePeriod: 55e-6, fastRecoverySteps: 5, additiveIncrease: 625e3, hyperIncrease: 6.25e6, clampTargetRate: true });
    const compared = compare(cca, 300, (random) => {
      const at = onTimerGrid(random() * 30e-3);
      // Some at the line rate already, some near it, some far below it.
      const rc = random() < 0.3 ? lineRate : 1e8 + random() * 12.4e9;
      const grid = (period: number): number => onTimerGrid(at + random() * period);
      const s: Ns3MlxState = { ...cca.initial(), started: true, rc, rt: random() < 0.5 ? lineRate : Math.min(lineRate, rc * (1 + random())), alpha: random() < 0.1 ? 0 : random(), stage: Math.floor(random() * 9), cnpSinceDecrease: random() < 0.3, cnpSinceAlpha: random() < 0.3, nextDecrease: grid(50e-6), nextAlpha: grid(55e-6), nextIncrease: random() < 0.2 ? Infinity : grid(55e-6) };
      // Up to 20 ms of timers (~1,100), and now and then `until` at one of the timers' instants.
      const until = random() < 0.3 ? oneByOne(cca, s, at + random() * 20e-3, true).last : at + random() * 20e-3;
      return { s, until: until === -Infinity ? at : until };
    });
    expect(compared).toBeGreaterThan(100_000);
  });

  it('ns3-mlx, timers of one instant (equal periods and phases): run in the rule\'s order with a CNP pending', () => {
    // All three timers every 50 µs from one of two phases: the α update, the increase and the
    // check meet at one instant again and again, where their order decides the cut.
    const lineRate = 12.5e9;
    const cca = dcqcnNs3Mlx({ lineRate, minRate: 12.5e6, g: 1 / 16, decreasePeriod: 50e-6, alphaPeriod: 50e-6, increasePeriod: 50e-6, fastRecoverySteps: 2, additiveIncrease: 625e6, hyperIncrease: 1.25e9, clampTargetRate: true });
    const compared = compare(cca, 300, (random) => {
      const at = onTimerGrid(random() * 1e-3);
      const phase = (): number => onTimerGrid(at + (random() < 0.5 ? 0 : 20e-6));
      const s: Ns3MlxState = { ...cca.initial(), started: true, rc: 1e8 + random() * 12.4e9, rt: lineRate, alpha: random(), stage: Math.floor(random() * 4), cnpSinceDecrease: random() < 0.7, cnpSinceAlpha: random() < 0.7, nextDecrease: phase(), nextAlpha: phase(), nextIncrease: random() < 0.2 ? Infinity : phase() };
      return { s, until: random() < 0.5 ? at + random() * 1e-3 : onTimerGrid(at + Math.floor(random() * 20) * 50e-6) };
    });
    expect(compared).toBeGreaterThan(3_000);
  });

  it('aimd-rate and the paper DCQCN, from random states (congested recently or not, at the cap or below)', () => {
    for (const cca of [aimdRate({ initialRate: 1e9, increase: 1.25e8, decrease: 0.5, increaseInterval: 30e-6, maxRate: 4e9 }), dcqcnPaper({ lineRate: 12.5e9, decrease: 0.75, additiveIncrease: 625e3, increaseInterval: 55e-6 })]) {
      const compared = compare(cca as CongestionControl<AimdRateState>, 200, (random) => {
        const at = random() * 1e-3;
        const s: AimdRateState = { rate: 1e8 + random() * 4e9, nextIncrease: at + random() * 55e-6, lastCongestion: random() < 0.5 ? -Infinity : at - random() * 100e-6 };
        return { s, until: at + random() * 1e-3 };
      });
      expect(compared).toBeGreaterThan(1_000);
    }
  });

  it('run a timer at `until` only when inclusive', () => {
    const cca = dcqcnNs3Mlx({ lineRate: 12.5e9, minRate: 12.5e6, g: 1 / 256, decreasePeriod: 50e-6, alphaPeriod: 55e-6, increasePeriod: 55e-6, fastRecoverySteps: 5, additiveIncrease: 625e3, hyperIncrease: 6.25e6, clampTargetRate: true });
    const s = { ...cca.initial(), started: true, nextDecrease: 1e-4, nextAlpha: Infinity };
    expect(cca.advanceTimers!(s, 1e-4, false).count).toBe(0);
    expect(cca.advanceTimers!(s, 1e-4, true)).toMatchObject({ count: 1, last: 1e-4 });
    const a = aimdRate({ initialRate: 1e9, increase: 1e6, decrease: 0.5, increaseInterval: 1e-5 });
    expect(a.advanceTimers!(a.initial(), 1e-5, false).count).toBe(0);
    expect(a.advanceTimers!(a.initial(), 1e-5, true)).toMatchObject({ count: 1, last: 1e-5 });
  });
});

// CongestionControl.catchUpNotifications handles a rate-blind sender's notifications with their
// timers in one call (the event engine's catch-up, issue 14); it must leave exactly what running
// each timer with onTimer and each notification with onNotification leaves, in time order, the
// timers at a notification's instant after it.
describe('catchUpNotifications gives what onTimer and onNotification give one by one', () => {
  const lineRate = 12.5e9;
  const cca = dcqcnNs3Mlx({ lineRate, minRate: 12.5e6, g: 1 / 256, decreasePeriod: 50e-6, alphaPeriod: 55e-6, increasePeriod: 55e-6, fastRecoverySteps: 5, additiveIncrease: 625e3, hyperIncrease: 6.25e6, clampTargetRate: true });

  /**
   * The notifications at times[from..to) one by one, each after the timers before it (onTimer);
   * with the timers' rows and each notification's instant, kind and whether it cut.
   */
  function noteByNote(s: Ns3MlxState, times: Float64Array, from: number, to: number): { state: Ns3MlxState; count: number; last: number; rows: TimerRow[]; notes: [number, string, boolean][] } {
    let state = s;
    let count = 0;
    let last = -Infinity;
    const rows: TimerRow[] = [];
    const notes: [number, string, boolean][] = [];
    for (let k = from; k < to; k++) {
      const timers = oneByOne(cca, state, times[k], false);
      if (timers.count > 0) last = timers.last;
      count += timers.count;
      rows.push(...timers.rows);
      const reaction = cca.onNotification!(timers.state, testSignals(times[k]));
      notes.push([times[k], reaction.kind, lowersLimit(cca.describe(timers.state), cca.describe(reaction.state))]);
      state = reaction.state;
    }
    return { state, count, last, rows, notes };
  }

  it('ns3-mlx, from random states: notifications dense (most quiet), sparse (timers between each), on timers\' instants, before the first', () => {
    const random = seededRandom(11);
    let timers = 0;
    let changed = 0;
    for (let k = 0; k < 400; k++) {
      const at = onTimerGrid(random() * 10e-3);
      const started = random() < 0.9;
      const rc = random() < 0.3 ? lineRate : 1e8 + random() * 12.4e9;
      const grid = (period: number): number => onTimerGrid(at + random() * period);
      const s: Ns3MlxState = started
        ? { ...cca.initial(), started, rc, rt: random() < 0.5 ? lineRate : Math.min(lineRate, rc * (1 + random())), alpha: random(), stage: Math.floor(random() * 9), cnpSinceDecrease: random() < 0.5, cnpSinceAlpha: random() < 0.5, nextDecrease: grid(50e-6), nextAlpha: grid(55e-6), nextIncrease: random() < 0.2 ? Infinity : grid(55e-6) }
        : cca.initial();
      // Spacing: 2.6 µs (31 senders above K_max), 840 µs (10,000 senders), or mixed; some at a timer's instant.
      const spacing = [2.6e-6, 840e-6, 100e-6 * random()][Math.floor(random() * 3)];
      const n = 1 + Math.floor(random() * 40);
      const times = new Float64Array(n + 2);
      let t = at;
      for (let q = 1; q <= n; q++) {
        t += random() < 0.1 ? 0 : random() * 2 * spacing;
        times[q] = random() < 0.15 ? Math.max(t, cca.nextTimer(noteByNote(s, times, 1, q).state)) : t;
        if (!(times[q] < Infinity)) times[q] = t;
        t = times[q];
      }
      const { rows, notes, ...expected } = noteByNote(s, times, 1, n + 1);
      const r = cca.catchUpNotifications!(s, times, 1, n + 1);
      expect(r, `case ${k}`).toEqual(expected);
      // Counted (summaries): the timers tallied by kind, each notification visited in order.
      const tallied = new Map<string, { count: number; first: number; cuts: number }>();
      const visited: [number, string, boolean][] = [];
      const counted = cca.catchUpNotifications!(
        s,
        times,
        1,
        n + 1,
        (kind, count, first, cuts) => {
          const t = tallied.get(kind) ?? { count: 0, first: Infinity, cuts: 0 };
          tallied.set(kind, { count: t.count + count, first: Math.min(t.first, first), cuts: t.cuts + cuts });
        },
        (at, kind, lowers) => visited.push([at, kind, lowers]),
      );
      expect(counted, `case ${k}, counted`).toEqual(expected);
      expect(Object.fromEntries(tallied), `case ${k}, tallied`).toEqual(Object.fromEntries(talliedRows(rows)));
      expect(visited, `case ${k}, notifications`).toEqual(notes);
      timers += expected.count;
      if (expected.state !== s) changed += 1;
      else expect(r.state, `case ${k}`).toBe(s);
    }
    expect(timers).toBeGreaterThan(5_000);
    expect(changed).toBeGreaterThan(300);
  });

  it('leaves the state itself when every notification is quiet and no timer is due', () => {
    const s: Ns3MlxState = { ...cca.initial(), started: true, cnpSinceDecrease: true, cnpSinceAlpha: true, nextDecrease: 1e-4, nextAlpha: 1e-4, nextIncrease: Infinity };
    const r = cca.catchUpNotifications!(s, Float64Array.of(5e-5, 6e-5, 1e-4), 0, 3);
    expect(r).toEqual({ state: s, count: 0, last: -Infinity });
    expect(r.state).toBe(s);
    // A notification after a timer runs it first: the check cuts, the α update decays.
    const { rows: _rows, notes: _notes, ...expected } = noteByNote(s, Float64Array.of(5e-5, 1.5e-4), 0, 2);
    expect(cca.catchUpNotifications!(s, Float64Array.of(5e-5, 1.5e-4), 0, 2)).toEqual(expected);
    expect(cca.catchUpNotifications!(s, Float64Array.of(5e-5, 1.5e-4), 0, 2).count).toBe(2);
  });
});

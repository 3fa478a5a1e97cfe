import { describe, expect, it } from 'vitest';
import { gridInstant, gridSeriesDue, signalArrival, onTimerGrid, timerDue } from './cca.ts';
import { seededRandom } from './random.ts';
import { dcqcnPaper } from './ccas/dcqcn/paper.ts';
import { ns3IncastModel } from './examples.ts';

describe('notifications on the timers\' grid', () => {
  // ns3-mlx's α timer runs every 55 µs from a sender's first CNP; a receiver that sends a CNP every
  // 50 µs from the first one's sending sends the 11th at that first CNP's time plus 550 µs: the
  // instant of the 10th α update. Summed in floats, the two land a few ulps apart, either way.
  const delay = 4.17728e-6;
  const meeting = (firstArrival: number): { timer: number; sent: number } => {
    let timer = onTimerGrid(firstArrival);
    for (let k = 0; k < 10; k++) timer = onTimerGrid(timer + 55e-6);
    let sent = firstArrival - delay;
    for (let k = 0; k < 11; k++) sent += 50e-6;
    return { timer, sent };
  };

  it('a notification meant for a timer\'s instant arrives at that instant, whichever way the floats round', () => {
    const listens = ns3IncastModel({ dcqcn: true }).flows[0].cca.listens;
    expect(listens.signalsOnTimerGrid).toBe(true);
    for (const firstArrival of [5.76416e-6, 1.075656e-3]) {
      const { timer, sent } = meeting(firstArrival);
      // The floats alone: after the timer in the first case, before it in the second.
      expect(sent + delay).not.toBe(timer);
      expect(signalArrival(sent, delay, listens)).toBe(timer);
    }
    expect(meeting(5.76416e-6).sent + delay).toBeGreaterThan(meeting(5.76416e-6).timer);
    expect(meeting(1.075656e-3).sent + delay).toBeLessThan(meeting(1.075656e-3).timer);
  });

  it('a CCA whose timers are not on the grid gets its notifications at sent + delay', () => {
    const { sent } = meeting(5.76416e-6);
    expect(signalArrival(sent, delay, { notifications: true })).toBe(sent + delay);
    expect(dcqcnPaper({ lineRate: 12.5e9, decrease: 0.75, additiveIncrease: 625e3, increaseInterval: 55e-6 }).listens.signalsOnTimerGrid).toBeUndefined();
  });
});

describe('a periodic timer on the 1 ps grid in closed form', () => {
  /** The instants as a CCA steps them, onTimerGrid(t + period), due by `until`: how many, and the one after them. */
  const stepped = (first: number, period: number, until: number, inclusive: boolean): { count: number; next: number } => {
    let t = first;
    let count = 0;
    for (; timerDue(t, until, inclusive); count++) t = onTimerGrid(t + period);
    return { count, next: t };
  };

  it('counts and places the instants as stepping does, to the bit', () => {
    const random = seededRandom(11);
    for (let k = 0; k < 400; k++) {
      const first = onTimerGrid(random() * 0.5);
      // Periods of whole picoseconds written as decimals of seconds (50 µs, 55 µs, 1.5 µs, …).
      const period = [50e-6, 55e-6, 1.5e-6, 3e-6, 0.1e-6][k % 5] * (1 + Math.floor(random() * 3));
      const inclusive = random() < 0.5;
      // `until` anywhere, or exactly at an instant, where `inclusive` decides.
      const span = random() * 2000 * period;
      const until = k % 3 === 0 ? stepped(first, period, first + span, true).next : first + span;
      const { count, next } = stepped(first, period, until, inclusive);
      expect(gridSeriesDue(first, period, until, inclusive), `case ${k}`).toBe(count);
      expect(gridInstant(first, period, count), `case ${k}`).toBe(next);
    }
  });

  it('none due when the first is not, or is +∞', () => {
    expect(gridSeriesDue(1e-3, 50e-6, 1e-3, false)).toBe(0);
    expect(gridSeriesDue(1e-3, 50e-6, 1e-3, true)).toBe(1);
    expect(gridSeriesDue(Infinity, 50e-6, 1, true)).toBe(0);
  });

  it('refuses what steps would round their own way: a period of a fraction of a picosecond, a first instant off the grid', () => {
    expect(gridSeriesDue(1e-6, 50.0000005e-6, 1e-3, false)).toBeNull();
    expect(gridSeriesDue(1e-6 + 3e-13 / 7, 50e-6, 1e-3, false)).toBeNull();
    expect(gridSeriesDue(1e-6, 50e-6, 2e3, false)).toBeNull();
  });
});

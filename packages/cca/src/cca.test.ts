import { describe, expect, it } from 'vitest';
import { signalArrival, onTimerGrid } from './cca.ts';
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

import { describe, expect, it } from 'vitest';
import { NotificationQueue } from './notification-queue.ts';

describe('NotificationQueue', () => {
  it('keeps each notification’s time, first byte and feedback through growth and drops', () => {
    const q = new NotificationQueue();
    const expected: [number, number, number][] = [];
    // ECN notifications first (no feedback), then QCN ones: the feedback array appears mid-way.
    for (let k = 0; k < 300; k++) {
      const entry: [number, number, number] = [k * 1e-6, k * 1000, k < 150 ? Number.NaN : -k];
      expected.push(entry);
      q.push(...entry);
      if (k === 100 || k === 200) {
        q.dropFirst(40);
        expected.splice(0, 40);
      }
    }
    expect(q.length).toBe(expected.length);
    expected.forEach(([time, from, feedback], k) => {
      expect(q.time(k)).toBe(time);
      expect(q.from(k)).toBe(from);
      expect(q.feedback(k)).toBe(feedback);
    });
    const times = q.times(10, 20);
    expect(Array.from(times.subarray(0, 10))).toEqual(expected.slice(10, 20).map((e) => e[0]));
  });

  it('has no feedback while only ECN notifications came, and forgets what it held once emptied', () => {
    const q = new NotificationQueue();
    q.push(1e-6, 0, Number.NaN);
    expect(q.feedback(0)).toBeNaN();
    q.length = 0;
    q.push(2e-6, 1048, Number.NaN);
    expect([q.length, q.time(0), q.from(0)]).toEqual([1, 2e-6, 1048]);
  });
});

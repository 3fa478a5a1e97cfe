import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EventQueue } from './event-queue.ts';

describe('EventQueue', () => {
  it('pops by time, and equal times in the order they were scheduled', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 600 }), (times) => {
        const q = new EventQueue();
        times.forEach((t, k) => q.push(t, 0, k, 0));
        const popped: [number, number][] = [];
        while (q.length > 0) {
          q.pop();
          popped.push([q.time, q.flow]);
        }
        const expected = times.map((t, k): [number, number] => [t, k]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        expect(popped).toEqual(expected);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { FloatColumn } from './log-columns.ts';
import { timeOrder } from './event-log.ts';
import { Mulberry32 } from '../../random.ts';

describe('the event log read in time order', () => {
  it('orders by time, equal times in log order, as a stable sort of every item does', () => {
    const g = new Mulberry32(5);
    for (const lateShare of [0, 0.01, 0.3, 1]) {
      // Times mostly logged in order on a coarse grid (many ties), some logged late.
      const column = new FloatColumn(4);
      let t = 0;
      for (let k = 0; k < 5_000; k++) {
        t += g.next() < 0.5 ? 0 : 1;
        column.push(g.next() < lateShare ? Math.floor(g.next() * t) : t);
      }
      const reference = Int32Array.from({ length: column.length }, (_, k) => k).sort((a, b) => column.at(a) - column.at(b) || a - b);
      expect(Array.from(timeOrder(column))).toEqual(Array.from(reference));
    }
  });

  it('worked by hand', () => {
    const column = new FloatColumn(4);
    for (const x of [1, 3, 2, 3, 1]) column.push(x);
    expect(Array.from(timeOrder(column))).toEqual([0, 4, 2, 1, 3]);
  });
});

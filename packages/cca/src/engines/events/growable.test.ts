import { describe, expect, it } from 'vitest';
import { Floats, Ints, packetCapacity } from './growable.ts';

describe('growable lists', () => {
  it.each([
    ['Floats', (c?: number) => new Floats(c), (k: number) => k / 3],
    ['Ints', (c?: number) => new Ints(c), (k: number) => (k * 7919) % 100_003],
  ] as const)('%s keep every item from the first push (room taken there) through their doublings', (_, make, item) => {
    for (const capacity of [undefined, 1, 5, 1000]) {
      const list = make(capacity);
      expect(list.length).toBe(0);
      const n = 4099;
      for (let k = 0; k < n; k++) list.push(item(k));
      expect(list.length).toBe(n);
      let wrong = 0;
      for (let k = 0; k < n; k++) if (list.at(k) !== item(k)) wrong += 1;
      expect(wrong).toBe(0);
    }
  });

  it('Floats.of takes an array over; dropFirst and view see the items left', () => {
    const l = Floats.of(Float64Array.from([1, 2, 3]));
    l.push(4);
    l.dropFirst(2);
    expect(Array.from(l.view())).toEqual([3, 4]);
    expect(packetCapacity(1e6, 1000)).toBe(1001);
  });
});

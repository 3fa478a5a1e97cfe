import { describe, it } from 'vitest';
import fc from 'fast-check';
import { IndexedHeap } from './indexed-heap.ts';

describe('IndexedHeap', () => {
  it('gives the smallest key, the smallest index among equal keys, and the next two smallest keys after any sequence of changes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(fc.tuple(fc.nat(), fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constant(Infinity))), { maxLength: 60 }), (n, changes) => {
        const heap = new IndexedHeap(n);
        const keys = new Array<number>(n).fill(Infinity);
        for (const [i, key] of changes) {
          heap.set(i % n, key);
          keys[i % n] = key;
          const min = Math.min(...keys);
          if (heap.topKey() !== min || heap.top() !== keys.indexOf(min)) return false;
          // The second and third keys: the smallest of the others, and of the others but the second.
          const others = keys.map((key, k) => (k === heap.top() ? NaN : key)).filter((key) => !Number.isNaN(key));
          if (heap.secondKey() !== Math.min(...others)) return false;
          if (n > 1 && (heap.second() === heap.top() || keys[heap.second()] !== heap.secondKey())) return false;
          const rest = keys.filter((_, k) => k !== heap.top() && k !== heap.second());
          if (heap.thirdKey() !== (n > 2 ? Math.min(...rest) : Infinity)) return false;
          if (keys.some((key, k) => heap.key(k) !== key)) return false;
        }
        return true;
      }),
    );
  });
});

import { describe, it } from 'vitest';
import fc from 'fast-check';
import { IndexedHeap } from './indexed-heap.ts';

describe('IndexedHeap', () => {
  it('gives the smallest key, the smallest index among equal keys, after any sequence of changes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(fc.tuple(fc.nat(), fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constant(Infinity))), { maxLength: 60 }), (n, changes) => {
        const heap = new IndexedHeap(n);
        const keys = new Array<number>(n).fill(Infinity);
        for (const [i, key] of changes) {
          heap.set(i % n, key);
          keys[i % n] = key;
          const min = Math.min(...keys);
          if (heap.topKey() !== min || heap.top() !== keys.indexOf(min)) return false;
        }
        return true;
      }),
    );
  });
});

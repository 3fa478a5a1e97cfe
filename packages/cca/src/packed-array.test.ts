import { describe, expect, it } from 'vitest';
import { packedArray } from './packed-array.ts';

describe('packedArray', () => {
  it('holds item(k) at k, for every k below the length', () => {
    expect(packedArray(4, (k) => ({ k }))).toEqual([{ k: 0 }, { k: 1 }, { k: 2 }, { k: 3 }]);
    expect(packedArray(0, () => 1)).toEqual([]);
  });

  it('has no holes: every index is an own property', () => {
    const items = packedArray(5, () => null);
    expect(items.length).toBe(5);
    for (let k = 0; k < items.length; k++) expect(Object.hasOwn(items, k)).toBe(true);
  });
});

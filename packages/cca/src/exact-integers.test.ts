import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mulDivFloor } from './exact-integers.ts';

describe('exact integers', () => {
  it('mulDivFloor is ⌊a·b/c⌋ exactly on every path (small product, remainder, BigInt)', () => {
    const safe = fc.oneof(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(0, 1, 1e9, 2 * 1e9, 100e9, 4e11, 2 ** 52, 2 ** 53 - 1));
    const divisor = fc.oneof(fc.constantFrom(1e9, 2 * 1e9, 1, 3, 2 ** 31 - 1, 2 ** 31), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }));
    fc.assert(
      fc.property(safe, safe, divisor, (a, b, c) => {
        expect(mulDivFloor(a, b, c)).toBe(Number((BigInt(a) * BigInt(b)) / BigInt(c)));
      }),
      { numRuns: 5000 },
    );
    // Quotients that are integers or a hair below one, where a rounded quotient would be off by one.
    for (const [a, b, c] of [[100e9, 5_000_000, 1e9], [3 * 1e9 - 1, 3 * 1e9 + 1, 1e9], [2 ** 52 + 1, 3, 3], [999_999_999_999, 1_999_999_999, 2 * 1e9]]) {
      expect(mulDivFloor(a, b, c)).toBe(Number((BigInt(a) * BigInt(b)) / BigInt(c)));
    }
  });
});

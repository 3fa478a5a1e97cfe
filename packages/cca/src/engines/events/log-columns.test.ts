import { describe, expect, it } from 'vitest';
import { CHUNK, FloatColumn, IntColumn } from './log-columns.ts';

describe('log columns', () => {
  it.each([
    ['FloatColumn', () => new FloatColumn(3), (k: number) => k + 0.25],
    ['IntColumn', () => new IntColumn(3), (k: number) => (k * 7) % 1001],
  ] as const)('%s keeps every item across its doublings and chunks', (_, make, item) => {
    // Past two full chunks: the first array doubles from 3 up to CHUNK, then whole chunks follow.
    const column = make();
    const n = 2 * CHUNK + 123;
    for (let k = 0; k < n; k++) column.push(item(k));
    expect(column.length).toBe(n);
    for (const k of [0, 2, 3, 4, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK - 1, 2 * CHUNK, n - 1]) expect(column.at(k)).toBe(item(k));
    let wrong = 0;
    for (let k = 0; k < n; k++) if (column.at(k) !== item(k)) wrong += 1;
    expect(wrong).toBe(0);
  });
});

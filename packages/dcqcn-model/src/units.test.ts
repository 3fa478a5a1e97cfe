import { describe, expect, it } from 'vitest';
import { parseQuantity, ScenarioError } from './units.ts';

describe('quantities with units at the edges, SI inside', () => {
  it.each([
    ['50 us', 'time', 5e-5],
    ['4.16 us', 'time', 4.16e-6],
    ['10 ms', 'time', 0.01],
    ['10 MB', 'bytes', 1e7],
    ['1048 B', 'bytes', 1048],
    ['1 KiB', 'bytes', 1024],
    ['100 Gbps', 'rate', 12.5e9],
    ['100 Gb/s', 'rate', 12.5e9],
    ['5 Mbps', 'rate', 625e3],
    [3e-6, 'time', 3e-6],
  ] as const)('%s as %s', (value, kind, expected) => {
    expect(parseQuantity(value, kind, 'x')).toBe(expected);
  });

  it.each([
    ['5 apples', 'time', /^link\.delay: expected a duration such as "50 us" \(or seconds\), got "5 apples" \(Unit "apples" not found\.\)$/],
    ['5 s', 'bytes', /^link\.delay: expected a size such as "10 MB" \(or bytes\), got "5 s" \(Units do not match/],
    [-1, 'rate', /^link\.delay: expected a rate such as "100 Gbps" \(or bytes per second\), not negative, got -1$/],
    [null, 'time', /^link\.delay: expected a duration such as "50 us" \(or seconds\), got null$/],
  ] as const)('rejects %j as %s, naming the field', (value, kind, pattern) => {
    let error: unknown;
    try {
      parseQuantity(value, kind, 'link.delay');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as Error).message).toMatch(pattern);
  });
});

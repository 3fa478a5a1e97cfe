import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { MathJsInstance } from 'mathjs';
import { commonUnitValue, parseQuantity, ScenarioError } from './units.ts';

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

describe('the common units read without mathjs', () => {
  const { unit } = createRequire(import.meta.url)('mathjs/lib/browser/math.js') as MathJsInstance;
  const si = { time: 's', bytes: 'B', rate: 'B/s' } as const;
  const units = {
    time: ['s', 'ms', 'us', 'ns', 'ps'],
    bytes: ['B', 'kB', 'MB', 'GB', 'TB', 'KiB', 'MiB', 'GiB'],
    rate: ['B/s', 'kB/s', 'MB/s', 'GB/s', 'b/s', 'kb/s', 'Mb/s', 'Gb/s', 'Tb/s'],
  } as const;
  const number = fc.oneof(fc.integer({ min: 0, max: 100_000 }).map(String), fc.double({ min: 0, max: 1e6, noNaN: true }).map((x) => String(x)), fc.constantFrom('4.16', '0.5', '.25', '1e3', '2.5E-2', '0'));

  it('give exactly the value mathjs gives, for every unit of the table and random numbers', () => {
    for (const kind of ['time', 'bytes', 'rate'] as const) {
      fc.assert(
        fc.property(number, fc.constantFrom(...units[kind]), fc.constantFrom('', ' '), (n, u, space) => {
          const text = `${n}${space}${u}`;
          expect(commonUnitValue(text, kind)).toBe(Number(unit(text).toNumber(si[kind]).toPrecision(15)));
        }),
        { numRuns: 600 },
      );
    }
  });

  it('leave other spellings to mathjs', () => {
    expect(commonUnitValue('5 apples', 'time')).toBeUndefined();
    expect(commonUnitValue('2 min', 'time')).toBeUndefined();
    expect(commonUnitValue('1 s', 'bytes')).toBeUndefined();
    expect(commonUnitValue('-1 s', 'time')).toBeUndefined();
    expect(parseQuantity('2 min', 'time', 'x')).toBe(120);
  });
});

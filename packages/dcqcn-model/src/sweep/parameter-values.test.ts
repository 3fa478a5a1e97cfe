import { describe, expect, it } from 'vitest';
import { gridValues, parseRange, quantityOf, rangeValue, tableValue } from './parameter-values.ts';

describe('parameter values of a sweep', () => {
  it('reads lists as given and ranges by steps or spacing, linear or log', () => {
    expect(gridValues(['100 kB', 200e3, 'dequeue', null], 'p')).toEqual(['100 kB', 200e3, 'dequeue', null]);
    expect(gridValues({ from: 0, to: 1, steps: 5 }, 'p')).toEqual([0, 0.25, 0.5, 0.75, 1]);
    // A spacing that does not divide the span stops at or before `to`; 0.1 steps without rounding drift.
    expect(gridValues({ from: 0.1, to: 0.75, step: 0.1 }, 'p')).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
    expect(gridValues({ from: '50 kB', to: '200 kB', step: '50 kB' }, 'p')).toEqual([50e3, 100e3, 150e3, 200e3]);
    expect(gridValues({ from: 8, to: 256, steps: 6, scale: 'log', integer: true }, 'p')).toEqual([8, 16, 32, 64, 128, 256]);
    expect(gridValues({ from: '10 us', to: '1 ms', steps: 3, scale: 'log' }, 'p')).toEqual([1e-5, 1e-4, 1e-3]);
    // Values equal after rounding to whole numbers are kept once.
    expect(gridValues({ from: 1, to: 3, steps: 5, integer: true }, 'p')).toEqual([1, 2, 3]);
    expect(gridValues({ from: 5, to: 5, steps: 1 }, 'p')).toEqual([5]);
  });

  it('names the field and the value of a bad range', () => {
    expect(() => gridValues([], 'vary[0].grid.ecn.kMax')).toThrow(/^vary\[0\]\.grid\.ecn\.kMax: expected a non-empty list/);
    expect(() => gridValues({ from: '50 kB', to: '1 ms', steps: 3 }, 'x')).toThrow(/^x\.to: expected a bytes quantity, as "from" is, got "1 ms"/);
    expect(() => gridValues({ from: 1, to: 2 }, 'x')).toThrow(/^x\.steps: expected either "steps" \(how many values\) or "step"/);
    expect(() => gridValues({ from: 1, to: 2, steps: 2, step: 1 }, 'x')).toThrow(/^x\.steps: expected either/);
    expect(() => gridValues({ from: 0, to: 2, steps: 2, scale: 'log' }, 'x')).toThrow(/^x\.from: expected a value > 0/);
    expect(() => gridValues({ from: 1, to: 2, steps: 0 }, 'x')).toThrow(/^x\.steps: expected a whole number of values from 1 to 1,000,000, got 0/);
    expect(() => gridValues({ from: 0, to: 1, step: 1e-9 }, 'x')).toThrow(/^x\.step: expected a spacing that gives at most 1,000,000 values/);
    expect(() => gridValues({ from: 'noon', to: 2, steps: 2 }, 'x')).toThrow(/^x\.from: expected a number or a quantity with units/);
    expect(() => gridValues({ from: 1, to: 2, steps: 2, by: 3 }, 'x')).toThrow(/^x\.by: expected no such field/);
    expect(() => parseRange({ from: 1, to: 2, steps: 3 }, 'x', false)).toThrow(/^x\.steps: expected no such field/);
  });

  it('converts quantities to SI units for the table and keeps other values', () => {
    expect(quantityOf('40 kB')).toEqual({ value: 40e3, kind: 'bytes' });
    expect(quantityOf('100 Gbps')).toEqual({ value: 12.5e9, kind: 'rate' });
    expect(quantityOf('dequeue')).toBeUndefined();
    expect(tableValue('50 us')).toBe(5e-5);
    expect(tableValue(0.01)).toBe(0.01);
    expect(tableValue('random')).toBe('random');
    expect(tableValue(true)).toBe(true);
    expect(tableValue({ xOff: '950 kB' })).toBe('{"xOff":"950 kB"}');
    expect(tableValue(null)).toBe('null');
  });

  it('spaces a log range geometrically', () => {
    const r = parseRange({ from: '1 Mbps', to: '100 Mbps', scale: 'log' }, 'x', false);
    expect(rangeValue(r, 0.5)).toBeCloseTo(1.25e6, 3);
    expect(rangeValue(r, 0)).toBe(1.25e5);
    expect(rangeValue(r, 1)).toBe(1.25e7);
  });
});

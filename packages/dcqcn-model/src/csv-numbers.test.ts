import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvNumber, eventDetails, eventDetailsCell, rounded } from './csv-numbers.ts';

describe('csvNumber', () => {
  it('rounds to the column precision and writes the shortest form', () => {
    expect(csvNumber(59.999999999990905, 6, 'time_us')).toBe('60');
    expect(csvNumber(2851215.9999999907, 3, 'backlog_bytes')).toBe('2851216');
    expect(csvNumber(5.764160000000001, 6, 'time_us')).toBe('5.76416');
    expect(csvNumber(30, 6, 'x')).toBe('30'); // never 30.000000 beside 10
    expect(csvNumber(-1e-12, 6, 'x')).toBe('0'); // no -0
    expect(rounded(0.1 + 0.2, 9, 'x')).toBe(0.3);
  });

  it('refuses NaN and infinities, naming the column', () => {
    expect(() => csvNumber(Number.NaN, 6, 'rate_gbps')).toThrow(/^rate_gbps: NaN is not a number that can be written/);
    expect(() => csvNumber(Infinity, 3, 'backlog_bytes')).toThrow(/^backlog_bytes: Infinity/);
  });
});

describe('eventDetails', () => {
  it('writes rates in Gb/s, windows in bytes and times in µs, each key named with its unit', () => {
    expect(eventDetails({ rate: 12.5e9, targetRate: 6.25e9, alpha: 0.99609375 })).toEqual({ rate_gbps: 100, target_rate_gbps: 50, alpha: 0.99609375 });
    expect(eventDetails({ window: 3000.0000000004, rtt: 2.0000000000000002e-5 })).toEqual({ window_bytes: 3000, rtt_us: 20 });
    expect(eventDetails({ somethingNew: 1.5 })).toEqual({ somethingNew: 1.5 });
  });
});

describe('eventDetailsCell', () => {
  it('is the JSON of eventDetails quoted for CSV, on random states', () => {
    const keys = fc.constantFrom('rate', 'targetRate', 'window', 'ssthresh', 'rtt', 'bytes', 'alpha', 'stage', 'somethingNew');
    const value = fc.oneof(fc.double({ min: -1e12, max: 1e13, noNaN: true }), fc.constantFrom(0, -0, 1, 12.5e9, 0.99609375, 1e-13));
    fc.assert(
      fc.property(fc.dictionary(keys, value), (after) => {
        expect(eventDetailsCell(after)).toBe(`"${JSON.stringify(eventDetails(after)).replace(/"/g, '""')}"`);
      }),
      { numRuns: 2000 },
    );
    expect(eventDetailsCell({ rate: 12.5e9, alpha: 1 })).toBe('"{""rate_gbps"":100,""alpha"":1}"');
    expect(eventDetailsCell({})).toBe('"{}"');
  });
});

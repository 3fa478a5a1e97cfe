import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CsvBytes, writeDetailsCell } from './csv-bytes.ts';
import { csvNumber, eventDetailsCell } from './csv-numbers.ts';

const text = (w: CsvBytes): string => Buffer.concat(w.end()).toString('utf8');

describe('CsvBytes', () => {
  it('writes numbers as csvNumber does, character for character', () => {
    const value = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      fc.integer({ min: -1e9, max: 1e9 }).map((k) => k / 1e6 + 5e-7), // halfway at the 6th decimal
      fc.constantFrom(0, -0, 1e-6, 5e-7, -5e-7, 0.5, 1.5, -2.5, 1e15, 999999999.9999995, 1e21, 123456789012.345678, 2 ** 53),
    );
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 12 }), (x, decimals) => {
        const w = new CsvBytes(64);
        w.number(x, decimals, 'x');
        expect(text(w)).toBe(csvNumber(x, decimals, 'x'));
      }),
      { numRuns: 20_000 },
    );
  });

  it('refuses NaN and infinities, naming the column, as csvNumber does', () => {
    const w = new CsvBytes();
    expect(() => w.number(Number.NaN, 6, 'rate_gbps')).toThrow(/^rate_gbps: NaN is not a number that can be written/);
    expect(() => w.number(-Infinity, 3, 'backlog_bytes')).toThrow(/^backlog_bytes: -Infinity/);
  });

  it('writes details cells as eventDetailsCell does, on random states', () => {
    const keys = fc.constantFrom('rate', 'targetRate', 'window', 'ssthresh', 'rtt', 'bytes', 'alpha', 'stage', 'somethingNew');
    const value = fc.oneof(fc.double({ min: -1e12, max: 1e13, noNaN: true }), fc.constantFrom(0, -0, 1, 12.5e9, 0.99609375, 1e-13));
    fc.assert(
      fc.property(fc.dictionary(keys, value), (after) => {
        const w = new CsvBytes(16);
        const keys = Object.keys(after);
        writeDetailsCell(w, keys, (i) => after[keys[i]]);
        expect(text(w)).toBe(eventDetailsCell(after));
      }),
      { numRuns: 2000 },
    );
  });

  it('hands out chunks of its size that join into the text, whatever the size', () => {
    const rows = Array.from({ length: 500 }, (_, k) => [k * 1.25e-3, k, `kind-${k % 7}`, 'µs'] as const);
    const expected = rows.map(([x, n, kind, unit]) => `${csvNumber(x, 6, 'x')},${n},${kind},${unit}\n`).join('');
    for (const [size, recycled] of [[1, false], [5, false], [64, false], [4096, false], [5, true], [4096, true]] as const) {
      const w = new CsvBytes(size);
      const chunks: Uint8Array[] = [];
      const kinds = new Map<string, Uint8Array>();
      for (const [x, n, kind, unit] of rows) {
        w.number(x, 6, 'x');
        w.comma();
        w.integer(n);
        w.comma();
        if (!kinds.has(kind)) kinds.set(kind, new TextEncoder().encode(kind));
        w.bytes(kinds.get(kind)!);
        w.comma();
        w.text(unit);
        w.newline();
        if (w.ready) {
          for (const chunk of w.take()) {
            // Kept as a copy when its memory goes back to the writer.
            chunks.push(recycled ? chunk.slice() : chunk);
            if (recycled) w.recycle(chunk);
          }
        }
      }
      chunks.push(...w.end());
      expect(Buffer.concat(chunks).toString('utf8')).toBe(expected);
      // Every chunk but the last is full, or holds what did not fit beside the next write.
      if (size === 4096) expect(chunks.slice(0, -1).every((c) => c.length > 4000 && c.length <= 4096)).toBe(true);
    }
  });
});

import { createRequire } from 'node:module';
import type { MathJsInstance } from 'mathjs';

// mathjs's single-file bundle: the same library, loaded in about 0.3 s instead of 1.6–3 s for its
// ES module graph of a thousand files (which every ccalc command would otherwise pay at start-up).
const { unit } = createRequire(import.meta.url)('mathjs/lib/browser/math.js') as MathJsInstance;

/** A bad value in a scenario or a command-line option: one line naming the field, the value and what was expected. */
export class ScenarioError extends Error {
  constructor(
    readonly field: string,
    readonly value: unknown,
    expected: string,
    reason?: string,
  ) {
    super(`${field}: expected ${expected}, got ${JSON.stringify(value)}${reason === undefined ? '' : ` (${reason})`}`);
    this.name = 'ScenarioError';
  }
}

/** What a quantity measures, and the SI unit it is converted to. */
export type QuantityKind = 'time' | 'bytes' | 'rate';

const SI: Record<QuantityKind, { unit: string; what: string }> = {
  time: { unit: 's', what: 'a duration such as "50 us" (or seconds)' },
  bytes: { unit: 'B', what: 'a size such as "10 MB" (or bytes)' },
  rate: { unit: 'B/s', what: 'a rate such as "100 Gbps" (or bytes per second)' },
};

/**
 * A quantity in SI units (seconds, bytes, bytes/s) from a number (already SI) or a string with a
 * unit, parsed by mathjs with decimal prefixes (1 MB = 10^6 B, 1 Gb/s = 10^9 bit/s; binary prefixes
 * such as KiB also work). "Gbps", "Mbps", "kbps" and "bps" are read as bits per second. Converted
 * values are rounded to 15 significant digits, so "50 us" is exactly 5e-5 s. Negative values and
 * NaN are rejected with a ScenarioError naming the field.
 * @example parseQuantity('100 Gbps', 'rate', 'link.rate') // 12500000000
 */
export function parseQuantity(value: unknown, kind: QuantityKind, field: string): number {
  const target = SI[kind];
  let x: number;
  if (typeof value === 'number') x = value;
  else if (typeof value === 'string') {
    const text = value.trim().replace(/([kMGT]?)bps$/, '$1b/s');
    try {
      x = Number(unit(text).toNumber(target.unit).toPrecision(15));
    } catch (e) {
      throw new ScenarioError(field, value, target.what, (e as Error).message);
    }
  } else throw new ScenarioError(field, value, target.what);
  if (!Number.isFinite(x) || x < 0) throw new ScenarioError(field, value, `${target.what}, not negative`);
  return x;
}

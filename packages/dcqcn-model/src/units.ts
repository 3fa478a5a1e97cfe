import { createRequire } from 'node:module';
import type { MathJsInstance, Unit } from 'mathjs';
import { EPSILON } from '@ccalc/curves';

let mathjs: MathJsInstance | undefined;
/**
 * mathjs, loaded on first use: its single-file bundle (about 0.1 s, against 1.6–3 s for its ES
 * module graph of a thousand files), and only for a unit that {@link commonUnitValue} does not
 * know, so that most commands start without it.
 */
function mathjsUnit(text: string): Unit {
  mathjs ??= createRequire(import.meta.url)('mathjs/lib/browser/math.js') as MathJsInstance;
  return mathjs.unit(text);
}

/** A value as an error message shows it: JSON, but NaN and ±Infinity by name and nothing as "nothing". */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  return typeof value === 'number' && !Number.isFinite(value) ? String(value) : JSON.stringify(value);
}

/**
 * A bad value in a scenario or a command-line option: one line naming the field, the value and what
 * was expected (`value` undefined: nothing was given).
 */
export class ScenarioError extends Error {
  constructor(
    readonly field: string,
    readonly value: unknown,
    expected: string,
    reason?: string,
  ) {
    super(`${field}: expected ${expected}, got ${shown(value)}${reason === undefined ? '' : ` (${reason})`}`);
    this.name = 'ScenarioError';
  }
}

/** What a quantity measures, and the SI unit it is converted to. */
export type QuantityKind = 'time' | 'bytes' | 'rate';

/** The largest quantity a scenario may give, in SI units (s, B, B/s). */
export const MAX_QUANTITY = 1e20;

/**
 * The model's time resolution (s): the engines take times within 1 ps as one instant (the curves'
 * tolerance), so a period, interval or packet time shorter than that means nothing.
 */
export const TIME_RESOLUTION = EPSILON;

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
      x = commonUnitValue(text, kind) ?? Number(mathjsUnit(text).toNumber(target.unit).toPrecision(15));
    } catch (e) {
      throw new ScenarioError(field, value, target.what, (e as Error).message);
    }
  } else throw new ScenarioError(field, value, target.what);
  if (!Number.isFinite(x) || x < 0) throw new ScenarioError(field, value, `${target.what}, not negative`);
  // Far beyond any network (10^20 s, B or B/s), and where µs and Gb/s in the outputs would overflow.
  if (x > MAX_QUANTITY) throw new ScenarioError(field, value, `${target.what}, at most 1e20 ${target.unit}`);
  return x;
}

/** SI factors of the units most scenarios use, per kind (decimal prefixes; KiB, MiB, GiB binary). */
const COMMON_UNITS: Record<QuantityKind, Record<string, number>> = {
  time: { s: 1, ms: 1e-3, us: 1e-6, ns: 1e-9, ps: 1e-12 },
  bytes: { B: 1, kB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12, KiB: 1024, MiB: 2 ** 20, GiB: 2 ** 30 },
  rate: { 'B/s': 1, 'kB/s': 1e3, 'MB/s': 1e6, 'GB/s': 1e9, 'b/s': 1 / 8, 'kb/s': 1e3 / 8, 'Mb/s': 1e6 / 8, 'Gb/s': 1e9 / 8, 'Tb/s': 1e12 / 8 },
};
const NUMBER_AND_UNIT = /^([0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?|\.[0-9]+(?:[eE][+-]?[0-9]+)?)\s*([A-Za-z/]+)$/;

/**
 * The SI value of "number unit" for the common units of its kind, rounded to 15 significant digits
 * as mathjs's value is (the two agree: units.test.ts checks it on random values); undefined for
 * anything else, which mathjs then reads.
 * @example commonUnitValue('50 us', 'time') // 0.00005
 */
export function commonUnitValue(text: string, kind: QuantityKind): number | undefined {
  const m = NUMBER_AND_UNIT.exec(text);
  const factor = m === null ? undefined : COMMON_UNITS[kind][m[2]];
  return factor === undefined ? undefined : Number((Number(m![1]) * factor).toPrecision(15));
}

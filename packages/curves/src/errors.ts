/**
 * The error every `@ccalc/curves` function throws on bad input: NaN, an infinity where none is
 * allowed, unsorted or duplicate breakpoints, a decreasing curve where a non-decreasing one is
 * required, malformed JSON. The message names the argument (or field) and the offending value.
 *
 * @example
 * try { rate(-1) } catch (e) { if (e instanceof CurveError) console.log(e.argument, e.message) }
 */
export class CurveError extends Error {
  /** Name of the argument or field that was rejected, e.g. `"rate"` or `"breakpoints[3][0]"`. */
  readonly argument: string;
  /** The value that was rejected. */
  readonly value: unknown;

  constructor(argument: string, value: unknown, expected: string) {
    super(`${argument}: expected ${expected}, got ${formatValue(value)}`);
    this.name = 'CurveError';
    this.argument = argument;
    this.value = value;
  }
}

function formatValue(value: unknown): string {
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 120 ? `${text.slice(0, 117)}...` : text;
  } catch {
    return String(value);
  }
}

/** Throws unless `x` is a finite number. */
export function requireFinite(argument: string, x: number): number {
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new CurveError(argument, x, 'a finite number');
  return x;
}

/** Throws unless `x` is a finite number ≥ 0. */
export function requireNonNegative(argument: string, x: number): number {
  if (typeof x !== 'number' || !Number.isFinite(x) || x < 0) throw new CurveError(argument, x, 'a finite number ≥ 0');
  return x;
}

/** Throws unless `x` is a number ≥ 0 or +∞ (not NaN, not −∞). */
export function requireNonNegativeOrInfinite(argument: string, x: number): number {
  if (typeof x !== 'number' || Number.isNaN(x) || x < 0) throw new CurveError(argument, x, 'a number ≥ 0 or +∞');
  return x;
}

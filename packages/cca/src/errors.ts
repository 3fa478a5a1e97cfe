/**
 * The error every `@ccalc/cca` function throws on a bad model or parameter, before any computation
 * starts: the message names the parameter, the value and what was expected.
 * @example try { aimdRate({ initialRate: -1, increase: 1, decrease: 0.5, increaseInterval: 1 }) } catch (e) { e.parameter === 'initialRate' }
 */
export class ModelError extends Error {
  readonly parameter: string;
  readonly value: unknown;
  /** What was expected, in words. */
  readonly expected: string;

  constructor(parameter: string, value: unknown, expected: string) {
    super(`${parameter}: expected ${expected}, got ${typeof value === 'number' && Number.isNaN(value) ? 'NaN' : JSON.stringify(value) ?? String(value)}`);
    this.name = 'ModelError';
    this.parameter = parameter;
    this.value = value;
    this.expected = expected;
  }
}

/** Throws unless x is a finite number > 0. */
export function requirePositive(parameter: string, x: number): number {
  if (typeof x !== 'number' || !Number.isFinite(x) || x <= 0) throw new ModelError(parameter, x, 'a finite number > 0');
  return x;
}

/** Throws unless x is a finite number ≥ 0. */
export function requireNonNegative(parameter: string, x: number): number {
  if (typeof x !== 'number' || !Number.isFinite(x) || x < 0) throw new ModelError(parameter, x, 'a finite number ≥ 0');
  return x;
}

/** Throws unless 0 < x < 1. */
export function requireFraction(parameter: string, x: number): number {
  if (typeof x !== 'number' || !(x > 0 && x < 1)) throw new ModelError(parameter, x, 'a number strictly between 0 and 1');
  return x;
}

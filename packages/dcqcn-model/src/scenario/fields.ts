import { parseQuantity, ScenarioError, type QuantityKind } from '../units.ts';

/**
 * A JSON object of a scenario being validated, with its path ("senders[2].arrival"). Reading a
 * field checks its type and converts units; unknown fields are rejected up front. Every error is a
 * ScenarioError naming the full path, the value and what was expected.
 * @example const f = new Fields(json, 'link', ['rate', 'latency']); f.quantity('rate', 'rate')
 */
export class Fields {
  readonly object: Record<string, unknown>;

  constructor(
    value: unknown,
    readonly path: string,
    allowed: readonly string[],
  ) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ScenarioError(path || 'scenario', value, 'an object');
    this.object = value as Record<string, unknown>;
    for (const key of Object.keys(this.object)) {
      if (!allowed.includes(key)) throw new ScenarioError(this.at(key), this.object[key], `no such field (${path || 'a scenario'} has: ${allowed.join(', ')})`);
    }
  }

  /** The path of one field. */
  at(key: string): string {
    return this.path === '' ? key : `${this.path}.${key}`;
  }

  has(key: string): boolean {
    return this.object[key] !== undefined;
  }

  /** A quantity with units ("50 us") or a number in SI; `fallback` if absent (an error if none). */
  quantity(key: string, kind: QuantityKind, fallback?: number): number {
    const v = this.object[key];
    if (v === undefined) return this.missing(key, fallback, `a ${kind}`);
    return parseQuantity(v, kind, this.at(key));
  }

  /** A plain number within [min, max] (an integer if asked). */
  number(key: string, o: { min?: number; max?: number; integer?: boolean; fallback?: number } = {}): number {
    const v = this.object[key];
    const what = `${o.integer ? 'an integer' : 'a number'}${o.min !== undefined ? ` ≥ ${o.min}` : ''}${o.max !== undefined ? ` ≤ ${o.max}` : ''}`;
    if (v === undefined) return this.missing(key, o.fallback, what);
    if (typeof v !== 'number' || !Number.isFinite(v) || (o.integer && !Number.isInteger(v)) || (o.min !== undefined && v < o.min) || (o.max !== undefined && v > o.max)) throw new ScenarioError(this.at(key), v, what);
    return v;
  }

  string(key: string, fallback?: string): string {
    const v = this.object[key];
    if (v === undefined) return this.missing(key, fallback, 'a string');
    if (typeof v !== 'string') throw new ScenarioError(this.at(key), v, 'a string');
    return v;
  }

  /** One of the given strings. */
  choice<T extends string>(key: string, options: readonly T[], fallback?: T): T {
    const v = this.object[key];
    const what = `one of ${options.map((o) => JSON.stringify(o)).join(', ')}`;
    if (v === undefined) return this.missing(key, fallback, what);
    if (!options.includes(v as T)) throw new ScenarioError(this.at(key), v, what);
    return v as T;
  }

  boolean(key: string, fallback?: boolean): boolean {
    const v = this.object[key];
    if (v === undefined) return this.missing(key, fallback, 'true or false');
    if (typeof v !== 'boolean') throw new ScenarioError(this.at(key), v, 'true or false');
    return v;
  }

  /** A nested object with its own allowed fields, or undefined if absent. */
  object_(key: string, allowed: readonly string[]): Fields | undefined {
    const v = this.object[key];
    return v === undefined ? undefined : new Fields(v, this.at(key), allowed);
  }

  /** A non-empty array. */
  array(key: string): unknown[] {
    const v = this.object[key];
    if (!Array.isArray(v) || v.length === 0) throw new ScenarioError(this.at(key), v, 'a non-empty array');
    return v;
  }

  private missing<T>(key: string, fallback: T | undefined, what: string): T {
    if (fallback === undefined) throw new ScenarioError(this.at(key), undefined, `${what} (the field is required)`);
    return fallback;
  }
}

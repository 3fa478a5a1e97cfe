import { parseQuantity, ScenarioError, type QuantityKind } from '../units.ts';

/**
 * A parameter's values as a sweep file gives them: a list of JSON values (strings with units,
 * numbers, choices, objects; null leaves the field out), or a range of numbers or quantities.
 */
export type ValueSpec = unknown[] | RangeSpec;

/** A range: `from`, `to` (numbers, or quantities with units of one kind), and how to step through it. */
export interface Range {
  /** Endpoints in SI units (s, B, B/s) or plain numbers. */
  from: number;
  to: number;
  /** 'log' spaces the values geometrically (from and to > 0). */
  scale: 'linear' | 'log';
  /** Round every value to a whole number (counts, seeds). */
  integer: boolean;
  /** For a grid or zip: that many values from `from` to `to` inclusive, or every `step` from `from`. */
  steps?: number;
  step?: number;
  /** The kind of quantity the endpoints are, or undefined for plain numbers. */
  kind?: QuantityKind;
}

type RangeSpec = Record<string, unknown>;

/** The most values one parameter may take in a grid or zip, and points a sweep may have. */
export const MAX_VALUES = 1_000_000;

const KINDS: QuantityKind[] = ['time', 'bytes', 'rate'];

/**
 * A quantity with units in SI and its kind ("50 us" → 5e-5, 'time'), or undefined for a value that
 * is not a string with a unit of time, size or rate.
 * @example quantityOf('40 kB') // { value: 40000, kind: 'bytes' }
 */
export function quantityOf(value: unknown): { value: number; kind: QuantityKind } | undefined {
  if (typeof value !== 'string') return undefined;
  for (const kind of KINDS) {
    try {
      return { value: parseQuantity(value, kind, ''), kind };
    } catch {
      // not this kind
    }
  }
  return undefined;
}

/**
 * Reads a range (`{"from", "to", "steps" | "step", "scale", "integer"}`) at `field`; `stepped`: a
 * grid's or zip's range, which needs `steps` or `step`; random sampling takes neither.
 */
export function parseRange(spec: unknown, field: string, stepped: boolean): Range {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) throw new ScenarioError(field, spec, stepped ? 'a list of values or a range {"from", "to", "steps"}' : 'a range {"from", "to"} or a list of values');
  const o = spec as RangeSpec;
  const allowed = stepped ? ['from', 'to', 'steps', 'step', 'scale', 'integer'] : ['from', 'to', 'scale', 'integer'];
  for (const k of Object.keys(o)) if (!allowed.includes(k)) throw new ScenarioError(`${field}.${k}`, o[k], `no such field (a range has: ${allowed.join(', ')})`);
  const end = (k: 'from' | 'to'): { value: number; kind?: QuantityKind } => {
    const v = o[k];
    if (typeof v === 'number' && Number.isFinite(v)) return { value: v };
    const q = quantityOf(v);
    if (q === undefined) throw new ScenarioError(`${field}.${k}`, v, 'a number or a quantity with units such as "40 kB", "50 us", "10 Gbps" (the field is required)');
    return q;
  };
  const from = end('from');
  const to = end('to');
  if (from.kind !== to.kind) throw new ScenarioError(`${field}.to`, o.to, from.kind === undefined ? 'a plain number, as "from" is' : `a ${from.kind} quantity, as "from" is`);
  const scale = o.scale === undefined ? 'linear' : o.scale;
  if (scale !== 'linear' && scale !== 'log') throw new ScenarioError(`${field}.scale`, o.scale, '"linear" or "log"');
  if (scale === 'log' && !(from.value > 0 && to.value > 0)) throw new ScenarioError(`${field}.from`, o.from, 'a value > 0, as "to" is, for a log scale');
  if (o.integer !== undefined && typeof o.integer !== 'boolean') throw new ScenarioError(`${field}.integer`, o.integer, 'true or false');
  const range: Range = { from: from.value, to: to.value, scale, integer: o.integer === true, kind: from.kind };
  if (!stepped) return range;
  if ((o.steps === undefined) === (o.step === undefined)) throw new ScenarioError(`${field}.steps`, o.steps, 'either "steps" (how many values) or "step" (the spacing), not both');
  if (o.steps !== undefined) {
    if (typeof o.steps !== 'number' || !Number.isInteger(o.steps) || o.steps < 1 || o.steps > MAX_VALUES) throw new ScenarioError(`${field}.steps`, o.steps, `a whole number of values from 1 to ${MAX_VALUES.toLocaleString('en-US')}`);
    range.steps = o.steps;
  } else {
    if (scale === 'log') throw new ScenarioError(`${field}.step`, o.step, '"steps" for a log scale (a spacing has no meaning there)');
    const step = typeof o.step === 'number' ? o.step : quantityOf(o.step)?.value;
    if (!(typeof step === 'number' && step > 0 && Number.isFinite(step))) throw new ScenarioError(`${field}.step`, o.step, 'a spacing > 0, a number or a quantity of the endpoints\' kind');
    if (typeof o.step === 'string' && quantityOf(o.step)?.kind !== from.kind) throw new ScenarioError(`${field}.step`, o.step, `a ${from.kind ?? 'plain number'} spacing, as the endpoints are`);
    if (Math.abs(to.value - from.value) / step + 1 > MAX_VALUES) throw new ScenarioError(`${field}.step`, o.step, `a spacing that gives at most ${MAX_VALUES.toLocaleString('en-US')} values`);
    range.step = step;
  }
  return range;
}

/**
 * The value at fraction u ∈ [0, 1] of a range: linear or geometric between the endpoints, rounded
 * to a whole number if asked and to 12 significant digits (so 0.1 + 2·0.1 is 0.3).
 * @example rangeValue({ from: 8, to: 256, scale: 'log', integer: true }, 0.2) // 16
 */
export function rangeValue(r: Range, u: number): number {
  const x = r.scale === 'log' ? r.from * (r.to / r.from) ** u : r.from + (r.to - r.from) * u;
  return r.integer ? Math.round(x) : Number(x.toPrecision(12));
}

/**
 * Every value of a grid's or zip's parameter: the list as given, or the range's values from `from`
 * to `to` (its `steps` of them, or every `step`; equal values after rounding once).
 * @example gridValues({ from: 0, to: 1, steps: 3 }, 'ecn.pMax') // [0, 0.5, 1]
 */
export function gridValues(spec: unknown, field: string): unknown[] {
  if (Array.isArray(spec)) {
    if (spec.length === 0) throw new ScenarioError(field, spec, 'a non-empty list of values or a range');
    return spec;
  }
  const r = parseRange(spec, field, true);
  const values: number[] = [];
  if (r.steps !== undefined) {
    for (let k = 0; k < r.steps; k++) values.push(rangeValue(r, r.steps === 1 ? 0 : k / (r.steps - 1)));
  } else {
    const n = Math.floor(Math.abs(r.to - r.from) / r.step! + 1e-9);
    for (let k = 0; k <= n; k++) values.push(rangeValue(r, r.to === r.from ? 0 : (k * r.step!) / Math.abs(r.to - r.from)));
  }
  return values.filter((v, k) => k === 0 || v !== values[k - 1]);
}

/**
 * A parameter's value as the results table holds it: quantities in SI units (s, B, B/s), other
 * numbers and strings as given, booleans as they are, anything else (an object, null) as JSON text.
 * @example tableValue('40 kB') // 40000
 */
export function tableValue(value: unknown): number | string | boolean {
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return quantityOf(value)?.value ?? value;
  return JSON.stringify(value ?? null);
}

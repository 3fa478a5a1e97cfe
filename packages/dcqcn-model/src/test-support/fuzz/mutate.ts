/**
 * Random mutations of valid inputs, for the fuzz test: of a JSON document's fields (deleted,
 * retyped, given other units, extreme or non-numbers, nested wrongly) and of a text file's bytes
 * (flipped, cut, duplicated, control characters, a BOM, CRLF). Seeded: the same seed gives the same
 * case, so a failing case can be replayed.
 */
import { seededRandom } from '@ccalc/cca';

/** A seeded source of floats in [0, 1) (Mulberry32, as the ECN marks draw). */
export const randomSource = seededRandom;

export type Random = () => number;

const pick = <T>(random: Random, xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];

/** Values a field may be replaced with: wrong types, extremes, units of every kind and none. */
const ODD_VALUES: unknown[] = [
  null, true, false, 0, -1, 1, 0.5, 2.5, 1e-12, 1e30, -1e30, 1e308, '', ' ', 'NaN', 'Infinity', '-Infinity', 'abc',
  '0 s', '-5 us', '1 ps', '1e9 s', '1 ms', '10 us', '100 Gbps', '0 Gbps', '-5 Gbps', '1e30 Gbps', '1 TB', '0 B', '-1 kB', '1.5 MB',
  '5 apples', '10 MB/s', '1 kg', '1e-30 s', 'until-complete', 'threshold', 'paper', 'dequeue', 'enqueue', 'per-burst', 'persistent',
  'ns3-mlx', 'paper', 'zhu2015', 'nic', 'trace-reference', 'dcqcn', 'none', 'aimd-rate', 'aimd-window', 'vegas', 'burst', 'repeated-bursts', 'constant-rate', 'trace',
  [], [1, 2], {}, { a: 1 }, 'a/b', '../../escaped', '.', '..', 'x'.repeat(300), '\u0000', '\ud800',
];

/** Scales a number found in a field's value ("10 MB" → "1e+4 MB", 31 → 0.31) to test ranges, not types. */
function scaled(random: Random, value: unknown): unknown {
  const factor = pick(random, [0, -1, 1e-9, 1e-3, 0.1, 2, 10, 1e3, 1e9, 1e30]);
  if (typeof value === 'number') return value * factor;
  if (typeof value === 'string') {
    const m = /^(-?[\d.e+]+)\s*(.*)$/.exec(value);
    if (m !== null) return `${Number(m[1]) * factor} ${m[2]}`.trim();
  }
  return value;
}

/** The paths of every field of a JSON value (objects and arrays), the root excluded. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, k) => k) : Object.keys(value);
  return keys.flatMap((k) => [[...prefix, k], ...paths((value as Record<string | number, unknown>)[k], [...prefix, k])]);
}

/**
 * A JSON document with 1–3 random changes: a field deleted, replaced by an odd value, scaled,
 * duplicated into an unknown field, or an array emptied or doubled; with `scaleOnly`, numbers
 * scaled only (types and units stay, so more of the cases run).
 * @example mutateJson(randomSource(1), { horizon: '1 ms' })
 */
export function mutateJson(random: Random, doc: unknown, options: { scaleOnly?: boolean } = {}): unknown {
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  const changes = 1 + Math.floor(random() * 3);
  for (let c = 0; c < changes; c++) {
    const all = paths(copy);
    if (all.length === 0) break;
    const path = pick(random, all);
    let parent = copy as Record<string | number, unknown>;
    for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
    const key = path[path.length - 1];
    const r = options.scaleOnly === true ? 0.6 : random();
    if (r < 0.2 && !Array.isArray(parent)) delete parent[key];
    else if (r < 0.55) parent[key] = pick(random, ODD_VALUES);
    else if (r < 0.85) parent[key] = scaled(random, parent[key]);
    else if (r < 0.92 && !Array.isArray(parent)) parent[`${String(key)}x`] = parent[key];
    else if (Array.isArray(parent[key])) parent[key] = random() < 0.5 ? [] : [...(parent[key] as unknown[]), ...(parent[key] as unknown[])];
    else parent[key] = [parent[key]];
  }
  return copy;
}

/**
 * A text with 1–4 byte-level changes: bytes replaced (control characters, high bytes, separators),
 * a cut anywhere, a stretch duplicated or deleted, a BOM, CRLF line ends, an empty file.
 * @example mutateText(randomSource(1), 'a,b\n1,2\n')
 */
export function mutateText(random: Random, text: string): Buffer {
  let bytes = Buffer.from(text, 'utf8');
  const changes = 1 + Math.floor(random() * 4);
  for (let c = 0; c < changes; c++) {
    const at = Math.floor(random() * (bytes.length + 1));
    const r = random();
    if (r < 0.3 && bytes.length > 0) {
      const copy = Buffer.from(bytes);
      copy[Math.min(at, bytes.length - 1)] = pick(random, [0x00, 0x01, 0x0a, 0x0d, 0x22, 0x2c, 0x2d, 0x2e, 0x30, 0x39, 0x41, 0x65, 0x7f, 0xc3, 0xff]);
      bytes = copy;
    } else if (r < 0.45) bytes = bytes.subarray(0, at);
    else if (r < 0.6) {
      const len = Math.floor(random() * 200);
      bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at, at + len), bytes.subarray(at)]);
    } else if (r < 0.75) bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + Math.floor(random() * 200))]);
    else if (r < 0.82) bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
    else if (r < 0.9) bytes = Buffer.from(bytes.toString('latin1').replace(/\n/g, '\r\n'), 'latin1');
    else if (r < 0.95) bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(pick(random, ['NaN', '-1', '1e309', '""', ',,,', 'Infinity', '\n\n', ' 1 ']), 'latin1'), bytes.subarray(at)]);
    else bytes = Buffer.alloc(0);
  }
  return bytes;
}

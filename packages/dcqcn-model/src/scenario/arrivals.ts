import { add, constant, fromPackets, min, rateLatency, step, type Curve } from '@ccalc/curves';
import { isAbsolute, join } from 'node:path';
import { readCsvHeader, readNumericCsv, TraceError } from '../traces/csv.ts';
import { MAX_QUANTITY, ScenarioError, TIME_RESOLUTION } from '../units.ts';
import { Fields } from './fields.ts';

/** A sender's traffic: what its application hands to the NIC (SI units). */
export type ArrivalPattern =
  | { pattern: 'burst'; size: number; at: number }
  | { pattern: 'repeated-bursts'; size: number; period: number; count: number; start: number; connection: 'per-burst' | 'persistent' }
  | { pattern: 'constant-rate'; rate: number; start: number; stop: number }
  | { pattern: 'trace'; file: string }
  /** Transfers, each its own connection: `size` bytes handed over `at` (s). */
  | { pattern: 'transfers'; transfers: { size: number; at: number }[] }
  /** Several patterns at once (a list in the scenario file): their sum. */
  | { pattern: 'sum'; parts: ArrivalPattern[] };

/**
 * The simple patterns a pattern is made of: itself, or a sum's parts (flattened).
 * @example arrivalParts({ pattern: 'sum', parts: [{ pattern: 'burst', size: 1, at: 0 }] }).length // 1
 */
export function arrivalParts(a: ArrivalPattern): Exclude<ArrivalPattern, { pattern: 'sum' }>[] {
  return a.pattern === 'sum' ? a.parts.flatMap(arrivalParts) : [a];
}

const ALLOWED: Record<Exclude<ArrivalPattern['pattern'], 'sum'>, string[]> = {
  burst: ['pattern', 'size', 'at'],
  'repeated-bursts': ['pattern', 'size', 'period', 'count', 'start', 'connection'],
  'constant-rate': ['pattern', 'rate', 'start', 'stop', 'size'],
  trace: ['pattern', 'file'],
  transfers: ['pattern', 'transfers'],
};

/**
 * Reads an `arrival` object. `{ "pattern": "burst", "size": "10 MB", "at": "0 us" }`;
 * `{ "pattern": "repeated-bursts", "size": "2 MB", "period": "1 ms", "count": 5, "start": "0 us",
 * "connection": "per-burst" }` (training-style on-off traffic; each burst on a new connection, as a
 * packet simulator runs each burst as its own flow, or "persistent": one CCA state throughout); `{ "pattern": "constant-rate", "rate": "25 Gbps", "start": …,
 * "stop": … }` or with `"size"` instead of `"stop"` (no end: it never stops); `{ "pattern": "trace",
 * "file": "arrivals.csv" }` (a path relative to the scenario file); `{ "pattern": "transfers",
 * "transfers": [{ "at": "0 us", "size": "1 MB" }, …] }` (each transfer its own connection, as a
 * storage or RPC workload opens one per request). A list of these is their sum (an application that
 * writes a burst, a steady stream and further bursts).
 */
export function parseArrival(value: unknown, path: string, baseDir: string): ArrivalPattern {
  if (Array.isArray(value)) {
    if (value.length === 0) throw new ScenarioError(path, value, 'an arrival pattern, or a non-empty list of them');
    return { pattern: 'sum', parts: value.map((v, k) => parseArrival(v, `${path}[${k}]`, baseDir)) };
  }
  const kind = new Fields(value, path, Object.keys(value !== null && typeof value === 'object' ? value : {})).choice('pattern', Object.keys(ALLOWED) as Exclude<ArrivalPattern['pattern'], 'sum'>[]);
  const f = new Fields(value, path, ALLOWED[kind]);
  switch (kind) {
    case 'burst':
      return { pattern: kind, size: f.quantity('size', 'bytes'), at: f.quantity('at', 'time', 0) };
    case 'repeated-bursts': {
      const period = positive(f, 'period');
      const count = f.number('count', { min: 1, integer: true });
      const start = f.quantity('start', 'time', 0);
      // The bursts must be instants apart (1 ps) and the last one a time the model can hold.
      if (period < TIME_RESOLUTION) throw new ScenarioError(f.at('period'), f.object.period, "a duration of at least 1 ps, the model's time resolution");
      if (!(start + (count - 1) * period <= MAX_QUANTITY)) throw new ScenarioError(f.at('period'), f.object.period, `a period whose last burst (start + ${count - 1} periods) is at most 1e20 s`);
      return { pattern: kind, size: f.quantity('size', 'bytes'), period, count, start, connection: f.choice('connection', ['per-burst', 'persistent'], 'per-burst') };
    }
    case 'constant-rate': {
      const rate = positive(f, 'rate', 'rate');
      const start = f.quantity('start', 'time', 0);
      if (f.has('stop') && f.has('size')) throw new ScenarioError(f.at('size'), f.object.size, 'either "stop" or "size", not both');
      const stop = f.has('size') ? start + f.quantity('size', 'bytes') / rate : f.quantity('stop', 'time', Infinity);
      if (!(stop >= start)) throw new ScenarioError(f.at('stop'), f.object.stop, `a time ≥ start (${start} s)`);
      return { pattern: kind, rate, start, stop };
    }
    case 'transfers': {
      const list = f.array('transfers');
      return {
        pattern: kind,
        transfers: list.map((v, k) => {
          const t = new Fields(v, `${f.at('transfers')}[${k}]`, ['at', 'size']);
          const size = t.quantity('size', 'bytes');
          if (!(size > 0)) throw new ScenarioError(t.at('size'), t.object.size, 'a size > 0');
          return { size, at: t.quantity('at', 'time', 0) };
        }),
      };
    }
    default: {
      const file = f.string('file');
      return { pattern: kind, file: isAbsolute(file) ? file : join(baseDir, file) };
    }
  }
}

function positive(f: Fields, key: string, kind: 'time' | 'rate' = 'time'): number {
  const x = f.quantity(key, kind);
  if (!(x > 0)) throw new ScenarioError(f.at(key), f.object[key], `a ${kind} > 0`);
  return x;
}

/**
 * The pattern on the wire when its sizes and rates are application bytes carried in packets of
 * `packetSize` bytes of which `header` are headers: a size of S bytes takes ⌈S/(packetSize − header)⌉
 * packets and S + header·⌈S/(packetSize − header)⌉ bytes on the wire (a simulator's flow size is its
 * payload); a rate grows by packetSize/(packetSize − header). Trace files list packets on the wire
 * and are left alone.
 * @example onWire({ pattern: 'burst', size: 10e6, at: 0 }, 1048, 48) // { pattern: 'burst', size: 10.48e6, at: 0 }
 */
export function onWire(a: ArrivalPattern, packetSize: number, header: number): ArrivalPattern {
  if (header === 0) return a;
  const payload = packetSize - header;
  const size = (bytes: number): number => bytes + header * Math.ceil(bytes / payload - 1e-12);
  switch (a.pattern) {
    case 'burst':
    case 'repeated-bursts':
      return { ...a, size: size(a.size) };
    case 'transfers':
      return { ...a, transfers: a.transfers.map((t) => ({ ...t, size: size(t.size) })) };
    case 'constant-rate':
      return { ...a, rate: (a.rate * packetSize) / payload };
    case 'sum':
      return { ...a, parts: a.parts.map((part) => onWire(part, packetSize, header)) };
    default:
      return a;
  }
}

/**
 * The instants at which a sender with this pattern opens a new connection after its first (s): the
 * starts of its bursts after the first with `"connection": "per-burst"`, else none.
 * @example newConnectionInstants({ pattern: 'repeated-bursts', size: 1e6, period: 1e-3, count: 3, start: 0, connection: 'per-burst' }) // [0.001, 0.002]
 */
export function newConnectionInstants(a: ArrivalPattern): number[] {
  const starts = connectionPatterns(a).map(firstInstant);
  return [...new Set(starts)].sort((x, y) => x - y).slice(1);
}

/**
 * A sender's traffic as its connections, in order of their start: each burst of per-burst repeated
 * bursts and each transfer is its own connection; everything else (bursts, persistent repeated
 * bursts, constant rates, traces) is one connection, their sum.
 * @example connectionPatterns({ pattern: 'repeated-bursts', size: 1e6, period: 1e-3, count: 2, start: 0, connection: 'per-burst' }).length // 2
 */
export function connectionPatterns(a: ArrivalPattern): ArrivalPattern[] {
  const own: ArrivalPattern[] = [];
  const rest: ArrivalPattern[] = [];
  for (const part of arrivalParts(a)) {
    if (part.pattern === 'repeated-bursts' && part.connection === 'per-burst') {
      for (let k = 0; k < part.count; k++) own.push({ pattern: 'burst', size: part.size, at: part.start + k * part.period });
    } else if (part.pattern === 'transfers') for (const t of part.transfers) own.push({ pattern: 'burst', size: t.size, at: t.at });
    else rest.push(part);
  }
  const all = rest.length === 0 ? own : [rest.length === 1 ? rest[0] : { pattern: 'sum' as const, parts: rest }, ...own];
  // Stable: at one instant, the persistent connection first, then in the order given.
  return all.map((p, k) => ({ p, k, at: firstInstant(p) })).sort((x, y) => x.at - y.at || x.k - y.k).map((x) => x.p);
}

/** When a pattern's first data arrives (s), as far as the pattern says without reading a trace (0 for a trace). */
function firstInstant(a: ArrivalPattern): number {
  switch (a.pattern) {
    case 'burst':
      return a.at;
    case 'repeated-bursts':
    case 'constant-rate':
      return a.start;
    case 'transfers':
      return Math.min(...a.transfers.map((t) => t.at));
    case 'sum':
      return Math.min(...a.parts.map(firstInstant));
    default:
      return 0;
  }
}

/** The time columns a packet trace may have, with their factor to seconds. */
const TIME_COLUMNS: Record<string, number> = { time_s: 1, time_ms: 1e-3, time_us: 1e-6, time_ns: 1e-9 };

/**
 * The cumulative arrival curve of a pattern (exact; a burst is a jump). A trace file is a CSV with
 * a header: one time column (`time_s`, `time_ms`, `time_us` or `time_ns`, non-decreasing) and
 * `bytes`, one row per packet; errors name the file, line and column.
 * @example await arrivalCurve({ pattern: 'burst', size: 10e6, at: 0 }) // step(10e6, 0)
 */
export async function arrivalCurve(a: ArrivalPattern): Promise<Curve> {
  switch (a.pattern) {
    case 'burst':
      return step(a.size, a.at);
    case 'repeated-bursts':
      return fromPackets(Array.from({ length: a.count }, (_, k) => a.start + k * a.period), new Array(a.count).fill(a.size));
    case 'constant-rate': {
      const ramp = rateLatency(a.rate, a.start);
      return a.stop === Infinity ? ramp : min(ramp, constant(a.rate * (a.stop - a.start)));
    }
    case 'sum': {
      const parts = await Promise.all(a.parts.map(arrivalCurve));
      return parts.reduce((x, y) => add(x, y));
    }
    case 'transfers': {
      const sorted = [...a.transfers].sort((x, y) => x.at - y.at);
      return fromPackets(sorted.map((t) => t.at), sorted.map((t) => t.size));
    }
    default: {
      const header = await readCsvHeader(a.file);
      const timeColumn = Object.keys(TIME_COLUMNS).find((c) => header.includes(c));
      if (timeColumn === undefined) throw new TraceError(a.file, 1, null, 'time', `expected a time column (${Object.keys(TIME_COLUMNS).join(', ')}); the header has: ${header.join(', ')}`);
      const csv = await readNumericCsv(a.file, [timeColumn, 'bytes'], timeColumn);
      const times = Array.from(csv.columns[timeColumn], (t) => t * TIME_COLUMNS[timeColumn]);
      const bytes = Array.from(csv.columns.bytes);
      const bad = bytes.findIndex((b) => b < 0);
      if (bad >= 0) throw new TraceError(a.file, bad + 2, header.indexOf('bytes') + 1, 'bytes', `expected a size ≥ 0, got ${bytes[bad]}`);
      const early = times.findIndex((t) => t < 0);
      if (early >= 0) throw new TraceError(a.file, early + 2, header.indexOf(timeColumn) + 1, timeColumn, `expected a time ≥ 0, got ${csv.columns[timeColumn][early]}`);
      return fromPackets(times, bytes);
    }
  }
}

import { parseQuantity, type QuantityKind } from '../units.ts';
import { readCsvHeader, readNumericCsv, TraceError } from './csv.ts';
import type { Ns3Trace } from './ns3.ts';

/** The series a generic trace may have, and what each measures. */
const SERIES: { name: string; kind: QuantityKind; required: boolean }[] = [
  { name: 'time', kind: 'time', required: true },
  { name: 'backlog', kind: 'bytes', required: true },
  { name: 'arrival_rate', kind: 'rate', required: true },
  { name: 'departure_rate', kind: 'rate', required: false },
];

/**
 * Reads a simulator trace in the generic CSV format (README, "Trace formats"): a header of
 * `name (unit)` columns — `time` and `backlog` and `arrival_rate`, optionally `departure_rate`, any
 * units mathjs knows (`time (ns)`, `backlog (kB)`, `arrival_rate (Gbps)`) — and one row per sample,
 * times non-decreasing. Other columns are ignored. The samples hold until the next one; they are
 * taken at every 1 µs from 0 to the last sample, into the same structure as the ns-3 traces (no
 * CNP, PFC or completion events). Errors name the file, line, column and field.
 * @example const trace = await readGenericTrace('sim.csv'); compareWithTrace(model, trace)
 */
export async function readGenericTrace(file: string): Promise<Ns3Trace> {
  const header = await readCsvHeader(file);
  const columns = new Map<string, { column: string; factor: number }>();
  for (const s of SERIES) {
    const column = header.find((h) => h === s.name || h.startsWith(`${s.name} (`));
    if (column === undefined) {
      if (s.required) throw new TraceError(file, 1, null, s.name, `missing column "${s.name} (unit)" (the header has: ${header.join(', ')})`);
      continue;
    }
    const unit = /\((.+)\)$/.exec(column)?.[1];
    if (unit === undefined) throw new TraceError(file, 1, header.indexOf(column) + 1, column, `expected a unit in parentheses, such as "${s.name} (${s.kind === 'time' ? 'us' : s.kind === 'bytes' ? 'B' : 'Gbps'})"`);
    let factor: number;
    try {
      factor = parseQuantity(`1 ${unit}`, s.kind, column);
    } catch (e) {
      throw new TraceError(file, 1, header.indexOf(column) + 1, column, (e as Error).message);
    }
    columns.set(s.name, { column, factor });
  }
  const csv = await readNumericCsv(file, [...columns.values()].map((c) => c.column), columns.get('time')!.column);
  const get = (name: string): Float64Array | null => {
    const c = columns.get(name);
    return c === undefined ? null : csv.columns[c.column].map((x) => x * c.factor);
  };
  const time = get('time')!;
  const n = time.length === 0 ? 0 : Math.floor(time[time.length - 1] / 1e-6 + 1e-9) + 1;
  /** The value holding at each 1 µs (the last sample at or before it; 0 before the first). */
  const held = (values: Float64Array | null): Float64Array => {
    const out = new Float64Array(n).fill(values === null ? Number.NaN : 0);
    if (values === null) return out;
    let k = -1;
    for (let i = 0; i < n; i++) {
      while (k + 1 < time.length && time[k + 1] <= i * 1e-6 + 1e-12) k++;
      if (k >= 0) out[i] = values[k];
    }
    return out;
  };
  const starts = Float64Array.from({ length: n }, (_, i) => i * 1e-6);
  return {
    bins: { binStart: starts, arrivalBytes: held(get('arrival_rate')).map((r) => r * 1e-6), departureBytes: held(get('departure_rate')).map((r) => r * 1e-6), binWidth: 1e-6 },
    backlog: { time: starts, bytes: held(get('backlog')) },
    cnps: { time: new Float64Array(), sender: new Float64Array() },
    pfc: { time: new Float64Array(), sender: new Float64Array(), pause: new Uint8Array() },
    completion: { sender: new Float64Array(), time: new Float64Array(), lastByte: new Float64Array(), burst: null },
    firstCut: null,
  };
}

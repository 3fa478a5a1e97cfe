import { createReadStream, existsSync, statSync } from 'node:fs';
import { TraceError } from '../traces/csv.ts';
import { TRACE_COLUMNS, type DcqcnEvent, type TraceRow } from './row.ts';

type Column = (typeof TRACE_COLUMNS)[number];

const EVENTS: Record<string, DcqcnEvent> = { cnp_sent: 'cnp_sent', cnp_recv: 'cnp_recv', timer_tick: 'timer_tick' };

/** Fields a row of each event must have; every other field of the format may be empty. */
const ALWAYS: Column[] = ['time_ns', 'event_id', 'flow_id', 'source_id', 'g_ppb', 'mi_ppb', 'cnp_interval_ns', 'min_rate_bps', 'max_rate_bps'];
const NEEDS: Record<DcqcnEvent, Column[]> = {
  cnp_sent: [...ALWAYS, 'pkt_id', 'sink_id'],
  cnp_recv: [...ALWAYS, 'pkt_id', 'sink_id', 'rate_bps', 'alpha_ppb'],
  timer_tick: [...ALWAYS, 'rate_bps', 'alpha_ppb'],
};

const SPACE = 32;
const CR = 13;
const MINUS = 45;
const ZERO = 48;

/**
 * Reads a DCQCN trace (the format in the package README) and calls `onRow` with each row in file
 * order, streaming in 1 MB chunks with a byte-level integer parser (constant memory). Malformed input throws a TraceError naming the file, line, column and
 * field: a missing file or column, an empty file, a wrong number of fields, an unknown event, a field
 * that is not an integer or not a safe one (|x| ≥ 2⁵³), a field the row's event needs left empty, or
 * a snapshot on a cnp_sent row. Extra columns are ignored. Returns the number of data rows read.
 * @example await readDcqcnTrace('trace.csv', (row) => rows.push(row))
 */
export async function readDcqcnTrace(file: string, onRow: (row: TraceRow) => void): Promise<number> {
  if (!existsSync(file)) throw new TraceError(file, null, null, null, 'no such file');
  if (statSync(file).size === 0) throw new TraceError(file, null, null, null, `the file is empty (expected a header: ${TRACE_COLUMNS.join(',')})`);
  let line = 0;
  let rows = 0;
  let header: string[] | null = null;
  /** For each field of a line, the index of its column in TRACE_COLUMNS (−1: ignored). */
  let slot: number[] = [];
  const values = new Float64Array(TRACE_COLUMNS.length);
  const eventSlot = TRACE_COLUMNS.indexOf('event');
  let event = '';

  const fail = (column: number | null, field: string | null, detail: string): never => {
    throw new TraceError(file, line, column, field, detail);
  };

  const parseHeader = (text: string): void => {
    header = text.split(',').map((h) => h.trim());
    const index = new Map(header.map((h, k) => [h, k]));
    const missing = TRACE_COLUMNS.find((c) => !index.has(c));
    if (missing !== undefined) fail(null, missing, `missing column "${missing}" (the header has: ${header.join(', ')})`);
    slot = header.map((h) => TRACE_COLUMNS.indexOf(h as Column));
  };

  const parseLine = (buf: Buffer, start: number, end: number): void => {
    line += 1;
    if (end > start && buf[end - 1] === CR) end -= 1;
    if (header === null) return parseHeader(buf.toString('utf8', start, end));
    if (end === start) return; // a blank line
    values.fill(Number.NaN);
    let field = 0;
    let a = start;
    for (let i = start; i <= end; i++) {
      if (i < end && buf[i] !== 44) continue; // 44: ','
      if (field >= slot.length) fail(null, null, `more fields than the header's ${slot.length}`);
      const s = slot[field];
      if (s === eventSlot) event = buf.toString('latin1', a, i).trim();
      else if (s >= 0) values[s] = parseInteger(buf, a, i, field);
      field += 1;
      a = i + 1;
    }
    if (field !== slot.length) fail(null, null, `expected ${slot.length} fields, got ${field}`);
    const kind = EVENTS[event];
    if (kind === undefined) fail(header.indexOf('event') + 1, 'event', `expected cnp_sent, cnp_recv or timer_tick, got ${JSON.stringify(event)}`);
    for (const c of NEEDS[kind]) {
      if (Number.isNaN(values[TRACE_COLUMNS.indexOf(c)])) fail(header.indexOf(c) + 1, c, `expected an integer (${kind} rows need it), got an empty field`);
    }
    if (kind === 'cnp_sent') {
      for (const c of ['rate_bps', 'alpha_ppb'] as const) {
        if (!Number.isNaN(values[TRACE_COLUMNS.indexOf(c)])) fail(header.indexOf(c) + 1, c, 'expected an empty field (a cnp_sent row is not a source snapshot)');
      }
    }
    rows += 1;
    const v = values;
    onRow({ line, time: v[0], eventId: v[1], event: kind, flow: v[3], pkt: v[4], sink: v[5], source: v[6], rate: v[7], alpha: v[8], g: v[9], mi: v[10], cnpInterval: v[11], minRate: v[12], maxRate: v[13] });
  };

  const parseInteger = (buf: Buffer, a: number, b: number, field: number): number => {
    while (a < b && buf[a] === SPACE) a++;
    while (b > a && buf[b - 1] === SPACE) b--;
    if (a === b) return Number.NaN;
    const negative = buf[a] === MINUS;
    let x = 0;
    for (let i = negative ? a + 1 : a; i < b; i++) {
      const d = buf[i] - ZERO;
      if (d < 0 || d > 9) fail(field + 1, header![field], `expected an integer, got ${JSON.stringify(buf.toString('utf8', a, b))}`);
      x = x * 10 + d;
    }
    if (negative && b === a + 1) fail(field + 1, header![field], 'expected an integer, got "-"');
    if (!Number.isSafeInteger(x)) fail(field + 1, header![field], `integer ${buf.toString('utf8', a, b)} is too large (at most 2^53 − 1)`);
    return negative ? -x : x;
  };

  let carry: Buffer | null = null;
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const buf: Buffer = carry === null ? chunk : Buffer.concat([carry, chunk]);
      let start = 0;
      for (let nl = buf.indexOf(10, start); nl >= 0; nl = buf.indexOf(10, start)) {
        parseLine(buf, start, nl);
        start = nl + 1;
      }
      carry = start < buf.length ? buf.subarray(start) : null;
    }
    if (carry !== null) parseLine(carry, 0, carry.length);
  } finally {
    stream.destroy();
  }
  if (header === null) throw new TraceError(file, null, null, null, 'the file has no header line');
  return rows;
}

import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { TraceError } from '../traces/csv.ts';
import { TRACE_COLUMNS, type DcqcnEvent, type TraceRow } from './row.ts';

type Column = (typeof TRACE_COLUMNS)[number];

const EVENTS: DcqcnEvent[] = ['cnp_sent', 'cnp_recv', 'timer_tick'];
const EVENT_BYTES = EVENTS.map((e) => Buffer.from(e, 'latin1'));

/** Fields a row of each event must have; every other field of the format may be empty. */
const ALWAYS: Column[] = ['time_ns', 'event_id', 'flow_id', 'source_id', 'g_ppb', 'mi_ppb', 'cnp_interval_ns', 'min_rate_bps', 'max_rate_bps'];
const NEEDS: Record<DcqcnEvent, Column[]> = {
  cnp_sent: [...ALWAYS, 'pkt_id', 'sink_id'],
  cnp_recv: [...ALWAYS, 'pkt_id', 'sink_id', 'rate_bps', 'alpha_ppb'],
  timer_tick: [...ALWAYS, 'rate_bps', 'alpha_ppb'],
};

const SPACE = 32;
const CR = 13;
const NL = 10;
const COMMA = 44;
const MINUS = 45;
const ZERO = 48;
const NINE = 57;
const col = (c: Column): number => TRACE_COLUMNS.indexOf(c);
const NEEDED = EVENTS.map((e) => NEEDS[e].map(col));
const SNAPSHOT = [col('rate_bps'), col('alpha_ppb')];
const EVENT = col('event');

/**
 * Reads a DCQCN trace (the format in the package README) and calls `onRow` with each row in file
 * order, reading 1 MiB at a time with a byte-level integer parser (constant memory). Malformed input throws a TraceError naming the file, line, column and
 * field: a missing file or column, an empty file, a wrong number of fields, an unknown event, a field
 * that is not an integer or not a safe one (|x| ≥ 2⁵³), a field the row's event needs left empty, or
 * a snapshot on a cnp_sent row. Extra columns are ignored. Returns the number of data rows read.
 * @example await readDcqcnTrace('trace.csv', (row) => rows.push(row))
 */
export async function readDcqcnTrace(file: string, onRow: (row: TraceRow) => void): Promise<number> {
  const parser = new LineParser(file, (line, v, event) =>
    onRow({ line, time: v[0], eventId: v[1], event: EVENTS[event], flow: v[3], pkt: v[4], sink: v[5], source: v[6], rate: v[7], alpha: v[8], g: v[9], mi: v[10], cnpInterval: v[11], minRate: v[12], maxRate: v[13] }),
  );
  return readLines(file, parser);
}

/** Width of a packed row: its line, its event (index in EVENTS), then the 14 columns in TRACE_COLUMNS order. */
export const PACKED = 2 + TRACE_COLUMNS.length;

/** The row a packed record stands for (see readDcqcnTracePacked). */
export function unpackRow(b: Float64Array, k: number): TraceRow {
  const o = k * PACKED;
  return { line: b[o], time: b[o + 2], eventId: b[o + 3], event: EVENTS[b[o + 1]], flow: b[o + 5], pkt: b[o + 6], sink: b[o + 7], source: b[o + 8], rate: b[o + 9], alpha: b[o + 10], g: b[o + 11], mi: b[o + 12], cnpInterval: b[o + 13], minRate: b[o + 14], maxRate: b[o + 15] };
}

/**
 * As readDcqcnTrace, but hands over rows packed in batches of up to `batchRows` (PACKED doubles
 * each), for the parsing worker to transfer without copying. `onBatch` owns the buffer it gets;
 * the promise it returns resolves when the batch is consumed, and reading pauses while more than
 * four batches are unconsumed (memory stays bounded).
 */
export async function readDcqcnTracePacked(file: string, batchRows: number, onBatch: (batch: Float64Array, rows: number) => Promise<void> | void): Promise<number> {
  let batch = new Float64Array(batchRows * PACKED);
  let n = 0;
  const pending: Promise<void>[] = [];
  const parser = new LineParser(file, (line, v, event) => {
    const o = n * PACKED;
    batch[o] = line;
    batch[o + 1] = event;
    batch.set(v, o + 2);
    if (++n === batchRows) {
      const r = onBatch(batch, n);
      if (r !== undefined) pending.push(r);
      batch = new Float64Array(batchRows * PACKED);
      n = 0;
    }
  });
  const rows = await readLines(file, parser, async () => {
    while (pending.length > 4) await pending.shift();
  });
  if (n > 0) pending.push(onBatch(batch, n) ?? Promise.resolve());
  await Promise.all(pending);
  return rows;
}

/** Feeds the file to the parser 1 MiB at a time; `between` runs after each read (for back-pressure). */
async function readLines(file: string, parser: LineParser, between?: () => Promise<void>): Promise<number> {
  if (!existsSync(file)) throw new TraceError(file, null, null, null, 'no such file');
  if (statSync(file).size === 0) throw new TraceError(file, null, null, null, `the file is empty (expected a header: ${TRACE_COLUMNS.join(',')})`);
  // Synchronous reads into one reused 1 MiB buffer: the unfinished last line of each read is moved
  // to the front and completed by the next. No allocation per chunk, constant memory.
  let buf = Buffer.allocUnsafe(1 << 20);
  let filled = 0;
  const fd = openSync(file, 'r');
  try {
    for (;;) {
      if (filled === buf.length) buf = Buffer.concat([buf, Buffer.allocUnsafe(buf.length)]); // a line longer than the buffer
      const n = readSync(fd, buf, filled, buf.length - filled, null);
      if (n === 0) break;
      filled += n;
      const last = buf.lastIndexOf(NL, filled - 1);
      if (last < 0) continue;
      for (let i = 0; i <= last; ) i = parser.line(buf, i);
      buf.copy(buf, 0, last + 1, filled);
      filled -= last + 1;
      if (between !== undefined) await between();
    }
    if (filled > 0) {
      const tail = Buffer.concat([buf.subarray(0, filled), Buffer.from('\n')]); // a last line without a newline
      for (let i = 0; i < tail.length; ) i = parser.line(tail, i);
    }
  } finally {
    closeSync(fd);
  }
  if (parser.header === null) throw new TraceError(file, null, null, null, 'the file has no header line');
  return parser.rows;
}

/** Parses one line at a time (the header first); a class so the per-row path allocates only the row. */
class LineParser {
  header: string[] | null = null;
  rows = 0;
  private lineNumber = 0;
  /** For each field of a line, the index of its column in TRACE_COLUMNS (−1: ignored). */
  private slot: number[] = [];
  private readonly values = new Float64Array(TRACE_COLUMNS.length);

  constructor(
    private readonly file: string,
    private readonly emit: (line: number, values: Float64Array, event: number) => void,
  ) {}

  private fail(field: number | null, detail: string, name: string | null = field === null ? null : this.header![field]): never {
    throw new TraceError(this.file, this.lineNumber, field === null ? null : field + 1, name, detail);
  }

  /** Parses the line at `start` (a newline follows it in `buf`); returns the index after that newline. */
  line(buf: Buffer, start: number): number {
    this.lineNumber += 1;
    if (this.header === null) {
      const nl = buf.indexOf(NL, start);
      this.parseHeader(buf.toString('utf8', start, nl > start && buf[nl - 1] === CR ? nl - 1 : nl));
      return nl + 1;
    }
    let i = start;
    let c = buf[i];
    if (c === CR) c = buf[++i];
    if (c === NL) return i + 1; // a blank line
    i = start;
    const v = this.values;
    const slot = this.slot;
    const fields = slot.length;
    let event = -1;
    for (let field = 0; field < fields; field++) {
      if (field > 0) {
        if (c !== COMMA) this.fail(null, `expected ${fields} fields, got ${field}`);
        i += 1;
      }
      const s = slot[field];
      const a = i;
      if (s === EVENT) {
        while ((c = buf[i]) !== COMMA && c !== NL && c !== CR) i++;
        event = this.event(buf, a, i, field);
        continue;
      }
      // Fast path: plain digits up to the separator (every field of a well-formed trace).
      let x = 0;
      c = buf[i];
      while (c >= ZERO && c <= NINE) {
        x = x * 10 + (c - ZERO);
        c = buf[++i];
      }
      if (i === a || (c !== COMMA && c !== NL && c !== CR) || x > Number.MAX_SAFE_INTEGER) {
        while ((c = buf[i]) !== COMMA && c !== NL && c !== CR) i++;
        x = this.integer(buf, a, i, field); // empty, signed, spaced, or an error
      }
      if (s >= 0) v[s] = x;
    }
    if (c === CR) c = buf[++i];
    if (c !== NL) this.fail(null, c === COMMA ? `more fields than the header's ${fields}` : 'a carriage return inside a line');
    for (const k of NEEDED[event]) {
      if (Number.isNaN(v[k])) this.fail(slot.indexOf(k), `expected an integer (${EVENTS[event]} rows need it), got an empty field`);
    }
    if (event === 0) {
      for (const k of SNAPSHOT) if (!Number.isNaN(v[k])) this.fail(slot.indexOf(k), 'expected an empty field (a cnp_sent row is not a source snapshot)');
    }
    this.rows += 1;
    this.emit(this.lineNumber, v, event);
    return i + 1;
  }

  private parseHeader(text: string): void {
    const header = text.split(',').map((h) => h.trim());
    this.header = header;
    const missing = TRACE_COLUMNS.find((c) => !header.includes(c));
    if (missing !== undefined) this.fail(null, `missing column "${missing}" (the header has: ${header.join(', ')})`, missing);
    this.slot = header.map((h) => TRACE_COLUMNS.indexOf(h as Column));
  }

  /** The index in EVENTS of the event name in buf[a, b), spaces around it allowed. */
  private event(buf: Buffer, a: number, b: number, field: number): number {
    while (a < b && buf[a] === SPACE) a++;
    while (b > a && buf[b - 1] === SPACE) b--;
    for (let e = 0; e < EVENT_BYTES.length; e++) {
      const name = EVENT_BYTES[e];
      if (name.length !== b - a) continue;
      let k = 0;
      while (k < name.length && name[k] === buf[a + k]) k++;
      if (k === name.length) return e;
    }
    return this.fail(field, `expected cnp_sent, cnp_recv or timer_tick, got ${JSON.stringify(buf.toString('utf8', a, b))}`);
  }

  /** The integer in buf[a, b) (spaces around it allowed), or NaN for an empty field. */
  private integer(buf: Buffer, a: number, b: number, field: number): number {
    while (a < b && buf[a] === SPACE) a++;
    while (b > a && buf[b - 1] === SPACE) b--;
    if (a === b) return Number.NaN;
    const negative = buf[a] === MINUS;
    let x = 0;
    for (let i = negative ? a + 1 : a; i < b; i++) {
      const d = buf[i] - ZERO;
      if (d < 0 || d > 9) this.fail(field, `expected an integer, got ${JSON.stringify(buf.toString('utf8', a, b))}`);
      x = x * 10 + d;
    }
    if (negative && b === a + 1) this.fail(field, 'expected an integer, got "-"');
    if (!Number.isSafeInteger(x)) this.fail(field, `integer ${buf.toString('utf8', a, b)} is too large (at most 2^53 − 1)`);
    return negative ? -x : x;
  }
}

/**
 * readDcqcnTrace with the parsing in a worker thread, so that parsing and `onRow` run on two cores
 * at once. Same rows, same errors. If `onRow` throws, the worker is stopped and the error passed on.
 * Built, the worker runs parse-worker.js; from the TypeScript sources (tests, tsx), parse-worker.mjs,
 * which loads them through tsx.
 */
export async function readDcqcnTraceInWorker(file: string, onRow: (row: TraceRow) => void): Promise<number> {
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(new URL(import.meta.url.endsWith('.ts') ? './parse-worker.mjs' : './parse-worker.js', import.meta.url), { workerData: { file } });
  try {
    return await new Promise<number>((ok, fail) => {
      worker.on('message', (m: { rows?: Float64Array; count?: number; done?: number; error?: { file: string; line: number | null; column: number | null; field: string | null; detail: string } }) => {
        try {
          if (m.rows !== undefined) {
            for (let k = 0; k < m.count!; k++) onRow(unpackRow(m.rows, k));
            worker.postMessage({ ack: true });
          } else if (m.done !== undefined) ok(m.done);
          else if (m.error !== undefined) fail(new TraceError(m.error.file, m.error.line, m.error.column, m.error.field, m.error.detail));
        } catch (e) {
          fail(e);
        }
      });
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`the parsing worker stopped (exit code ${code})`)));
    });
  } finally {
    await worker.terminate();
  }
}

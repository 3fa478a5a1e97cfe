import { createReadStream, existsSync, statSync } from 'node:fs';
import { readFailure } from '../json-file.ts';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

/** A malformed trace file: the message is one line, `file:line:column (field): what is wrong`. */
export class TraceError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly column: number | null,
    readonly field: string | null,
    readonly detail: string,
  ) {
    super(`${file}${line === null ? '' : `:${line}`}${column === null ? '' : `:${column}`}${field === null ? '' : ` (${field})`}: ${detail}`);
    this.name = 'TraceError';
  }
}

export interface CsvColumns {
  /** Column name → values, in file order. */
  columns: Record<string, Float64Array>;
  rows: number;
}

/**
 * The file a trace path names: the path itself, or its gzipped copy (`path.gz`), or null if
 * neither exists.
 * @example traceFile('traces/ns3-incast-31/A2_dcqcn_pfc_backlog.csv') // '….csv.gz'
 */
export function traceFile(path: string): string | null {
  if (existsSync(path)) return path;
  return existsSync(`${path}.gz`) ? `${path}.gz` : null;
}

/**
 * Reads a numeric CSV trace with a header line, streaming (constant memory apart from the columns
 * kept; a `.gz` file, or the gzipped copy of a missing one, through zlib), and validates it: the
 * file exists and is not empty, every `required` column is in the header, every row has as many
 * fields as the header, every kept field is a number, and the `sortedBy` column never decreases.
 * `optional` columns are kept, and checked, when the header has them (absent from `columns` otherwise).
 * Errors name the file, line, column and field.
 * @example const { columns } = await readNumericCsv('A2_dcqcn_pfc_backlog.csv', ['t_ns', 'switch_total_bytes'], 't_ns')
 */
export async function readNumericCsv(path: string, required: readonly string[], sortedBy?: string, optional: readonly string[] = []): Promise<CsvColumns> {
  const file = traceFile(path);
  if (file === null) throw new TraceError(path, null, null, null, 'no such file');
  const stat = statSync(file);
  if (stat.isDirectory()) throw new TraceError(file, null, null, null, readFailure('EISDIR'));
  if (stat.size === 0) throw new TraceError(file, null, null, null, 'the file is empty (a header line is expected)');
  const stream = file.endsWith('.gz') ? createReadStream(file).pipe(createGunzip()).setEncoding('utf8') : createReadStream(file, 'utf8');
  try {
    return await readLines(file, createInterface({ input: stream, crlfDelay: Infinity }), required, sortedBy, optional);
  } catch (e) {
    if (e instanceof TraceError) throw e;
    // A file system error in words; anything else (a corrupt .gz: zlib's message) as it is.
    const code = (e as NodeJS.ErrnoException).code;
    throw new TraceError(file, null, null, null, code?.startsWith('E') === true ? readFailure(code) : `cannot be read (${(e as Error).message})`);
  }
}

async function readLines(file: string, lines: AsyncIterable<string>, wanted: readonly string[], sortedBy: string | undefined, optional: readonly string[]): Promise<CsvColumns> {
  let header: string[] | null = null;
  let required = wanted;
  let index: number[] = [];
  let sortIndex = -1;
  const values: number[][] = wanted.map(() => []);
  let lineNumber = 0;
  let previous = -Infinity;
  for await (const raw of lines) {
    lineNumber += 1;
    const line = raw.trim();
    if (header === null) {
      header = line.split(',').map((h) => h.trim());
      // Optional columns are read like the others when the header has them.
      required = [...wanted, ...optional.filter((name) => header!.includes(name))];
      values.push(...required.slice(wanted.length).map((): number[] => []));
      index = required.map((name) => header!.indexOf(name));
      const missing = required.filter((_, k) => index[k] < 0);
      if (missing.length > 0) throw new TraceError(file, 1, null, missing[0], `missing column "${missing[0]}" (the header has: ${header.join(', ')})`);
      if (sortedBy !== undefined) sortIndex = required.indexOf(sortedBy);
      continue;
    }
    if (line === '') continue;
    const fields = line.split(',');
    if (fields.length !== header.length) throw new TraceError(file, lineNumber, null, null, `expected ${header.length} fields, got ${fields.length}`);
    for (let k = 0; k < required.length; k++) {
      const text = fields[index[k]].trim();
      const x = text === '' ? Number.NaN : Number(text);
      if (!Number.isFinite(x)) throw new TraceError(file, lineNumber, index[k] + 1, required[k], `expected a number, got ${JSON.stringify(text)}`);
      if (k === sortIndex) {
        if (x < previous) throw new TraceError(file, lineNumber, index[k] + 1, required[k], `times must not decrease (${x} after ${previous})`);
        previous = x;
      }
      values[k].push(x);
    }
  }
  if (header === null) throw new TraceError(file, null, null, null, 'the file is empty (a header line is expected)');
  const columns: Record<string, Float64Array> = {};
  required.forEach((name, k) => (columns[name] = Float64Array.from(values[k])));
  return { columns, rows: values[0]?.length ?? 0 };
}

/**
 * The column names of a CSV file's header line (trimmed); a TraceError if the file is missing.
 * @example await readCsvHeader('trace.csv') // ['time (us)', 'backlog (bytes)']
 */
export async function readCsvHeader(file: string): Promise<string[]> {
  const { open } = await import('node:fs/promises');
  let handle;
  try {
    handle = await open(file);
  } catch (e) {
    throw new TraceError(file, null, null, null, readFailure((e as NodeJS.ErrnoException).code));
  }
  try {
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return buf.toString('utf8', 0, bytesRead).split(/\r?\n/)[0].split(',').map((h) => h.trim());
  } catch (e) {
    // A folder opens, but does not read.
    throw new TraceError(file, null, null, null, readFailure((e as NodeJS.ErrnoException).code));
  } finally {
    await handle.close();
  }
}

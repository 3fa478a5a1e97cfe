import { type DetailUnit, detailUnit, rounded } from './csv-numbers.ts';

/** Bytes of the characters a CSV row is made of. */
const COMMA = 0x2c;
const NEWLINE = 0x0a;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;

/** Below this, a number rounded to its column is written from integers (see {@link CsvBytes.number}). */
const EXACT_DIGITS = 1e15;
/** Decimals written from integers (the fraction, below 10⁹, is a small integer); more go the long way. */
const MAX_DECIMALS = 9;
const POWERS_OF_TEN = Array.from({ length: MAX_DECIMALS + 1 }, (_, k) => 10 ** k);
const ENCODER = new TextEncoder();

/**
 * CSV text written straight into byte chunks of a fixed size, for files of hundreds of thousands
 * of rows: no string per row or per number, and no joining or encoding of large strings before
 * the file is written. Numbers are written as `csvNumber` writes them, character for character.
 * Full chunks are handed out with {@link CsvBytes.take}; {@link CsvBytes.end} gives the rest; a chunk
 * given back with {@link CsvBytes.recycle} once written lends its memory to the next.
 * @example const w = new CsvBytes(); w.text('time_us'); w.newline(); w.number(1.5e-6 * 1e6, 6, 'time_us'); Buffer.concat(w.end()).toString() // 'time_us\n1.5'
 */
export class CsvBytes {
  private chunk: Uint8Array;
  private at = 0;
  private full: Uint8Array[] = [];
  /** Digits of one integer, written backwards. */
  private readonly digits = new Uint8Array(24);

  /** A chunk given back (`recycle`), whose memory the next chunk takes. */
  private spare: Uint8Array | null = null;

  /** `size`: bytes per chunk (a single write longer than that gets a chunk of its own length). Allocated at the first write. */
  constructor(private readonly size = 1 << 20) {
    this.chunk = new Uint8Array(0);
  }

  /** Text (UTF-8). */
  text(s: string): void {
    // Room for the worst case: three bytes per UTF-16 unit.
    this.room(3 * s.length);
    this.at += ENCODER.encodeInto(s, this.chunk.subarray(this.at)).written;
  }

  /** Bytes already encoded (a cell written once and used for many rows). */
  bytes(b: Uint8Array): void {
    const n = b.length;
    this.room(n);
    // Byte by byte: `set` costs more than the copy for the few bytes of a cell or a name.
    const chunk = this.chunk;
    let at = this.at;
    for (let k = 0; k < n; k++) chunk[at++] = b[k];
    this.at = at;
  }

  comma(): void {
    this.room(1);
    this.chunk[this.at++] = COMMA;
  }

  newline(): void {
    this.room(1);
    this.chunk[this.at++] = NEWLINE;
  }

  /**
   * `x` as `csvNumber(x, decimals, column)` writes it: rounded to `decimals` places, shortest form,
   * no −0; NaN and infinities throw, naming the column. Rounded to p = round(x·10^d), the number is
   * p / 10^d, whose shortest decimal form is p's digits with the point d places from the right and
   * trailing zeros dropped while |p| < 10¹⁵ (a decimal of 15 significant digits or fewer is the
   * shortest that reads back as the double nearest it); larger ones, and those below 10⁻⁶ that
   * `String` writes with an exponent, are written by `String`.
   */
  number(x: number, decimals: number, column: string): void {
    const scale = decimals < POWERS_OF_TEN.length ? POWERS_OF_TEN[decimals] : 10 ** decimals;
    const p = Math.round(x * scale);
    // NaN and infinities (which `rounded` refuses), 15 digits or more, and nonzero numbers below
    // 10⁻⁶, which `String` writes with an exponent (1e-7), go the long way.
    if (!(Math.abs(p) < EXACT_DIGITS) || (p !== 0 && Math.abs(p) < scale * 1e-6) || decimals > MAX_DECIMALS) {
      this.text(String(rounded(x, decimals, column)));
      return;
    }
    this.room(EXACT_DIGITS_ROOM + decimals);
    if (p === 0) {
      this.chunk[this.at++] = ZERO;
      return;
    }
    if (p < 0) this.chunk[this.at++] = MINUS;
    const q = Math.abs(p);
    const whole = Math.floor(q / scale);
    // Below 10⁹ (decimals ≤ 9): small integers from here on.
    let fraction = (q - whole * scale) | 0;
    this.integer(whole);
    if (fraction === 0) return;
    // The fraction's digits, `decimals` of them with leading zeros, trailing zeros dropped.
    let places = decimals;
    let tenth = (fraction / 10) | 0;
    while (fraction === 10 * tenth) {
      fraction = tenth;
      tenth = (fraction / 10) | 0;
      places -= 1;
    }
    const chunk = this.chunk;
    let at = this.at;
    chunk[at] = DOT;
    for (let k = places; k > 0; k--) {
      tenth = (fraction / 10) | 0;
      chunk[at + k] = ZERO + fraction - 10 * tenth;
      fraction = tenth;
    }
    this.at = at + places + 1;
  }

  /** A whole number ≥ 0 below 10¹⁵ (a count, an index), in decimal. */
  integer(n: number): void {
    this.room(16);
    const d = this.digits;
    let k = 0;
    if (n < 2 ** 31) {
      let m = n | 0;
      do {
        const tenth = (m / 10) | 0;
        d[k++] = ZERO + m - 10 * tenth;
        m = tenth;
      } while (m > 0);
    } else {
      do {
        d[k++] = ZERO + (n % 10);
        n = Math.floor(n / 10);
      } while (n > 0);
    }
    const chunk = this.chunk;
    let at = this.at;
    while (k > 0) chunk[at++] = d[--k];
    this.at = at;
  }

  /**
   * Gives back a chunk that was taken and is no longer needed (written to the file): the next
   * chunk reuses its memory. Fresh memory is slow to touch on a small VM (a page fault per 4 KiB),
   * so a file of many chunks is written through the same few.
   */
  recycle(chunk: Uint8Array): void {
    if (chunk.buffer.byteLength >= this.size) this.spare = new Uint8Array(chunk.buffer, 0, chunk.buffer.byteLength);
  }

  /** The chunks filled since the last call (hand them to the file; the writer reuses one only if given it back with `recycle`). */
  take(): Uint8Array[] {
    const out = this.full;
    this.full = [];
    return out;
  }

  /** Every chunk not taken yet, the last one cut to what it holds. The writer is done. */
  end(): Uint8Array[] {
    if (this.at > 0) this.full.push(this.chunk.subarray(0, this.at));
    this.at = 0;
    return this.take();
  }

  /** Whether a full chunk waits to be taken. */
  get ready(): boolean {
    return this.full.length > 0;
  }

  /** Makes room for `n` bytes: the chunk in hand is handed out if they do not fit. */
  private room(n: number): void {
    if (this.at + n <= this.chunk.length) return;
    if (this.at > 0) this.full.push(this.chunk.subarray(0, this.at));
    const spare = this.spare;
    this.spare = null;
    this.chunk = spare !== null && spare.length >= n ? spare : new Uint8Array(Math.max(this.size, n));
    this.at = 0;
  }
}

/** Bytes a number below 10¹⁵ takes at most besides its decimals: sign, 15 digits, point. */
const EXACT_DIGITS_ROOM = 17;

const OPEN_CELL = ENCODER.encode('"{');
const CLOSE_CELL = ENCODER.encode('}"');

/** A list of state keys' units and JSON keys (`""rate_gbps"":`, encoded), made once per list. */
interface CellKeys {
  units: DetailUnit[];
  prefixes: Uint8Array[];
}
const CELL_KEYS = new WeakMap<readonly string[], CellKeys>();

function cellKeys(keys: readonly string[]): CellKeys {
  let c = CELL_KEYS.get(keys);
  if (c === undefined) {
    const units = keys.map(detailUnit);
    CELL_KEYS.set(keys, (c = { units, prefixes: units.map((u) => ENCODER.encode(u.prefix)) }));
  }
  return c;
}

/**
 * A CCA state's details cell, as `eventDetailsCell` writes it for the state described, byte for
 * byte, from its keys and a reader of their values (SI; the value under keys[i]): no object and no string per cell. The
 * keys' units are looked up once per list of keys (a flow's states share theirs).
 * @example const w = new CsvBytes(); writeDetailsCell(w, ['rate', 'alpha'], (i) => [12.5e9, 1][i]); Buffer.concat(w.end()).toString() // '"{""rate_gbps"":100,""alpha"":1}"'
 */
export function writeDetailsCell(w: CsvBytes, keys: readonly string[], value: (i: number) => number): void {
  const { units, prefixes } = cellKeys(keys);
  w.bytes(OPEN_CELL);
  for (let k = 0; k < keys.length; k++) {
    if (k > 0) w.comma();
    const u = units[k];
    w.bytes(prefixes[k]);
    w.number(value(k) * u.factor, u.decimals, u.column);
  }
  w.bytes(CLOSE_CELL);
}

/**
 * Columns of the event engine's log: lists of numbers that only grow, read once the run is over.
 * A column starts small and doubles while it is one array, up to {@link CHUNK} items; past that it
 * adds arrays of CHUNK items and never copies again. A run that logs millions of rows (1,000
 * senders log 5.6 million) so writes each row once, instead of copying every column at each
 * doubling onto fresh memory and leaving the old arrays as garbage; a short run (a test, a sweep's
 * case) allocates little. `FloatColumn` and `IntColumn` are two classes, not one generic, so that
 * each `push` sees one array type (a generic column made the 31-sender DCQCN run 60 % slower).
 * @example const c = new FloatColumn(); c.push(1.5); c.at(0) // 1.5
 */
export class FloatColumn {
  private readonly full: Float64Array[] = [];
  private current = new Float64Array(0);
  private used = 0;
  length = 0;
  /** Room taken at the first push. */
  private readonly reserve: number;

  /**
   * An empty column with room for `capacity` items (at most CHUNK) before it first grows, taken at
   * the first push by `grow` (so that its branch has run before `push` is compiled: see `Floats`).
   */
  constructor(capacity = 1024) {
    this.reserve = Math.min(Math.max(1, capacity), CHUNK);
  }

  push(x: number): void {
    if (this.used === this.current.length) this.grow();
    this.current[this.used++] = x;
    this.length += 1;
  }

  private grow(): void {
    if (this.current.length < CHUNK) {
      const next = new Float64Array(Math.max(Math.min(2 * this.current.length, CHUNK), this.reserve));
      next.set(this.current);
      this.current = next;
    } else {
      this.full.push(this.current);
      this.current = new Float64Array(CHUNK);
      this.used = 0;
    }
  }

  /** Item k (0 ≤ k < length). */
  at(k: number): number {
    const c = k >>> SHIFT;
    return c < this.full.length ? this.full[c][k & MASK] : this.current[k & MASK];
  }
}

/**
 * A column of int32 numbers (see {@link FloatColumn}).
 * @example const c = new IntColumn(); c.push(3); c.at(0) // 3
 */
export class IntColumn {
  private readonly full: Int32Array[] = [];
  private current = new Int32Array(0);
  private used = 0;
  length = 0;
  /** Room taken at the first push. */
  private readonly reserve: number;

  /**
   * An empty column with room for `capacity` items (at most CHUNK) before it first grows, taken at
   * the first push by `grow` (so that its branch has run before `push` is compiled: see `Floats`).
   */
  constructor(capacity = 1024) {
    this.reserve = Math.min(Math.max(1, capacity), CHUNK);
  }

  push(x: number): void {
    if (this.used === this.current.length) this.grow();
    this.current[this.used++] = x;
    this.length += 1;
  }

  private grow(): void {
    if (this.current.length < CHUNK) {
      const next = new Int32Array(Math.max(Math.min(2 * this.current.length, CHUNK), this.reserve));
      next.set(this.current);
      this.current = next;
    } else {
      this.full.push(this.current);
      this.current = new Int32Array(CHUNK);
      this.used = 0;
    }
  }

  /** Item k (0 ≤ k < length). */
  at(k: number): number {
    const c = k >>> SHIFT;
    return c < this.full.length ? this.full[c][k & MASK] : this.current[k & MASK];
  }
}

/** Items per array once a column holds more than one (2¹⁶: 512 KiB of float64). */
export const CHUNK = 1 << 16;
const SHIFT = 16;
const MASK = CHUNK - 1;

/** The storage of a list before its first push. */
const NO_FLOATS = new Float64Array(0);
const NO_INTS = new Int32Array(0);

/**
 * A list of float64 numbers in a typed array that doubles when full: appending costs no allocation
 * per item (the engine records one number per packet here).
 * @example const l = new Floats(); l.push(1.5); l.length // 1
 */
export class Floats {
  private data: Float64Array = NO_FLOATS;
  length = 0;
  /** Room taken at the first push. */
  private readonly reserve: number;

  /**
   * An empty list with room for `capacity` items before it first grows. The room is taken at the
   * first push, through the branch of every later growth: every list's first push runs it, so V8
   * has type feedback for it long before it compiles `push`. (A branch that first runs in
   * compiled code throws that code away, with every function `push` is inlined into: the first
   * list to fill did, in the middle of the engine's loop.)
   */
  constructor(capacity = 64) {
    this.reserve = Math.max(1, capacity);
  }

  /** A list holding `items` (taken over, not copied). */
  static of(items: Float64Array): Floats {
    const l = new Floats(1);
    l.data = items;
    l.length = items.length;
    return l;
  }

  push(x: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(Math.max(this.data.length * 2, this.reserve));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = x;
  }

  /** Removes the first `count` items (the rest move to the front). */
  dropFirst(count: number): void {
    this.data.copyWithin(0, count, this.length);
    this.length -= count;
  }

  at(k: number): number {
    return this.data[k];
  }

  /** The items as a typed array of the right length (a view, valid until the next push). */
  view(): Float64Array {
    return this.data.subarray(0, this.length);
  }
}

/**
 * A list of int32 numbers in a typed array that doubles when full (see {@link Floats}).
 * @example const l = new Ints(); l.push(3); l.at(0) // 3
 */
export class Ints {
  private data: Int32Array = NO_INTS;
  length = 0;
  /** Room taken at the first push (see {@link Floats}' constructor). */
  private readonly reserve: number;

  constructor(capacity = 64) {
    this.reserve = Math.max(1, capacity);
  }

  push(x: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(Math.max(this.data.length * 2, this.reserve));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = x;
  }

  at(k: number): number {
    return this.data[k];
  }
}

/**
 * Room to reserve for one number per packet of `bytes` (packets of `packet` bytes): every packet
 * and one more when the total is finite, at most 2²² (the list grows past that if it must), 64
 * otherwise. Reserving avoids the copies and garbage of doubling on the engine's hot path.
 * @example packetCapacity(1e6, 1000) // 1001
 */
export function packetCapacity(bytes: number, packet: number): number {
  return Number.isFinite(bytes) ? Math.min(Math.ceil(bytes / packet) + 1, 1 << 22) : 64;
}

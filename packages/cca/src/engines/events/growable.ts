/**
 * A list of float64 numbers in a typed array that doubles when full: appending costs no allocation
 * per item (the engine records one number per packet here).
 * @example const l = new Floats(); l.push(1.5); l.length // 1
 */
export class Floats {
  private data: Float64Array = new Float64Array(64);
  length = 0;

  /** A list holding `items` (taken over, not copied). */
  static of(items: Float64Array): Floats {
    const l = new Floats();
    l.data = items;
    l.length = items.length;
    return l;
  }

  push(x: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = x;
  }

  at(k: number): number {
    return this.data[k];
  }

  /** The items as a typed array of the right length (a view, valid until the next push). */
  view(): Float64Array {
    return this.data.subarray(0, this.length);
  }
}

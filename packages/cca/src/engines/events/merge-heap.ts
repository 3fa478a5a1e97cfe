/**
 * A binary min-heap of small integers (say flows) under the caller's order, for merging lists that
 * are each in order: the caller keeps each list's head and says which of two items comes first
 * (`before`), takes the `top`, moves that list on and calls `settleTop`, or `removeTop` once the list
 * is done. Typed arrays, no allocation after construction.
 * @example const h = new MergeHeap(2, (a, b) => heads[a] < heads[b]); h.add(0); h.add(1); h.heapify(); h.top()
 */
export class MergeHeap {
  private readonly items: Int32Array;
  size = 0;

  constructor(
    capacity: number,
    private readonly before: (a: number, b: number) => boolean,
  ) {
    this.items = new Int32Array(capacity);
  }

  /** Adds an item (all of them before `heapify`). */
  add(item: number): void {
    this.items[this.size++] = item;
  }

  /** Puts the items added in heap order. */
  heapify(): void {
    for (let i = (this.size >> 1) - 1; i >= 0; i--) this.down(i);
  }

  /** The item that comes first (only while `size > 0`). */
  top(): number {
    return this.items[0];
  }

  /** The top item's list moved on (its head can only come later): back in heap order. */
  settleTop(): void {
    if (this.size > 0) this.down(0);
  }

  /** The top item's list is done: it leaves the heap. */
  removeTop(): void {
    this.items[0] = this.items[--this.size];
    if (this.size > 0) this.down(0);
  }

  private down(i: number): void {
    const { items, before, size } = this;
    const item = items[i];
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      if (c + 1 < size && before(items[c + 1], items[c])) c += 1;
      if (!before(items[c], item)) break;
      items[i] = items[c];
      i = c;
    }
    items[i] = item;
  }
}

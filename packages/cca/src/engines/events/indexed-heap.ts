/**
 * An indexed binary min-heap over the integers 0…n−1 (e.g. flows), each with a float key (a time):
 * the item with the smallest key in O(1), a key changed in O(log n). Ties go to the smaller index,
 * so items at one instant come out in flow order. Typed arrays, no allocation after construction.
 * @example const h = new IndexedHeap(3); h.set(0, 5); h.set(2, 1); h.top() // 2
 */
export class IndexedHeap {
  private readonly keys: Float64Array;
  /** heap[k]: the item at heap position k. */
  private readonly heap: Int32Array;
  /** position[i]: where item i is in the heap. */
  private readonly position: Int32Array;

  constructor(readonly size: number) {
    this.keys = new Float64Array(size).fill(Infinity);
    this.heap = Int32Array.from({ length: size }, (_, k) => k);
    this.position = Int32Array.from({ length: size }, (_, k) => k);
  }

  /** The item with the smallest key (the smallest index among equal keys). */
  top(): number {
    return this.heap[0];
  }

  /** The smallest key (+∞ when every key is +∞). */
  topKey(): number {
    return this.keys[this.heap[0]];
  }

  /** The item with the smallest key but the top's (the top itself when it is alone). */
  second(): number {
    return this.size > 2 && this.less(this.heap[2], this.heap[1]) ? this.heap[2] : this.heap[this.size > 1 ? 1 : 0];
  }

  /** The smallest key but the top's (+∞ with fewer than two items): when the next item after the top is due. */
  secondKey(): number {
    return this.size > 1 ? this.keys[this.second()] : Infinity;
  }

  /** The smallest key but the top's and the second's (+∞ with fewer than three items). */
  thirdKey(): number {
    const { keys, heap, size } = this;
    if (size < 3) return Infinity;
    // The second is a child of the top; the third is the other child or a child of the second.
    const s = this.less(heap[2], heap[1]) ? 2 : 1;
    let third = keys[heap[3 - s]];
    for (let c = 2 * s + 1; c <= 2 * s + 2 && c < size; c++) if (keys[heap[c]] < third) third = keys[heap[c]];
    return third;
  }

  key(item: number): number {
    return this.keys[item];
  }

  /** Sets item's key and restores the heap order. */
  set(item: number, key: number): void {
    const old = this.keys[item];
    this.keys[item] = key;
    if (key < old) this.up(this.position[item]);
    else if (key > old) this.down(this.position[item]);
  }

  private less(a: number, b: number): boolean {
    const ka = this.keys[a];
    const kb = this.keys[b];
    return ka < kb || (ka === kb && a < b);
  }

  private place(k: number, item: number): void {
    this.heap[k] = item;
    this.position[item] = k;
  }

  private up(k: number): void {
    const item = this.heap[k];
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (!this.less(item, this.heap[parent])) break;
      this.place(k, this.heap[parent]);
      k = parent;
    }
    this.place(k, item);
  }

  private down(k: number): void {
    const item = this.heap[k];
    const n = this.size;
    for (;;) {
      let child = 2 * k + 1;
      if (child >= n) break;
      if (child + 1 < n && this.less(this.heap[child + 1], this.heap[child])) child += 1;
      if (!this.less(this.heap[child], item)) break;
      this.place(k, this.heap[child]);
      k = child;
    }
    this.place(k, item);
  }
}

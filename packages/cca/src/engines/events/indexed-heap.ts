/**
 * An indexed binary min-heap over the integers 0…n−1 (e.g. flows), each with a float key (a time):
 * the item with the smallest key in O(1), a key changed in O(log n). Ties go to the smaller index,
 * so items at one instant come out in flow order. Typed arrays, no allocation after construction.
 * @example const h = new IndexedHeap(3); h.set(0, 5); h.set(2, 1); h.top() // 2
 */
export class IndexedHeap {
  /** keys[i]: item i's key. */
  private readonly keys: Float64Array;
  /** heap[k]: the item at heap position k, and heapKeys[k] its key (a copy, so that sifting compares neighbours in one array rather than keys read through items). */
  private readonly heap: Int32Array;
  private readonly heapKeys: Float64Array;
  /** position[i]: where item i is in the heap. */
  private readonly position: Int32Array;

  constructor(readonly size: number) {
    this.keys = new Float64Array(size).fill(Infinity);
    this.heapKeys = new Float64Array(size).fill(Infinity);
    this.heap = Int32Array.from({ length: size }, (_, k) => k);
    this.position = Int32Array.from({ length: size }, (_, k) => k);
  }

  /** The item with the smallest key (the smallest index among equal keys). */
  top(): number {
    return this.heap[0];
  }

  /** The smallest key (+∞ when every key is +∞). */
  topKey(): number {
    return this.heapKeys[0];
  }

  /** The item with the smallest key but the top's (the top itself when it is alone). */
  second(): number {
    return this.size > 2 && this.lessAt(2, 1) ? this.heap[2] : this.heap[this.size > 1 ? 1 : 0];
  }

  /** The smallest key but the top's (+∞ with fewer than two items): when the next item after the top is due. */
  secondKey(): number {
    return this.size > 1 ? this.keys[this.second()] : Infinity;
  }

  /** The smallest key but the top's and the second's (+∞ with fewer than three items). */
  thirdKey(): number {
    const { heapKeys, size } = this;
    if (size < 3) return Infinity;
    // The second is a child of the top; the third is the other child or a child of the second.
    const s = this.lessAt(2, 1) ? 2 : 1;
    let third = heapKeys[3 - s];
    for (let c = 2 * s + 1; c <= 2 * s + 2 && c < size; c++) if (heapKeys[c] < third) third = heapKeys[c];
    return third;
  }

  key(item: number): number {
    return this.keys[item];
  }

  /** Sets item's key and restores the heap order. */
  set(item: number, key: number): void {
    const old = this.keys[item];
    this.keys[item] = key;
    if (key < old) this.up(this.position[item], item, key);
    else if (key > old) this.down(this.position[item], item, key);
  }

  /** Whether the item at heap position a comes before the one at b (smaller key, then smaller index). */
  private lessAt(a: number, b: number): boolean {
    const ka = this.heapKeys[a];
    const kb = this.heapKeys[b];
    return ka < kb || (ka === kb && this.heap[a] < this.heap[b]);
  }

  /** Moves the item at position `from` to position k. */
  private move(k: number, from: number): void {
    const moved = this.heap[from];
    this.heap[k] = moved;
    this.heapKeys[k] = this.heapKeys[from];
    this.position[moved] = k;
  }

  private place(k: number, item: number, key: number): void {
    this.heap[k] = item;
    this.heapKeys[k] = key;
    this.position[item] = k;
  }

  /** Sifts item (key `key`, now smaller) up from position k. */
  private up(k: number, item: number, key: number): void {
    const { heap, heapKeys } = this;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      const kp = heapKeys[parent];
      if (!(key < kp || (key === kp && item < heap[parent]))) break;
      this.move(k, parent);
      k = parent;
    }
    this.place(k, item, key);
  }

  /** Sifts item (key `key`, now larger) down from position k. */
  private down(k: number, item: number, key: number): void {
    const { heap, heapKeys } = this;
    const n = this.size;
    for (;;) {
      let child = 2 * k + 1;
      if (child >= n) break;
      if (child + 1 < n && this.lessAt(child + 1, child)) child += 1;
      const kc = heapKeys[child];
      if (!(kc < key || (kc === key && heap[child] < item))) break;
      this.move(k, child);
      k = child;
    }
    this.place(k, item, key);
  }
}

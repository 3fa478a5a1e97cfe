/**
 * An array of `length` items, `item(k)` each, built by pushing, so that it is always a packed
 * array. `Array.prototype.map` and `Array.from` give packed arrays when the builtin runs them and
 * holey ones when the optimizing compiler has inlined them into their caller, so the engine's
 * per-run arrays changed kind between runs (`runEvents` optimized in one, not in the other) and
 * the code compiled for the one kind was thrown away at the other's first read ("wrong map").
 * @example packedArray(3, (k) => k * k) // [0, 1, 4]
 */
export function packedArray<T>(length: number, item: (k: number) => T): T[] {
  const items: T[] = [];
  for (let k = 0; k < length; k++) items.push(item(k));
  return items;
}

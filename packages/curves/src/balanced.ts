/**
 * Combines many items pairwise in a balanced tree: ((a·b)·(c·d))·… instead of (((a·b)·c)·d)·….
 * For curve operations whose cost is the size of their inputs (pointwise sum, minimum), K curves of
 * M breakpoints in all then cost O(M log K) instead of O(M·K). `items` must not be empty.
 * @example reduceBalanced([rate(1), rate(2), rate(3)], add).at(1) // 6
 */
export function reduceBalanced<T>(items: readonly T[], combine: (a: T, b: T) => T): T {
  let level = items.slice();
  while (level.length > 1) {
    const next: T[] = [];
    for (let k = 0; k + 1 < level.length; k += 2) next.push(combine(level[k], level[k + 1]));
    if (level.length % 2 === 1) next.push(level[level.length - 1]);
    level = next;
  }
  return level[0];
}

/**
 * A small seeded pseudo-random generator (mulberry32) whose whole state is one 32-bit integer, so
 * that it can be saved and restored (a trial run replays the same draws). The same seed gives the
 * same numbers on every platform, so runs with random ECN marking are reproducible.
 * @example const g = new Mulberry32(42); g.next() // a number in [0, 1)
 */
export class Mulberry32 {
  /** The generator's state; setting it to a saved value replays the draws from there. */
  state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The next number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}

/**
 * A seeded generator as a function (see {@link Mulberry32}).
 * @example const u = seededRandom(42); u() // a number in [0, 1)
 */
export function seededRandom(seed: number): () => number {
  const g = new Mulberry32(seed);
  return () => g.next();
}

/**
 * The seed of stream `index` (e.g. one per flow) derived from a run's seed: distinct streams for
 * distinct indices, the same for the same (seed, index).
 * @example streamSeed(1, 0) !== streamSeed(1, 1) // true
 */
export function streamSeed(seed: number, index: number): number {
  return (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
}

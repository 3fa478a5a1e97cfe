import { Curve, CurveBuilder } from '../src/index.ts';

/** Small seeded PRNG (mulberry32) so benchmark inputs are the same on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A non-decreasing, non-convex curve with n segments and a jump at every fourth breakpoint. */
export function randomCumulative(n: number, seed: number): Curve {
  const rnd = prng(seed);
  const b = new CurveBuilder();
  let t = 0;
  let y = 0;
  for (let i = 0; i < n; i++) {
    const jump = i % 4 === 0 ? rnd() * 5 : 0;
    const slope = rnd() * 10;
    b.push(t, y, y + jump, slope);
    const next = t + 0.1 + rnd();
    y += jump + slope * (next - t); // from the stored times, so the curve is self-consistent
    t = next;
  }
  return b.build();
}

/** A convex curve (continuous, increasing slopes) with n segments. */
export function randomConvex(n: number, seed: number): Curve {
  const rnd = prng(seed);
  const slopes = Array.from({ length: n }, () => rnd() * 100).sort((x, y) => x - y);
  const b = new CurveBuilder();
  let t = 0;
  let y = 0;
  for (const s of slopes) {
    b.push(t, y, y, s);
    const next = t + 0.1 + rnd();
    y += s * (next - t);
    t = next;
  }
  return b.build();
}

/** A concave curve with f(0) = 0 and a burst at 0+ (decreasing slopes) with n segments. */
export function randomConcave(n: number, seed: number): Curve {
  const rnd = prng(seed);
  const slopes = Array.from({ length: n }, () => rnd() * 100).sort((x, y) => y - x);
  const b = new CurveBuilder();
  let t = 0;
  let y = 10;
  slopes.forEach((s, i) => {
    b.push(t, i === 0 ? 0 : y, y, s);
    const next = t + 0.1 + rnd();
    y += s * (next - t);
    t = next;
  });
  return b.build();
}

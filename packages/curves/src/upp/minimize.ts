import { close } from '../tolerance.ts';
import { UppCurve } from './upp-curve.ts';

const same = (a: number, b: number): boolean => a === b || close(a, b);

/**
 * The same function with a smaller representation (Zippo & Stea, "Nancy", 2022, §4: representation
 * minimisation): the transient shortened to the earliest T from which f(t + d) = f(t) + c holds,
 * then the shortest period d/m (with increment c/m) that the pattern repeats with. Checked by
 * evaluation at every breakpoint of both sides (values, right and left limits), within the curves'
 * tolerance.
 * @example minimizeUpp(UppCurve.of(staircase, 0, 3, 3)).period // 1, for a unit staircase written with period 3
 */
export function minimizeUpp(f: UppCurve): UppCurve {
  const g = shortenTransient(f);
  return shortenPeriod(g);
}

/** Moves T back over the base's breakpoints while f(t + d) − c = f(t) on the piece before it. */
function shortenTransient(f: UppCurve): UppCurve {
  const { start, period: d, increment: c } = f;
  if (start === 0) return f;
  const b = f.base;
  // The breakpoints of h(t) = f(t + d) − c − f(t) before T: f's own and those of f(· + d).
  const points = new Set<number>([0]);
  for (const t of b.t) {
    if (t < start) points.add(t);
    if (t >= d && t - d < start) points.add(t - d);
  }
  const sorted = [...points].filter((t) => t < start && !close(t, start)).sort((x, y) => x - y);
  const zero = (x: number): boolean => x === 0 || close(x, 0) || Number.isNaN(x); // NaN: +∞ − +∞, equal infinities
  const h = (value: (t: number) => number, t: number): number => value(t + d) - c - value(t);
  let T = start;
  for (let i = sorted.length - 1; i >= 0; i--) {
    const q = sorted[i];
    const rightOk = zero(h((t) => f.rightLimit(t), q)) && zero(h((t) => f.leftLimit(t), T));
    if (!rightOk) break;
    if (!zero(h((t) => f.at(t), q))) break; // zero on (q, T) but not at q: T stays (the infimum is not attained)
    T = q;
  }
  return T === start ? f : UppCurve.of(f.base, T, d, c);
}

/** The shortest period d/m the pattern repeats with (m from the largest down), checked at every breakpoint of both sides. */
function shortenPeriod(f: UppCurve): UppCurve {
  const { start: T, period: d, increment: c } = f;
  const pattern = f.pattern();
  const n = pattern.length;
  if (n < 2) return f; // one affine piece: any period will do
  for (let m = n + 1; m >= 2; m--) {
    // A period d/m repeats the breakpoints every n/m of them (or (n − 1)/m, when T is not one).
    if (n % m !== 0 && (n - 1) % m !== 0) continue;
    const dm = d / m;
    const cm = c / m;
    // The breakpoints of f(t) and of f(t + d/m) on [T, T + d).
    const checks = new Set<number>();
    for (const p of pattern) {
      checks.add(p.t);
      if (p.t - dm >= T) checks.add(p.t - dm);
      if (p.t + d - dm < T + d) checks.add(p.t + d - dm);
    }
    checks.add(T + d);
    let ok = true;
    for (const t of checks) {
      const values: [number, number][] = [[f.leftLimit(t + dm), f.leftLimit(t) + cm]];
      if (t < T + d) values.push([f.at(t + dm), f.at(t) + cm], [f.rightLimit(t + dm), f.rightLimit(t) + cm]);
      if (close(t, T)) values.shift(); // the left limit at T is the transient's
      if (!values.every(([x, y]) => same(x, y))) {
        ok = false;
        break;
      }
    }
    if (ok) return UppCurve.of(f.base, T, dm, cm);
  }
  return f;
}

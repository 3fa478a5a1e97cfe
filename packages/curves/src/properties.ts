import type { Curve } from './curve.ts';
import { CurveError } from './errors.ts';
import { close, closeSlopes, VALIDATION_EPSILON } from './tolerance.ts';

const le = (a: number, b: number): boolean => a <= b || close(a, b);
/** a ≤ b within the validation tolerance (see VALIDATION_EPSILON). */
const atMost = (a: number, b: number): boolean => a <= b || (Number.isFinite(a) && Number.isFinite(b) && a - b <= VALIDATION_EPSILON * Math.max(1, Math.abs(a), Math.abs(b)));

/** Where a curve first decreases: the instant and the two values that break monotonicity. */
export interface Decrease {
  t: number;
  what: string;
  from: number;
  to: number;
}

/**
 * The first place where f decreases (beyond the validation tolerance, VALIDATION_EPSILON), or null when f is
 * non-decreasing on [0, ∞). Checks f(0) ≥ 0 (curves are 0 before time 0), every value against the
 * left limit, every right limit against the value, and every slope.
 * @example findDecrease(rate(-1)) // { t: 0, what: 'slope after t', from: 0, to: -1 }
 */
export function findDecrease(f: Curve): Decrease | null {
  const { t, v, r, s } = f;
  if (!atMost(0, v[0])) return { t: 0, what: 'f(0) after f(0−) = 0', from: 0, to: v[0] };
  for (let i = 0; i < t.length; i++) {
    if (i > 0) {
      const left = f.leftLimitAtBreakpoint(i);
      if (!atMost(left, v[i])) return { t: t[i], what: 'f(t) after f(t−)', from: left, to: v[i] };
    }
    if (!atMost(v[i], r[i])) return { t: t[i], what: 'f(t+) after f(t)', from: v[i], to: r[i] };
    if (r[i] !== Infinity && s[i] < -VALIDATION_EPSILON) return { t: t[i], what: 'slope after t', from: 0, to: s[i] };
  }
  return null;
}

/**
 * True when f is non-decreasing on [0, ∞) (within the canonicalisation tolerance): every value is
 * at least the left limit, every right limit at least the value, every slope ≥ 0. Since curves are
 * 0 before time 0, a curve with f(0) < 0 is not non-decreasing.
 * @example isNonDecreasing(rate(1)) // true
 */
export function isNonDecreasing(f: Curve): boolean {
  return findDecrease(f) === null;
}

/** Throws {@link CurveError} naming `argument` and the first instant where f decreases. */
export function requireNonDecreasing(argument: string, f: Curve): void {
  const d = findDecrease(f);
  if (d !== null) {
    throw new CurveError(argument, d, `a non-decreasing curve (at t = ${d.t}, ${d.what} goes from ${d.from} to ${d.to})`);
  }
}

/**
 * True when f is convex on [0, ∞) as an extended-real function: finite on one interval, continuous
 * with non-decreasing slopes inside it, and jumping only upward at its ends (+∞ outside it).
 * Rate, rate-latency and pure-delay curves are convex.
 * @example isConvex(rateLatency(1, 2)) // true
 */
export function isConvex(f: Curve): boolean {
  const { t, v, r, s } = f;
  const n = t.length;
  // The pieces in time order are: point 0, segment 0, point 1, segment 1, ..., segment n-1.
  // Index 2i is point i, 2i+1 is segment i. The finite ones must form one contiguous run.
  const finite = (k: number): boolean => ((k & 1) === 0 ? v[k >> 1] !== Infinity : r[k >> 1] !== Infinity);
  let first = -1;
  let last = -1;
  for (let k = 0; k < 2 * n; k++) {
    if (finite(k)) {
      if (last >= 0 && last !== k - 1) return false;
      if (first < 0) first = k;
      last = k;
    }
  }
  if (first < 0) return true; // +∞ everywhere
  let previousSlope = -Infinity;
  for (let k = first; k <= last; k++) {
    const i = k >> 1;
    if ((k & 1) === 1) {
      if (s[i] < previousSlope && !closeSlopes(s[i], previousSlope)) return false;
      previousSlope = s[i];
      continue;
    }
    const hasLeft = k > first; // segment i-1 is finite
    const hasRight = k < last; // segment i is finite
    const left = hasLeft ? f.leftLimitAtBreakpoint(i) : NaN;
    if (hasLeft && hasRight) {
      if (!close(left, v[i]) || !close(v[i], r[i])) return false;
    } else if (hasRight) {
      if (!le(r[i], v[i])) return false; // an upward jump is allowed at the left end of the domain
    } else if (hasLeft) {
      if (!le(left, v[i])) return false;
    }
  }
  return true;
}

/**
 * True when f is concave on [0, ∞): finite everywhere, continuous for t > 0 with non-increasing
 * slopes, and f(0) ≤ f(0+) (a token bucket's jump at 0 is allowed).
 * @example isConcave(tokenBucket(1, 5)) // true
 */
export function isConcave(f: Curve): boolean {
  const { t, v, r, s } = f;
  if (v[0] === Infinity || r[0] === Infinity || !le(v[0], r[0])) return false;
  for (let i = 1; i < t.length; i++) {
    const left = f.leftLimitAtBreakpoint(i);
    if (v[i] === Infinity || r[i] === Infinity) return false;
    if (!close(left, v[i]) || !close(v[i], r[i])) return false;
    if (s[i] > s[i - 1] && !closeSlopes(s[i], s[i - 1])) return false;
  }
  return true;
}

/**
 * If f is a rate-latency curve R·max(0, t − T) (a rate curve when T = 0), returns {rate, latency};
 * otherwise null.
 * @example asRateLatency(rateLatency(3, 1)) // { rate: 3, latency: 1 }
 */
export function asRateLatency(f: Curve): { rate: number; latency: number } | null {
  const { t, v, r, s } = f;
  if (t.length === 1) return v[0] === 0 && r[0] === 0 && s[0] >= 0 ? { rate: s[0], latency: 0 } : null;
  if (t.length === 2 && v[0] === 0 && r[0] === 0 && s[0] === 0 && v[1] === 0 && r[1] === 0 && s[1] >= 0) {
    return { rate: s[1], latency: t[1] };
  }
  return null;
}

/**
 * If f is a constant c on [0, ∞) (one breakpoint: f(0) = f(0+) = c, slope 0), returns c; otherwise
 * null. Lets callers skip work for an idle flow's curve (c = 0) or a share that does not change.
 * @example asConstant(constant(5)) // 5; asConstant(rate(1)) // null
 */
export function asConstant(f: Curve): number | null {
  return f.t.length === 1 && f.s[0] === 0 && f.v[0] === f.r[0] ? f.v[0] : null;
}

/**
 * If f is a pure delay δ_T (0 on [0, T], +∞ after), returns T; otherwise null.
 * @example asPureDelay(pureDelay(4)) // 4
 */
export function asPureDelay(f: Curve): number | null {
  const { t, v, r, s } = f;
  if (t.length === 1) return v[0] === 0 && r[0] === Infinity ? 0 : null;
  if (t.length === 2 && v[0] === 0 && r[0] === 0 && s[0] === 0 && v[1] === 0 && r[1] === Infinity) return t[1];
  return null;
}

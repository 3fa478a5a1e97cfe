import type { Curve, Numbers } from './curve.ts';
import { CurveBuilder } from './builder.ts';
import { CurveError } from './errors.ts';
import { requireNonDecreasing } from './properties.ts';
import { close } from './tolerance.ts';

// Definitions (standard; the paper's §II prints F↓ with "≤", which would make it 0 for every y ≥ 0):
//   lower pseudo-inverse  F↓(y) = inf { x ≥ 0 | F(x) ≥ y }   (left-continuous in y)
//   upper pseudo-inverse  F↑(y) = sup { x ≥ 0 | F(x) ≤ y }   (right-continuous in y)
// for a non-decreasing F with F(0) ≥ 0. inf ∅ = +∞ (F never reaches y); for y < F(0) the set of
// F↑ is empty on [0, ∞) and F↑(y) = 0, consistent with F = 0 before time 0.

function requireLevel(y: number): void {
  if (typeof y !== 'number' || Number.isNaN(y)) throw new CurveError('y', y, 'a number');
}

/** First index k with key(k) ≥ y (or > y when strict), n if none; key must be non-decreasing. */
function firstIndex(keys: Numbers, y: number, strict: boolean): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (strict ? keys[mid] > y : keys[mid] >= y) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * F↓(y) = inf{x ≥ 0 | F(x) ≥ y}, the lower pseudo-inverse of a non-decreasing F at one level y,
 * in O(log n). Returns +∞ if F never reaches y. Used for horizontal distances such as the RTT of
 * Eq. (1): RTT(t) = t − Â↓(D(t − ΔR)).
 * @example lowerPseudoInverseAt(rate(2), 6) // 3
 */
export function lowerPseudoInverseAt(F: Curve, y: number, checked = false): number {
  requireLevel(y);
  if (!checked) requireNonDecreasing('F', F);
  const { t, v, r, s } = F;
  if (y <= v[0]) return 0;
  const k = firstIndex(r, y, false);
  if (k < t.length) {
    if (k > 0 && F.leftLimitAtBreakpoint(k) > y) return t[k - 1] + (y - r[k - 1]) / s[k - 1];
    return t[k];
  }
  const last = t.length - 1;
  if (s[last] <= 0) return Infinity;
  return t[last] + (y - r[last]) / s[last];
}

/**
 * F↑(y) = sup{x ≥ 0 | F(x) ≤ y}, the upper pseudo-inverse of a non-decreasing F at one level y,
 * in O(log n). Returns +∞ if F stays ≤ y forever; 0 if y < F(0). Theorem 1's FIFO demultiplexing
 * D_j(t) = Â_j(Â↑(D(t))) uses it.
 * @example upperPseudoInverseAt(step(5, 1), 3) // 1
 */
export function upperPseudoInverseAt(F: Curve, y: number, checked = false): number {
  requireLevel(y);
  if (!checked) requireNonDecreasing('F', F);
  const { t, v, r, s } = F;
  const k = firstIndex(r, y, true);
  if (k < t.length) {
    if (v[k] > y && k > 0 && F.leftLimitAtBreakpoint(k) > y) return t[k - 1] + (y - r[k - 1]) / s[k - 1];
    return t[k];
  }
  const last = t.length - 1;
  if (s[last] <= 0) return Infinity;
  return t[last] + (y - r[last]) / s[last];
}

/**
 * Walks the completed graph of a non-decreasing F in the (x, y) plane from (0, 0): vertical
 * stretches at jumps (and from 0 to F(0)), sloped and horizontal stretches along segments, and a
 * final vertical stretch to +∞ where F becomes +∞. Both pseudo-inverses are read off this walk.
 * Callbacks rather than a list of stretch objects, so that a 10^6-segment curve allocates nothing.
 * A rise within the tolerance (a recomputed left limit one ulp below the stored value) is not a
 * jump: the level snaps to the stored value.
 */
interface GraphVisitor {
  up(x: number, y1: number): void;
  slope(x0: number, slope: number, x1: number): void;
  flat(y: number, x1: number): void;
  /** Called when a sloped stretch ends at level y1 (possibly snapped). */
  slopeEnd(y1: number): void;
}

function walkGraph(F: Curve, visit: GraphVisitor): void {
  const { t, v, r, s } = F;
  let y = 0;
  let afterSlope = false;
  const rise = (x: number, to: number): void => {
    if (!(to > y)) return;
    if (close(to, y)) {
      y = to;
      return;
    }
    if (afterSlope) visit.slopeEnd(y);
    afterSlope = false;
    visit.up(x, to);
    y = to;
  };
  for (let i = 0; i < t.length; i++) {
    if (i > 0) rise(t[i], F.leftLimitAtBreakpoint(i));
    rise(t[i], v[i]);
    rise(t[i], r[i]);
    if (afterSlope) visit.slopeEnd(y);
    afterSlope = false;
    if (y === Infinity) return;
    const x1 = i + 1 < t.length ? t[i + 1] : Infinity;
    if (s[i] > 0) {
      visit.slope(t[i], s[i], x1);
      if (x1 === Infinity) return;
      y += s[i] * (x1 - t[i]);
      afterSlope = true;
    } else {
      visit.flat(y, x1);
      if (x1 === Infinity) return;
    }
  }
}

/**
 * The lower pseudo-inverse F↓(y) = inf{x ≥ 0 | F(x) ≥ y} of a non-decreasing F, as a curve of y ≥ 0
 * (exact: slopes 1/s, jumps where F is flat, flat where F jumps; +∞ beyond sup F). Left-continuous.
 * Note: the paper prints F↓ with "F(x) ≤ y", a misprint; this is the standard definition.
 * `trusted = true` skips the O(n) monotonicity check (for curves non-decreasing by construction).
 * @example lowerPseudoInverse(rate(2)).at(6) // 3
 */
export function lowerPseudoInverse(F: Curve, trusted = false): Curve {
  if (!trusted) requireNonDecreasing('F', F);
  return inverseCurve(F, 'lower');
}

/**
 * The upper pseudo-inverse F↑(y) = sup{x ≥ 0 | F(x) ≤ y} of a non-decreasing F, as a curve of y ≥ 0.
 * Right-continuous; +∞ from the level at which F stops growing.
 * @example upperPseudoInverse(step(5, 1)).at(5) // Infinity (F stays at 5 forever)
 */
export function upperPseudoInverse(F: Curve, trusted = false): Curve {
  if (!trusted) requireNonDecreasing('F', F);
  return inverseCurve(F, 'upper');
}

/**
 * Reads an inverse off the completed graph. At each level y the graph occupies x in [xFirst, xLast]
 * (an interval when F is flat at height y): F↓(y) = xFirst and F↑(y) = xLast. Between levels the
 * graph rises vertically (the inverse is flat) or along a slope s (the inverse has slope 1/s).
 */
function inverseCurve(F: Curve, which: 'lower' | 'upper'): Curve {
  const b = new CurveBuilder();
  const lower = which === 'lower';
  let level = 0;
  let xFirst = 0;
  let xLast = 0;
  walkGraph(F, {
    up(x, y1) {
      b.push(level, lower ? xFirst : xLast, x, 0);
      level = y1;
      xFirst = xLast = x;
    },
    slope(x0, slope, x1) {
      b.push(level, lower ? xFirst : xLast, x0, 1 / slope);
      xFirst = xLast = x1;
    },
    slopeEnd(y1) {
      level = y1;
    },
    flat(y, x1) {
      level = y;
      xLast = x1;
      if (x1 === Infinity) b.push(level, lower ? xFirst : Infinity, Infinity, 0);
    },
  });
  return b.build();
}

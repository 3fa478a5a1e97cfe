import type { Curve } from './curve.ts';
import { CurveBuilder } from './builder.ts';
import { CurveError } from './errors.ts';
import { requireNonDecreasing } from './properties.ts';

/** f evaluated at +∞: its limit (+∞ if it keeps growing). */
function valueAtInfinity(f: Curve): number {
  const last = f.t.length - 1;
  if (f.r[last] === Infinity || f.s[last] > 0) return Infinity;
  if (f.s[last] < 0) throw new CurveError('f', f.toJSON(), 'a curve with a limit at +∞ (its final slope is negative)');
  return f.r[last];
}

/**
 * Composition (f ∘ g)(t) = f(g(t)) for a non-decreasing inner curve g ≥ 0 and any outer curve f.
 * Exact: breakpoints of g, plus the times at which g crosses a breakpoint of f. Where g is +∞,
 * f ∘ g takes f's limit at +∞. Linear in the sizes of f and g. Used for FIFO demultiplexing
 * (Theorem 1): D_j = Â_j ∘ Â↑ ∘ D.
 * @example compose(rate(2), rate(3)).at(1) // 6
 */
export function compose(f: Curve, g: Curve): Curve {
  requireNonDecreasing('g', g);
  const b = new CurveBuilder();
  let limit: number | undefined;
  const fInfinity = (): number => (limit ??= valueAtInfinity(f)); // only needed where g is +∞
  const { t, v, r, s } = g;
  // Outer value at x: exact point value, and the one-sided limits used inside g's segments.
  const fAt = (x: number): number => (x === Infinity ? fInfinity() : f.at(x));
  const fRight = (x: number): number => (x === Infinity ? fInfinity() : f.rightLimit(x));
  for (let i = 0; i < t.length; i++) {
    const end = i + 1 < t.length ? t[i + 1] : Infinity;
    const x0 = r[i];
    if (x0 === Infinity) {
      b.push(t[i], fAt(v[i]), fInfinity(), 0);
      continue;
    }
    if (s[i] === 0) {
      // g constant on the segment: f(x0) throughout.
      b.push(t[i], fAt(v[i]), fAt(x0), 0);
      continue;
    }
    // g increases from x0 with slope s[i]: f's segments are traversed in order.
    let k = f.indexAt(x0);
    b.push(t[i], fAt(v[i]), fRight(x0), f.s[k] * s[i]);
    for (k += 1; k < f.t.length; k++) {
      const tk = t[i] + (f.t[k] - x0) / s[i];
      if (!(tk < end)) break;
      b.push(tk, f.v[k], f.r[k], f.s[k] * s[i]);
    }
  }
  return b.build();
}

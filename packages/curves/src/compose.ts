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
export function compose(f: Curve, g: Curve, trusted = false): Curve {
  if (!trusted) requireNonDecreasing('g', g);
  const b = new CurveBuilder();
  let limit = Number.NaN; // f(+∞), computed only if g reaches +∞
  const { t, v, r, s } = g;
  for (let i = 0; i < t.length; i++) {
    const end = i + 1 < t.length ? t[i + 1] : Infinity;
    const x0 = r[i];
    const atPoint = v[i] === Infinity ? (Number.isNaN(limit) ? (limit = valueAtInfinity(f)) : limit) : f.at(v[i]);
    if (x0 === Infinity) {
      b.push(t[i], atPoint, Number.isNaN(limit) ? (limit = valueAtInfinity(f)) : limit, 0);
      continue;
    }
    if (s[i] === 0) {
      // g constant on the segment: f(x0) throughout.
      b.push(t[i], atPoint, f.at(x0), 0);
      continue;
    }
    // g increases from x0 with slope s[i]: f's segments are traversed in order.
    let k = f.indexAt(x0);
    b.push(t[i], atPoint, f.rightLimit(x0), f.s[k] * s[i]);
    for (k += 1; k < f.t.length; k++) {
      const tk = t[i] + (f.t[k] - x0) / s[i];
      if (!(tk < end)) break;
      b.push(tk, f.v[k], f.r[k], f.s[k] * s[i]);
    }
  }
  return b.build();
}

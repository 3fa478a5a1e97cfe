import type { Curve } from '../curve.ts';
import { lowerPseudoInverse, upperPseudoInverse } from '../pseudo-inverse.ts';
import { minimizeUpp } from './minimize.ts';
import { UppCurve } from './upp-curve.ts';

/**
 * The pseudo-inverse of a non-decreasing UPP curve is UPP in the level y, with the roles of the
 * period and the increment swapped: for y ≥ Y = f(T) + c every time with f(t) ≥ y (or ≤ y) that
 * matters lies after T, so f⁻¹(y + c) = f⁻¹(y) + d (Bouillard et al. 2018, §4: pseudo-inverses of
 * UPP functions). The values on [0, Y + c) come from the finite pseudo-inverse of f unrolled to
 * T + 2d, where f reaches Y + c. A curve that stops growing (c = 0) or becomes +∞ has a finite
 * pseudo-inverse (+∞ past its last level, or constant from where f becomes +∞).
 */
function pseudoInverse(f: UppCurve, inverse: (F: Curve) => Curve): UppCurve {
  const c = f.increment;
  if (!Number.isFinite(f.rate) || !(c > 0)) return UppCurve.fromCurve(inverse(f.unfold(f.start + f.period)));
  const Y = f.at(f.start) + c;
  return minimizeUpp(UppCurve.of(inverse(f.unfold(f.start + 2 * f.period)), Y, c, f.period));
}

/**
 * The lower pseudo-inverse f↓(y) = inf{t ≥ 0 : f(t) ≥ y} of a non-decreasing UPP curve, as a UPP
 * curve of y (left-continuous): the time by which f has reached y, e.g. when the y-th byte of an
 * arrival curve has arrived. Throws a CurveError for a decreasing f.
 * @example lowerPseudoInverseUpp(staircase).at(2500) // when 2,500 B have arrived
 */
export function lowerPseudoInverseUpp(f: UppCurve): UppCurve {
  return pseudoInverse(f, (F) => lowerPseudoInverse(F));
}

/**
 * The upper pseudo-inverse f↑(y) = sup{t ≥ 0 : f(t) ≤ y} of a non-decreasing UPP curve, as a UPP
 * curve of y (right-continuous; +∞ from a level f stays at). Throws a CurveError for a decreasing f.
 * @example upperPseudoInverseUpp(staircase).at(2500) // the last time at which at most 2,500 B had arrived
 */
export function upperPseudoInverseUpp(f: UppCurve): UppCurve {
  return pseudoInverse(f, (F) => upperPseudoInverse(F));
}

import type { Curve } from './curve.ts';
import { CurveBuilder } from './builder.ts';
import { CurveError } from './errors.ts';
import { constant } from './constructors.ts';
import { lowerEnvelope } from './envelope.ts';
import { chainCurve, pointCurve } from './pieces.ts';

/**
 * Min-plus deconvolution (f ⊘ g)(t) = sup_{u≥0} { f(t + u) − g(u) } for t ≥ 0 (Le Boudec & Thiran,
 * Def. 3.1.11), exact. f must be finite; g may be +∞ in places (those u are skipped). If f's final
 * slope exceeds g's, the supremum is +∞ for every t and the constant +∞ is returned.
 * Algorithm: every pair (piece of f, piece of g) of points and open segments contributes a point,
 * a segment or a two-slope concave piece; the result is their upper envelope, computed as the lower
 * envelope of the negated pieces. ⊘ is the residuation of ⊗: f ⊘ g ≤ h ⟺ f ≤ h ⊗ g.
 * Typical use: the output arrival curve α ⊘ β of a flow with arrival curve α through service β.
 * @example deconvolve(tokenBucket(1, 5), rateLatency(2, 3)).at(0) // 8 = b + r·T
 */
export function deconvolve(f: Curve, g: Curve): Curve {
  for (let i = 0; i < f.t.length; i++) {
    if (f.v[i] === Infinity || f.r[i] === Infinity) {
      throw new CurveError('f', f.toJSON(), `a finite curve (it is +∞ at t = ${f.t[i]})`);
    }
  }
  if (g.v[0] === Infinity) throw new CurveError('g', g.toJSON(), 'a curve with finite g(0)');
  if (g.r[g.r.length - 1] !== Infinity && f.tailSlope > g.tailSlope) return constant(Infinity);
  const F = elementaryPieces(f);
  const G = elementaryPieces(g);
  const parts: Curve[] = [];
  const keep = (c: Curve | null): void => {
    if (c !== null) parts.push(c);
  };
  for (const p of F.points) {
    for (const q of G.points) if (p.t >= q.t) parts.push(pointCurve(p.t - q.t, q.y - p.y));
    for (const c of G.segments) {
      // u ∈ (c.start, c.end) and t = p.t − u.
      const value = (t: number): number => p.y - c.y0 - c.slope * (p.t - t - c.start);
      keep(negatedPiece(p.t - c.end, p.t - c.start, -Infinity, c.slope, c.slope, value));
    }
  }
  for (const a of F.segments) {
    for (const q of G.points) {
      // t + q.t ∈ (a.start, a.end).
      const value = (t: number): number => a.y0 + a.slope * (t + q.t - a.start) - q.y;
      keep(negatedPiece(a.start - q.t, a.end - q.t, -Infinity, a.slope, a.slope, value));
    }
    for (const c of G.segments) keep(segmentPair(a, c));
  }
  const negated = lowerEnvelope(parts);
  const b = new CurveBuilder();
  for (let i = 0; i < negated.t.length; i++) b.push(negated.t[i], -negated.v[i], -negated.r[i], -negated.s[i]);
  return b.build();
}

interface Segment {
  start: number;
  end: number;
  y0: number;
  slope: number;
}

function elementaryPieces(f: Curve): { points: { t: number; y: number }[]; segments: Segment[] } {
  const points: { t: number; y: number }[] = [];
  const segments: Segment[] = [];
  for (let i = 0; i < f.t.length; i++) {
    if (f.v[i] !== Infinity) points.push({ t: f.t[i], y: f.v[i] });
    if (f.r[i] !== Infinity) segments.push({ start: f.t[i], end: i + 1 < f.t.length ? f.t[i + 1] : Infinity, y0: f.r[i], slope: f.s[i] });
  }
  return { points, segments };
}

/**
 * sup over u of a(t + u) − c(u) for open segments a on (a1, a2) and c on (b1, b2), with t in
 * (a1 − b2, a2 − b1). The objective is affine in u with coefficient sa − sb, so the supremum sits at
 * u*(t) = min(b2, a2 − t) when sa > sb and at u*(t) = max(b1, a1 − t) otherwise (finite in both
 * cases, since the pair of two infinite tails with sa > sb makes the whole result +∞ and is
 * handled by the caller). The result is concave with one kink.
 */
function segmentPair(a: Segment, c: Segment): Curve | null {
  const { start: a1, end: a2, y0: ra, slope: sa } = a;
  const { start: b1, end: b2, y0: rb, slope: sb } = c;
  const upper = sa > sb;
  const uStar = upper ? (t: number) => Math.min(b2, a2 - t) : (t: number) => Math.max(b1, a1 - t);
  const value = (t: number): number => {
    const u = uStar(t);
    return ra + sa * (t + u - a1) - rb - sb * (u - b1);
  };
  return upper ? negatedPiece(a1 - b2, a2 - b1, a2 - b2, sa, sb, value) : negatedPiece(a1 - b2, a2 - b1, a1 - b1, sb, sa, value);
}

/**
 * The negation of a continuous piece on the open interval (lo, hi) with slope s1 before `kink` and
 * s2 after, whose value at any t of the interval is value(t); +∞ elsewhere and clipped to t ≥ 0.
 */
function negatedPiece(lo: number, hi: number, kink: number, s1: number, s2: number, value: (t: number) => number): Curve | null {
  if (hi <= lo || hi <= 0) return null;
  const start = lo === -Infinity ? -1 : lo; // any start below 0 gives the same clipped curve
  const endValue = hi === Infinity ? NaN : -value(hi);
  if (kink <= start || kink >= hi) {
    const slope = kink <= start ? s2 : s1;
    return chainCurve({ times: [start, hi], values: [-value(start), endValue], slopes: [-slope] });
  }
  return chainCurve({ times: [start, kink, hi], values: [-value(start), -value(kink), endValue], slopes: [-s1, -s2] });
}

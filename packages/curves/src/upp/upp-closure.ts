import { Curve } from '../curve.ts';
import { CurveBuilder } from '../builder.ts';
import { CurveError } from '../errors.ts';
import { findDecrease } from '../properties.ts';
import { min } from '../pointwise.ts';
import { DEFAULT_TOLERANCE } from '../tolerance.ts';
import { lineOffset, sameRate } from './line-bounds.ts';
import { minimizeUpp } from './minimize.ts';
import { convolveUpp } from './upp-convolve.ts';
import { UppCurve } from './upp-curve.ts';
import { verticalDeviationUpp } from './upp-deviation.ts';

/** Breakpoints beyond which a candidate is refused (the closure would take too long or too much memory). */
const MAX_SIZE = 200_000;

/** Options of {@link subAdditiveClosureUpp}. */
export interface ClosureOptions {
  /** Candidates tried: (δ₀ ∧ f)^⊗k with the best-ratio spots, for k up to this (default 256). */
  maxPieces?: number;
}

/**
 * Sub-additive closure f* = inf over n ≥ 0 of f^⊗n (f^⊗0 = δ₀: 0 at 0, +∞ after) of a
 * non-decreasing, finite, non-negative UPP curve: the largest sub-additive function with f*(0) = 0
 * below f (Le Boudec & Thiran, "Network Calculus", 2001, Def. 3.1.10 and Th. 3.1.10; Bouillard,
 * Boyer, Le Corronc 2018, §4.2). It is what window flow control needs: a window W over a feedback
 * loop with service β gives the service curve (β + W)* ⊗ β (Le Boudec & Thiran, Th. 4.3.1).
 *
 * Computed by candidates that are checked, so the answer is exact or refused, never approximate:
 * - every candidate is built from f by ⊗, so it is ≥ f*: h_k = (δ₀ ∧ f)^⊗k ⊗ S, with S the spots
 *   (k·t*, k·f(t*)) of the least ratio ρ* = f(t*)/t* = inf f(t)/t (the closure's own growth rate)
 *   when it is below the long-run rate (S = δ₀ otherwise);
 * - when h_k ⊗ (δ₀ ∧ f) = h_k (checked exactly with the UPP operators), h_k = h_k ⊗ (δ₀ ∧ f)^⊗m
 *   ≤ (δ₀ ∧ f)^⊗m for every m, so h_k ≤ f*, and h_k = f*.
 * When the least ratio is only approached (below a jump, as in a right-continuous staircase), S is
 * the train of its limits, each the infimum of real pieces, so the candidates are still ≥ f*.
 * Throws a CurveError for a curve outside that class, or when no candidate up to `maxPieces`
 * pieces (or 200,000 breakpoints) is the closure.
 * @example
 * // Window flow control: W = 1000 B over a rate-latency loop (10 B/s, 200 s): a staircase of W per T.
 * subAdditiveClosureUpp(UppCurve.fromCurve(add(rateLatency(10, 200), constant(1000))))
 */
export function subAdditiveClosureUpp(f: UppCurve, options: ClosureOptions = {}): UppCurve {
  const maxPieces = options.maxPieces ?? 256;
  requireClosureOperand(f);
  const f0 = zeroAtZero(f);
  const best = bestRatio(f0);
  // An open spot tied with the long-run rate adds nothing the powers of f do not reach.
  const spot = best.spot !== null && (!best.spot.open || best.ratio < f0.rate - 1e-12 * f0.rate) ? best.spot : null;
  // h_k = (δ₀ ∧ f)^⊗k ⊗ spots, one piece more each round: h ⊗ (δ₀ ∧ f) is both the check and the
  // next candidate. When it equals h, h = h ⊗ (δ₀ ∧ f)^⊗m ≤ (δ₀ ∧ f)^⊗m for every m, so h ≤ f*.
  let candidate = spot === null ? f0 : withSpots(f0, spot);
  for (let k = 1; k <= maxPieces; k++) {
    const next = convolveUpp(candidate, f0);
    if (verticalDeviationUpp(candidate, next) <= tolerance(candidate)) return minimizeUpp(candidate);
    if (next.size > MAX_SIZE) throw new CurveError('f', f.toJSON(), `a curve whose closure's candidates stay below ${MAX_SIZE} breakpoints (after ${k} pieces they have ${next.size})`);
    candidate = next;
  }
  throw new CurveError('f', f.toJSON(), `a curve whose closure is reached by ${maxPieces} pieces and the spots of its best ratio (no candidate up to that was sub-additive; raise maxPieces)`);
}

/** Non-decreasing, non-negative and finite over its transient and period (so everywhere). */
function requireClosureOperand(f: UppCurve): void {
  const end = f.start + f.period;
  const b = f.unfold(end + f.period);
  for (let i = 0; i < b.t.length && b.t[i] <= end + f.period; i++) {
    if (!Number.isFinite(b.v[i]) || !Number.isFinite(b.r[i])) throw new CurveError('f', f.toJSON(), 'a finite curve (the closure of one that is +∞ in places is not supported)');
  }
  if (!(f.at(0) >= 0)) throw new CurveError('f', f.toJSON(), 'a curve with f(0) ≥ 0');
  if (!(f.increment >= 0) || findDecrease(b) !== null) throw new CurveError('f', f.toJSON(), 'a non-decreasing curve');
}

/** δ₀ ∧ f: f with 0 at 0 (its periodic rule from T, or from d when T = 0 and f(0) ≠ 0). */
function zeroAtZero(f: UppCurve): UppCurve {
  const start = f.start > 0 || f.at(0) === 0 ? f.start : f.period;
  const b = f.unfold(start + f.period);
  const out = new CurveBuilder();
  out.push(0, 0, b.r[0], b.s[0]);
  for (let i = 1; i < b.t.length; i++) out.push(b.t[i], b.v[i], b.r[i], b.s[i]);
  return UppCurve.of(out.build(), start, f.period, f.increment);
}

/**
 * The least value ρ* of f(t)/t over t > 0 (the closure's growth rate), and a point (t*, f(t*)),
 * t* > 0, that attains it; else the left limit below a jump that approaches it (an open spot);
 * null when only the long-run rate does. On a segment f(t)/t is monotone, so the candidates are the values
 * at breakpoints and the left limits before them, over one transient and period (later periods
 * mix a point's ratio with c/d); on a first segment from (0, 0) the ratio is its slope throughout.
 */
function bestRatio(f: UppCurve): { ratio: number; spot: Spot | null } {
  const end = f.start + f.period;
  const b = f.unfold(end);
  const candidates: { t: number; y: number; attained: boolean }[] = [];
  for (let i = 0; i < b.t.length && b.t[i] <= end; i++) {
    const t = b.t[i];
    if (t > 0) {
      const left = b.leftLimitAtBreakpoint(i);
      candidates.push({ t, y: b.v[i], attained: true });
      if (left < b.v[i]) candidates.push({ t, y: left, attained: false });
    } else if (b.r[0] === 0 && b.s[0] > 0) {
      const inside = Math.min(i + 1 < b.t.length ? b.t[i + 1] : end, end) / 2;
      candidates.push({ t: inside, y: b.s[0] * inside, attained: true });
    }
  }
  const leftEnd = f.leftLimit(end);
  candidates.push({ t: end, y: leftEnd, attained: leftEnd === f.at(end) });
  let best = f.rate;
  for (const c of candidates) best = Math.min(best, c.y / c.t);
  const tied = (ratio: number): boolean => ratio <= best + 1e-12 * Math.abs(best);
  // An attained point of the least ratio; none if only limits (or the long-run rate) reach it.
  const least = candidates.filter((c) => tied(c.y / c.t));
  if (least.length === 0) return { ratio: best, spot: null };
  // A point that attains it if there is one, else the left limit below a jump (an open spot).
  const attained = least.filter((c) => c.attained);
  const first = (attained.length > 0 ? attained : least).reduce((a, c) => (c.t < a.t ? c : a));
  return { ratio: best, spot: { t: first.t, v: first.y, open: !first.attained } };
}

/** Pieces of length t costing v; open: only approached, by pieces shorter than t (a jump at t). */
interface Spot {
  t: number;
  v: number;
  open: boolean;
}

/** The spots (k·t*, k·v*), k ≥ 0, as a UPP curve: 0 at 0, +∞ between, period t*, increment v*. */
function spots(t: number, v: number): UppCurve {
  return UppCurve.of(Curve.fromBreakpoints([[0, 0, Infinity, 0]]), 0, t, v);
}

/**
 * g ⊗ spots(t*, v*): min over k ≥ 0 of g(t − k·t*) + k·v*. With equal rates the UPP convolution
 * does it. When g grows faster (ρ_g > ρ* = v* ÷ t*), h(t + t*) = min(g(t + t*), h(t) + v*), and
 * g(t + t*) ≥ ρ_g·(t + t*) + m_g while h(t) ≤ ρ*·t + H (H the largest g(x) − ρ*·x on [0, t*]), so
 * from T_h = (H + v* − m_g − ρ_g·t*)/(ρ_g − ρ*) on h repeats with period t* and increment v*; h on
 * [0, T_h + t*] is the minimum of the shifted copies of g.
 * An open spot (v* only approached by pieces shorter than t*, below a jump of f at t*) is the
 * infimum of real decompositions: k such pieces and the rest just longer than t − k·t*, so g's
 * right limit there, g(y+) (and 0 for y = 0 reached by the pieces alone); h(t + t*) is then
 * h(t+) + v*, which repeats from one period later.
 */
function withSpots(g: UppCurve, spot: Spot): UppCurve {
  const { t, v, open } = spot;
  const train = spots(t, v);
  if (!open && sameRate(g, train)) return convolveUpp(g, train);
  const rho = v / t;
  const H = lineOffset(g, rho, 0, false, t);
  const bound = Math.max(0, (H + v - lineOffset(g, g.rate, 0, true) - g.rate * t) / (g.rate - rho));
  const start = open ? bound + t : bound;
  const end = start + t;
  const copies = Math.ceil(end / t - 1e-12);
  const longer = g.unfold(end);
  const copy = open ? rightContinuous(longer) : longer;
  let h = longer;
  for (let k = 1; k <= copies; k++) h = min(h, shifted(copy, k * t, k * v, end));
  return minimizeUpp(UppCurve.of(h, start, t, v));
}

/** g with its right limit as its value at every breakpoint (g(y+) for a non-decreasing g). */
function rightContinuous(g: Curve): Curve {
  return Curve.fromBreakpoints(g.breakpoints().map(([x, v, r, s]): [number, number, number, number] => [x, r === Infinity ? v : r, r, s]));
}

/** g(τ − a) + b for τ ≥ a, +∞ before, up to `end`. */
function shifted(g: Curve, a: number, b: number, end: number): Curve {
  const out = new CurveBuilder();
  out.push(0, Infinity, Infinity, 0);
  for (let i = 0; i < g.t.length && g.t[i] + a <= end; i++) out.push(g.t[i] + a, g.v[i] + b, g.r[i] + b, g.s[i]);
  return out.build();
}

/**
 * How far g − g ⊗ g may be above 0 for g to count as sub-additive (g ⊗ g ≤ g always, as g(0) = 0):
 * the default tolerance of comparisons at g's scale over one period.
 */
function tolerance(g: UppCurve): number {
  return DEFAULT_TOLERANCE.absolute + DEFAULT_TOLERANCE.relative * Math.max(1, Math.abs(g.at(g.start + g.period)));
}

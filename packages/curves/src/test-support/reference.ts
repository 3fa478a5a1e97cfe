import { fraction, type Fraction } from 'mathjs';
import type { Curve, Numbers } from '../curve.ts';

/**
 * Reference evaluators straight from the definitions, generic over the number type: `number`
 * (with ±∞) for brute-force checks, and exact `Fraction` for the exact-arithmetic checks. They are
 * deliberately naive: O(n + m) candidates per evaluated time, no envelopes, no fast paths.
 */
export interface Field<N> {
  from(x: number): N;
  add(a: N, b: N): N;
  sub(a: N, b: N): N;
  mul(a: N, b: N): N;
  lt(a: N, b: N): boolean;
  eq(a: N, b: N): boolean;
  toNumber(a: N): number;
  key(a: N): string;
}

export const floatField: Field<number> = {
  from: (x) => x,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => (a === 0 || b === 0 ? 0 : a * b),
  lt: (a, b) => a < b,
  eq: (a, b) => a === b,
  toNumber: (a) => a,
  key: (a) => String(a),
};

/** Exact rationals (finite curves only: Fraction has no infinity). */
export const fractionField: Field<Fraction> = {
  from: (x) => {
    if (!Number.isFinite(x)) throw new Error(`fractionField: ${x} is not finite`);
    return fraction(x) as Fraction;
  },
  add: (a, b) => a.add(b),
  sub: (a, b) => a.sub(b),
  mul: (a, b) => a.mul(b),
  lt: (a, b) => a.compare(b) < 0,
  eq: (a, b) => a.equals(b),
  toNumber: (a) => a.valueOf(),
  key: (a) => a.toFraction(),
};

/** A curve's breakpoints lifted into a field. */
export interface FieldCurve<N> {
  t: N[];
  v: N[];
  r: N[];
  s: N[];
}

export function lift<N>(F: Field<N>, c: Curve): FieldCurve<N> {
  const each = (a: Numbers): N[] => [...a].map((x) => F.from(x));
  return { t: each(c.t), v: each(c.v), r: each(c.r), s: each(c.s) };
}

function segment<N>(F: Field<N>, c: FieldCurve<N>, i: number, x: N): N {
  return F.add(c.r[i], F.mul(c.s[i], F.sub(x, c.t[i])));
}

function lastAtOrBefore<N>(F: Field<N>, c: FieldCurve<N>, x: N): number {
  let i = 0;
  while (i + 1 < c.t.length && !F.lt(x, c.t[i + 1])) i += 1;
  return i;
}

/** f(x), f(x+), f(x−) in the field; every curve is 0 before time 0. */
export function valueAt<N>(F: Field<N>, c: FieldCurve<N>, x: N, side: 'at' | 'right' | 'left' = 'at'): N {
  const zero = F.from(0);
  if (F.lt(x, zero) || (side === 'left' && F.eq(x, zero))) return zero;
  let i = lastAtOrBefore(F, c, x);
  if (F.eq(c.t[i], x)) {
    if (side === 'at') return c.v[i];
    if (side === 'right') return c.r[i];
    i -= 1;
  }
  return segment(F, c, i, x);
}

function uniqueSorted<N>(F: Field<N>, xs: N[]): N[] {
  const seen = new Map<string, N>();
  for (const x of xs) seen.set(F.key(x), x);
  return [...seen.values()].sort((a, b) => (F.lt(a, b) ? -1 : F.lt(b, a) ? 1 : 0));
}

/**
 * (f ⊗ g)(t) = inf_{0≤s≤t} f(s) + g(t − s), evaluated exactly: s ↦ f(s) + g(t − s) is affine between
 * the candidates {0, t} ∪ {breakpoints of f} ∪ {t − breakpoints of g}, so the infimum is among the
 * values and one-sided limits there.
 */
export function convolutionAt<N>(F: Field<N>, f: FieldCurve<N>, g: FieldCurve<N>, t: N): N {
  const zero = F.from(0);
  const candidates = uniqueSorted(F, [zero, t, ...f.t, ...[...g.t].map((u) => F.sub(t, u))]).filter((s) => !F.lt(s, zero) && !F.lt(t, s));
  let best: N | null = null;
  const consider = (x: N): void => {
    if (best === null || F.lt(x, best)) best = x;
  };
  for (const s of candidates) {
    const u = F.sub(t, s);
    consider(F.add(valueAt(F, f, s), valueAt(F, g, u)));
    if (F.lt(s, t)) consider(F.add(valueAt(F, f, s, 'right'), valueAt(F, g, u, 'left')));
    if (F.lt(zero, s)) consider(F.add(valueAt(F, f, s, 'left'), valueAt(F, g, u, 'right')));
  }
  return best as N;
}

/**
 * (f ⊘ g)(t) = sup_{u≥0} f(t + u) − g(u), evaluated exactly over the candidates
 * {0} ∪ {breakpoints of g} ∪ {breakpoints of f − t}; `null` stands for +∞ (final slopes).
 */
export function deconvolutionAt<N>(F: Field<N>, f: FieldCurve<N>, g: FieldCurve<N>, t: N, fTail: number, gTail: number, gTailInfinite: boolean): N | null {
  if (!gTailInfinite && fTail > gTail) return null;
  const zero = F.from(0);
  const candidates = uniqueSorted(F, [zero, ...g.t, ...[...f.t].map((x) => F.sub(x, t))]).filter((u) => !F.lt(u, zero));
  let best: N | null = null;
  const consider = (x: N): void => {
    if (F.toNumber(x) === -Infinity) return;
    if (best === null || F.lt(best, x)) best = x;
  };
  for (const u of candidates) {
    const x = F.add(t, u);
    consider(F.sub(valueAt(F, f, x), valueAt(F, g, u)));
    consider(F.sub(valueAt(F, f, x, 'right'), valueAt(F, g, u, 'right')));
    if (F.lt(zero, u)) consider(F.sub(valueAt(F, f, x, 'left'), valueAt(F, g, u, 'left')));
  }
  return best;
}

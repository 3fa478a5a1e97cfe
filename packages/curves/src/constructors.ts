import { Curve } from './curve.ts';
import { CurveBuilder } from './builder.ts';
import { CurveError, requireFinite, requireNonNegative, requireNonNegativeOrInfinite } from './errors.ts';

/**
 * The zero curve, f(t) = 0. Neutral element of `add`; f ⊗ 0 is the running infimum of f.
 * @example zero().at(5) // 0
 */
export function zero(): Curve {
  return constant(0);
}

/**
 * The constant curve f(t) = c for t ≥ 0 (c may be +∞: the neutral element of `min`).
 * @example constant(3).at(0) // 3
 */
export function constant(c: number): Curve {
  if (typeof c !== 'number' || Number.isNaN(c) || c === -Infinity) throw new CurveError('c', c, 'a number or +∞');
  return Curve.fromBreakpoints([[0, c, c, 0]]);
}

/**
 * Rate curve λ_r(t) = r·t for t ≥ 0: the exact service curve of a link of rate r (bytes/s) and the
 * rate limiter of a rate-based CCA.
 * @example rate(12.5e9).at(1e-6) // 12500 bytes in 1 µs at 100 Gb/s
 */
export function rate(r: number): Curve {
  requireNonNegative('rate', r);
  return Curve.fromBreakpoints([[0, 0, 0, r]]);
}

/**
 * Rate-latency curve β_{R,T}(t) = R·max(0, t − T) (R in bytes/s, T in seconds).
 * @example rateLatency(10, 2).at(5) // 30
 */
export function rateLatency(R: number, T: number): Curve {
  requireNonNegative('rate', R);
  requireNonNegative('latency', T);
  if (T === 0) return rate(R);
  return Curve.fromBreakpoints([[0, 0, 0, 0], [T, 0, 0, R]]);
}

/**
 * Token bucket γ_{r,b}(t) = b + r·t for t > 0 and γ(0) = 0 (rate r in bytes/s, bucket b in bytes).
 * @example tokenBucket(1, 5).at(0) // 0; tokenBucket(1, 5).at(2) // 7
 */
export function tokenBucket(r: number, b: number): Curve {
  requireNonNegative('rate', r);
  requireNonNegative('burst', b);
  return Curve.fromBreakpoints([[0, 0, b, r]]);
}

/**
 * Pure delay δ_T(t) = 0 for t ≤ T and +∞ for t > T (T in seconds). f ⊗ δ_T is f delayed by T;
 * δ_0 is the neutral element of ⊗.
 * @example pureDelay(2).at(2) // 0; pureDelay(2).at(2.1) // Infinity
 */
export function pureDelay(T: number): Curve {
  requireNonNegative('delay', T);
  if (T === 0) return Curve.fromBreakpoints([[0, 0, Infinity, 0]]);
  return Curve.fromBreakpoints([[0, 0, 0, 0], [T, 0, Infinity, 0]]);
}

/**
 * Window curve S_W(t) = 0 for t ≤ 0 and W for t > 0: the exact service curve of a window-based
 * CCA with window W bytes (the paper's §III-D).
 * @example window(64000).rightLimit(0) // 64000
 */
export function window(W: number): Curve {
  requireNonNegativeOrInfinite('window', W);
  return Curve.fromBreakpoints([[0, 0, W, 0]]);
}

/**
 * Step of height h at time t0. Left-continuous by default (0 up to and including t0, h after:
 * the cumulative arrivals A(t) in [0, t) of a burst of h bytes at t0); with `'right'`, the value
 * at t0 is already h.
 * @example step(1500, 1e-6).at(1e-6) // 0; step(1500, 1e-6, 'right').at(1e-6) // 1500
 */
export function step(h: number, t0: number, continuity: 'left' | 'right' = 'left'): Curve {
  requireFinite('height', h);
  requireNonNegative('time', t0);
  if (continuity !== 'left' && continuity !== 'right') throw new CurveError('continuity', continuity, '"left" or "right"');
  const atT0 = continuity === 'left' ? 0 : h;
  if (t0 === 0) return Curve.fromBreakpoints([[0, atT0, h, 0]]);
  return Curve.fromBreakpoints([[0, 0, 0, 0], [t0, atT0, h, 0]]);
}

/**
 * Cumulative arrivals of a packet list: A(t) = total size of packets with time < t (traffic in
 * [0, t), left-continuous). Times (s) must be sorted non-decreasing and ≥ 0; sizes (bytes) ≥ 0.
 * Packets at the same time form one burst.
 * @example fromPackets([0, 1e-6], [1048, 1048]).at(1e-6) // 1048
 */
export function fromPackets(times: readonly number[], sizes: readonly number[]): Curve {
  if (!Array.isArray(times)) throw new CurveError('times', times, 'an array of packet times');
  if (!Array.isArray(sizes)) throw new CurveError('sizes', sizes, 'an array of packet sizes');
  if (times.length !== sizes.length) throw new CurveError('sizes.length', sizes.length, `the same length as times (${times.length})`);
  const b = new CurveBuilder();
  b.push(0, 0, 0, 0);
  let total = 0;
  let i = 0;
  let previous = 0;
  while (i < times.length) {
    const t = times[i];
    if (typeof t !== 'number' || !Number.isFinite(t) || t < 0) throw new CurveError(`times[${i}]`, t, 'a finite time ≥ 0');
    if (t < previous) throw new CurveError(`times[${i}]`, t, `a time ≥ the previous packet's ${previous} (sorted)`);
    const before = total;
    while (i < times.length && times[i] === t) {
      const size = sizes[i];
      if (typeof size !== 'number' || !Number.isFinite(size) || size < 0) throw new CurveError(`sizes[${i}]`, size, 'a finite size ≥ 0');
      total += size;
      i += 1;
    }
    previous = t;
    if (t === 0) {
      b.push(0, 0, total, 0);
    } else {
      b.push(t, before, total, 0);
    }
  }
  return b.build();
}

/**
 * Linear interpolation of samples (t_k, y_k): t strictly increasing from t_0 = 0, all finite.
 * After the last sample the curve continues with slope `tailSlope` (default 0: it holds).
 * @example fromSamples([0, 1, 3], [0, 2, 2]).at(0.5) // 1
 */
export function fromSamples(ts: readonly number[], ys: readonly number[], tailSlope = 0): Curve {
  if (!Array.isArray(ts) || ts.length === 0) throw new CurveError('ts', ts, 'a non-empty array of sample times');
  if (!Array.isArray(ys) || ys.length !== ts.length) throw new CurveError('ys', ys, `an array with as many values as ts (${ts.length})`);
  requireFinite('tailSlope', tailSlope);
  if (ts[0] !== 0) throw new CurveError('ts[0]', ts[0], 'the first sample at t = 0');
  const b = new CurveBuilder();
  for (let k = 0; k < ts.length; k++) {
    const t = ts[k];
    const y = ys[k];
    if (typeof t !== 'number' || !Number.isFinite(t)) throw new CurveError(`ts[${k}]`, t, 'a finite time');
    if (k > 0 && t <= ts[k - 1]) throw new CurveError(`ts[${k}]`, t, `a time greater than ts[${k - 1}] = ${ts[k - 1]} (strictly increasing)`);
    if (typeof y !== 'number' || !Number.isFinite(y)) throw new CurveError(`ys[${k}]`, y, 'a finite value');
    const slope = k + 1 < ts.length ? (ys[k + 1] - y) / (ts[k + 1] - t) : tailSlope;
    b.push(t, y, y, slope);
  }
  return b.build();
}

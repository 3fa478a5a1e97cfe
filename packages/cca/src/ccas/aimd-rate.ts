import { type CongestionControl, type StatePacking, timerDue } from '../cca.ts';
import { ModelError, requireFraction, requirePositive } from '../errors.ts';

/** Parameters of rate-based AIMD (paper §III-C, Algorithm 1). SI units. */
export interface AimdRateParameters {
  /** Initial rate r_o (bytes/s). */
  initialRate: number;
  /** Additive increase α (bytes/s) every `increaseInterval` without congestion. */
  increase: number;
  /** Multiplicative decrease β ∈ (0, 1) on a timeout or a notification. */
  decrease: number;
  /** Δτ_ai (s). */
  increaseInterval: number;
  /** Timeout τ_o (s); must exceed the feedback delay. Omit for no timeouts. */
  timeout?: number;
  /** Upper bound of the rate (bytes/s); +∞ by default, as in the paper. */
  maxRate?: number;
}

export interface AimdRateState {
  rate: number;
  nextIncrease: number;
  lastCongestion: number;
}

/** Its states as 3 numbers: rate, next increase, last congestion (see StatePacking). */
const packing: StatePacking<AimdRateState> = {
  size: 3,
  pack(s, out, at) {
    out[at] = s.rate;
    out[at + 1] = s.nextIncrease;
    out[at + 2] = s.lastCongestion;
  },
  unpack: (src, at) => ({ rate: src[at], nextIncrease: src[at + 1], lastCongestion: src[at + 2] }),
};

/**
 * Rate-based AIMD (paper §III-C, Algorithm 1): a rate limiter λ_r. Every Δτ_ai the rate grows by α
 * (Eq. 4) unless a timeout or notification happened in the last Δτ_ai; a timeout multiplies it by β
 * (Eq. 3) and restarts from what was acknowledged (Go-Back-N); a congestion notification multiplies
 * it by β. Each change shifts the coordinate system (origin (t, Â(t)) or (t, D(t − ΔR))).
 * @example aimdRate({ initialRate: 7.5e9, increase: 12.5e6, decrease: 0.8, increaseInterval: 30e-6, timeout: 100e-6 })
 */
export function aimdRate(p: AimdRateParameters): CongestionControl<AimdRateState> {
  requirePositive('initialRate', p.initialRate);
  requirePositive('increase', p.increase);
  requireFraction('decrease', p.decrease);
  requirePositive('increaseInterval', p.increaseInterval);
  if (p.timeout !== undefined) requirePositive('timeout', p.timeout);
  const maxRate = p.maxRate ?? Infinity;
  if (!(maxRate >= p.initialRate)) throw new ModelError('maxRate', p.maxRate, `a rate ≥ initialRate = ${p.initialRate}`);
  // The timer's rules, once for onTimer (one timer) and advanceTimers (a stretch of them).
  const congestedAt = (s: AimdRateState, now: number): boolean => s.lastCongestion >= now - p.increaseInterval;
  const increased = (rate: number): number => Math.min(maxRate, rate + p.increase);
  const timerKind = (congested: boolean): string => (congested ? 'no-increase' : 'rate-increase');
  return {
    name: 'aimd-rate',
    listens: { timeout: p.timeout, notifications: true },
    initial: (at = 0) => ({ rate: p.initialRate, nextIncrease: at + p.increaseInterval, lastCongestion: -Infinity }),
    limit: (s) => ({ kind: 'rate', rate: s.rate }),
    nextTimer: (s) => s.nextIncrease,
    onTimer(s, signals) {
      // States written out field by field: far cheaper than a spread on V8 (see ns3-mlx).
      const nextIncrease = s.nextIncrease + p.increaseInterval;
      const congested = congestedAt(s, signals.now);
      const state = { rate: congested ? s.rate : increased(s.rate), nextIncrease, lastCongestion: s.lastCongestion };
      return { state, shift: congested ? 'none' : 'admitted', kind: timerKind(congested) };
    },
    advanceTimers(s, until, inclusive, most = Infinity, visit, tally) {
      let rate = s.rate;
      let at = s.nextIncrease;
      let count = 0;
      let last = -Infinity;
      while (count < most && timerDue(at, until, inclusive)) {
        const congested = congestedAt(s, at);
        const before = rate;
        if (!congested) rate = increased(rate);
        count += 1;
        last = at;
        at += p.increaseInterval;
        if (visit !== undefined) visit(last, timerKind(congested), { rate, nextIncrease: at, lastCongestion: s.lastCongestion }, rate < before);
        if (tally !== undefined) tally(timerKind(congested), 1, last, rate < before ? 1 : 0);
      }
      return count === 0 ? { state: s, count, last } : { state: { rate, nextIncrease: at, lastCongestion: s.lastCongestion }, count, last };
    },
    packing,
    replayableNotifications: true,
    onTimeout: (s, signals) => ({ state: { rate: s.rate * p.decrease, nextIncrease: s.nextIncrease, lastCongestion: signals.now }, shift: 'acknowledged', kind: 'timeout' }),
    onNotification: (s, signals) => ({ state: { rate: s.rate * p.decrease, nextIncrease: s.nextIncrease, lastCongestion: signals.now }, shift: 'admitted', kind: 'rate-cut' }),
    describe: (s) => ({ rate: s.rate }),
  };
}

import type { CongestionControl } from '../../cca.ts';
import { ModelError, requirePositive } from '../../errors.ts';
import { mulDivFloor } from '../../exact-integers.ts';

/** Parameters of the DCQCN trace format's reference reaction point, in SI units. */
export interface TraceReferenceParameters {
  /** Maximum and initial rate (bytes/s); counted in whole bit/s. */
  lineRate: number;
  /** Minimum rate (bytes/s); counted in whole bit/s. */
  minRate: number;
  /** α gain g (1/256); counted in parts per 10⁹. */
  g: number;
  /** Multiplicative increase per tick (5·10⁻⁵: 5 Mb/s at 100 Gb/s); counted in parts per 10⁹. */
  multiplicativeIncrease: number;
  /** Source gate (s): at most one cut per this period, on the format's 1 ns clock (50 µs). */
  decreaseGate: number;
  /** Period of the timer ticks (s) (55 µs), which run from the first CNP on. */
  tickPeriod: number;
}

/** The same parameters as the trace format logs them: integers in ppb, bit/s and ns. */
export interface TraceReferenceIntegers {
  g: number;
  mi: number;
  cnpInterval: number;
  minRate: number;
  maxRate: number;
}

export interface TraceReferenceState {
  /** Rate (bit/s, an integer). */
  rate: number;
  /** α (parts per 10⁹, an integer). */
  alpha: number;
  /** Time of the last cut (ns, an integer), −∞ before the first. */
  lastDecrease: number;
  /** Time of the next tick (s), +∞ before the first CNP. */
  nextTick: number;
}

/** A trace-reference reaction point, which carries its integer parameters for the trace exporter. */
export type TraceReferenceDcqcn = CongestionControl<TraceReferenceState> & { readonly integers: TraceReferenceIntegers };

const PPB = 1_000_000_000;

/**
 * The reaction point that the DCQCN trace format (`ccalc check-trace`,
 * `shared/seeds/dcqcn-trace-acceptance.txt`) holds every snapshot to, as a model CCA, so that a run
 * can be exported with its own α and rates and checked. All state is integer, as the format logs it:
 * rate R in bit/s, α in ppb, times in ns (a CNP at t s is at round(t·10⁹) ns).
 * - A CNP when no cut happened in the last `decreaseGate` (the source gate): R ← max(R_min,
 *   ⌊R·(2·10⁹ − α)/(2·10⁹)⌋), then α ← g + ⌊(10⁹ − g)·α/10⁹⌋ (DCQCN's R(1 − α/2) and
 *   (1 − g)α + g). A CNP inside the gate changes nothing ("cnp-gated").
 * - A tick every `tickPeriod` from the first CNP on: α ← ⌊(10⁹ − g)·α/10⁹⌋ and
 *   R ← min(R_max, R + ⌊R·mi/10⁹⌋).
 * Before the first CNP: R = R_max and α = 10⁹.
 * @example dcqcnTraceReference({ lineRate: 12.5e9, minRate: 12.5e6, g: 1 / 256, multiplicativeIncrease: 5e-5, decreaseGate: 50e-6, tickPeriod: 55e-6 })
 */
export function dcqcnTraceReference(p: TraceReferenceParameters): TraceReferenceDcqcn {
  for (const k of ['lineRate', 'minRate', 'tickPeriod'] as const) requirePositive(k, p[k]);
  if (!(p.g >= 0 && p.g <= 1)) throw new ModelError('g', p.g, 'a gain in [0, 1]');
  if (!(p.multiplicativeIncrease >= 0 && p.multiplicativeIncrease <= 1)) throw new ModelError('multiplicativeIncrease', p.multiplicativeIncrease, 'a fraction in [0, 1]');
  if (!(p.decreaseGate >= 0 && Number.isFinite(p.decreaseGate))) throw new ModelError('decreaseGate', p.decreaseGate, 'a duration ≥ 0');
  if (!(p.minRate <= p.lineRate)) throw new ModelError('minRate', p.minRate, `at most the line rate (${p.lineRate} B/s)`);
  const integers: TraceReferenceIntegers = {
    g: Math.round(p.g * PPB),
    mi: Math.round(p.multiplicativeIncrease * PPB),
    cnpInterval: Math.round(p.decreaseGate * 1e9),
    minRate: Math.round(p.minRate * 8),
    maxRate: Math.round(p.lineRate * 8),
  };
  const { g, mi, cnpInterval, minRate, maxRate } = integers;
  return {
    name: 'dcqcn-trace-reference',
    integers,
    listens: { notifications: true },
    initial: () => ({ rate: maxRate, alpha: PPB, lastDecrease: -Infinity, nextTick: Infinity }),
    limit: (s) => ({ kind: 'rate', rate: s.rate / 8 }),
    nextTimer: (s) => s.nextTick,
    onTimer(s) {
      const alpha = mulDivFloor(PPB - g, s.alpha, PPB);
      const rate = Math.min(maxRate, s.rate + mulDivFloor(s.rate, mi, PPB));
      return { state: { rate, alpha, lastDecrease: s.lastDecrease, nextTick: s.nextTick + p.tickPeriod }, shift: rate === s.rate ? 'none' : 'admitted', kind: 'timer-tick' };
    },
    onNotification(s, signals) {
      const nextTick = s.nextTick === Infinity ? signals.now + p.tickPeriod : s.nextTick;
      const now = Math.round(signals.now * 1e9);
      if (now - s.lastDecrease < cnpInterval) return { state: nextTick === s.nextTick ? s : { rate: s.rate, alpha: s.alpha, lastDecrease: s.lastDecrease, nextTick }, shift: 'none', kind: 'cnp-gated' };
      const rate = Math.max(minRate, mulDivFloor(s.rate, 2 * PPB - s.alpha, 2 * PPB));
      const alpha = g + mulDivFloor(PPB - g, s.alpha, PPB);
      return { state: { rate, alpha, lastDecrease: now, nextTick }, shift: 'admitted', kind: 'rate-cut' };
    },
    describe: (s) => ({ rate: s.rate / 8, alpha: s.alpha / PPB }),
  };
}

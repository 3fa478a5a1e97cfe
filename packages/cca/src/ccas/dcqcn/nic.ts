import { type CongestionControl, onTimerGrid } from '../../cca.ts';
import { ModelError, requirePositive } from '../../errors.ts';

/** Parameters of the NIC IP's DCQCN (`shared/seeds/dcqcn-hardware-ip-reference-zh.md`, §9). SI units. */
export interface NicParameters {
  /** dcqcn_max_rate (bytes/s); also the initial rate unless `initialRate` is given. */
  maxRate: number;
  /** Initial rate (bytes/s); timers start at once only if it differs from the maximum (§9.6). */
  initialRate?: number;
  /** Minimum rate (bytes/s). */
  minRate: number;
  /** dcqcn_rx_cnp_merge_period (s): at most one decrease per period. */
  mergePeriod: number;
  /** dcqcn_alpha_rate_shift: cut R ← R·(1 − α/2^(shift+10)) with α the 10-bit integer. */
  alphaRateShift: number;
  /** dcqcn_upd_alpha_g, an integer in 0…1024 (α weight in 1/1024). */
  alphaG: number;
  /** dcqcn_alpha_timer_th (s): α decays if no CNP arrived within it. */
  alphaTimer: number;
  /** dcqcn_nocnp_timer_th (s): an increase event after this long without a CNP. */
  noCnpTimer: number;
  /** dcqcn_byte_cnt_th (bytes): an increase event after this many bytes sent. */
  byteCounter: number;
  /** dcqcn_rate_ai and dcqcn_rate_hai (bytes/s). */
  rateAi: number;
  rateHai: number;
  /** Increase events before additive increase (the reference does not give it; DCQCN's F = 5). */
  fastRecoverySteps: number;
  /** Initial α as the 10-bit integer (0…1023). */
  initialAlpha: number;
}

export interface NicState {
  rate: number;
  target: number;
  /** α as the 10-bit fixed-point integer: α = alpha / 1024. */
  alpha: number;
  lastDecrease: number;
  iT: number;
  iB: number;
  nextTimerIncrease: number;
  nextAlpha: number;
  bytesTarget: number;
}

/** A copy of a state to change before returning it (field by field: far cheaper than a spread on V8; see ns3-mlx). */
function copy(s: NicState): NicState {
  return { rate: s.rate, target: s.target, alpha: s.alpha, lastDecrease: s.lastDecrease, iT: s.iT, iB: s.iB, nextTimerIncrease: s.nextTimerIncrease, nextAlpha: s.nextAlpha, bytesTarget: s.bytesTarget };
}

/** DFX event codes of the reference (§9.8), for the event log. */
export const NIC_DFX_EVENTS = {
  Decrease: 0b000,
  'Bytecounter.FastRecovery': 0b001,
  'Bytecounter.HyperIncrease': 0b010,
  'Bytecounter.AdditiveIncrease': 0b011,
  'Noncnp_timer.FastRecovery': 0b101,
  'Noncnp_timer.HyperIncrease': 0b110,
  'Noncnp_timer.AdditiveIncrease': 0b111,
} as const;

/**
 * DCQCN of the NIC IP reference, with its formulas exactly as written there (integer division
 * truncates):
 * - decrease, at most once per CNP merge period: R ← R·(1 − α/2^(shift+10));
 * - α increase at each decrease: α ← ((1024 − g)·α + g)/1024;
 * - α decrease when no CNP arrived within the α timer: α ← ((1024 − g)·α)/1024;
 * - increase events from the no-CNP timer or the byte counter:
 *   fast recovery R ← (R + R_T)/2, additive R ← (R + R_T + R_ai)/2, hyper R ← (R + R_T + R_hai)/2.
 * The reference does not say when each phase applies nor whether R_T moves. This model uses
 * DCQCN's counters (fast recovery while both counters are below F, hyper once both reach F, else
 * additive) and sets R_T ← R at each decrease. Events are logged in the reference's DFX vocabulary.
 * Note: with α as the integer, "+ g" in the α increase adds g/1024 of one unit, so α shrinks at
 * decreases unless g = 0; this is what the reference writes.
 * @example dcqcnNic({ maxRate: 12.5e9, minRate: 12.5e6, mergePeriod: 50e-6, alphaRateShift: 1, alphaG: 4, alphaTimer: 55e-6, noCnpTimer: 55e-6, byteCounter: 10e6, rateAi: 625e3, rateHai: 6.25e6, fastRecoverySteps: 5, initialAlpha: 1023 })
 */
export function dcqcnNic(p: NicParameters): CongestionControl<NicState> {
  for (const k of ['maxRate', 'minRate', 'mergePeriod', 'alphaTimer', 'noCnpTimer', 'byteCounter', 'rateAi', 'rateHai'] as const) requirePositive(k, p[k]);
  if (!Number.isInteger(p.alphaG) || p.alphaG < 0 || p.alphaG > 1024) throw new ModelError('alphaG', p.alphaG, 'an integer in 0…1024');
  if (!Number.isInteger(p.alphaRateShift) || p.alphaRateShift < 0) throw new ModelError('alphaRateShift', p.alphaRateShift, 'a whole number ≥ 0');
  if (!Number.isInteger(p.initialAlpha) || p.initialAlpha < 0 || p.initialAlpha > 1023) throw new ModelError('initialAlpha', p.initialAlpha, 'an integer in 0…1023 (10-bit α)');
  if (!Number.isInteger(p.fastRecoverySteps) || p.fastRecoverySteps < 1) throw new ModelError('fastRecoverySteps', p.fastRecoverySteps, 'a whole number ≥ 1');
  const initialRate = p.initialRate ?? p.maxRate;
  if (!(initialRate >= p.minRate && initialRate <= p.maxRate)) throw new ModelError('initialRate', p.initialRate, `a rate between minRate and maxRate`);
  const F = p.fastRecoverySteps;
  const g = p.alphaG;
  // `s` is a fresh copy: the increase sets its rate in place.
  const increase = (s: NicState, trigger: 'Bytecounter' | 'Noncnp_timer'): { state: NicState; kind: string } => {
    let phase: 'FastRecovery' | 'AdditiveIncrease' | 'HyperIncrease';
    let rate: number;
    if (Math.min(s.iT, s.iB) >= F) {
      phase = 'HyperIncrease';
      rate = (s.rate + s.target + p.rateHai) / 2;
    } else if (Math.max(s.iT, s.iB) >= F) {
      phase = 'AdditiveIncrease';
      rate = (s.rate + s.target + p.rateAi) / 2;
    } else {
      phase = 'FastRecovery';
      rate = (s.rate + s.target) / 2;
    }
    s.rate = Math.min(p.maxRate, rate);
    return { state: s, kind: `${trigger}.${phase}` };
  };
  const timersRunning = initialRate !== p.maxRate;
  return {
    name: 'dcqcn-nic',
    listens: { notifications: true, signalsOnTimerGrid: true, bytes: true },
    initial: (at = 0, admitted = 0) => ({
      rate: initialRate,
      target: initialRate,
      alpha: p.initialAlpha,
      lastDecrease: -Infinity,
      iT: 0,
      iB: 0,
      nextTimerIncrease: timersRunning ? onTimerGrid(at + p.noCnpTimer) : Infinity,
      nextAlpha: timersRunning ? onTimerGrid(at + p.alphaTimer) : Infinity,
      bytesTarget: timersRunning ? admitted + p.byteCounter : Infinity,
    }),
    limit: (s) => ({ kind: 'rate', rate: s.rate }),
    nextTimer: (s) => Math.min(s.nextTimerIncrease, s.nextAlpha),
    // α decreases change α only (read at the next cut): quiet; the no-CNP timer raises the rate.
    nextLimitTimer: (s) => s.nextTimerIncrease,
    onTimer(s, signals) {
      const next = copy(s);
      if (s.nextAlpha <= signals.now) {
        next.alpha = Math.floor(((1024 - g) * s.alpha) / 1024);
        next.nextAlpha = onTimerGrid(s.nextAlpha + p.alphaTimer);
        return { state: next, shift: 'none', kind: 'alpha-decrease' };
      }
      next.iT = s.iT + 1;
      next.nextTimerIncrease = onTimerGrid(s.nextTimerIncrease + p.noCnpTimer);
      const r = increase(next, 'Noncnp_timer');
      return { state: r.state, shift: 'admitted', kind: r.kind };
    },
    byteTarget: (s) => s.bytesTarget,
    onBytes(s) {
      const next = copy(s);
      next.iB = s.iB + 1;
      next.bytesTarget = s.bytesTarget + p.byteCounter;
      const r = increase(next, 'Bytecounter');
      return { state: r.state, shift: 'admitted', kind: r.kind };
    },
    onNotification(s, signals) {
      const now = signals.now;
      // Any CNP restarts the no-CNP timers; a decrease happens at most once per merge period.
      const next = copy(s);
      next.nextTimerIncrease = onTimerGrid(now + p.noCnpTimer);
      next.nextAlpha = onTimerGrid(now + p.alphaTimer);
      next.bytesTarget = signals.admitted(now) + p.byteCounter;
      // On the 1 ps grid, as the timers: a CNP a merge period after the last decrease is one
      // instant, whatever float noise its arrival and the decrease's carry.
      if (onTimerGrid(now) < onTimerGrid(s.lastDecrease + p.mergePeriod)) return { state: next, shift: 'none', kind: 'cnp-merged' };
      next.target = s.rate;
      next.rate = Math.max(p.minRate, s.rate * (1 - s.alpha / 2 ** (p.alphaRateShift + 10)));
      next.alpha = Math.floor(((1024 - g) * s.alpha + g) / 1024);
      next.lastDecrease = now;
      next.iT = 0;
      next.iB = 0;
      return { state: next, shift: 'admitted', kind: 'Decrease' };
    },
    describe: (s) => ({ rate: s.rate, targetRate: s.target, alpha: s.alpha / 1024 }),
  };
}

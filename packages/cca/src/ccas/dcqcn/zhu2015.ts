import { type CongestionControl, type SignalView, onTimerGrid } from '../../cca.ts';
import { ModelError, requirePositive } from '../../errors.ts';
import { rateIncrease } from '../rate-recovery.ts';

/** Parameters of the published DCQCN (Zhu et al., SIGCOMM 2015; Table II of the paper). SI units. */
export interface Zhu2015Parameters {
  /** Line rate = initial and maximum rate (bytes/s). */
  lineRate: number;
  /** Minimum rate (bytes/s). */
  minRate: number;
  /** α gain g ∈ (0, 1] (1/256). */
  g: number;
  /** K: α decays by (1 − g) after each K without a CNP (s) (55 µs). */
  alphaPeriod: number;
  /** T: rate-increase timer (s) (55 µs). */
  increasePeriod: number;
  /** B: rate-increase byte counter (bytes) (10 MB). */
  byteCounter: number;
  /** F: increase events of fast recovery (5). */
  fastRecoverySteps: number;
  /** R_AI: additive increase (bytes/s) (5 Mb/s). */
  additiveIncrease: number;
  /** R_HAI: hyper increase step (bytes/s) (50 Mb/s). */
  hyperIncrease: number;
  /** Initial α (1 in the paper; 0.5 in the DCQCN authors' simulator). */
  initialAlpha: number;
}

export interface Zhu2015State {
  rc: number;
  rt: number;
  alpha: number;
  iT: number;
  iB: number;
  nextAlpha: number;
  nextIncrease: number;
  bytesTarget: number;
}

/** A copy of a state to change before returning it (field by field: far cheaper than a spread on V8; see ns3-mlx). */
function copy(s: Zhu2015State): Zhu2015State {
  return { rc: s.rc, rt: s.rt, alpha: s.alpha, iT: s.iT, iB: s.iB, nextAlpha: s.nextAlpha, nextIncrease: s.nextIncrease, bytesTarget: s.bytesTarget };
}

/**
 * DCQCN as published (Zhu et al. 2015). On each CNP: R_T ← R_C, R_C ← R_C(1 − α/2),
 * α ← (1 − g)α + g, counters reset. α decays by (1 − g) after each K without a CNP. Rate-increase
 * events come from a timer T and a byte counter B, as QCN's (`rateIncrease`: fast recovery,
 * additive, hyper-active; paper Table I). Timers and the byte counter start at the first CNP.
 * @example dcqcnZhu2015({ lineRate: 12.5e9, minRate: 12.5e6, g: 1 / 256, alphaPeriod: 55e-6, increasePeriod: 55e-6, byteCounter: 10e6, fastRecoverySteps: 5, additiveIncrease: 625e3, hyperIncrease: 6.25e6, initialAlpha: 1 })
 */
export function dcqcnZhu2015(p: Zhu2015Parameters): CongestionControl<Zhu2015State> {
  for (const k of ['lineRate', 'minRate', 'alphaPeriod', 'increasePeriod', 'byteCounter', 'additiveIncrease', 'hyperIncrease'] as const) requirePositive(k, p[k]);
  if (!(p.g > 0 && p.g <= 1)) throw new ModelError('g', p.g, 'a gain in (0, 1]');
  if (!(p.initialAlpha >= 0 && p.initialAlpha <= 1)) throw new ModelError('initialAlpha', p.initialAlpha, 'a value in [0, 1]');
  if (!Number.isInteger(p.fastRecoverySteps) || p.fastRecoverySteps < 1) throw new ModelError('fastRecoverySteps', p.fastRecoverySteps, 'a whole number ≥ 1');
  if (p.minRate > p.lineRate) throw new ModelError('minRate', p.minRate, `at most the line rate ${p.lineRate}`);
  const steps = { fastRecoverySteps: p.fastRecoverySteps, additiveIncrease: p.additiveIncrease, hyperIncrease: p.hyperIncrease, maxRate: p.lineRate };
  // `s` is a fresh copy: the increase sets its rates in place.
  const increase = (s: Zhu2015State, kind: string): { state: Zhu2015State; kind: string } => {
    const r = rateIncrease(s, steps);
    s.rt = r.rt;
    s.rc = r.rc;
    return { state: s, kind: `${kind}:${r.phase}` };
  };
  return {
    name: 'dcqcn-zhu2015',
    listens: { notifications: true, signalsOnTimerGrid: true, bytes: true },
    initial: () => ({ rc: p.lineRate, rt: p.lineRate, alpha: p.initialAlpha, iT: 0, iB: 0, nextAlpha: Infinity, nextIncrease: Infinity, bytesTarget: Infinity }),
    limit: (s) => ({ kind: 'rate', rate: s.rc }),
    nextTimer: (s) => Math.min(s.nextAlpha, s.nextIncrease),
    // α decays change α only (read at the next cut): quiet; the increase timer changes the rate.
    nextLimitTimer: (s) => s.nextIncrease,
    onTimer(s, signals) {
      const now = signals.now;
      const next = copy(s);
      if (s.nextAlpha <= now) {
        next.alpha = (1 - p.g) * s.alpha;
        next.nextAlpha = onTimerGrid(s.nextAlpha + p.alphaPeriod);
        return { state: next, shift: 'none', kind: 'alpha-decay' };
      }
      next.iT = s.iT + 1;
      next.nextIncrease = onTimerGrid(s.nextIncrease + p.increasePeriod);
      const r = increase(next, 'timer');
      return { state: r.state, shift: 'admitted', kind: r.kind };
    },
    byteTarget: (s) => s.bytesTarget,
    onBytes(s) {
      const next = copy(s);
      next.iB = s.iB + 1;
      next.bytesTarget = s.bytesTarget + p.byteCounter;
      const r = increase(next, 'byte-counter');
      return { state: r.state, shift: 'admitted', kind: r.kind };
    },
    onNotification(s, signals: SignalView) {
      const now = signals.now;
      return {
        state: {
          rc: Math.max(p.minRate, s.rc * (1 - s.alpha / 2)),
          rt: s.rc,
          alpha: (1 - p.g) * s.alpha + p.g,
          iT: 0,
          iB: 0,
          nextAlpha: onTimerGrid(now + p.alphaPeriod),
          nextIncrease: onTimerGrid(now + p.increasePeriod),
          bytesTarget: signals.admitted(now) + p.byteCounter,
        },
        shift: 'admitted',
        kind: 'rate-cut',
      };
    },
    describe: (s) => ({ rate: s.rc, targetRate: s.rt, alpha: s.alpha }),
  };
}

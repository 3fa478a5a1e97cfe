import type { CongestionControl, SignalView } from '../cca.ts';
import { ModelError, requirePositive } from '../errors.ts';
import { rateIncrease } from './rate-recovery.ts';

/** Parameters of a QCN reaction point (IEEE 802.1Qau; the QCN/ECM/SONAR slides' values in brackets). SI units. */
export interface QcnParameters {
  /** Line rate: the rate before the first feedback and the cap (bytes/s). */
  lineRate: number;
  /** Minimum rate R_min (bytes/s) [1 Mb/s]. */
  minRate: number;
  /** G_d·|Fb_max|: the cut at the largest feedback, R_C ← R_C·(1 − this·fb) [0.5: G_d = 0.5/255 with 8 bits]. */
  maxDecrease: number;
  /** The byte counter's cycle (bytes) [packet size / P_sample = 150 kB]. */
  byteCounter: number;
  /** The timer's cycle (s) [802.1Qau: 10 ms]. */
  timer: number;
  /** F: cycles of fast recovery before active increase [5]. */
  fastRecoverySteps: number;
  /** R_AI: active increase of the target rate (bytes/s) [R_i = 12 Mb/s]. */
  additiveIncrease: number;
  /** R_HAI: hyper-active increase step (bytes/s) [802.1Qau: 50 Mb/s]. */
  hyperIncrease: number;
}

export interface QcnState {
  rc: number;
  rt: number;
  iT: number;
  iB: number;
  /** The next timer cycle's end and the byte count that ends the byte counter's cycle (+∞ with no rate limiter). */
  nextIncrease: number;
  bytesTarget: number;
  /** The last feedback received (fraction of |Fb_max|), 0 before any. */
  feedback: number;
}

/** A copy of a state to change before returning it (field by field: far cheaper than a spread on V8; see ns3-mlx). */
function copy(s: QcnState): QcnState {
  return { rc: s.rc, rt: s.rt, iT: s.iT, iB: s.iB, nextIncrease: s.nextIncrease, bytesTarget: s.bytesTarget, feedback: s.feedback };
}

/**
 * A QCN reaction point (IEEE 802.1Qau, as the QCN/ECM/SONAR slides run it: no Fb-hat, no cycle
 * shrinking). It sends at line rate until the first feedback message. On a message with quantised
 * feedback fb = |Fb|/|Fb_max| (`SignalView.feedback`, from a `QcnConfig` congestion point):
 * R_T ← R_C, R_C ← max(R_min, R_C·(1 − G_d·|Fb_max|·fb)), and the byte counter and timer restart
 * their cycles from zero. Each cycle of either (every `byteCounter` bytes sent, every `timer`
 * seconds) is an increase event (`rateIncrease`): fast recovery R_C ← (R_C + R_T)/2 for the first
 * F cycles, then active increase (R_T += R_AI) and hyper-active increase once both counters passed
 * F. When R_C reaches the line rate (R_C + R_T + the increase ≥ twice the line rate) the rate
 * limiter is released (R_C = R_T = line rate, its counters stop) until the next feedback.
 * @example qcn({ lineRate: 1.25e9, minRate: 125e3, maxDecrease: 0.5, byteCounter: 150e3, timer: 10e-3, fastRecoverySteps: 5, additiveIncrease: 1.5e6, hyperIncrease: 6.25e6 })
 */
export function qcn(p: QcnParameters): CongestionControl<QcnState> {
  for (const k of ['lineRate', 'minRate', 'byteCounter', 'timer', 'additiveIncrease', 'hyperIncrease'] as const) requirePositive(k, p[k]);
  if (!(p.maxDecrease > 0 && p.maxDecrease < 1)) throw new ModelError('maxDecrease', p.maxDecrease, 'a fraction in (0, 1)');
  if (!Number.isInteger(p.fastRecoverySteps) || p.fastRecoverySteps < 1) throw new ModelError('fastRecoverySteps', p.fastRecoverySteps, 'a whole number ≥ 1');
  if (p.minRate > p.lineRate) throw new ModelError('minRate', p.minRate, `at most the line rate ${p.lineRate}`);
  const steps = { fastRecoverySteps: p.fastRecoverySteps, additiveIncrease: p.additiveIncrease, hyperIncrease: p.hyperIncrease, maxRate: p.lineRate };
  const uncapped = { ...steps, maxRate: Infinity };
  // `s` is a fresh copy (with its counter advanced): the increase sets its rates in place.
  const increase = (s: QcnState, trigger: 'timer' | 'byte-counter'): { state: QcnState; shift: 'admitted'; kind: string } => {
    const r = rateIncrease(s, steps);
    // Back at line rate (R_C would pass it were R_T not capped there): the rate limiter is
    // released, its counters stop.
    if (rateIncrease(s, uncapped).rc >= p.lineRate) {
      s.rc = p.lineRate;
      s.rt = p.lineRate;
      s.nextIncrease = Infinity;
      s.bytesTarget = Infinity;
    } else {
      s.rc = r.rc;
      s.rt = r.rt;
    }
    return { state: s, shift: 'admitted', kind: `${trigger}:${r.phase}` };
  };
  return {
    name: 'qcn',
    listens: { notifications: true, bytes: true },
    initial: () => ({ rc: p.lineRate, rt: p.lineRate, iT: 0, iB: 0, nextIncrease: Infinity, bytesTarget: Infinity, feedback: 0 }),
    limit: (s) => ({ kind: 'rate', rate: s.rc }),
    nextTimer: (s) => s.nextIncrease,
    onTimer(s) {
      const next = copy(s);
      next.iT = s.iT + 1;
      next.nextIncrease = s.nextIncrease + p.timer;
      return increase(next, 'timer');
    },
    byteTarget: (s) => s.bytesTarget,
    onBytes(s) {
      const next = copy(s);
      next.iB = s.iB + 1;
      next.bytesTarget = s.bytesTarget + p.byteCounter;
      return increase(next, 'byte-counter');
    },
    onNotification(s, signals: SignalView) {
      const fb = signals.feedback;
      if (fb === undefined) throw new Error('qcn: a congestion notification without QCN feedback; configure a QCN congestion point (model.qcn), not ECN marking');
      const now = signals.now;
      return {
        state: {
          rc: Math.max(p.minRate, s.rc * (1 - p.maxDecrease * fb)),
          rt: s.rc,
          iT: 0,
          iB: 0,
          nextIncrease: now + p.timer,
          bytesTarget: signals.admitted(now) + p.byteCounter,
          feedback: fb,
        },
        shift: 'admitted',
        kind: 'rate-cut',
      };
    },
    describe: (s) => ({ rate: s.rc, targetRate: s.rt, feedback: s.feedback }),
  };
}

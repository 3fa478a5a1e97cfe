/** A reaction point's rates and increase-event counters (QCN's, which DCQCN inherits). */
export interface RecoveryState {
  /** Current rate R_C (bytes/s). */
  rc: number;
  /** Target rate R_T (bytes/s). */
  rt: number;
  /** Increase events since the last decrease: from the timer (i_T) and from the byte counter (i_B). */
  iT: number;
  iB: number;
}

/** The increase steps: F, R_AI, R_HAI (bytes/s) and the rate cap (bytes/s). */
export interface RecoverySteps {
  fastRecoverySteps: number;
  additiveIncrease: number;
  hyperIncrease: number;
  maxRate: number;
}

/**
 * One rate-increase event of a QCN reaction point (IEEE 802.1Qau; DCQCN, Zhu et al. 2015, Table I,
 * keeps it), with the counters already advanced: fast recovery while max(i_T, i_B) < F (R_T
 * unchanged); additive increase R_T += R_AI once one counter reached F; hyper-active increase
 * R_T += (min(i_T, i_B) − F)·R_HAI once both did; then R_C ← (R_C + R_T)/2, both capped at the
 * maximum rate. Returns the new rates and the phase's name.
 * @example rateIncrease({ rc: 5e8, rt: 1e9, iT: 1, iB: 0 }, { fastRecoverySteps: 5, additiveIncrease: 625e3, hyperIncrease: 6.25e6, maxRate: 1.25e9 }) // { rc: 7.5e8, rt: 1e9, phase: 'fast-recovery' }
 */
export function rateIncrease(s: RecoveryState, p: RecoverySteps): { rc: number; rt: number; phase: 'fast-recovery' | 'additive-increase' | 'hyper-increase' } {
  const F = p.fastRecoverySteps;
  let rt = s.rt;
  let phase: 'fast-recovery' | 'additive-increase' | 'hyper-increase';
  if (Math.min(s.iT, s.iB) >= F) {
    rt += (Math.min(s.iT, s.iB) - F) * p.hyperIncrease;
    phase = 'hyper-increase';
  } else if (Math.max(s.iT, s.iB) >= F) {
    rt += p.additiveIncrease;
    phase = 'additive-increase';
  } else phase = 'fast-recovery';
  rt = Math.min(rt, p.maxRate);
  return { rc: Math.min(p.maxRate, (s.rc + rt) / 2), rt, phase };
}

import type { CongestionControl } from '../../cca.ts';
import { aimdRate, type AimdRateState } from '../aimd-rate.ts';

/** Parameters of the paper's simplified DCQCN (§V-B). SI units. */
export interface PaperDcqcnParameters {
  /** Line rate: initial and maximum rate (bytes/s). */
  lineRate: number;
  /** Constant multiplicative decrease per notification (0.75, obtained empirically by the authors). */
  decrease: number;
  /** Additive increase (bytes/s) every `increaseInterval` without notification (5 Mb/s). */
  additiveIncrease: number;
  /** Δτ_inc (s) (55 µs). */
  increaseInterval: number;
  /** Timeout τ_o (s) (3 ms in all the paper's scenarios); omit for none. */
  timeout?: number;
}

/**
 * The paper's simplified DCQCN (§V-B): rate-based AIMD (§III-C) whose congestion signal is the ECN
 * notification (paced at the receiver by the gap T_gap = 50 µs, configured on the ECN marker):
 * R ← β·R with a constant β = 0.75 per notification, R ← R + 5 Mb/s every 55 µs without a
 * notification, no hyper increase, line-rate start, rate capped at the line rate.
 * @example dcqcnPaper({ lineRate: 12.5e9, decrease: 0.75, additiveIncrease: 625e3, increaseInterval: 55e-6, timeout: 3e-3 })
 */
export function dcqcnPaper(p: PaperDcqcnParameters): CongestionControl<AimdRateState> {
  const aimd = aimdRate({ initialRate: p.lineRate, maxRate: p.lineRate, increase: p.additiveIncrease, decrease: p.decrease, increaseInterval: p.increaseInterval, timeout: p.timeout });
  return { ...aimd, name: 'dcqcn-paper' };
}

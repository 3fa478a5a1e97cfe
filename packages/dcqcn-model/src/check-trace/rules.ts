/**
 * The reference DCQCN reaction point of the trace format, in integer arithmetic (the update rules
 * that `ccalc check-trace` holds every source snapshot to). All quantities are integers: rates in
 * bit/s, times in ns, α and the gains in parts per 10⁹ (ppb). Products are exact (mulDivFloor),
 * so nothing is rounded except where a rule says "⌊ ⌋".
 */
import { mulDivFloor } from '@ccalc/cca';

export { mulDivFloor };

/** 10⁹: one in parts per billion. */
export const PPB = 1_000_000_000;
/** The parameter block each endpoint logs on every row; frozen at the endpoint's first row. */
export interface DcqcnParameters {
  /** EWMA gain g of α (ppb). */
  g: number;
  /** Multiplicative increase per timer tick (ppb of the current rate). */
  mi: number;
  /** CNP interval (ns): the sink's minimum spacing of CNPs and the source's decrease gate. */
  cnpInterval: number;
  /** Rate bounds (bit/s). */
  minRate: number;
  maxRate: number;
}

/** A source's logged state: rate (bit/s) and α (ppb). */
export interface SourceState {
  rate: number;
  alpha: number;
}

/** The state of a flow before its first snapshot: line rate (the maximum) and α = 1. */
export function initialState(p: DcqcnParameters): SourceState {
  return { rate: p.maxRate, alpha: PPB };
}

/**
 * Multiplicative decrease on a CNP that passes the source gate (DCQCN: R ← R(1 − α/2), then
 * α ← (1 − g)α + g), in integers:
 *   rate' = max(min_rate, ⌊rate · (2·10⁹ − α) / (2·10⁹)⌋)
 *   α'    = g + ⌊(10⁹ − g) · α / 10⁹⌋
 * The cut uses α before its update. Both stay in bounds when the inputs are.
 * @example decrease({ rate: 100e9, alpha: 1e9 }, p) // → { rate: 50e9, alpha: 1e9 } (α = 1 halves the rate)
 */
export function decrease(s: SourceState, p: DcqcnParameters): SourceState {
  const rate = mulDivFloor(s.rate, 2 * PPB - s.alpha, 2 * PPB);
  return { rate: Math.max(p.minRate, rate), alpha: p.g + mulDivFloor(PPB - p.g, s.alpha, PPB) };
}

/**
 * A timer tick: α decays (α ← (1 − g)α) and the rate grows by the factor (1 + mi), capped:
 *   α'    = ⌊(10⁹ − g) · α / 10⁹⌋
 *   rate' = min(max_rate, rate + ⌊rate · mi / 10⁹⌋)
 * @example tick({ rate: 50e9, alpha: 1e9 }, { ...p, g: 3906250, mi: 1e7 }) // → { rate: 50.5e9, alpha: 996093750 }
 */
export function tick(s: SourceState, p: DcqcnParameters): SourceState {
  const alpha = mulDivFloor(PPB - p.g, s.alpha, PPB);
  const rate = s.rate + mulDivFloor(s.rate, p.mi, PPB);
  return { rate: Math.min(p.maxRate, rate), alpha };
}

/**
 * The source gate: a CNP at `time` triggers the decrease only if no decrease happened in the last
 * cnp_interval_ns (`lastDecrease` is null before the first one); otherwise the CNP is a no-op.
 */
export function gateOpen(lastDecrease: number | null, time: number, p: DcqcnParameters): boolean {
  return lastDecrease === null || time - lastDecrease >= p.cnpInterval;
}

/** What is wrong with a parameter block in itself (null if it is valid). */
export function invalidParameters(p: DcqcnParameters): string | null {
  if (p.g < 0 || p.g > PPB) return `g_ppb ${p.g} is outside [0, 1000000000]`;
  if (p.mi < 0) return `mi_ppb ${p.mi} is negative`;
  if (p.cnpInterval < 0) return `cnp_interval_ns ${p.cnpInterval} is negative`;
  if (p.minRate < 0 || p.minRate > p.maxRate) return `min_rate_bps ${p.minRate} is not within [0, max_rate_bps ${p.maxRate}]`;
  return null;
}

/** Whether two parameter blocks are identical. */
export function sameParameters(a: DcqcnParameters, b: DcqcnParameters): boolean {
  return a.g === b.g && a.mi === b.mi && a.cnpInterval === b.cnpInterval && a.minRate === b.minRate && a.maxRate === b.maxRate;
}

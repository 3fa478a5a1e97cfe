/**
 * The smoothed round-trip time of a TCP sender (RFC 6298 §2, Jacobson/Karels), on an integer clock
 * the way ns-3's `RttMeanDeviation` computes it when α = 1/8 and β = 1/4: the first sample sets
 * SRTT = R and RTTVAR = R/2; every later sample R does
 *   SRTT ← (8·SRTT + (R − SRTT)) >> 3,   RTTVAR ← (4·RTTVAR + (|R − SRTT| − RTTVAR)) >> 2,
 * with an arithmetic shift (a floor), in ticks of the simulator's time resolution. Times are integer
 * ticks (e.g. picoseconds); the state is a new object per sample.
 * @example measureRtt(measureRtt(undefined, 20_019_840), 20_177_280).srtt // 20_039_520
 */
export interface RttEstimate {
  /** Smoothed RTT (ticks). */
  srtt: number;
  /** Mean deviation (ticks). */
  rttvar: number;
}

/** The estimate after one more sample R (ticks, an integer > 0); `previous` undefined for the first. */
export function measureRtt(previous: RttEstimate | undefined, sample: number): RttEstimate {
  if (previous === undefined) return { srtt: sample, rttvar: Math.floor(sample / 2) };
  const delta = sample - previous.srtt;
  const srtt = Math.floor((previous.srtt * 8 + delta) / 8);
  const rttvar = Math.floor((previous.rttvar * 4 + (Math.abs(delta) - previous.rttvar)) / 4);
  return { srtt, rttvar };
}

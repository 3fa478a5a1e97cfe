import type { CongestionControl } from '../cca.ts';
import { ModelError, requirePositive } from '../errors.ts';

/** Parameters of TCP Vegas (paper §III-E, Algorithm 3). Thresholds in packets, as in Vegas. */
export interface VegasParameters {
  /** Initial window W_o (bytes). */
  initialWindow: number;
  /** Maximum packet size I_max (bytes). */
  packetSize: number;
  /**
   * 'paper': Algorithm 3 literally — RTT by Eq. (1) at each event, baseRTT = ΔR, slow start doubles
   * every other RTT, w_low = 1, w_high = 3, γ = 1 packets (Brakmo & Peterson; Samios & Vernon).
   * 'ns3': ns-3's TcpVegas — α = 2, β = 4, γ = 1, slow start doubles every RTT, baseRTT = the smallest
   * RTT seen, and minRTT = the smallest RTT of the bytes acknowledged since the previous update (as a
   * sender timing every ACK measures it). Eq. (1) counts the idle time since the last acknowledgement
   * as delay: with the bursty admissions of a window below the bandwidth-delay product it ends slow
   * start early; the per-byte minimum does not.
   */
  variant?: 'paper' | 'ns3';
  /** Override the thresholds (packets). */
  alpha?: number;
  beta?: number;
  gamma?: number;
}

/** The largest window (bytes): 2^53, above which bytes are no longer counted exactly. */
const MAX_WINDOW = 2 ** 53;

export interface VegasState {
  window: number;
  slowStart: boolean;
  skip: boolean;
  baseRtt: number;
  minRtt: number;
  nextEvent: number;
}

/**
 * TCP Vegas (paper §III-E, Algorithm 3) as a sliding window Â(t) ≤ ack(t) + W. Once per measured RTT,
 * at t_event, it measures RTT(t) = t − Â↓(D(t − ΔR)) (Eq. 1) and diff = W·(1 − baseRTT/RTT), the bytes
 * it keeps queued. In slow start the window doubles (every other RTT in the paper's variant) until
 * diff > γ, when it becomes W·baseRTT/RTT. Afterwards it grows by one packet when diff < α and
 * shrinks by one when diff > β.
 * @example vegas({ initialWindow: 1500, packetSize: 1500 })
 */
export function vegas(p: VegasParameters): CongestionControl<VegasState> {
  requirePositive('initialWindow', p.initialWindow);
  requirePositive('packetSize', p.packetSize);
  const variant = p.variant ?? 'paper';
  if (variant !== 'paper' && variant !== 'ns3') throw new ModelError('variant', variant, '"paper" or "ns3"');
  const alpha = (p.alpha ?? (variant === 'paper' ? 1 : 2)) * p.packetSize;
  const beta = (p.beta ?? (variant === 'paper' ? 3 : 4)) * p.packetSize;
  const gamma = (p.gamma ?? 1) * p.packetSize;
  if (!(alpha < beta)) throw new ModelError('alpha', alpha / p.packetSize, `w_low < w_high = ${beta / p.packetSize}`);
  return {
    name: `vegas-${variant}`,
    listens: {},
    // baseRTT and the first event need ΔR, which the engine provides at the first timer; start with
    // NaN and fill them in then.
    initial: (at = 0) => ({ window: p.initialWindow, slowStart: true, skip: false, baseRtt: Number.NaN, minRtt: Number.NaN, nextEvent: at }),
    limit: (s) => ({ kind: 'sliding', window: s.window }),
    nextTimer: (s) => s.nextEvent,
    onTimer(s, signals) {
      const t = signals.now;
      if (Number.isNaN(s.minRtt)) {
        // The connection's start: ΔR is now known. baseRTT ← ΔR, minRTT ← ΔR, first event ΔR later (Alg. 3, lines 2 and 6).
        const d = signals.feedbackDelay;
        return { state: { ...s, baseRtt: d, minRtt: d, nextEvent: t + d }, shift: 'none', kind: 'vegas-start' };
      }
      const sampled = variant === 'ns3' ? signals.minRttSince(t - s.minRtt, t) : signals.rtt(t);
      // Every byte's RTT is at least ΔR; samples a few ulps below it are rounding.
      const rtt = Math.max(signals.feedbackDelay, Number.isNaN(sampled) ? s.minRtt : sampled);
      const baseRtt = variant === 'ns3' ? Math.min(s.baseRtt, rtt) : s.baseRtt;
      const diff = baseRtt * (s.window / baseRtt - s.window / rtt); // Alg. 3 line 8, verbatim (ties at γ, α, β)
      let { window, slowStart, skip } = s;
      if (slowStart) {
        if (diff > gamma) {
          window = Math.max(p.packetSize, (window * baseRtt) / rtt);
          slowStart = false;
        } else {
          // An idle sender's window keeps doubling (Alg. 3 has no application-limited rule): held
          // at 2^53 bytes, the largest it represents exactly, rather than overflowing to +∞.
          if (variant === 'ns3' || !skip) window = Math.min(2 * window, MAX_WINDOW);
          skip = variant === 'paper' ? !skip : false;
        }
      } else if (diff < alpha) window = Math.min(window + p.packetSize, MAX_WINDOW);
      else if (diff > beta) window = Math.max(p.packetSize, window - p.packetSize);
      return {
        state: { window, slowStart, skip, baseRtt, minRtt: rtt, nextEvent: t + rtt },
        shift: 'admitted',
        kind: window === s.window ? 'rtt-sample' : 'window-change',
      };
    },
    describe: (s) => ({ window: s.window, rtt: Number.isNaN(s.minRtt) ? 0 : s.minRtt }),
  };
}

import type { CongestionControl } from '../cca.ts';
import { ModelError, requireFraction, requirePositive } from '../errors.ts';

/** Parameters of window-based AIMD with slow start (paper §III-D, Algorithm 2, Eq. 7). Bytes, seconds. */
export interface AimdWindowParameters {
  /** Initial window W_o (bytes). */
  initialWindow: number;
  /** Initial slow-start threshold w_th (bytes). */
  slowStartThreshold: number;
  /** Additive increase α (bytes) per acknowledged flight in congestion avoidance. */
  increase: number;
  /** β ∈ (0, 1): after a timeout w_th = β·W. */
  decrease: number;
  /** Timeout τ_o (s). */
  timeout: number;
  /** Window after a timeout (bytes): one maximal packet in the text of §III-D (Algorithm 2 writes W_o). */
  restartWindow: number;
}

export interface AimdWindowState {
  window: number;
  ssthresh: number;
}

/**
 * Window-based AIMD with slow start and a Tahoe-style timeout (paper §III-D, Algorithm 2): the CCA
 * admits one flight of W bytes (S_W) from its origin; when the flight is acknowledged
 * (D(t − ΔR) reaches W in the current coordinates) the window doubles below w_th and grows by α above
 * (Eq. 7), and the origin moves to (t_W, Â(t_W)). A timeout sets w_th = β·W, restarts with the restart
 * window and goes back to what was acknowledged.
 * @example aimdWindow({ initialWindow: 1500, slowStartThreshold: 64e3, increase: 1500, decrease: 0.5, timeout: 1e-3, restartWindow: 1500 })
 */
export function aimdWindow(p: AimdWindowParameters): CongestionControl<AimdWindowState> {
  requirePositive('initialWindow', p.initialWindow);
  requirePositive('slowStartThreshold', p.slowStartThreshold);
  requirePositive('increase', p.increase);
  requireFraction('decrease', p.decrease);
  requirePositive('timeout', p.timeout);
  requirePositive('restartWindow', p.restartWindow);
  if (p.restartWindow > p.slowStartThreshold) throw new ModelError('restartWindow', p.restartWindow, `at most the slow-start threshold ${p.slowStartThreshold}`);
  return {
    name: 'aimd-window',
    listens: { timeout: p.timeout, flights: true },
    initial: () => ({ window: p.initialWindow, ssthresh: p.slowStartThreshold }),
    limit: (s) => ({ kind: 'flight', window: s.window }),
    nextTimer: () => Infinity,
    onTimer: (s) => ({ state: s, shift: 'none', kind: 'timer' }),
    onFlightAcknowledged: (s) => ({
      state: { ...s, window: s.window < s.ssthresh ? 2 * s.window : s.window + p.increase },
      shift: 'admitted',
      kind: 'window-change',
    }),
    onTimeout: (s) => ({ state: { window: p.restartWindow, ssthresh: p.decrease * s.window }, shift: 'acknowledged', kind: 'timeout' }),
    describe: (s) => ({ window: s.window, ssthresh: s.ssthresh }),
  };
}

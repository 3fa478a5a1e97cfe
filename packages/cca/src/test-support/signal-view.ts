import type { SignalView } from '../cca.ts';

/**
 * A SignalView for unit tests of a CCA's reactions, without an engine: the time `now`, `admitted`
 * bytes admitted, nothing acknowledged, every RTT equal to ΔR = 4 µs, no minimum RTT sample (NaN).
 * @example cca.onNotification!(cca.initial(), testSignals(1e-6))
 */
export function testSignals(now: number, admitted = 0): SignalView {
  return {
    now,
    feedbackDelay: 4e-6,
    acknowledged: () => 0,
    admitted: () => admitted,
    rtt: () => 4e-6,
    minRttSince: () => Number.NaN,
  };
}

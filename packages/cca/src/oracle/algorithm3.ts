import { Curve, constant, convolve, equals, horizontalShift, lowerPseudoInverseAt, max, min, restrict, verticalShift } from '@ccalc/curves';
import { splice } from './algorithm1.ts';

/** Inputs of Algorithm 3 (SI units; windows in bytes; thresholds in packets). */
export interface Algorithm3Input {
  A: Curve;
  S: Curve;
  deltaR: number;
  W0: number;
  tEnd: number;
  Imax: number;
  wLow: number;
  wHigh: number;
  gamma: number;
}

/**
 * Algorithm 3 of the paper (Appendix C, TCP Vegas without timeouts), recomputing to t_end at each
 * event. Lines 26–29 admit Â(t) = max(Â(t_e), min(A(t), D(t − ΔR) + W)) from t_e (A_rem taken from
 * Â(t_e), as the text says, not A(t_e)). Line 30 recomputes D = Â ⊗ S. The acknowledgements
 * D(t − ΔR) arriving after t_e + ΔR depend on that new D, so lines 27–30 are iterated until D no longer
 * changes; a single pass would use the D computed before the update. minRTT by Eq. (1).
 */
export function algorithm3(input: Algorithm3Input): { admitted: Curve; departures: Curve; events: { time: number; window: number; rtt: number }[] } {
  const { A, S, deltaR, W0, tEnd, Imax, wLow, wHigh, gamma } = input;
  let W = W0;
  let slowStart = true;
  let skip = false;
  const baseRTT = deltaR;
  let minRTT = deltaR;
  let tEvent = 0;
  let Ahat: Curve = constant(0);
  let D: Curve = constant(0);
  const admitFrom = (te: number): void => {
    const floor = Ahat.at(te);
    for (let k = 0; k < 1000; k++) {
      const window = max(constant(floor), min(A, verticalShift(horizontalShift(D, deltaR), W)));
      const next = te === 0 ? window : splice(Ahat, window, te);
      const nextD = convolve(next, S);
      // Settled on [0, t_end] (each pass settles ΔR more; beyond t_end it never ends).
      const tol = { absolute: 1e-6, relative: 1e-12 };
      const done = equals(restrict(nextD, 0, tEnd), restrict(D, 0, tEnd), tol) && equals(restrict(next, 0, tEnd), restrict(Ahat, 0, tEnd), tol);
      Ahat = next;
      D = nextD;
      if (done) return;
    }
    throw new Error('algorithm3: the admission did not reach a fixed point');
  };
  admitFrom(0);
  const events: { time: number; window: number; rtt: number }[] = [];
  for (;;) {
    tEvent += minRTT;
    if (tEvent >= tEnd) break;
    minRTT = tEvent - lowerPseudoInverseAt(Ahat, D.at(tEvent - deltaR));
    const diff = baseRTT * (W / baseRTT - W / minRTT);
    if (slowStart) {
      if (diff > gamma * Imax) {
        W = Math.max(Imax, (W * baseRTT) / minRTT);
        slowStart = false;
      } else {
        if (!skip) W = 2 * W;
        skip = !skip;
      }
    } else if (diff < wLow * Imax) W += Imax;
    else if (diff > wHigh * Imax) W = Math.max(Imax, W - Imax);
    admitFrom(tEvent);
    events.push({ time: tEvent, window: W, rtt: minRTT });
  }
  return { admitted: Ahat, departures: D, events };
}

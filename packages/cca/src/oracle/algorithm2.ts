import { Curve, constant, convolve, firstTimeAbove, horizontalShift, min, verticalShift } from '@ccalc/curves';
import { remainingArrivals } from '../admission.ts';
import { nextTimeout, place, splice } from './algorithm1.ts';

/** Inputs of Algorithm 2 (SI units; windows in bytes). */
export interface Algorithm2Input {
  A: Curve;
  S: Curve;
  alpha: number;
  beta: number;
  tauO: number;
  deltaR: number;
  W0: number;
  wth0: number;
  /** Window after a timeout: one packet in the text, W_o in Algorithm 2 line 13. */
  restartWindow: number;
  tEnd: number;
}

/**
 * Algorithm 2 of the paper (Appendix B), literally, recomputing Â and D to t_end at each event.
 * Misprints resolved: line 4 convolves A (not Â) with S_W; line 7 finds the flight's end in the
 * current coordinates, D(t − ΔR) − Â(origin) ≥ W (the text's ≥ W_o, not > W); lines 20/23 re-express
 * from Â(t_event); a timeout restarts the timeout timer. A per-flight window admits
 * A_rem ⊗ S_W = min(A_rem, W). Test oracle for the engine.
 */
export function algorithm2(input: Algorithm2Input): { admitted: Curve; departures: Curve; events: { time: number; kind: string; window: number }[] } {
  const { A, S, alpha, beta, tauO, deltaR, W0, wth0, restartWindow, tEnd } = input;
  let W = W0;
  let wth = wth0;
  let tTOprev = 0;
  let baseTO = 0;
  let lastTimeout = -Infinity;
  let lastFlight = -Infinity;
  let origin = 0; // Â at the current origin
  let Ahat = min(remainingArrivals(A, 0, 0), constant(W));
  let D = convolve(Ahat, S);
  const events: { time: number; kind: string; window: number }[] = [];
  let tEvent = 0;
  for (;;) {
    // Acknowledgements in the epoch's coordinates (D_rem = 0 before the origin of a timeout).
    const acked = horizontalShift(splice(constant(baseTO), D, tTOprev), deltaR);
    let tW = firstTimeAbove(verticalShift(acked, -(origin + W)), tEvent, tEnd, -1e-6);
    if (tW === lastFlight) tW = Infinity;
    let tTO = nextTimeout(Ahat, D, tTOprev, baseTO, tEvent, tauO, deltaR, tEnd);
    if (tTO === lastTimeout) tTO = Infinity;
    tEvent = Math.min(tW, tTO);
    if (tEvent >= tEnd) break;
    if (tTO <= tW) {
      lastTimeout = tTOprev = tEvent;
      wth = beta * W;
      W = restartWindow;
      baseTO = D.at(tEvent - deltaR);
      origin = baseTO;
      Ahat = splice(Ahat, place(min(remainingArrivals(A, tEvent, baseTO), constant(W)), tEvent, baseTO), tEvent);
      events.push({ time: tEvent, kind: 'timeout', window: W });
    } else {
      lastFlight = tEvent;
      W = W < wth ? 2 * W : W + alpha;
      origin = Ahat.at(tEvent);
      Ahat = splice(Ahat, place(min(remainingArrivals(A, tEvent, origin), constant(W)), tEvent, origin), tEvent);
      events.push({ time: tEvent, kind: 'window-change', window: W });
    }
    D = splice(D, place(convolve(remainingArrivals(Ahat, tTOprev, baseTO), S), tTOprev, baseTO), tTOprev);
  }
  return { admitted: Ahat, departures: D, events };
}

import { Curve, CurveBuilder, convolve, convolveWithRate, firstTimeAbove, horizontalShift, subtract, verticalShift } from '@ccalc/curves';
import { remainingArrivals } from '../admission.ts';

/** Inputs of Algorithm 1 (SI units). */
export interface Algorithm1Input {
  A: Curve;
  S: Curve;
  alpha: number;
  beta: number;
  tauO: number;
  r0: number;
  deltaR: number;
  deltaAI: number;
  tEnd: number;
}

/** Glues `head` on [0, t) with `tail` from t on: the value at t is head's (left-continuous), then tail. */
export function splice(head: Curve, tail: Curve, t: number): Curve {
  const b = new CurveBuilder();
  for (let i = 0; i < head.t.length && head.t[i] < t; i++) b.push(head.t[i], head.v[i], head.r[i], head.s[i]);
  const k = tail.indexAt(t);
  b.push(t, head.at(t), tail.rightLimit(t), tail.s[k]);
  for (let i = k + 1; i < tail.t.length; i++) b.push(tail.t[i], tail.v[i], tail.r[i], tail.s[i]);
  return b.build();
}

/** base + g(t − t0) for t ≥ t0 (0 before): a local curve placed at t0. */
export function place(g: Curve, t0: number, base: number): Curve {
  return verticalShift(horizontalShift(g, t0), base);
}

/** The first instant after `after` where the timeout condition D(t − ΔR) < Â_epoch(t − τ_o) holds. */
export function nextTimeout(admitted: Curve, departures: Curve, epochStart: number, epochBase: number, after: number, tauO: number, deltaR: number, tEnd: number): number {
  // Within the epoch: admissions before it count as its base (the timer restarts at a timeout).
  const epochAdmitted = splice(Curve.fromBreakpoints([[0, epochBase, epochBase, 0]]), admitted, epochStart);
  const h = subtract(horizontalShift(epochAdmitted, tauO), horizontalShift(departures, deltaR));
  return firstTimeAbove(h, after, tEnd, 1e-6);
}

/**
 * Algorithm 1 of the paper (Appendix A), literally: every event recomputes Â and D up to t_end.
 * Misprints resolved as in the text: line 7 searches after the current event; lines 19/21 re-express
 * from Â(t_event) (the text's (t_AI, Â(t_AI))), not A(t_event); line 22 subtracts D(t_TO − ΔR) as
 * line 25 adds it; and a timeout restarts the timeout timer (the timeout function is taken in the
 * epoch's coordinates; without this, the condition that fired keeps firing). The increase at each
 * multiple of Δτ_ai is skipped when a timeout fell in the preceding Δτ_ai (the rule of §III-C).
 * A test oracle for the causal engine: O(events × curve size).
 */
export function algorithm1(input: Algorithm1Input): { admitted: Curve; departures: Curve; events: { time: number; kind: string; rate: number }[] } {
  const { A, S, alpha, beta, tauO, r0, deltaR, deltaAI, tEnd } = input;
  let r = r0;
  let tTOprev = 0;
  let baseTO = 0; // D(t_TO^prev − ΔR)
  let lastTimeout = -Infinity;
  let Ahat = convolveWithRate(remainingArrivals(A, 0, 0), r);
  let D = convolve(Ahat, S);
  const events: { time: number; kind: string; rate: number }[] = [];
  let tEvent = 0;
  let tAI = 0;
  for (;;) {
    const nextAI = tAI + deltaAI;
    const tTOnext = nextTimeout(Ahat, D, tTOprev, baseTO, tEvent, tauO, deltaR, tEnd);
    const timeout = tTOnext <= nextAI && tTOnext !== lastTimeout;
    tEvent = timeout ? tTOnext : nextAI;
    if (tEvent >= tEnd) break;
    if (timeout) {
      tTOprev = tEvent;
      lastTimeout = tEvent;
      r *= beta;
      baseTO = D.at(tEvent - deltaR);
      const AhatRem = convolveWithRate(remainingArrivals(A, tEvent, baseTO), r);
      Ahat = splice(Ahat, place(AhatRem, tEvent, baseTO), tEvent);
      events.push({ time: tEvent, kind: 'timeout', rate: r });
    } else {
      tAI = nextAI;
      if (lastTimeout >= tEvent - deltaAI) {
        events.push({ time: tEvent, kind: 'no-increase', rate: r });
        continue;
      }
      r += alpha;
      const base = Ahat.at(tEvent);
      const AhatRem = convolveWithRate(remainingArrivals(A, tEvent, base), r);
      Ahat = splice(Ahat, place(AhatRem, tEvent, base), tEvent);
      events.push({ time: tEvent, kind: 'rate-increase', rate: r });
    }
    // Lines 22–25: D from the last timeout origin.
    const AhatFromTO = remainingArrivals(Ahat, tTOprev, baseTO);
    D = splice(D, place(convolve(AhatFromTO, S), tTOprev, baseTO), tTOprev);
  }
  return { admitted: Ahat, departures: D, events };
}

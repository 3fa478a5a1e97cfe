import { type Curve, add, rate, step } from '@ccalc/curves';
import type { CongestionControl } from '../cca.ts';
import type { PathServerModel } from '../model.ts';
import { Mulberry32 } from '../random.ts';
import { fixedRate } from '../ccas/fixed-rate.ts';
import { aimdRate } from '../ccas/aimd-rate.ts';
import { dcqcn } from '../ccas/dcqcn/index.ts';
import { newConnectionsAt } from '../ccas/new-connections.ts';

/**
 * Seeded uniform draws for the random models (Mulberry32): `next()` in [0, 1), `u(a, b)` in
 * [a, b), `int(a, b)` an integer from a to b, `pick(xs)` one of xs.
 * @example seededDraws(7).int(1, 6) // the same die roll for seed 7 every time
 */
function seededDraws(state: number) {
  const g = new Mulberry32(state);
  const next = (): number => g.next();
  const u = (a: number, b: number): number => a + (b - a) * next();
  const int = (a: number, b: number): number => Math.floor(u(a, b + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)];
  return { next, u, int, pick };
}

/**
 * A seeded random small model of whole packets for comparing the two engines: 2–8 senders at
 * 100 Gb/s with 1000 B packets (T = 80 ns), bursts of 3–60 packets (sometimes not a whole number of
 * packets, sometimes a second burst on a new connection), starts that often coincide; a CCA among
 * line rate, a slower fixed rate, AIMD (no timeout) and the DCQCN variants paper (no timeout),
 * zhu2015, ns3-mlx and nic with µs timers; ECN at enqueue or dequeue (RED or threshold, random or
 * expected-value marks, gap or grid pacing) or none; PFC with threshold or paper resume or none;
 * delays of 0.3–4 µs that are not whole packet times. The horizon leaves time to finish.
 * @example runEvents(randomPacketModel(7))
 */
export function randomPacketModel(seed: number): PathServerModel {
  const { next, u, int, pick } = seededDraws(seed * 7919 + 13);
  const C = 12.5e9;
  const I = 1000;
  const T = I / C;
  const n = int(2, 8);
  const us = 1e-6;
  const ccaKind = pick(['line', 'slow', 'aimd', 'paper', 'zhu2015', 'ns3-mlx', 'nic', 'trace-reference'] as const);
  const period = (): number => u(1.5, 6) * us;
  const cca = (): CongestionControl<unknown> => {
    switch (ccaKind) {
      case 'line':
        return fixedRate(C);
      case 'slow':
        return fixedRate(C * u(0.2, 0.9));
      case 'aimd':
        return aimdRate({ initialRate: C * u(0.5, 1), increase: C * 0.01, decrease: u(0.5, 0.9), increaseInterval: period(), maxRate: C });
      case 'paper':
        return dcqcn('paper', { lineRate: C, decrease: 0.75, additiveIncrease: C * 0.01, increaseInterval: period() });
      case 'zhu2015':
        return dcqcn('zhu2015', { lineRate: C, minRate: C / 100, g: 1 / 16, alphaPeriod: period(), increasePeriod: period(), byteCounter: int(5, 30) * I + int(0, 1) * 500, fastRecoverySteps: int(1, 5), additiveIncrease: C * 0.01, hyperIncrease: C * 0.05, initialAlpha: 1 });
      case 'ns3-mlx':
        return dcqcn('ns3-mlx', { lineRate: C, minRate: C / 100, g: 1 / 16, decreasePeriod: period(), alphaPeriod: period(), increasePeriod: period(), fastRecoverySteps: int(1, 5), additiveIncrease: C * 0.01, hyperIncrease: C * 0.05, clampTargetRate: next() < 0.7 });
      case 'nic':
        return dcqcn('nic', { maxRate: C, minRate: C / 100, mergePeriod: period(), alphaRateShift: 1, alphaG: 64, alphaTimer: period(), noCnpTimer: period(), byteCounter: int(5, 30) * I, rateAi: C * 0.01, rateHai: C * 0.05, fastRecoverySteps: int(1, 5), initialAlpha: 1023 });
      case 'trace-reference':
        return dcqcn('trace-reference', { lineRate: C, minRate: C / 100, g: 1 / 16, multiplicativeIncrease: 0.05, decreaseGate: period(), tickPeriod: period() });
    }
  };
  const starts = [0, 0.3 * us, u(0, 3) * us];
  let total = 0;
  const flows = Array.from({ length: n }, (_, j) => {
    const packets = int(3, 60);
    const size = packets * I - (next() < 0.2 ? int(1, I - 1) : 0);
    const start = next() < 0.5 ? starts[int(0, 1)] : pick(starts) + int(0, 4) * T;
    let arrivals: Curve = step(size, start);
    let c = cca();
    if (next() < 0.25) {
      const again = start + u(1, 8) * us;
      arrivals = add(arrivals, step(int(3, 30) * I, again));
      if (next() < 0.6) c = newConnectionsAt(c, [again]);
    } else if (next() < 0.1) arrivals = add(arrivals, rate(C * u(0.05, 0.3)));
    total += arrivals.at(20 * us) / I;
    return { arrivals, cca: c, name: `s${j}`, pauseDelay: u(0.3, 3) * us, notificationDelay: u(0.5, 4) * us, ackDelay: 5 * us };
  });
  const kMax = u(2, 20) * I;
  const red = next() < 0.7;
  const ecnKind = pick(['none', 'enqueue', 'dequeue', 'dequeue'] as const);
  const pfcKind = pick(['none', 'threshold', 'threshold', 'paper'] as const);
  const xOff = u(4, 15) * I;
  return {
    service: rate(C),
    flows,
    horizon: total * T * 2 + 20 * us,
    feedbackDelay: 5 * us,
    ecn:
      ecnKind === 'none'
        ? undefined
        : {
            kMax,
            ...(red ? { kMin: kMax * u(0, 0.8), pMax: u(0.05, 1) } : {}),
            packetSize: I,
            at: ecnKind,
            random: next() < 0.6 ? { seed: int(1, 1000) } : 'expected',
            notificationGap: next() < 0.5 ? 0 : u(0.2, 3) * us,
            pacing: next() < 0.7 ? 'gap' : 'grid',
          },
    // X_on at least a packet below X_off: closer thresholds make the curve engine toggle PAUSE and
    // RESUME forever at an instant where an arrival meets a dequeue (a known bug, see the README).
    pfc: pfcKind === 'none' ? undefined : { xOff, xOn: (xOff - I) * u(0.3, 1), resume: pfcKind, lineRate: C },
    packets: { size: I },
  };
}

/**
 * A seeded random model the constant-rate loop covers: 2–8 senders (sometimes 40 at one instant)
 * of 1000 B packets into 100 Gb/s, each at line rate, slower or faster, with one burst of 3–200
 * packets (sometimes not whole), starts that often coincide, threshold PFC (thresholds of a few
 * to 40 packets) or none, pause delays that are sometimes whole packet times; run to completion or
 * to a horizon halfway.
 * @example runEvents(randomConstantRateModel(3).model, { untilComplete: true })
 */
export function randomConstantRateModel(seed: number): { model: PathServerModel; untilComplete: boolean } {
  const { next, u, int } = seededDraws(seed * 104729 + 7);
  const C = 12.5e9;
  const I = 1000;
  const T = I / C;
  const us = 1e-6;
  const crowd = next() < 0.1;
  const n = crowd ? 40 : int(2, 8);
  let packets = 0;
  const flows = Array.from({ length: n }, (_, j) => {
    const count = int(3, 200);
    packets += count;
    const size = count * I - (next() < 0.2 ? int(1, I - 1) : 0);
    const start = crowd || next() < 0.4 ? [0, 0.3 * us][int(0, 1)] : u(0, 3) * us + int(0, 4) * T;
    const speed = [1, u(0.2, 0.9), u(1.1, 2)][int(0, 2)];
    return { arrivals: step(size, start), cca: fixedRate(C * speed), name: `s${j}`, pauseDelay: next() < 0.3 ? int(4, 30) * T : u(0.3, 3) * us, ackDelay: u(1, 5) * us };
  });
  const xOff = u(4, 40) * I;
  const untilComplete = next() < 0.7;
  return {
    model: {
      service: rate(C),
      flows,
      horizon: untilComplete ? 1 : (packets * T) / 2,
      feedbackDelay: 5 * us,
      pfc: next() < 0.2 ? undefined : { xOff, xOn: xOff - u(0.5, 3) * I, resume: 'threshold' },
      packets: { size: I },
    },
    untilComplete,
  };
}

/**
 * A seeded random crowd for the constant-rate loop's crowd stretches: 3–12 senders of one fixed
 * rate (line rate, or below C/1.5 so that each packet starts a train of its own), most starting
 * together, some a few packet gaps later on the crowd's grid (ties with other train starts), with
 * bursts of 20–150 packets and PFC whose frames reach the senders whole packet gaps after they
 * leave, so that paused senders resume together and a crowd meets senders whose trains began at
 * other instants. Run to completion; for the event engine only (X_on may be less than a packet
 * below X_off, which the curve engine cannot run: the README, "Known problems").
 * @example runEvents(randomCrowdModel(3), { untilComplete: true })
 */
export function randomCrowdModel(seed: number): PathServerModel {
  const { next, u, int } = seededDraws(seed * 6271 + 29);
  const C = 12.5e9;
  const I = 1000;
  const T = I / C;
  const us = 1e-6;
  const speed = [1, 0.5, 0.6, 0.625][int(0, 3)];
  const gap = T / speed;
  const n = int(3, 12);
  const pauseDelay = int(2, 12) * T;
  const flows = Array.from({ length: n }, (_, j) => ({
    arrivals: step(int(20, 150) * I, next() < 0.7 ? 0 : int(1, 6) * gap),
    cca: fixedRate(C * speed),
    name: `s${j}`,
    pauseDelay: next() < 0.7 ? pauseDelay : int(2, 12) * T,
    ackDelay: u(1, 3) * us,
  }));
  const xOff = u(3, 12) * I;
  // X_on sometimes less than a packet below X_off: PAUSE and RESUME at one instant, and a slow
  // sender resumed and paused within one of its packets.
  const xOn = xOff - u(0.5, 2) * I;
  return { service: rate(C), flows, horizon: 1, feedbackDelay: 5 * us, pfc: { xOff, xOn, resume: 'threshold' }, packets: { size: I } };
}

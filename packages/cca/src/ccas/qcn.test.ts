import { describe, expect, it } from 'vitest';
import { ModelError } from '../errors.ts';
import { testSignals } from '../test-support/signal-view.ts';
import { qcn, type QcnState } from './qcn.ts';
import { rateIncrease } from './rate-recovery.ts';

const Gbps = 1e9 / 8;
const Mbps = 1e6 / 8;
// The slides' parameters at 10 Gb/s: R_min = 1 Mb/s, G_d·|Fb_max| = 0.5, 150 kB byte counter
// (1500 B / 1 %), R_AI = 12 Mb/s; 802.1Qau's 10 ms timer and 50 Mb/s R_HAI.
const params = { lineRate: 10 * Gbps, minRate: 1 * Mbps, maxDecrease: 0.5, byteCounter: 150e3, timer: 10e-3, fastRecoverySteps: 5, additiveIncrease: 12 * Mbps, hyperIncrease: 50 * Mbps };
const rp = qcn(params);
const feedback = (now: number, fb: number, admitted = 0) => ({ ...testSignals(now, admitted), feedback: fb });

describe('QCN reaction point (IEEE 802.1Qau, the slides\' parameters)', () => {
  it('sends at line rate with no rate limiter (no timer, no byte counter) until the first feedback', () => {
    const s = rp.initial();
    expect(rp.limit(s)).toEqual({ kind: 'rate', rate: 10 * Gbps });
    expect(rp.nextTimer(s)).toBe(Infinity);
    expect(rp.byteTarget!(s)).toBe(Infinity);
  });

  it('a feedback sets R_T ← R_C and cuts R_C by G_d·|Fb|, and starts both counters from zero', () => {
    const r = rp.onNotification!(rp.initial(), feedback(1e-3, 0.6, 2e6));
    expect(r.kind).toBe('rate-cut');
    expect(r.shift).toBe('admitted');
    expect(r.state.rt).toBe(10 * Gbps);
    expect(r.state.rc).toBeCloseTo(10 * Gbps * (1 - 0.5 * 0.6), 3); // 7 Gb/s
    expect(r.state.nextIncrease).toBeCloseTo(11e-3, 15);
    expect(r.state.bytesTarget).toBe(2e6 + 150e3);
    expect(rp.describe(r.state)).toEqual({ rate: r.state.rc, targetRate: 10 * Gbps, feedback: 0.6 });
    // A second one takes the cut rate as the target: R_T follows R_C down.
    const again = rp.onNotification!(r.state, feedback(1.1e-3, 1, 2.1e6));
    expect(again.state.rt).toBe(r.state.rc);
    expect(again.state.rc).toBeCloseTo(r.state.rc / 2, 3);
    expect(again.state.iT + again.state.iB).toBe(0);
  });

  it('never cuts below R_min', () => {
    let s = rp.initial();
    for (let k = 0; k < 40; k++) s = rp.onNotification!(s, feedback(k * 1e-6, 1)).state;
    expect(s.rc).toBe(1 * Mbps);
  });

  it('fast recovery halves the distance to R_T for F cycles, then active increase raises R_T by R_AI each cycle', () => {
    let s: QcnState = rp.onNotification!(rp.initial(), feedback(0, 1)).state; // 10 → 5 Gb/s, R_T = 10 Gb/s
    const kinds: string[] = [];
    const rates: number[] = [];
    for (let k = 1; k <= 7; k++) {
      const r = rp.onTimer(s, testSignals(k * 10e-3));
      s = r.state;
      kinds.push(r.kind);
      rates.push(s.rc);
    }
    expect(kinds).toEqual(['timer:fast-recovery', 'timer:fast-recovery', 'timer:fast-recovery', 'timer:fast-recovery', 'timer:additive-increase', 'timer:additive-increase', 'timer:additive-increase']);
    // R_C = 10 − 5/2^k Gb/s during fast recovery.
    for (let k = 1; k <= 4; k++) expect(rates[k - 1]).toBeCloseTo(10 * Gbps - (5 * Gbps) / 2 ** k, 3);
  });

  it('hyper-active increase once both counters passed F, with the increase event of rateIncrease', () => {
    const s: QcnState = { rc: 2 * Gbps, rt: 4 * Gbps, iT: 6, iB: 7, nextIncrease: 1, bytesTarget: 1e6, feedback: 1 };
    const r = rp.onBytes!(s, testSignals(0.5));
    expect(r.kind).toBe('byte-counter:hyper-increase');
    // i_B → 8: R_T += (min(6, 8) − 5)·R_HAI = 1·50 Mb/s; R_C ← (R_C + R_T)/2.
    expect(r.state.rt).toBeCloseTo(4 * Gbps + 50 * Mbps, 3);
    expect(r.state.rc).toBeCloseTo((2 * Gbps + 4 * Gbps + 50 * Mbps) / 2, 3);
    expect(r.state.bytesTarget).toBe(1e6 + 150e3);
    expect(rateIncrease({ rc: 2 * Gbps, rt: 4 * Gbps, iT: 6, iB: 8 }, { ...params, maxRate: params.lineRate }).rc).toBe(r.state.rc);
  });

  it('releases the rate limiter when R_C reaches line rate: its counters stop until the next feedback', () => {
    // Active increase (i_T → 6): R_C would be (R_C + R_T + R_AI)/2 ≥ line rate.
    const near: QcnState = { rc: 10 * Gbps - 12 * Mbps, rt: 10 * Gbps, iT: 5, iB: 0, nextIncrease: 1, bytesTarget: 1e6, feedback: 0.1 };
    const r = rp.onTimer(near, testSignals(1));
    expect(r.state.rc).toBe(10 * Gbps);
    expect(r.state.rt).toBe(10 * Gbps);
    expect(rp.nextTimer(r.state)).toBe(Infinity);
    expect(rp.byteTarget!(r.state)).toBe(Infinity);
    // Short of it, the limiter stays.
    const far = rp.onTimer({ ...near, rc: 10 * Gbps - 13 * Mbps }, testSignals(1));
    expect(far.state.rc).toBeCloseTo(10 * Gbps - 6.5 * Mbps, 3); // (R_C + R_T)/2, R_T capped at line rate
    expect(rp.nextTimer(far.state)).toBe(1 + 10e-3);
  });

  it('refuses an ECN notification (no feedback value) and bad parameters, naming them', () => {
    expect(() => rp.onNotification!(rp.initial(), testSignals(0))).toThrow(/QCN congestion point/);
    expect(() => qcn({ ...params, maxDecrease: 1 })).toThrow(ModelError);
    expect(() => qcn({ ...params, timer: -1 })).toThrow(/timer/);
    expect(() => qcn({ ...params, minRate: 20 * Gbps })).toThrow(/minRate/);
    expect(() => qcn({ ...params, fastRecoverySteps: 2.5 })).toThrow(/fastRecoverySteps/);
  });
});

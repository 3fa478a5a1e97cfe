import { describe, expect, it } from 'vitest';
import { rate, step } from '@ccalc/curves';
import type { CongestionControl } from '../../cca.ts';
import { ModelError } from '../../errors.ts';
import { runPathServer } from '../../engine.ts';
import { testSignals } from '../../test-support/signal-view.ts';
import { Mulberry32 } from '../../random.ts';
import { dcqcn, dcqcnNic, dcqcnNs3Mlx, dcqcnPaper, dcqcnTraceReference, dcqcnZhu2015 } from './index.ts';

const Gbps = 1e9 / 8;
const Mbps = 1e6 / 8;
const view = testSignals;

/** Runs every timer of `cca` due at or before `until` (within 1 ps of rounding), in time order. */
function runTimers<S>(cca: CongestionControl<S>, s: S, until: number): { state: S; kinds: string[] } {
  const kinds: string[] = [];
  for (let k = 0; k < 10000 && cca.nextTimer(s) <= until + 1e-12; k++) {
    const r = cca.onTimer(s, view(cca.nextTimer(s)));
    s = r.state;
    kinds.push(r.kind);
  }
  return { state: s, kinds };
}

const mlxParams = { lineRate: 100 * Gbps, minRate: 100 * Mbps, g: 1 / 256, decreasePeriod: 50e-6, alphaPeriod: 55e-6, increasePeriod: 55e-6, fastRecoverySteps: 5, additiveIncrease: 5 * Mbps, hyperIncrease: 50 * Mbps, clampTargetRate: true };

describe('ns3-mlx: the semantics of shared/traces/README.md', () => {
  const cca = dcqcnNs3Mlx(mlxParams);

  it('the first CNP sets α = 1 and arms the timers but does not cut; the check 50 µs later does', () => {
    let s = cca.initial();
    const first = cca.onNotification!(s, view(4.68e-6));
    s = first.state;
    expect(first.kind).toBe('first-cnp');
    expect(s.rc).toBe(100 * Gbps);
    expect(s.alpha).toBe(1);
    expect(s.nextDecrease).toBeCloseTo(54.68e-6, 15);
    const r = runTimers(cca, s, 54.68e-6);
    expect(r.kinds).toEqual(['rate-cut']);
    expect(r.state.rc).toBe(50 * Gbps); // R_C(1 − α/2), α = 1: 100 → 50 Gb/s, as the traces show
    expect(r.state.rt).toBe(100 * Gbps); // clamp: R_T ← R_C before the cut
  });

  it('cuts at most once per decrease period, and not at all without a CNP since the last check', () => {
    let s = cca.onNotification!(cca.initial(), view(0)).state;
    s = runTimers(cca, s, 50e-6).state; // first cut
    const none = runTimers(cca, s, 100e-6); // no CNP in (50, 100]
    expect(none.kinds).toContain('no-decrease');
    expect(none.state.rc).toBe(s.rc); // no CNP since the last check: no cut
    // Several CNPs in one period: still one cut.
    let t = none.state;
    for (const at of [101e-6, 120e-6, 140e-6]) t = cca.onNotification!(t, view(at)).state;
    const cut = runTimers(cca, t, 150e-6);
    expect(cut.kinds.filter((k) => k === 'rate-cut')).toHaveLength(1);
  });

  it('α: (1 − g)α + g after a period with a CNP, (1 − g)α without', () => {
    let s = cca.onNotification!(cca.initial(), view(0)).state; // α = 1, flag cleared by the first CNP
    s = cca.onNotification!(s, view(10e-6)).state; // a CNP in the first α period
    const a = runTimers(cca, s, 55e-6).state;
    expect(a.alpha).toBeCloseTo((1 - 1 / 256) * 1 + 1 / 256, 15);
    const b = runTimers(cca, a, 110e-6).state; // none in the second
    expect(b.alpha).toBeCloseTo((1 - 1 / 256) * a.alpha, 15);
  });

  it('a cut restarts the increase timer: the next increase is one period after the cut, from stage 0', () => {
    // The first CNP at 0 arms the checks (50, 100, 150, 200 µs …) and α updates (55, 110 …); the
    // cut at 50 µs starts the increase timer: 105, 160, 215 µs … unless another cut restarts it.
    let s = cca.onNotification!(cca.initial(), view(0)).state;
    s = runTimers(cca, s, 50e-6).state;
    expect(s.nextIncrease).toBeCloseTo(105e-6, 15);
    s = runTimers(cca, s, 160e-6).state;
    expect(s.stage).toBe(2); // increases at 105 and 160 µs
    s = cca.onNotification!(s, view(170e-6)).state;
    const r = runTimers(cca, s, 200e-6); // the check at 200 µs cuts
    expect(r.kinds.at(-1)).toBe('rate-cut');
    expect(r.state.stage).toBe(0);
    expect(r.state.nextIncrease).toBeCloseTo(255e-6, 15); // not 215 µs
    expect(runTimers(cca, r.state, 254e-6).kinds.some((k) => k.startsWith('rate-increase'))).toBe(false);
  });

  it('timers of one instant run in ns-3\'s order, whatever the float noise of the first CNP\'s time', () => {
    // From a first CNP at t₀, the 11th decrease check and the 10th α update fall at t₀ + 550 µs, and
    // after a cut at c with no other cut the 10th increase and the 11th check at c + 550 µs. ns-3
    // runs the α update first (its check is 1 ns later), then the increase, then the check (at equal
    // times in the order scheduled: 55 µs before against 50). Summed in floats, the instants land
    // a few ulps apart in either order, depending on t₀: 1,000 first CNPs between 4.68 and 5.68 µs.
    const g = new Mulberry32(7);
    for (let k = 0; k < 1000; k++) {
      const t0 = 4.68e-6 + g.next() * 1e-6;
      let s = cca.onNotification!(cca.initial(), view(t0)).state;
      s = cca.onNotification!(s, view(t0 + 1e-6)).state; // a CNP before the first check: it cuts at t₀ + 50 µs
      s = runTimers(cca, s, t0 + 500e-6).state;
      // A CNP before the α update and the check at t₀ + 550 µs: the α update takes it, the check cuts.
      s = cca.onNotification!(s, view(t0 + 540e-6)).state;
      const both = runTimers(cca, s, t0 + 551e-6);
      expect(both.kinds.slice(-2)).toEqual(['alpha-update', 'rate-cut']);
      // The cut at t₀ + 550 µs restarts the increase timer; without a CNP, 10 increases later the
      // increase and the check meet at t₀ + 1100 µs; a CNP before them makes the check cut.
      s = runTimers(cca, both.state, t0 + 1090e-6).state;
      expect(s.stage).toBe(9);
      s = cca.onNotification!(s, view(t0 + 1095e-6)).state;
      const meet = runTimers(cca, s, t0 + 1101e-6).kinds;
      expect(meet.slice(-2)).toEqual(['rate-increase:hyper', 'rate-cut']);
    }
  });

  it('stages since the last cut: 0–4 fast recovery, 5 additive (+R_AI), 6 and above hyper (+R_HAI); R_T capped', () => {
    const fresh = dcqcnNs3Mlx({ ...mlxParams, lineRate: 100 * Gbps });
    let s = { ...fresh.onNotification!(fresh.initial(), view(0)).state, nextDecrease: Infinity, nextAlpha: Infinity };
    s = { ...s, rc: 10 * Gbps, rt: 20 * Gbps, stage: 0, nextIncrease: 55e-6 };
    const kinds: string[] = [];
    const rt: number[] = [];
    for (let k = 0; k < 8; k++) {
      const r = fresh.onTimer(s, view(s.nextIncrease));
      kinds.push(r.kind);
      rt.push(r.state.rt);
      s = r.state;
    }
    expect(kinds.slice(0, 5)).toEqual(Array(5).fill('rate-increase:fast-recovery'));
    expect(kinds[5]).toBe('rate-increase:additive'); // stage F = 5
    expect(kinds[6]).toBe('rate-increase:hyper'); // stage F + 1
    expect(rt[4]).toBe(20 * Gbps);
    expect(rt[5]).toBeCloseTo(20 * Gbps + 5 * Mbps, 3);
    expect(rt[6]).toBeCloseTo(20 * Gbps + 55 * Mbps, 3);
    const capped = fresh.onTimer({ ...s, rt: 100 * Gbps - 1 }, view(s.nextIncrease));
    expect(capped.state.rt).toBe(100 * Gbps);
  });

  it('CCAs of other parameters share their functions, and a spread copy is a whole CCA', () => {
    // One function per method for every instance: an engine optimized for one model's CCA keeps its
    // code for the next model's (BENCHMARKS.md, eighteenth session).
    const other = dcqcnNs3Mlx({ ...mlxParams, g: 1 / 16 });
    for (const key of ['initial', 'limit', 'nextTimer', 'nextLimitTimer', 'onTimer', 'advanceTimers', 'catchUpNotifications', 'quietNotification', 'onNotification', 'describe'] as const) expect(other[key]).toBe(cca[key]);
    // The parameters stay each instance's own.
    const started = { ...other.initial(), started: true, alpha: 1, nextAlpha: 55e-6 };
    expect(other.onTimer(started, testSignals(55e-6)).state.alpha).toBe(1 - 1 / 16);
    expect(cca.onTimer(started, testSignals(55e-6)).state.alpha).toBe(1 - 1 / 256);
    const copy = { ...cca, nextLimitTimer: undefined };
    expect(copy.onTimer(started, testSignals(55e-6)).state.alpha).toBe(1 - 1 / 256);
    expect(copy.advanceTimers!(started, 55e-6, true).state.alpha).toBe(1 - 1 / 256);
  });

  it('never goes below the minimum rate', () => {
    let s = { ...cca.initial(), started: true, alpha: 1, rc: 150 * Mbps, cnpSinceDecrease: true, nextDecrease: 1e-6 };
    s = runTimers(cca, s, 1e-6).state;
    expect(s.rc).toBe(100 * Mbps);
  });
});

describe('zhu2015: the published algorithm (Table I)', () => {
  const p = { lineRate: 100 * Gbps, minRate: 100 * Mbps, g: 1 / 256, alphaPeriod: 55e-6, increasePeriod: 55e-6, byteCounter: 10e6, fastRecoverySteps: 5, additiveIncrease: 5 * Mbps, hyperIncrease: 50 * Mbps, initialAlpha: 1 };
  const cca = dcqcnZhu2015(p);

  it('every CNP cuts: R_T ← R_C, R_C ← R_C(1 − α/2), α ← (1 − g)α + g, counters reset', () => {
    const a = cca.onNotification!(cca.initial(), view(1e-6, 5000)).state;
    expect(a.rt).toBe(100 * Gbps);
    expect(a.rc).toBe(50 * Gbps);
    expect(a.alpha).toBeCloseTo(1, 15);
    expect(a.bytesTarget).toBe(5000 + 10e6);
    const b = cca.onNotification!({ ...a, iT: 3, iB: 2 }, view(2e-6)).state;
    expect(b.rc).toBe(25 * Gbps);
    expect([b.iT, b.iB]).toEqual([0, 0]);
  });

  it('stage F and F + 1: additive when one counter reaches F, hyper by (min − F)·R_HAI when both do', () => {
    const base = { ...cca.initial(), rc: 10 * Gbps, rt: 20 * Gbps, nextAlpha: Infinity, nextIncrease: 55e-6, bytesTarget: Infinity };
    const fr = cca.onTimer({ ...base, iT: 3, iB: 0 }, view(55e-6)); // i_T becomes 4 < F
    expect(fr.kind).toBe('timer:fast-recovery');
    expect(fr.state.rt).toBe(20 * Gbps);
    const ai = cca.onTimer({ ...base, iT: 4, iB: 0 }, view(55e-6)); // i_T becomes F
    expect(ai.kind).toBe('timer:additive-increase');
    expect(ai.state.rt).toBeCloseTo(20 * Gbps + 5 * Mbps, 3);
    const hiF = cca.onBytes!({ ...base, iT: 5, iB: 4 }, view(0)); // both at F: (min − F)·R_HAI = 0
    expect(hiF.kind).toBe('byte-counter:hyper-increase');
    expect(hiF.state.rt).toBe(20 * Gbps);
    const hiF1 = cca.onBytes!({ ...base, iT: 6, iB: 5 }, view(0)); // min = F + 1
    expect(hiF1.state.rt).toBeCloseTo(20 * Gbps + 50 * Mbps, 3);
    expect(hiF1.state.rc).toBeCloseTo((10 * Gbps + hiF1.state.rt) / 2, 3);
  });
});

describe('nic: the IP reference, fixed-point α', () => {
  const p = { maxRate: 100 * Gbps, minRate: 100 * Mbps, mergePeriod: 50e-6, alphaRateShift: 0, alphaG: 4, alphaTimer: 55e-6, noCnpTimer: 55e-6, byteCounter: 10e6, rateAi: 5 * Mbps, rateHai: 50 * Mbps, fastRecoverySteps: 5, initialAlpha: 1000 };
  const cca = dcqcnNic(p);

  it('decrease R·(1 − α/2^(shift+10)) with α the 10-bit integer, and the α formulas with truncation', () => {
    const r = cca.onNotification!(cca.initial(), view(1e-6));
    expect(r.kind).toBe('Decrease');
    expect(r.state.rate).toBeCloseTo(100 * Gbps * (1 - 1000 / 1024), 3);
    expect(r.state.alpha).toBe(Math.floor((1020 * 1000 + 4) / 1024)); // 996: truncation
    const decayed = runTimers(cca, { ...r.state, nextTimerIncrease: Infinity }, 56e-6 + 1e-6).state;
    expect(decayed.alpha).toBe(Math.floor((1020 * 996) / 1024)); // 992
  });

  it('a CNP inside the merge period is merged: no second decrease', () => {
    const a = cca.onNotification!(cca.initial(), view(0)).state;
    const b = cca.onNotification!(a, view(49.999e-6));
    expect(b.kind).toBe('cnp-merged');
    expect(b.state.rate).toBe(a.rate);
    const c = cca.onNotification!(b.state, view(50e-6)); // exactly one period later
    expect(c.kind).toBe('Decrease');
  });

  it('increase formulas and DFX event names', () => {
    const base = { ...cca.initial(), rate: 10 * Gbps, target: 20 * Gbps, nextAlpha: Infinity, nextTimerIncrease: 55e-6 };
    expect(cca.onTimer({ ...base, iT: 0 }, view(55e-6)).kind).toBe('Noncnp_timer.FastRecovery');
    expect(cca.onTimer({ ...base, iT: 0 }, view(55e-6)).state.rate).toBe(15 * Gbps);
    const ai = cca.onTimer({ ...base, iT: 4 }, view(55e-6));
    expect(ai.kind).toBe('Noncnp_timer.AdditiveIncrease');
    expect(ai.state.rate).toBeCloseTo((10 * Gbps + 20 * Gbps + 5 * Mbps) / 2, 3);
    const hai = cca.onBytes!({ ...base, iT: 5, iB: 4 }, view(0));
    expect(hai.kind).toBe('Bytecounter.HyperIncrease');
    expect(hai.state.rate).toBeCloseTo((10 * Gbps + 20 * Gbps + 50 * Mbps) / 2, 3);
  });

  it('with the initial rate at the maximum, timers start only after a decrease (§9.6)', () => {
    expect(cca.nextTimer(cca.initial())).toBe(Infinity);
    expect(dcqcnNic({ ...p, initialRate: 50 * Gbps }).nextTimer(dcqcnNic({ ...p, initialRate: 50 * Gbps }).initial())).toBe(55e-6);
  });
});

describe('paper: constant β = 0.75, +5 Mb/s every 55 µs, no hyper increase, capped at line rate', () => {
  const cca = dcqcnPaper({ lineRate: 100 * Gbps, decrease: 0.75, additiveIncrease: 5 * Mbps, increaseInterval: 55e-6, timeout: 3e-3 });
  it('cuts by 0.75 per notification and grows linearly', () => {
    const a = cca.onNotification!(cca.initial(), view(1e-6)).state;
    expect(a.rate).toBe(75 * Gbps);
    const b = cca.onTimer({ ...a, lastCongestion: -Infinity }, view(a.nextIncrease)).state;
    expect(b.rate).toBeCloseTo(75 * Gbps + 5 * Mbps, 3);
    expect(cca.onTimer(cca.initial(), view(55e-6)).state.rate).toBe(100 * Gbps); // capped
  });
});

describe('trace-reference: the DCQCN trace format\'s reaction point, in integers', () => {
  const cca = dcqcnTraceReference({ lineRate: 100 * Gbps, minRate: 100 * Mbps, g: 1 / 256, multiplicativeIncrease: 5e-5, decreaseGate: 50e-6, tickPeriod: 55e-6 });
  // Worked by hand from the format's rules (check-trace's README), rate in bit/s and α in ppb.
  it('cuts at a CNP outside the source gate, changes nothing inside it, and ticks from the first CNP', () => {
    expect(cca.integers).toEqual({ g: 3_906_250, mi: 50_000, cnpInterval: 50_000, minRate: 100e6, maxRate: 100e9 });
    expect(cca.nextTimer(cca.initial())).toBe(Infinity);
    const first = cca.onNotification!(cca.initial(), view(10e-6));
    expect([first.kind, first.state.rate, first.state.alpha]).toEqual(['rate-cut', 50e9, 1e9]); // ⌊10¹¹·10⁹/(2·10⁹)⌋; g + ⌊(10⁹ − g)·10⁹/10⁹⌋ = 10⁹
    expect(cca.nextTimer(first.state)).toBeCloseTo(65e-6, 15);
    const gated = cca.onNotification!(first.state, view(59.9994e-6)); // 49,999 ns after the cut (59,999.4 ns rounds to 59,999)
    expect([gated.kind, gated.state]).toEqual(['cnp-gated', first.state]);
    const tick = cca.onTimer(first.state, view(65e-6));
    expect([tick.kind, tick.state.rate, tick.state.alpha]).toEqual(['timer-tick', 50_002_500_000, 996_093_750]);
    expect(cca.nextTimer(tick.state)).toBeCloseTo(120e-6, 15);
    const second = cca.onNotification!(tick.state, view(60e-6 + 0.4e-9)); // exactly 50,000 ns after the cut: the gate is open
    expect([second.kind, second.state.rate, second.state.alpha]).toEqual(['rate-cut', 25_098_911_132, 996_109_008]);
    expect(cca.limit(second.state)).toEqual({ kind: 'rate', rate: 25_098_911_132 / 8 });
  });

  it('stays within [min, max] and rounds α down to 0 in the end', () => {
    let s = cca.initial();
    for (let k = 0; k < 12; k++) s = cca.onNotification!(s, view(k * 50e-6)).state;
    expect(s.rate).toBe(100e6);
    // 100 Mb/s to 100 Gb/s at (1 + 5·10⁻⁵) per tick takes about ln(1000)/5·10⁻⁵ ≈ 138,000 ticks.
    const after = Array.from({ length: 150_000 }).reduce<typeof s>((x) => cca.onTimer(x, view(x.nextTick)).state, s);
    expect([after.rate, after.alpha]).toEqual([100e9, 0]);
  });
});

describe('variant selection', () => {
  it('rejects an unknown variant and a parameter of another variant, naming it', () => {
    expect(() => dcqcn('dctcp' as never, {} as never)).toThrow(/variant: expected one of "paper", "zhu2015", "ns3-mlx", "nic", "trace-reference"/);
    let e: unknown;
    try {
      dcqcn('paper', { lineRate: 1, decrease: 0.75, additiveIncrease: 1, increaseInterval: 1, hyperIncrease: 5 } as never);
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(ModelError);
    expect((e as ModelError).parameter).toBe('hyperIncrease');
    expect((e as ModelError).message).toMatch(/belongs to "zhu2015", "ns3-mlx"/);
  });
  it('rejects g outside (0, 1]', () => {
    expect(() => dcqcn('zhu2015', { lineRate: 1, minRate: 1, g: 0, alphaPeriod: 1, increasePeriod: 1, byteCounter: 1, fastRecoverySteps: 5, additiveIncrease: 1, hyperIncrease: 1, initialAlpha: 1 })).toThrow(/^g: expected a gain in \(0, 1\]/);
  });
});

describe('ns3-mlx in the engine with ECN marking at dequeue', () => {
  it('cuts 50 µs after the first notification, to half the line rate', () => {
    const C = 100 * Gbps;
    const flows = Array.from({ length: 4 }, () => ({ arrivals: step(1e7, 0), cca: dcqcn('ns3-mlx', mlxParams), notificationDelay: 3e-6 }));
    const r = runPathServer({
      service: rate(C),
      flows,
      horizon: 120e-6,
      feedbackDelay: 3e-6,
      ecn: { kMin: 5e3, kMax: 200e3, pMax: 0.01, packetSize: 1048, at: 'dequeue', random: 'expected' },
    });
    const first = r.events.find((e) => e.kind === 'first-cnp')!;
    const cut = r.events.find((e) => e.kind === 'rate-cut' && e.flow === first.flow)!;
    expect(cut.time - first.time).toBeCloseTo(50e-6, 12);
    expect(cut.after.rate).toBe(50 * Gbps);
  });
});

/**
 * The DCQCN reaction points over the simulator's whole A2 run (DCQCN + PFC, 31 ms), where the
 * congestion episode (to 2.7 ms) is over and marks are drawn at RED probabilities ≤ 1 %: what the
 * backlog and rate series barely show. Run on the event engine (0.3 s a run; it gives the curve
 * engine's every event, test/event-engine-whole-runs.test.ts), with seeds 1 and 2. The model's
 * own noise sets the bounds: two draws of the model differ by about as much as one draw differs
 * from the simulator, and each bound says which measurement it rests on. Simulator times are at the
 * sender; the model's at the switch ingress, one hop (1.08384 µs) later.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { deviation, mean } from 'd3-array';
import { runEvents, ns3IncastModel, ns3IncastDelays, type EngineResult } from '@ccalc/cca';
import { readNumericCsv } from '../packages/dcqcn-model/src/traces/csv.ts';
import { skipWithoutTraces, validationTracesDir } from '../packages/dcqcn-model/src/traces/locate.ts';

const MS = 30;
const hop = ns3IncastDelays.toIngress;

/** Per-sender CNP counts and per-ms counts of R_C cuts and increases of a model run. */
function modelCounts(r: EngineResult) {
  const cnps = new Array<number>(31).fill(0);
  const cuts = new Array<number>(MS).fill(0);
  const increases = new Array<number>(MS).fill(0);
  for (const e of r.events) {
    if (e.kind === 'cnp') cnps[e.flow] += 1;
    const ms = Math.floor((e.time - hop) * 1e3);
    if (ms >= MS) continue;
    if (e.after.rate < e.before.rate) cuts[ms] += 1;
    else if (e.after.rate > e.before.rate) increases[ms] += 1;
  }
  return { cnps, cuts, increases, total: cnps.reduce((s, x) => s + x, 0) };
}

/** A model sender's α at time t at the sender (s). */
function modelAlpha(r: EngineResult, j: number, t: number): number {
  const s = r.flows[j].state.alpha;
  let v = Number.NaN;
  for (let k = 0; k < s.time.length && s.time[k] - hop <= t; k++) v = s.value[k];
  return v;
}

const sum = (x: number[], from: number, to: number): number => x.slice(from, to).reduce((s, y) => s + y, 0);
const rms = (x: number[], y: number[]): number => Math.sqrt(x.reduce((s, v, j) => s + (v - y[j]) ** 2, 0) / x.length);

describe.skipIf(skipWithoutTraces())('A2 (DCQCN + PFC) whole run: the reaction points against the simulator', () => {
  let sim: { cnps: number[]; cuts: number[]; increases: number[]; total: number; alpha: (j: number, t: number) => number; cnpTimes: Float64Array; cnpSenders: Float64Array };
  let m1: ReturnType<typeof modelCounts>;
  let m2: ReturnType<typeof modelCounts>;
  let run1: EngineResult;
  let run2: EngineResult;
  let cnpTotals: number[];
  beforeAll(async () => {
    const dir = validationTracesDir();
    const state = (await readNumericCsv(join(dir, 'A2_dcqcn_pfc_dcqcn_state.csv'), ['t_ns', 'sender', 'Rc_bps', 'alpha'], 't_ns')).columns;
    const cnp = (await readNumericCsv(join(dir, 'A2_dcqcn_pfc_cnp_events.csv'), ['t_ns', 'sender'], 't_ns')).columns;
    const cnps = new Array<number>(31).fill(0);
    for (const j of cnp.sender) cnps[j] += 1;
    const cuts = new Array<number>(MS).fill(0);
    const increases = new Array<number>(MS).fill(0);
    const last = new Array<number>(31).fill(Number.NaN);
    for (let k = 0; k < state.t_ns.length; k++) {
      const j = state.sender[k];
      const ms = Math.floor(state.t_ns[k] / 1e6);
      if (ms < MS && state.Rc_bps[k] < last[j]) cuts[ms] += 1;
      if (ms < MS && state.Rc_bps[k] > last[j]) increases[ms] += 1;
      last[j] = state.Rc_bps[k];
    }
    const alpha = (j: number, t: number): number => {
      let v = Number.NaN;
      for (let k = 0; k < state.t_ns.length && state.t_ns[k] * 1e-9 <= t; k++) if (state.sender[k] === j) v = state.alpha[k];
      return v;
    };
    sim = { cnps, cuts, increases, total: cnp.t_ns.length, alpha, cnpTimes: cnp.t_ns, cnpSenders: cnp.sender };
    run1 = runEvents(ns3IncastModel({ dcqcn: true, pfc: true, horizon: 31e-3, random: { seed: 1 } }));
    run2 = runEvents(ns3IncastModel({ dcqcn: true, pfc: true, horizon: 31e-3, random: { seed: 2 } }));
    m1 = modelCounts(run1);
    m2 = modelCounts(run2);
    cnpTotals = [m1.total, m2.total, ...[3, 4].map((seed) => modelCounts(runEvents(ns3IncastModel({ dcqcn: true, pfc: true, horizon: 31e-3, random: { seed } }))).total)];
  }, 120_000);

  it('CNPs over the run: the simulator\'s count is one the model draws (within two standard deviations of four seeds)', () => {
    // Measured: simulator 36,609; seeds 1–4 37,032, 37,234, 38,234, 38,157 (mean 37,664, sd 620);
    // eight seeds (30 ms) 35,703 to 39,849, mean 37,593, sd 1,296. A doubled α gain gave 45,776.
    // (Two seeds alone were the bound before: their difference, 200 to 450, is too noisy a spread.)
    expect(sim.total).toBe(36_609);
    // d3-array's deviation: the sample standard deviation (n − 1).
    expect(Math.abs(mean(cnpTotals)! - sim.total)).toBeLessThanOrEqual(2 * deviation(cnpTotals)!);
  });

  it('CNPs per sender: no further from the simulator than from another seed (RMS over the 31 senders)', () => {
    // Measured RMS: seed 1 against the simulator 20.8, seed 2 against it 15.0, seed 1 against seed 2
    // 20.2 (on about 1,180 CNPs a sender). 25 % margin: an RMS over 31 senders is itself uncertain by
    // about 1/√62 ≈ 13 %, and there are two of them.
    expect(rms(m1.cnps, sim.cnps)).toBeLessThanOrEqual(1.25 * rms(m1.cnps, m2.cnps));
    expect(rms(m2.cnps, sim.cnps)).toBeLessThanOrEqual(1.25 * rms(m1.cnps, m2.cnps));
  });

  it('rate increases, 3–25 ms: the simulator\'s count per ms, within the spread of two seeds', () => {
    // Measured: 11,631 (simulator), 11,619 and 11,661 (seeds 1, 2).
    expect(Math.abs(sum(m1.increases, 3, 25) - sum(sim.increases, 3, 25))).toBeLessThanOrEqual(Math.abs(sum(m1.increases, 3, 25) - sum(m2.increases, 3, 25)));
    // Ms by ms (about 525 a ms): the largest difference in any ms is 73 from the simulator and 78
    // between the two seeds (a burst of cuts across a ms boundary moves a stage of 31 increases);
    // bound: twice the seeds'.
    const worst = (a: number[], b: number[]) => Math.max(...a.slice(3, 25).map((x, k) => Math.abs(x - b[k + 3])));
    expect(worst(m1.increases, sim.increases)).toBeLessThanOrEqual(2 * worst(m1.increases, m2.increases));
  });

  it('rate increases, 25–30 ms, as the senders finish: their timers stop when they close, as in the simulator', () => {
    // Measured, 25–30 ms: 1,584 (simulator: 458, 456, 361, 236, 73 a ms), 1,610 (+1.6 %) and 1,755
    // (+10.8 %) for seeds 1 and 2, which differ by 9 %; the bound is the larger error plus that
    // spread (13.3 % and 7.1 % before the timers' grid, 2026-11-29). With the timers of finished senders running on (before they closed): 2,781 (+76 %),
    // about 560 every ms to the end.
    for (const m of [m1, m2]) {
      expect(Math.abs(sum(m.increases, 25, 30) / sum(sim.increases, 25, 30) - 1)).toBeLessThan(0.2);
      // The count falls as the senders finish: in the last ms a sixth of the 25th ms's in the
      // simulator, a quarter (25 %, 20 %) in the model; 104 % when timers ran on.
      expect(m.increases[29]).toBeLessThan(m.increases[25] / 3);
    }
  });

  it('rate cuts, 0–25 ms: within 7 % of the simulator\'s count', () => {
    // Measured: 1,376 (simulator), 1,393 (+1.2 %) and 1,440 (+4.7 %). The bound is the larger error
    // plus the seeds' spread (3.4 %).
    expect(sum(m1.cuts, 0, 6)).toBe(sum(sim.cuts, 0, 6)); // the episode: every sender's cuts, 310 in the first ms
    expect(Math.abs(sum(m1.cuts, 0, 25) / sum(sim.cuts, 0, 25) - 1)).toBeLessThan(0.07);
  });

  it('α of senders 0, 15 and 30: the simulator\'s to 0.001 until 5 ms, within the seeds\' spread after', () => {
    // Measured: equal to the 3 decimals of the trace at 3 and 5 ms (0.984, 0.855); at 10 and 20 ms
    // within 0.008 of the simulator (0.015 before the timers' grid), where two seeds differ by up to 0.018.
    for (const j of [0, 15, 30]) {
      for (const t of [0.5e-3, 3e-3, 5e-3]) expect(Math.abs(modelAlpha(run1, j, t) - sim.alpha(j, t))).toBeLessThan(1e-3);
      for (const t of [10e-3, 20e-3]) expect(Math.abs(modelAlpha(run1, j, t) - sim.alpha(j, t))).toBeLessThan(0.03);
    }
    expect(sim.alpha(0, 5e-3)).toBeCloseTo(0.855, 3);
  });

  it('with expected-value marks the first 20,298 CNPs reach the simulator\'s senders at its instants (to 1 ns)', () => {
    const r = runEvents(ns3IncastModel({ dcqcn: true, pfc: true, horizon: 31e-3, random: 'expected' }));
    const model = r.events.filter((e) => e.kind === 'cnp').map((e) => ({ t: (e.time - hop) * 1e9, j: e.flow })).sort((a, b) => a.t - b.t);
    let k = 0;
    while (k < model.length && k < sim.cnpTimes.length && model[k].j === sim.cnpSenders[k] && Math.abs(model[k].t - sim.cnpTimes[k]) <= 1) k += 1;
    expect(k).toBe(20_298);
  });
});

/**
 * Cross-package validation over the simulator's whole runs (30 ms for A2, 26 ms for A1), as
 * `ccalc run` + `ccalc compare` measure them (1 µs bins; the README's table), with the built-in
 * models (A2: seeded random marks, seed 1, as the simulator draws its marks at random). Goals of
 * issue 5 and what is measured (no constant fitted to the traces):
 * - switch backlog NRMSE ≤ 2 % of peak: A2 0.21 %, A1 0.002 %;
 * - peak backlog within 1 % and 5 µs; backlog clears within 2 %; cross-correlation lag 0 µs;
 * - aggregate arrival rate over 10 µs bins, NRMSE ≤ 5 % of line rate: A1 0.00 % (met: every one
 *   of its 10,974 PFC frames is sent within the simulator's 1 ns resolution, asserted below); A2
 *   10.4 % over the whole run, NOT met (the README explains why: after the congestion episode the
 *   marks are drawn at probability ≤ 1 %, and two random draws of the model differ by 11 %). A2 is
 *   held to where it is: measured 10.41 % with seed 1 (the run is deterministic for a seed), bound
 *   10.5 %, so that a change that makes it worse by a tenth of a point fails.
 * - A2's congestion episode (to 2.7 ms), where marks are certain once the queue passes K_max: with
 *   expected-value marks (which happen to agree with the simulator's few draws on the way up) the
 *   arrival rate matches to 0.00 %, and the 58 PFC pauses and the CNPs are the simulator's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runPathServer, ns3IncastModel, ns3IncastDelays, type EngineResult } from '@ccalc/cca';
import { modelSeries, runSummary } from '../packages/dcqcn-model/src/output.ts';
import { eventTimeErrors, type RunEventTimes } from '../packages/dcqcn-model/src/event-times.ts';
import { coarsen, compareWithTrace, seriesError } from '../packages/dcqcn-model/src/compare.ts';
import { readNs3Trace, type Ns3Trace } from '../packages/dcqcn-model/src/traces/ns3.ts';
import { skipWithoutTraces, validationTracesDir } from '../packages/dcqcn-model/src/traces/locate.ts';

interface Metrics {
  backlog: { nrmsePercent: number; peak_bytes: { error_percent: number }; peak_time_us: { error: number }; clears_at_us: { error_percent: number | null; model: number | null }; cross_correlation_lag_us: number };
  arrival_rate_10us: { nrmsePercent: number };
}

const cases = [
  { name: 'A2_dcqcn_pfc', dcqcn: true, horizon: 30e-3, arrivalBound: 10.5 },
  { name: 'A1_pfc_only', dcqcn: false, horizon: 26e-3, arrivalBound: 1 },
];

/** Every PAUSE and RESUME of a run against the simulator's, port by port: [frames, worst error (s)]. */
function compareFrames(result: EngineResult, trace: Ns3Trace): { frames: number; worst: number; sequencesEqual: boolean } {
  // The model's frame events are when a frame acts at the sender (in the switch's time frame: the
  // frame's delay plus the hop of the sender's packets); the trace has when the switch sent them.
  const delay = ns3IncastDelays.pauseToSender + ns3IncastDelays.toIngress;
  let frames = 0;
  let worst = 0;
  let sequencesEqual = true;
  for (let j = 0; j < 31; j++) {
    const sim = [...trace.pfc.time.keys()].filter((k) => trace.pfc.sender[k] === j).map((k) => ({ pause: trace.pfc.pause[k] === 1, time: trace.pfc.time[k] }));
    const model = result.events.filter((e) => e.flow === j && (e.kind === 'pfc-pause' || e.kind === 'pfc-resume')).map((e) => ({ pause: e.kind === 'pfc-pause', time: e.time - delay }));
    sequencesEqual &&= model.length === sim.length && model.every((f, k) => f.pause === sim[k].pause);
    model.forEach((f, k) => (worst = Math.max(worst, Math.abs(f.time - (sim[k]?.time ?? Infinity)))));
    frames += model.length;
  }
  return { frames, worst, sequencesEqual };
}

for (const c of cases) {
  describe.skipIf(skipWithoutTraces())(`${c.name}: the whole run against the simulator`, () => {
    let m: Metrics;
    let result: EngineResult;
    let trace: Ns3Trace;
    beforeAll(async () => {
      trace = await readNs3Trace(validationTracesDir(), c.name);
      result = runPathServer(ns3IncastModel({ dcqcn: c.dcqcn, pfc: true, horizon: c.horizon }));
      m = compareWithTrace(modelSeries(result), trace) as unknown as Metrics;
    }, 300_000);

    it('switch backlog NRMSE ≤ 2 % of the peak; peak within 1 % and 5 µs; no lag', () => {
      expect(m.backlog.nrmsePercent).toBeLessThan(2);
      expect(Math.abs(m.backlog.peak_bytes.error_percent)).toBeLessThan(1);
      expect(Math.abs(m.backlog.peak_time_us.error)).toBeLessThanOrEqual(5);
      expect(Math.abs(m.backlog.cross_correlation_lag_us)).toBeLessThanOrEqual(5);
    });

    it('the backlog clears within 2 % of the simulator\'s time', () => {
      expect(m.backlog.clears_at_us.model).not.toBeNull();
      expect(Math.abs(m.backlog.clears_at_us.error_percent!)).toBeLessThan(2);
    });

    it(`aggregate arrival rate over 10 µs bins: NRMSE ≤ ${c.arrivalBound} % of line rate (goal 5 %${c.dcqcn ? ', not met for A2' : ''})`, () => {
      expect(m.arrival_rate_10us.nrmsePercent).toBeLessThan(c.arrivalBound);
    });

    it.skipIf(c.dcqcn)('every sender\'s last byte reaches the receiver within 2 ns of the simulator\'s (ccalc compare\'s event times)', () => {
      const summary = { ...runSummary(result, 0), clock_us: { sender_to_switch: ns3IncastDelays.toIngress * 1e6, switch_to_receiver: ns3IncastDelays.toReceiver * 1e6 } };
      const done = eventTimeErrors(summary as RunEventTimes, trace).last_byte_at_receiver_us as { senders: number; max_abs_error: number };
      expect(done.senders).toBe(31);
      expect(done.max_abs_error).toBeLessThan(0.002); // µs; summary.json keeps times to the ns
    });

    it.skipIf(c.dcqcn)('every PAUSE and RESUME the switch sends, per port, within the simulator\'s 1 ns resolution', () => {
      const f = compareFrames(result, trace);
      expect(f.sequencesEqual).toBe(true);
      expect(f.worst).toBeLessThan(1.5e-9);
      expect(f.frames).toBe(10_974);
    });
  });
}

describe.skipIf(skipWithoutTraces())('A2_dcqcn_pfc: the congestion episode (to 2.7 ms) against the simulator', () => {
  let result: EngineResult;
  let trace: Ns3Trace;
  beforeAll(async () => {
    trace = await readNs3Trace(validationTracesDir(), 'A2_dcqcn_pfc');
    result = runPathServer(ns3IncastModel({ dcqcn: true, pfc: true, horizon: 3e-3, random: 'expected' }));
  }, 300_000);

  it('arrival rate over 10 µs bins within 1 % of line rate (NRMSE)', () => {
    // 1 µs bins to 2.7 ms, compared over 10 µs bins as ccalc compare does.
    const gbpsModel = modelSeries(result).arrivalGbps.subarray(0, 2700);
    const gbpsSim = Array.from(trace.bins.arrivalBytes.subarray(0, 2700), (bytes) => (bytes * 8) / trace.bins.binWidth / 1e9);
    expect(seriesError(coarsen(gbpsModel, 10), coarsen(gbpsSim, 10), 100).nrmsePercent).toBeLessThan(1);
  });

  it('the 58 PAUSE and RESUME frames, per port, within 1 ns; the same number of CNPs (to 0.1 %)', () => {
    const f = compareFrames(result, trace);
    expect(f.sequencesEqual).toBe(true);
    expect(f.worst).toBeLessThan(1.5e-9);
    expect(f.frames).toBe(116);
    const simCnps = [...trace.cnps.time].filter((t) => t < 2.7e-3).length;
    const modelCnps = result.events.filter((e) => e.kind === 'cnp' && e.time - ns3IncastDelays.toIngress < 2.7e-3).length;
    expect(Math.abs(modelCnps - simCnps) / simCnps).toBeLessThan(1e-3);
  });
});

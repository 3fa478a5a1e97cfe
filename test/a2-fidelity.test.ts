/**
 * Cross-package validation: the ns3-mlx model of the single-switch incast against the simulator's
 * A2 run (DCQCN + PFC) in ../shared/traces, over the first 3 ms (the whole congestion episode: the
 * backlog builds to its peak and clears at ~2.73 ms). No constant is fitted to the trace. Goals of
 * issue 5: switch-backlog NRMSE ≤ 2 % of peak, peak within 1 % and 5 µs, time the backlog clears
 * within 2 %. Measured (the same with seeds 1, 2 and 3: marks are certain in the episode):
 * NRMSE 0.0019 %, peak 0.0024 % at the same µs, clears at the same µs (2731 µs). The bounds are
 * those plus one packet (1048 B, 0.0035 % of the peak: the simulator's backlog leaves out the
 * packet being serialised, the model's counts it until it has left) and one 1 µs sample.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sample } from '@ccalc/curves';
import { runPathServer, ns3IncastModel } from '@ccalc/cca';
import { readNs3Trace } from '../packages/dcqcn-model/src/traces/ns3.ts';
import { skipWithoutTraces, validationTracesDir } from '../packages/dcqcn-model/src/traces/locate.ts';

describe.skipIf(skipWithoutTraces())('A2 (DCQCN + PFC): model vs simulator, 0–3 ms', () => {
  const horizon = 3e-3;
  const n = Math.floor(horizon / 1e-6);
  let times: number[], model: number[], sim: number[], peakSim: number, peakModel: number;
  beforeAll(async () => {
    const trace = await readNs3Trace(validationTracesDir(), 'A2_dcqcn_pfc');
    const result = runPathServer(ns3IncastModel({ dcqcn: true, pfc: true, horizon }));
    times = Array.from(trace.backlog.time.subarray(0, n));
    model = sample(result.backlog, times);
    sim = Array.from(trace.backlog.bytes.subarray(0, n));
    peakSim = Math.max(...sim);
    peakModel = Math.max(...model);
  });

  const packet = 1048 / 29.8e6; // one packet as a fraction of the peak

  it('switch backlog NRMSE within 0.0019 % + one packet of the peak (goal 2 %)', () => {
    const rmse = Math.sqrt(model.reduce((acc, x, k) => acc + (x - sim[k]) ** 2, 0) / n);
    expect(rmse / peakSim).toBeLessThan(0.000019 + packet);
  });

  it('peak backlog within 0.0024 % + one packet, at the same 1 µs sample (goal 1 % and 5 µs)', () => {
    expect(Math.abs(peakModel - peakSim) / peakSim).toBeLessThan(0.000024 + packet);
    expect(Math.abs(times[model.indexOf(peakModel)] - times[sim.indexOf(peakSim)])).toBeLessThanOrEqual(1e-6);
  });

  it('the backlog clears at the simulator\'s 1 µs sample (goal 2 %)', () => {
    const clearSim = times[sim.findIndex((x, k) => k > 200 && x === 0)];
    const clearModel = times[model.findIndex((x, k) => k > 200 && x <= 1048)]; // under one packet
    expect(Math.abs(clearModel - clearSim)).toBeLessThanOrEqual(1e-6 + 1e-12);
  });
});

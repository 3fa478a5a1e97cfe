/** A2 whole run with expected-value vs seeded random ECN marking: compare with the simulator. Run: npx tsx scripts/marking-experiment.ts */
import { averageRates, sample } from '@ccalc/curves';
import { runPathServer, ns3IncastModel } from '@ccalc/cca';
import { readNs3Trace } from '../packages/dcqcn-model/src/traces/ns3.ts';
import { validationTracesDir } from '../packages/dcqcn-model/src/traces/locate.ts';
import { compareWithTrace } from '../packages/dcqcn-model/src/compare.ts';

const trace = await readNs3Trace(validationTracesDir(), 'A2_dcqcn_pfc');
const horizon = 30e-3;
for (const random of ['expected', { seed: 1 }, { seed: 2 }] as const) {
  const t0 = performance.now();
  const r = runPathServer(ns3IncastModel({ dcqcn: true, pfc: true, horizon, random }));
  const n = Math.round(horizon / 1e-6);
  const binStart = Float64Array.from({ length: n }, (_, k) => k * 1e-6);
  const admitted = r.flows.map((f) => averageRates(f.admitted, 0, 1e-6, n));
  const model = {
    binStart,
    arrivalGbps: Float64Array.from({ length: n }, (_, k) => (admitted.reduce((s, a) => s + a[k], 0) * 8) / 1e9),
    departureGbps: Float64Array.from(averageRates(r.departures, 0, 1e-6, n), (x) => (x * 8) / 1e9),
    backlogBytes: Float64Array.from(sample(r.backlog, Array.from(binStart))),
  };
  const m = compareWithTrace(model, trace) as { backlog: { nrmsePercent: number }; arrival_rate_10us: { nrmsePercent: number } };
  console.log(`${JSON.stringify(random).padEnd(12)} compute ${((performance.now() - t0) / 1e3).toFixed(1)} s  backlog NRMSE ${m.backlog.nrmsePercent.toFixed(2)} %  arrivals(10 µs) NRMSE ${m.arrival_rate_10us.nrmsePercent.toFixed(2)} %  CNPs ${r.events.filter((e) => e.kind === 'cnp').length} (sim 36,609)`);
}

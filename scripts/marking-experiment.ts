/** A2 whole run with expected-value vs seeded random ECN marking: compare with the simulator. Run: npx tsx scripts/marking-experiment.ts */
import { runPathServer, ns3IncastModel } from '@ccalc/cca';
import { readNs3Trace } from '../packages/dcqcn-model/src/traces/ns3.ts';
import { validationTracesDir } from '../packages/dcqcn-model/src/traces/locate.ts';
import { coarsen, compareWithTrace, seriesError } from '../packages/dcqcn-model/src/compare.ts';
import { modelSeries } from '../packages/dcqcn-model/src/output.ts';

const trace = await readNs3Trace(validationTracesDir(), 'A2_dcqcn_pfc');
const horizon = 30e-3;
const seeded: number[][] = [];
for (const random of ['expected', { seed: 1 }, { seed: 2 }] as const) {
  const t0 = performance.now();
  const r = runPathServer(ns3IncastModel({ dcqcn: true, pfc: true, horizon, random }));
  // As `ccalc run` bins it (1 µs) and `ccalc compare` compares it.
  const model = modelSeries(r);
  const m = compareWithTrace(model, trace) as { backlog: { nrmsePercent: number }; arrival_rate_10us: { nrmsePercent: number } };
  if (random !== 'expected') seeded.push(coarsen(model.arrivalGbps, 10));
  console.log(`${JSON.stringify(random).padEnd(12)} compute ${((performance.now() - t0) / 1e3).toFixed(1)} s  backlog NRMSE ${m.backlog.nrmsePercent.toFixed(2)} %  arrivals(10 µs) NRMSE ${m.arrival_rate_10us.nrmsePercent.toFixed(2)} %  CNPs ${r.events.filter((e) => e.kind === 'cnp').length} (sim 36,609)`);
}
// Two random-marking runs of the model against each other: how far apart two draws of the same
// process are (NRMSE of the 100 Gb/s line rate over 10 µs bins).
const [a, b] = seeded;
console.log(`seed 1 against seed 2: arrivals(10 µs) NRMSE ${seriesError(a, b, 100).nrmsePercent!.toFixed(2)} %`);

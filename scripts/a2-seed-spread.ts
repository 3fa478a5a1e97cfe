/**
 * The simulator's A2 run (DCQCN + PFC, 30 ms) on the event engine with random-mark seeds 1..N,
 * each compared with the ns-3 trace as `ccalc compare` compares it: the whole-run arrival-rate
 * NRMSE (10 µs bins, % of line rate), the backlog NRMSE (% of peak), the CNPs, the rate increases
 * in 25–30 ms and the cuts in 0–25 ms (at the sender), then their means and standard deviations
 * over the seeds. How far one seed's figures may move without the model changing: a change of the
 * model's rules is judged against this spread, not against seed 1 alone (BENCHMARKS.md, twelfth
 * session). About 3 s a seed.
 *   npx tsx scripts/a2-seed-spread.ts [N = 8]
 */
import { deviation, mean } from 'd3-array';
import { runEvents, ns3IncastModel, ns3IncastDelays } from '@ccalc/cca';
import { modelSeries } from '../packages/dcqcn-model/src/output.ts';
import { compareWithTrace } from '../packages/dcqcn-model/src/compare.ts';
import { readNs3Trace } from '../packages/dcqcn-model/src/traces/ns3.ts';
import { validationTracesDir } from '../packages/dcqcn-model/src/traces/locate.ts';

const seeds = Number(process.argv[2] ?? 8);
if (!(Number.isInteger(seeds) && seeds >= 2)) throw new Error(`seeds: a whole number ≥ 2, not ${process.argv[2]}`);
const trace = await readNs3Trace(validationTracesDir(), 'A2_dcqcn_pfc');
const hop = ns3IncastDelays.toIngress;
const columns = ['arrival NRMSE %', 'backlog NRMSE %', 'CNPs', 'increases 25–30 ms', 'cuts 0–25 ms'];
const rows: number[][] = [];
console.log(['seed', ...columns].join('\t'));
for (let seed = 1; seed <= seeds; seed++) {
  const r = runEvents(ns3IncastModel({ dcqcn: true, pfc: true, horizon: 30e-3, random: { seed } }));
  const m = compareWithTrace(modelSeries(r), trace) as { arrival_rate_10us: { nrmsePercent: number }; backlog: { nrmsePercent: number } };
  let cnps = 0;
  let increases = 0;
  let cuts = 0;
  for (const e of r.events) {
    if (e.kind === 'cnp') cnps += 1;
    const ms = (e.time - hop) * 1e3;
    if (ms >= 25 && ms < 30 && e.after.rate > e.before.rate) increases += 1;
    if (ms < 25 && e.after.rate < e.before.rate) cuts += 1;
  }
  const row = [m.arrival_rate_10us.nrmsePercent, m.backlog.nrmsePercent, cnps, increases, cuts];
  rows.push(row);
  console.log([seed, ...row.map((x) => (Number.isInteger(x) ? String(x) : x.toFixed(3)))].join('\t'));
}
console.log(['mean ± sd', ...columns.map((_, k) => `${mean(rows, (r) => r[k])!.toFixed(2)} ± ${deviation(rows, (r) => r[k])!.toFixed(2)}`)].join('\t'));

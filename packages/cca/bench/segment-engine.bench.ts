/**
 * The segment engine on the ns-3 TCP Vegas run (traces/ns3-vegas, B1: 5 ms, 33,033 segments
 * delivered): compute time cold (the first run in this process) and warm (median of runs 2–9),
 * without and with building every result curve, and the peak RSS. The simulator's own record is
 * its wall clock, 0.39 s (traces/ns3-vegas/runs.json).
 * Run: npx tsx packages/cca/bench/segment-engine.bench.ts
 */
import { runSegments, vegasNs3Model } from '../src/index.ts';

const model = vegasNs3Model();
const compute: number[] = [];
const withCurves: number[] = [];
for (let k = 0; k < 9; k++) {
  const t0 = performance.now();
  const r = runSegments(model);
  const t1 = performance.now();
  void r.backlog;
  for (const f of r.flows) void [f.admitted, f.sent, f.delivered];
  void [r.tcp!.sourceQueues, r.tcp!.switchQueue, r.tcp!.unsent];
  compute.push(t1 - t0);
  withCurves.push(performance.now() - t0);
}
const median = (x: number[]): number => [...x].sort((a, b) => a - b)[Math.floor(x.length / 2)];
const ms = (x: number): string => `${x.toFixed(1)} ms`;
console.log(`B1 Vegas, 5 ms: compute cold ${ms(compute[0])}, warm ${ms(median(compute.slice(1)))}; with every curve cold ${ms(withCurves[0])}, warm ${ms(median(withCurves.slice(1)))}`);
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; simulator 0.39 s wall, 24 MiB`);

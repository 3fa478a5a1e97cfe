/**
 * Benchmarks of the path-server engine. Run: `npm run bench:cca` (figures on stdout).
 * "cold" is the first run in a fresh process (module load and JIT included), "warm" the median of
 * up to seven further runs (within a 20 s budget).
 */
import os from 'node:os';
import { rate, step } from '@ccalc/curves';
import { aimdFairnessModel, aimdRate, runPathServer, vegasModel, type PathServerModel } from '../src/index.ts';

function measure(label: string, build: () => PathServerModel, warmRuns = 7, budgetMs = 20_000): void {
  let t0 = performance.now();
  const first = runPathServer(build());
  const cold = performance.now() - t0;
  const warm: number[] = [];
  for (let k = 0; k < warmRuns && cold * (k + 1) < budgetMs; k++) {
    t0 = performance.now();
    runPathServer(build());
    warm.push(performance.now() - t0);
  }
  warm.sort((a, b) => a - b);
  const w = warm.length > 0 ? warm[Math.floor(warm.length / 2)] : Number.NaN;
  const events = first.stats.events;
  console.log(
    `${label.padEnd(44)} cold ${cold.toFixed(1).padStart(8)} ms   warm ${Number.isNaN(w) ? '     n/a' : w.toFixed(1).padStart(8)} ms   ${String(events).padStart(7)} events   ${String(first.stats.windows).padStart(6)} windows   ${((events / (Number.isNaN(w) ? cold : w)) * 1000).toFixed(0).padStart(8)} events/s`,
  );
}

/** N greedy AIMD flows (initial rates 0.6–1.2 × C/N) through a 100 Gb/s server for 10 ms. */
function aimdFlows(n: number): PathServerModel {
  const C = 12.5e9;
  return {
    service: rate(C),
    flows: Array.from({ length: n }, (_, j) => ({
      arrivals: step(1e12, 0),
      cca: aimdRate({ initialRate: (C / n) * (0.6 + (0.6 * j) / Math.max(1, n - 1)), increase: 12.5e6, decrease: 0.8, increaseInterval: 30e-6, timeout: 100e-6 }),
    })),
    horizon: 10e-3,
    feedbackDelay: 20e-6,
  };
}

console.log(`@ccalc/cca engine benchmarks — node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}`);
console.log('');
measure('AIMD fairness, 2 flows, 50 ms (§IV-B)', () => aimdFairnessModel());
measure('TCP Vegas (paper, Alg. 3), 5 ms (§III-E)', () => vegasModel('paper'));
measure('TCP Vegas (ns-3 semantics), 5 ms (§III-E)', () => vegasModel('ns3'));
for (const n of process.argv.includes('--quick') ? [1, 10] : [1, 10, 100, 1000]) measure(`AIMD, ${n} flow${n > 1 ? 's' : ''}, 10 ms`, () => aimdFlows(n), n >= 1000 ? 0 : 3);

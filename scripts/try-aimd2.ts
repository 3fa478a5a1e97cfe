import { rate, step } from '@ccalc/curves';
import { runPathServer, aimdRate } from '@ccalc/cca';
const Gbps = 1e9 / 8;
const mk = (r: number) => aimdRate({ initialRate: r * Gbps, increase: 0.1 * Gbps, decrease: 0.8, increaseInterval: 30e-6, timeout: 100e-6 });
for (let k = 0; k < 3; k++) {
  const t0 = performance.now();
  const res = runPathServer({ service: rate(100 * Gbps), flows: [{ arrivals: step(1e12, 0), cca: mk(60) }, { arrivals: step(1e12, 0), cca: mk(90) }], horizon: 0.05, feedbackDelay: 20e-6 });
  console.log('run', k, 'ms', (performance.now() - t0).toFixed(1), res.stats);
}

import { rate, add, fromPackets } from '@ccalc/curves';
import { runPathServer, vegas } from '@ccalc/cca';
const Gbps = 1e9 / 8;
const times = [0], sizes = [4e6];
for (let t = 1e-3; t < 5e-3 - 1e-12; t += 0.5e-3) { times.push(t); sizes.push(1.5e6); }
const A = add(fromPackets(times, sizes), rate(50 * Gbps));
for (let k = 0; k < 2; k++) { const t0 = performance.now(); runPathServer({ service: rate(100 * Gbps), flows: [{ arrivals: A, cca: vegas({ initialWindow: 1500, packetSize: 1500, variant: 'paper' }) }], horizon: 5e-3, feedbackDelay: 20e-6 }); console.log((performance.now() - t0).toFixed(1)); }

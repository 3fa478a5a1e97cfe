import { rate, add, fromPackets, step, Curve } from '@ccalc/curves';
import { runPathServer, vegas } from '@ccalc/cca';
const Gbps = 1e9 / 8;
// 4 MB burst at 0, then 50 Gb/s, plus 1.5 MB bursts every 0.5 ms from 1 ms.
const times = [0], sizes = [4e6];
for (let t = 1e-3; t < 5e-3 - 1e-12; t += 0.5e-3) { times.push(t); sizes.push(1.5e6); }
const A = add(fromPackets(times, sizes), rate(50 * Gbps));
for (const variant of ['paper', 'ns3'] as const) {
  const t0 = performance.now();
  const res = runPathServer({ service: rate(100 * Gbps), flows: [{ arrivals: A, cca: vegas({ initialWindow: 1500, packetSize: 1500, variant }) }], horizon: 5e-3, feedbackDelay: 20e-6 });
  const w = res.flows[0].state.window;
  console.log(variant, 'ms', (performance.now() - t0).toFixed(1), res.stats, 'window changes', w.time.length);
  const show = (t: number) => { let k = 0; while (k + 1 < w.time.length && w.time[k + 1] <= t) k++; return (w.value[k] / 1e3).toFixed(1); };
  console.log(' window kB at', [0.1e-3, 0.3e-3, 0.5e-3, 1e-3, 1.2e-3, 2e-3, 3e-3, 4.9e-3].map(t => `${t*1e3}ms:${show(t)}`).join(' '));
  console.log(' backlog kB at', [0.1e-3, 0.3e-3, 0.5e-3, 1e-3, 1.01e-3, 1.05e-3, 1.2e-3, 1.49e-3, 4.9e-3].map(t => `${t*1e3}ms:${(res.backlog.at(t)/1e3).toFixed(1)}`).join(' '));
  const kinds: Record<string, number> = {}; for (const e of res.events) kinds[e.kind] = (kinds[e.kind] ?? 0) + 1; console.log(kinds);
  console.log(' slow start exit', res.events.find(e => e.kind === 'window-change' && e.after.window < e.before.window)?.time);
}
{
  const res = runPathServer({ service: rate(100 * Gbps), flows: [{ arrivals: A, cca: vegas({ initialWindow: 1500, packetSize: 1500, variant: 'ns3' }) }], horizon: 1.2e-3, feedbackDelay: 20e-6 });
  console.log(res.events.slice(0, 40).map(e => `${(e.time*1e6).toFixed(2)} ${e.kind} W ${(e.before.window/1e3).toFixed(1)}->${(e.after.window/1e3).toFixed(1)} rtt ${(e.after.rtt*1e6).toFixed(3)}`).join('\n'));
}

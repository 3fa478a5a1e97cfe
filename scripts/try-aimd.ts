import { rate, step } from '@ccalc/curves';
import { runPathServer, aimdRate } from '@ccalc/cca';
const Gbps = 1e9 / 8;
const mk = (r: number) => aimdRate({ initialRate: r * Gbps, increase: 0.1 * Gbps, decrease: 0.8, increaseInterval: 30e-6, timeout: 100e-6 });
const horizon = Number(process.argv[2] ?? 2e-3);
const t0 = performance.now();
const res = runPathServer({ service: rate(100 * Gbps), flows: [{ arrivals: step(1e12, 0), cca: mk(60) }, { arrivals: step(1e12, 0), cca: mk(90) }], horizon, feedbackDelay: 20e-6 });
console.log('ms', (performance.now() - t0).toFixed(1), res.stats);
for (const f of res.flows) { const s = f.state.rate; console.log(f.name, 'changes', s.time.length, 'last', (s.value[s.value.length - 1] / Gbps).toFixed(2), 'Gbps'); }
console.log(res.events.slice(0, 12).map(e => `${(e.time*1e6).toFixed(2)}us f${e.flow} ${e.kind} ${JSON.stringify(e.after)}`).join('\n'));
const kinds: Record<string, number> = {}; for (const e of res.events) kinds[e.kind] = (kinds[e.kind] ?? 0) + 1; console.log(kinds);
console.log(res.events.filter(e => e.kind === 'timeout').slice(0, 20).map(e => `${(e.time*1e6).toFixed(2)}us f${e.flow} ${(e.before.rate/Gbps).toFixed(2)}->${(e.after.rate/Gbps).toFixed(2)}`).join('\n'));

import { runEvents, ns3IncastModel } from '@ccalc/cca';
const which = process.argv[2] ?? 'A2';
const m = ns3IncastModel({ dcqcn: which !== 'A1', pfc: which !== 'A3', horizon: 30e-3 });
for (let k = 0; k < 4; k++) { const t0 = performance.now(); const r = runEvents(m); console.log((performance.now() - t0).toFixed(1), 'ms', r.events.length); }

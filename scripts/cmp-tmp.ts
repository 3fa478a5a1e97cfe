import { runPathServer, runEvents, ns3IncastModel } from '@ccalc/cca';
const which = process.argv[2] ?? 'A1';
const h = Number(process.argv[3] ?? 200e-6);
const m = ns3IncastModel({ dcqcn: which !== 'A1', pfc: which !== 'A3', horizon: h });
let t0 = performance.now();
const ev = runEvents(m);
const tev = performance.now() - t0;
t0 = performance.now();
const cu = runPathServer(m);
const tcu = performance.now() - t0;
console.log('events', ev.events.length, tev.toFixed(1), 'ms; curves', cu.events.length, tcu.toFixed(1), 'ms');
const key = (e: any) => `${e.flow} ${e.kind}`;
const sortE = (es: any[]) => [...es].map((e, i) => ({ ...e, i })).sort((a, b) => a.flow - b.flow || a.time - b.time || a.i - b.i);
const A = sortE(ev.events), B = sortE(cu.events);
let worst = 0, mism = 0;
for (let k = 0; k < Math.max(A.length, B.length); k++) {
  const a = A[k], b = B[k];
  if (!a || !b || key(a) !== key(b)) { if (mism++ < 5) console.log('mismatch', k, a && [a.time, a.flow, a.kind], b && [b.time, b.flow, b.kind]); continue; }
  worst = Math.max(worst, Math.abs(a.time - b.time));
}
console.log('worst time diff', worst, 'mismatches', mism);
const kinds = (es: any[]) => { const m: Record<string, number> = {}; for (const e of es) m[e.kind] = (m[e.kind] ?? 0) + 1; return m; };
console.log(kinds(ev.events), kinds(cu.events));
// backlog at breakpoints of both
let bw = 0;
for (const c of [cu.backlog, ev.backlog]) for (let i = 0; i < c.t.length; i += Math.max(1, Math.floor(c.t.length / 20000))) { const t = c.t[i]; bw = Math.max(bw, Math.abs(cu.backlog.at(t) - ev.backlog.at(t)), Math.abs(cu.backlog.rightLimit(t) - ev.backlog.rightLimit(t))); }
console.log('backlog worst diff (bytes)', bw);

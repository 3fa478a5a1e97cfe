import { runPathServer, runEvents, ns3IncastModel } from '@ccalc/cca';
const h = Number(process.argv[2] ?? 2e-3);
const m = ns3IncastModel({ dcqcn: true, pfc: true, horizon: h });
const ev = runEvents(m);
const cu = runPathServer(m);
const s = (x: any[]) => [...x].sort((a, b) => a.marked - b.marked || a.flow - b.flow);
const A = s(ev.notifications), B = s(cu.notifications);
console.log(A.length, B.length);
for (let k = 0; k < Math.min(A.length, B.length); k++) {
  if (A[k].flow !== B[k].flow || Math.abs(A[k].marked - B[k].marked) > 1e-12) { console.log('first diff', k, A[k], B[k], A[k-1], B[k-1]); break; }
}
// compare per-flow dequeue: delivered curves at some times
for (const j of [0, 1]) {
  let w = 0, wt = 0;
  const c = cu.flows[j].delivered;
  for (let i = 0; i < c.t.length; i++) { const d = Math.abs(c.at(c.t[i]) - ev.flows[j].delivered.at(c.t[i])); if (d > w) { w = d; wt = c.t[i]; } }
  console.log('flow', j, 'delivered worst', w, 'at', wt);
  const a = cu.flows[j].admitted; let wa = 0, wat = 0;
  for (let i = 0; i < a.t.length; i++) { const d = Math.abs(a.at(a.t[i]) - ev.flows[j].admitted.at(a.t[i])); if (d > wa) { wa = d; wat = a.t[i]; } }
  console.log('flow', j, 'admitted worst', wa, 'at', wat);
}

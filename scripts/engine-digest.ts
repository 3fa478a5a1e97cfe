/**
 * A digest of everything the engine computes for the simulator's incast: every event (time, flow,
 * kind), every notification (flow, mark and send times) and every flow's departure curve. A change
 * meant to leave results alone (a speed-up, a refactor) must leave the digest unchanged.
 * Usage: npx tsx scripts/engine-digest.ts A1|A2 [horizon in s, default the whole run]
 */
import { createHash } from 'node:crypto';
import { runPathServer, ns3IncastModel } from '@ccalc/cca';

const label = process.argv[2];
if (label !== 'A1' && label !== 'A2') {
  console.error('usage: engine-digest.ts A1|A2 [horizon s]');
  process.exit(2);
}
const horizon = Number(process.argv[3] ?? (label === 'A1' ? 0.0261 : 0.03));
if (!(horizon > 0)) {
  console.error(`engine-digest.ts: horizon: expected a duration in seconds > 0, got ${process.argv[3]}`);
  process.exit(2);
}
const t0 = performance.now();
const r = runPathServer(ns3IncastModel({ dcqcn: label === 'A2', pfc: true, horizon }));
const ms = performance.now() - t0;
const h = createHash('sha256');
for (const e of r.events) h.update(`${e.time},${e.flow},${e.kind};`);
for (const n of r.notifications) h.update(`${n.flow},${n.marked},${n.sent};`);
for (const f of r.flows) h.update(`${f.delivered.t.join(',')}|${f.delivered.v.join(',')}|${f.delivered.r.join(',')};`);
console.log(`${label} ${horizon} s: digest ${h.digest('hex').slice(0, 16)}  (${r.stats.windows} windows, ${r.stats.events} events, ${ms.toFixed(0)} ms)`);

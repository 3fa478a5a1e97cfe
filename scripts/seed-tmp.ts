import { runEvents, runPathServer } from '@ccalc/cca';
import { randomPacketModel } from '../packages/cca/src/test-support/random-models.ts';
const seed = Number(process.argv[2]);
const m = randomPacketModel(seed);
const which = process.argv[3] ?? 'both';
console.log(JSON.stringify({ n: m.flows.length, cca: m.flows[0].cca.name, ecn: m.ecn, pfc: m.pfc, horizon: m.horizon }));
if (which !== 'curves') { const t0 = performance.now(); const r = runEvents(m); console.log('events', r.events.length, (performance.now() - t0).toFixed(0), 'ms'); }
if (which !== 'events') { const t0 = performance.now(); const r = runPathServer(m); console.log('curves', r.events.length, (performance.now() - t0).toFixed(0), 'ms'); }

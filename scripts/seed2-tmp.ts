import { runEvents } from '@ccalc/cca';
import { randomPacketModel } from '../packages/cca/src/test-support/random-models.ts';
const m = randomPacketModel(Number(process.argv[2]));
let last = 0, same = 0;
const r = runEvents(m, { onProgress: (t) => { if (t === last) { same++; if (same > 3) { console.log('stuck at', t); process.exit(1); } } last = t; console.log('progress', t); } });
console.log(r.events.length);

import { runPathServer, ns3IncastModel } from '@ccalc/cca';
const [label, horizon, packets] = [process.argv[2], Number(process.argv[3]), process.argv[4] !== 'fluid'];
const model = ns3IncastModel({ dcqcn: label !== 'A1', pfc: true, horizon });
if (!packets) delete (model as { packets?: unknown }).packets;
const t0 = performance.now();
const r = runPathServer(model);
const ms = performance.now() - t0;
console.log(label, 'horizon', horizon, packets ? 'packets' : 'fluid', 'compute ms', ms.toFixed(0), r.stats, 'backlog at end', r.backlog.at(horizon).toFixed(0), 'heap MB', (process.memoryUsage().heapUsed / 1e6).toFixed(0));

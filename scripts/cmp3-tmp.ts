import { runPathServer, runEvents, ns3IncastModel } from '@ccalc/cca';
import { upperPseudoInverseAt } from '@ccalc/curves';
const h = 1.75e-3;
const m = ns3IncastModel({ dcqcn: true, pfc: true, horizon: h });
const ev = runEvents(m);
const cu = runPathServer(m);
const t = 0.0017201392;
for (const [name, r] of [['ev', ev], ['cu', cu]] as const) {
  for (const j of [11, 13]) {
    const level = r.flows[j].delivered.at(t + 1e-9) ;
    const lvl = Math.floor(level / 1048) * 1048;
    const arr = upperPseudoInverseAt(r.flows[j].sent, lvl, true);
    const prev = upperPseudoInverseAt(r.flows[j].sent, lvl - 1048, true);
    const deq = upperPseudoInverseAt(r.flows[j].delivered, lvl, true);
    console.log(name, j, 'pkt', lvl / 1048, 'arrived', arr, 'prev arrival', prev, 'gap', (arr - prev) / (1048 / 12.5e9), 'deq', deq);
  }
}

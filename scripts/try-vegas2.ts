import { rate, add, fromPackets, lowerPseudoInverseAt, findDecrease } from '@ccalc/curves';
import { runPathServer, vegas } from '@ccalc/cca';
const Gbps = 1e9 / 8;
const A = add(fromPackets([0], [4e6]), rate(50 * Gbps));
const res = runPathServer({ service: rate(100 * Gbps), flows: [{ arrivals: A, cca: vegas({ initialWindow: 1500, packetSize: 1500, variant: 'ns3' }) }], horizon: 0.25e-3, feedbackDelay: 20e-6 });
const Ah = res.flows[0].admitted, D = res.flows[0].delivered;
console.log('decrease A', findDecrease(Ah), 'decrease D', findDecrease(D));
for (const t of [180e-6, 190e-6, 200e-6, 210e-6, 220e-6]) console.log(t, 'A', Ah.at(t), 'D', D.at(t), 'D<=A', D.at(t) <= Ah.at(t) + 1e-6);
const y0 = D.at(195.44e-6 - 20e-6), y1 = D.at(221.77e-6 - 20e-6);
console.log('y range', y0, y1);
for (let k = 0; k <= 10; k++) { const y = y0 + (y1 - y0) * k / 10 + 1e-3; console.log(y.toFixed(0), ((lowerPseudoInverseAt(D, y) + 20e-6 - lowerPseudoInverseAt(Ah, y)) * 1e6).toFixed(3)); }

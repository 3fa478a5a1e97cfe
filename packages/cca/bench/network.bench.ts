/**
 * The network engine (runNetwork) beside the event engine (runEvents), side by side in one
 * process, runs alternating: the simulator's A2 incast (31 senders, DCQCN + PFC, to completion) as
 * one port and as a tandem of three ports (the bottleneck first, then two ports twice as fast: three
 * times the packets); then the QCN/ECM/SONAR slides' networks for 100 ms. Cold is the first run,
 * warm the median of runs 2–5. Prints the figures for BENCHMARKS.md.
 * Run: npx tsx packages/cca/bench/network.bench.ts
 */
import { inputHotspotNetwork, ns3IncastModel, parkingLotNetwork, runEvents, runNetwork, type NetworkModel } from '../src/index.ts';

const a2 = ns3IncastModel({ horizon: 0.031 });
/** A2 as a network: its port, then `extra` ports each twice as fast, 1 µs apart. */
function tandem(extra: number): NetworkModel {
  const C = a2.service.s.at(-1)!;
  const ports = Array.from({ length: extra + 1 }, (_, k) => ({ switch: k, rate: C * 2 ** k, ...(k === 0 ? { ecn: a2.ecn } : {}), ...(k < extra ? { next: { switch: k + 1, delay: 1e-6 } } : {}) }));
  return { switches: ports.map((_, k) => (k === 0 ? { pfc: a2.pfc } : {})), ports, flows: a2.flows.map((f) => ({ ...f, route: ports.map((_, k) => k) })), horizon: a2.horizon, feedbackDelay: a2.feedbackDelay, packets: a2.packets! };
}

const cases: { label: string; run: () => { events: number; packets: number } }[] = [
  { label: 'A2, runEvents', run: () => ({ events: runEvents(a2, { untilComplete: true }).events.length, packets: 0 }) },
  { label: 'A2, runNetwork, 1 port', run: () => count(runNetwork(tandem(0), { untilComplete: true })) },
  { label: 'A2, runNetwork, 3 ports', run: () => count(runNetwork(tandem(2), { untilComplete: true })) },
  { label: 'slides: input hotspot, QCN, 100 ms', run: () => count(runNetwork(inputHotspotNetwork({ horizon: 0.1 }))) },
  { label: 'slides: input hotspot, PAUSE only, 100 ms', run: () => count(runNetwork(inputHotspotNetwork({ horizon: 0.1, control: 'none', pause: true }))) },
  { label: 'slides: parking lot, QCN, 100 ms', run: () => count(runNetwork(parkingLotNetwork({ horizon: 0.1 }))) },
];
function count(r: ReturnType<typeof runNetwork>): { events: number; packets: number } {
  return { events: r.events.length, packets: r.stats.packets };
}

const times = cases.map(() => [] as number[]);
const sizes = cases.map(() => ({ events: 0, packets: 0 }));
for (let rep = 0; rep < 5; rep++) {
  cases.forEach((c, k) => {
    const t0 = performance.now();
    sizes[k] = c.run();
    times[k].push(performance.now() - t0);
  });
}
const median = (x: number[]): number => [...x].sort((a, b) => a - b)[Math.floor(x.length / 2)];
for (const [k, c] of cases.entries()) {
  console.log(`${c.label}: cold ${times[k][0].toFixed(0)} ms, warm ${median(times[k].slice(1)).toFixed(0)} ms (runs ${times[k].map((t) => t.toFixed(0)).join(', ')}); ${sizes[k].events} events${sizes[k].packets > 0 ? `, ${sizes[k].packets} transmissions` : ''}`);
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);

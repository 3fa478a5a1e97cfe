/**
 * `npm start` (until the case study lands): a what-if with exact curves. 31 senders each push a
 * 10 MB burst (10,000 packets of 1048 B on the wire) at line rate into one 100 Gb/s switch port,
 * with no flow or congestion control. Prints the exact peak backlog and worst delay, and writes a
 * plot of arrivals, departures and backlog to out/curves-demo.{svg,png}.
 */
import { add, constant, convolve, curveChart, horizontalDeviation, min, rate, subtract, verticalDeviation, lowerPseudoInverseAt, type Curve } from '@ccalc/curves';
import { renderChart } from '@ccalc/dcqcn-model/render';

const C = 100e9 / 8; // 100 Gb/s in bytes/s
const burst = 10_000 * 1048; // bytes on the wire per sender
const senders = 31;

const t0 = performance.now();
const one: Curve = min(rate(C), constant(burst)); // one sender at line rate until its burst is out
let A: Curve = one;
for (let k = 1; k < senders; k++) A = add(A, one); // aggregate arrivals at the port
const D = convolve(A, rate(C)); // exact departures: the port is a fluid FIFO server of rate C
const B = subtract(A, D);
const peak = verticalDeviation(A, D);
const delay = horizontalDeviation(A, D);
const drained = lowerPseudoInverseAt(D, senders * burst);
const ms = performance.now() - t0;

const row = (label: string, value: string): void => console.log(`  ${label.padEnd(34)} ${value}`);
console.log(`31 × 10 MB incast into one 100 Gb/s port, no congestion control (exact curves, ${ms.toFixed(1)} ms)`);
row('aggregate offered load', `${((senders * C * 8) / 1e9).toFixed(0)} Gb/s for ${((burst / C) * 1e6).toFixed(1)} µs`);
row('peak backlog  v(A, D)', `${(peak / 1e6).toFixed(2)} MB at ${((burst / C) * 1e6).toFixed(1)} µs`);
row('worst delay   h(A, D)', `${(delay * 1e3).toFixed(3)} ms`);
row('port drained at  D↓(total)', `${(drained * 1e3).toFixed(3)} ms`);
row('breakpoints in A, D, B', `${A.size}, ${D.size}, ${B.size}`);

const end = 30e-3;
const { png } = await renderChart(
  curveChart(
    [
      { label: 'arrivals A(t)', curve: A },
      { label: 'departures D(t) = A ⊗ λ_C', curve: D },
      { label: 'backlog A(t) − D(t)', curve: B },
    ],
    { end, xScale: 1e3, yScale: 1e-6, xTitle: 'time (ms)', yTitle: 'data (MB)', title: '31 × 10 MB burst into a 100 Gb/s port' },
  ),
  'out/curves-demo',
);
console.log(`\nplot written to ${png} (and .svg)`);

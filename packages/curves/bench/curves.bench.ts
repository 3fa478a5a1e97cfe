/**
 * Benchmarks of @ccalc/curves. Run: `npm run bench` (tsx, no test runner; figures on stdout).
 * Each line: operation, input size n (segments per curve), time per call, and throughput.
 */
import os from 'node:os';
import {
  convolveGeneral,
  convolveWithRate,
  convolveWithRateLatency,
  convolveWithDelay,
  convolveConvex,
  convolveConcave,
  deconvolve,
  lowerPseudoInverse,
  upperPseudoInverse,
  lowerPseudoInverseAt,
  compose,
} from '../src/index.ts';
import { randomConcave, randomConvex, randomCumulative } from './random.ts';

function time(fn: () => unknown, minMs = 300, maxRuns = 1000): number {
  fn(); // warm-up
  const runs: number[] = [];
  const start = performance.now();
  while ((performance.now() - start < minMs && runs.length < maxRuns) || runs.length < 3) {
    const t0 = performance.now();
    fn();
    runs.push(performance.now() - t0);
    if (runs.length === 1 && runs[0] > 5 * minMs) break; // a single slow run is enough
  }
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)];
}

function fmtMs(ms: number): string {
  return ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : ms < 1000 ? `${ms.toFixed(2)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function report(label: string, n: number, ms: number, work: number, unit: string): void {
  const rate = work / (ms / 1000);
  const perSecond = rate >= 1e6 ? `${(rate / 1e6).toFixed(1)} M` : rate >= 1e3 ? `${(rate / 1e3).toFixed(1)} k` : rate.toFixed(1);
  console.log(`${label.padEnd(38)} n=${String(n).padEnd(8)} ${fmtMs(ms).padStart(10)}   ${perSecond} ${unit}/s`);
}

/** Each section takes its list of sizes; `--large` runs only the general algorithms at large n. */
const large = process.argv.includes('--large');
const sizes = (normal: number[], big: number[] = []): number[] => (large ? big : normal);

console.log(`@ccalc/curves benchmarks — node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}${large ? ' (--large)' : ''}`);
console.log('');

for (const n of sizes([10, 100, 1_000, 10_000, 100_000, 1_000_000])) {
  const f = randomCumulative(n, 1);
  report('convolve with rate (fluid queue)', n, time(() => convolveWithRate(f, 7)), n, 'segments');
}
for (const n of sizes([10, 1_000, 100_000, 1_000_000])) {
  const f = randomCumulative(n, 2);
  report('convolve with rate-latency', n, time(() => convolveWithRateLatency(f, 7, 0.5)), n, 'segments');
  report('convolve with pure delay', n, time(() => convolveWithDelay(f, 0.5)), n, 'segments');
}
for (const n of sizes([10, 100, 1_000, 10_000, 100_000])) {
  const f = randomConvex(n, 3);
  const g = randomConvex(n, 4);
  report('convolve convex ⊗ convex', n, time(() => convolveConvex(f, g)), 2 * n, 'segments');
  const p = randomConcave(n, 5);
  const q = randomConcave(n, 6);
  report('convolve concave ⊗ concave', n, time(() => convolveConcave(p, q)), 2 * n, 'segments');
}
for (const n of sizes([10, 100, 300, 1_000], [3_000, 10_000])) {
  const f = randomCumulative(n, 7);
  const g = randomCumulative(n, 8);
  report('convolve general (non-convex, jumps)', n, time(() => convolveGeneral(f, g), 300, 20), n * n, 'segment pairs');
}
for (const n of sizes([10, 100, 300])) {
  const f = randomCumulative(n, 9);
  const g = randomConvex(n, 10);
  report('deconvolve general', n, time(() => deconvolve(f, g), 300, 20), n * n, 'segment pairs');
}
for (const n of sizes([10, 1_000, 100_000, 1_000_000])) {
  const f = randomCumulative(n, 11);
  report('lower pseudo-inverse (curve)', n, time(() => lowerPseudoInverse(f)), n, 'segments');
  report('upper pseudo-inverse (curve)', n, time(() => upperPseudoInverse(f)), n, 'segments');
  const top = f.at(f.lastBreakpoint);
  const levels = Array.from({ length: 1000 }, (_, k) => (top * k) / 1000);
  report('lower pseudo-inverse at a point', n, time(() => levels.forEach((y) => lowerPseudoInverseAt(f, y, true))) / 1000, 1, 'evaluations');
  const g = convolveWithRate(f, 7);
  report('compose f ∘ g', n, time(() => compose(f, g)), 2 * n, 'segments');
}

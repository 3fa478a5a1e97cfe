/**
 * UPP convolution and sub-additive closure: time and result size against the pattern's size, for
 * equal periods and for co-prime ones (the common period multiplies the work). Inputs: seeded
 * non-decreasing patterns of n segments (a jump at every fourth breakpoint), period n time units,
 * the same growth rate; the closure of one pattern (to 200 segments: beyond, its candidates grow too
 * long, see BENCHMARKS.md), and of the minimum of two with co-prime periods.
 *   npx tsx packages/curves/bench/upp.bench.ts [max n = 1000]
 */
import { Curve, CurveBuilder, UppCurve, convolveUpp, minUpp, subAdditiveClosureUpp } from '../src/index.ts';
import { prng } from './random.ts';

/** A UPP curve periodic from 0: n segments over a period of `span` units, rising by `rise`, then repeating. */
function pattern(n: number, span: number, rise: number, seed: number): UppCurve {
  const rnd = prng(seed);
  const cuts = Array.from({ length: n - 1 }, () => rnd() * span).sort((a, b) => a - b);
  const times = [0, ...cuts];
  const weights = times.map(() => rnd() + 0.05);
  const total = weights.reduce((a, b) => a + b, 0);
  const b = new CurveBuilder();
  let y = 0;
  times.forEach((t, i) => {
    const next = i + 1 < times.length ? times[i + 1] : span;
    const share = (weights[i] / total) * rise;
    const jump = i % 4 === 0 ? share / 2 : 0;
    b.push(t, y, y + jump, next > t ? (share - jump) / (next - t) : 0);
    y += share;
  });
  return UppCurve.of(b.build() as Curve, 0, span, rise);
}

const limit = Number(process.argv[2] ?? 1000);
console.log(`UPP convolution — node ${process.version}`);
console.log('case'.padEnd(38), 'operand sizes', 'result size', 'time');
for (const n of [10, 30, 100, 300, 1000].filter((x) => x <= limit)) {
  for (const [label, spanF, spanG] of [['equal periods', n, n], ['co-prime periods (7:11)', 7 * n, 11 * n]] as const) {
    const f = pattern(n, spanF, spanF, 1);
    const g = pattern(n, spanG, spanG, 2);
    const t0 = performance.now();
    const h = convolveUpp(f, g);
    const ms = performance.now() - t0;
    console.log(`${label}, n = ${n}`.padEnd(38), `${f.size} + ${g.size}`.padEnd(13), String(h.size).padEnd(11), ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);
  }
}

console.log(`\nUPP sub-additive closure — node ${process.version}`);
console.log('case'.padEnd(38), 'operand size', 'result size', 'time');
for (const n of [10, 30, 100, 200].filter((x) => x <= limit)) {
  for (const [label, operand] of [
    ['one pattern', () => pattern(n, n, n, 3)],
    ['min of co-prime periods (7:11)', () => minUpp(pattern(n, 7 * n, 7 * n, 4), pattern(n, 11 * n, 11 * n, 5))],
  ] as const) {
    const f = operand();
    const t0 = performance.now();
    const h = subAdditiveClosureUpp(f);
    const ms = performance.now() - t0;
    console.log(`${label}, n = ${n}`.padEnd(38), String(f.size).padEnd(12), String(h.size).padEnd(11), ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);
  }
}

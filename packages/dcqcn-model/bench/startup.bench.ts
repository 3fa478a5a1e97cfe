/**
 * Benchmark of the `ccalc` command's start-up (issue 16), on the built JavaScript as users run it
 * (bin/ccalc.js → dist/; `npm run build` first). Each figure is the median of 15 runs, each in a
 * fresh process, interleaved so that noise hits all alike:
 * - `node -e 0`: Node's own start-up, the floor;
 * - `ccalc --help` and `ccalc --version`: time to the first byte of output;
 * - `ccalc run ns3-31-pfc --horizon 1ms --no-plots`: time to the first byte, the whole run, the
 *   computation it reports (summary.json's compute_ms), and the rest (start-up and output files).
 *   npx tsx packages/dcqcn-model/bench/startup.bench.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const bin = resolve(import.meta.dirname, '../bin/ccalc.js');
const out = mkdtempSync(join(tmpdir(), 'ccalc-startup-'));

/** Spawns node with args: ms to the first byte on stdout or stderr, and to the exit. */
function timed(args: string[]): Promise<{ first: number; total: number }> {
  return new Promise((ok, fail) => {
    const t0 = performance.now();
    let first = Number.NaN;
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const mark = (): void => {
      if (Number.isNaN(first)) first = performance.now() - t0;
    };
    child.stdout.on('data', mark);
    child.stderr.on('data', mark);
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? ok({ first, total: performance.now() - t0 }) : fail(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cases: Record<string, string[]> = {
  'node -e 0': ['-e', '0'],
  'ccalc --version': [bin, '--version'],
  'ccalc --help': [bin, '--help'],
  'ccalc run ns3-31-pfc --horizon 1ms --no-plots': [bin, 'run', 'ns3-31-pfc', '--horizon', '1ms', '--no-plots', '--out', join(out, 'run')],
};
const figures = new Map<string, { first: number[]; total: number[]; compute: number[] }>(Object.keys(cases).map((k) => [k, { first: [], total: [], compute: [] }]));
for (let k = 0; k < 15; k++) {
  for (const [label, args] of Object.entries(cases)) {
    const t = await timed(args);
    const f = figures.get(label)!;
    f.first.push(t.first);
    f.total.push(t.total);
    if (label.includes(' run ')) f.compute.push((JSON.parse(readFileSync(join(out, 'run', 'summary.json'), 'utf8')) as { compute_ms: number }).compute_ms);
  }
  process.stderr.write(`\r  round ${k + 1}/15`);
}
process.stderr.write('\n');
rmSync(out, { recursive: true, force: true });
console.log('| command | first byte of output | whole run | computation (compute_ms) | the rest: start-up and output |');
console.log('|---|---|---|---|---|');
const ms = (x: number): string => (Number.isNaN(x) ? '—' : `${x.toFixed(0)} ms`);
for (const [label, f] of figures) {
  const compute = f.compute.length > 0 ? median(f.compute) : Number.NaN;
  console.log(`| ${label} | ${ms(median(f.first))} | ${ms(median(f.total))} | ${ms(compute)} | ${ms(median(f.total) - compute)} |`);
}

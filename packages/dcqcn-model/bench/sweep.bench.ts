/**
 * Benchmark of `ccalc sweep` (issue 19): points per minute for the 31-sender DCQCN incast run to
 * completion (the simulator's A2 settings, `base: "ns3-31-dcqcn"`, one point per marking seed), with
 * 1 and 2 worker threads, through the built command from process start to exit; and the overhead
 * per point beyond the engine's compute time: wall × workers / points − mean compute_ms, over
 * compute_ms (start-up, validation, the table, the workers' start and the messages).
 *   npm run build && npx tsx packages/dcqcn-model/bench/sweep.bench.ts [points] [rounds]
 * Rounds alternate the worker counts, so both see the same machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { querySweep } from '../src/sweep/query.ts';

const points = Number(process.argv[2] ?? 24);
const rounds = Number(process.argv[3] ?? 2);
const bin = resolve(import.meta.dirname, '..', 'bin', 'ccalc.js');
const dir = mkdtempSync(join(tmpdir(), 'ccalc-sweep-bench-'));
const file = join(dir, 'a2-seeds.json');
writeFileSync(file, JSON.stringify({ name: 'a2-seeds', base: 'ns3-31-dcqcn', vary: [{ grid: { seed: { from: 1, to: points, steps: points, integer: true } } }] }));

interface Run {
  workers: number;
  wallS: number;
  computeMs: number[];
}
const runs: Run[] = [];
for (let round = 0; round < rounds; round++) {
  for (const workers of [1, 2]) {
    const out = join(dir, `r${round}-w${workers}`);
    const t0 = performance.now();
    execFileSync('node', [bin, 'sweep', file, '--out', out, '--workers', String(workers)], { stdio: ['ignore', 'ignore', 'ignore'] });
    const wallS = (performance.now() - t0) / 1e3;
    const rows = await querySweep(join(out, 'points.parquet'), 'SELECT compute_ms, error FROM points');
    if (rows.some((r) => r.error !== null)) throw new Error(`a point failed: ${rows.find((r) => r.error !== null)!.error}`);
    runs.push({ workers, wallS, computeMs: rows.map((r) => r.compute_ms as number) });
    process.stderr.write(`  round ${round + 1}, ${workers} worker(s): ${wallS.toFixed(2)} s\n`);
  }
}
rmSync(dir, { recursive: true, force: true });

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
process.stdout.write(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}; ${points} points of ns3-31-dcqcn to completion, ${rounds} rounds\n\n`);
process.stdout.write('| workers | wall (median) | points / min | mean compute_ms per point | overhead per point |\n|---|---|---|---|---|\n');
const perMinute: Record<number, number> = {};
for (const workers of [1, 2]) {
  const mine = runs.filter((r) => r.workers === workers);
  const wall = median(mine.map((r) => r.wallS));
  const compute = median(mine.map((r) => r.computeMs.reduce((a, b) => a + b, 0) / r.computeMs.length));
  perMinute[workers] = (60 * points) / wall;
  const overhead = ((wall * 1e3 * workers) / points - compute) / compute;
  process.stdout.write(`| ${workers} | ${wall.toFixed(2)} s | ${perMinute[workers].toFixed(0)} | ${compute.toFixed(0)} ms | ${(100 * overhead).toFixed(1)} % |\n`);
}
process.stdout.write(`\nscaling from 1 to 2 workers: ${(perMinute[2] / perMinute[1]).toFixed(2)}×\n`);

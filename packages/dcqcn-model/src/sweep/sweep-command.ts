import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseScenario } from '../scenario/scenario.ts';
import { checkScenarioSize } from '../run-cost.ts';
import { ScenarioError } from '../units.ts';
import { readJsonFile } from '../json-file.ts';
import { errorLine } from '../input-errors.ts';
import { describeAssignment, loadSweepFile, sweepPoint, type Sweep, type SweepPoint } from './sweep-definition.ts';
import { canonicalJson } from './scenario-path.ts';
import { shardFrom, shardPoints, type Shard } from './shard.ts';
import { mergeShards, parameterColumns, ResultsTable } from './results-table.ts';
import { runOnWorkers } from './worker-pool.ts';
import { ProgressBar, duration } from './progress-bar.ts';
import type { PointOutcome, PointTask } from './run-point.ts';

export const SWEEP_HELP = `ccalc sweep <sweep.json> [options]
ccalc sweep merge <DIR>

  Runs every point of a sweep (a base scenario and the fields it varies: README, "Sweeps") on
  worker threads and keeps one row per point (the parameters, the figures, compute time, engine,
  seed, error) in DIR/sweep.duckdb (table points) and DIR/points.parquet. A point that fails is
  recorded with its error and the others run on (exit code 1 at the end).

  --out DIR        output folder (default out/sweep-<name>)
  --workers N      worker threads (default: one per core)
  --resume         continue a sweep in DIR: skip the points already computed (by the hash of their
                   scenario), run again those that failed
  --keep series    also write each point's series.csv and summary.json to DIR/points/<point>-<hash>/
  --shard i/n      run only the points with index ≡ i (mod n), into DIR/shard-i-of-n.duckdb and
                   .parquet. Without it, a Slurm job array (SLURM_ARRAY_TASK_ID, _MIN, _COUNT) or a
                   Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with --shards N or CCALC_SHARDS)
                   sets it. Then: ccalc sweep merge DIR joins the shards into DIR/sweep.duckdb and
                   DIR/points.parquet, checking every point is there once.
  --shards N       the number of shards of a Kubernetes Indexed Job (its completions)
`;

/** Flags that take a value, and flags that take none. */
const VALUE_FLAGS = ['out', 'workers', 'keep', 'shard', 'shards'];
const SWITCHES = ['resume'];

/** `ccalc sweep …`: returns the exit code (0: every point ran; 1: some failed). */
export async function sweepCommand(args: string[]): Promise<number> {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let k = 0; k < args.length; k++) {
    const a = args[k];
    if (a === '--help' || a === '-h') {
      process.stdout.write(SWEEP_HELP);
      return 0;
    }
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const name = a.slice(2);
    if (SWITCHES.includes(name)) flags[name] = '';
    else if (!VALUE_FLAGS.includes(name)) throw new ScenarioError(a, args[k + 1]?.startsWith('--') === false ? args[k + 1] : undefined, `one of ${[...VALUE_FLAGS, ...SWITCHES].map((f) => `--${f}`).join(', ')}`);
    else if (args[k + 1] === undefined) throw new ScenarioError(a, undefined, 'a value after the flag');
    else flags[name] = args[++k];
  }
  if (positional[0] === 'merge') {
    if (positional.length !== 2) throw new ScenarioError('merge', positional.slice(1).join(' ') || undefined, 'one folder: ccalc sweep merge DIR');
    return merge(positional[1]);
  }
  if (positional.length !== 1) throw new ScenarioError('sweep', positional.join(' ') || undefined, 'one sweep file (.json): ccalc sweep <sweep.json>');
  const workers = flags.workers === undefined ? availableParallelism() : Number(flags.workers);
  if (!(Number.isInteger(workers) && workers >= 1 && workers <= 256)) throw new ScenarioError('--workers', flags.workers, 'a whole number of worker threads from 1 to 256');
  if (flags.keep !== undefined && flags.keep !== 'series') throw new ScenarioError('--keep', flags.keep, '"series" (each point\'s series.csv and summary.json)');
  const shard = shardFrom(flags.shard, flags.shards, process.env);
  const sweep = await loadSweepFile(positional[0]);
  const out = flags.out ?? join('out', `sweep-${sweep.name.replace(/[^A-Za-z0-9_.-]/g, '-')}`);
  const report = await runSweep(sweep, out, { workers, resume: flags.resume !== undefined, keepSeries: flags.keep === 'series', shard });
  process.stdout.write(`table: ${report.database} (table points), ${report.parquet}\n`);
  return report.failed > 0 ? 1 : 0;
}

/** Options of {@link runSweep}. */
export interface SweepOptions {
  workers: number;
  resume: boolean;
  keepSeries: boolean;
  shard: Shard | null;
}

/** What a sweep run did: points of this run (its shard), how many ran, failed and were skipped, and its files. */
export interface SweepReport {
  points: number;
  ran: number;
  failed: number;
  skipped: number;
  database: string;
  parquet: string;
}

/** The files of a sweep (or of one shard of it) in `out`. */
export function sweepFiles(out: string, shard: Shard | null): { database: string; parquet: string } {
  const stem = shard === null ? null : `shard-${shard.index}-of-${shard.count}`;
  return { database: join(out, stem === null ? 'sweep.duckdb' : `${stem}.duckdb`), parquet: join(out, stem === null ? 'points.parquet' : `${stem}.parquet`) };
}

/**
 * A point's identity: a hash of its scenario (fields in any order give the same), not of where it
 * is run from, so a sweep resumed from another folder or machine skips what it computed.
 */
export function pointHash(point: SweepPoint): string {
  return createHash('sha256').update(canonicalJson(point.scenario)).digest('hex').slice(0, 16);
}

/**
 * Runs a sweep (or one shard of it) into `out`: validates every point first (a point that is not a
 * valid scenario is recorded as failed, naming its parameters; if none is valid the sweep stops
 * there), then runs the rest on worker threads with a progress bar, adding each row to the table
 * as it comes, and exports the table to Parquet at the end. Progress and failed points go to stderr.
 * @example const report = await runSweep(await loadSweepFile('sweeps/ecn-thresholds-ci.json'), 'out/ecn', { workers: 2, resume: false, keepSeries: false, shard: null })
 */
export async function runSweep(sweep: Sweep, out: string, options: SweepOptions): Promise<SweepReport> {
  const files = sweepFiles(out, options.shard);
  const indices = shardPoints(sweep.count, options.shard);
  // Every point is validated before the first runs. Points are made again when needed rather than
  // kept: a million scenarios would not fit in memory, their hashes do.
  const hashes = new Map<number, string>();
  const invalid = new Map<number, string>();
  for (const i of indices) {
    const p = sweepPoint(sweep, i);
    hashes.set(i, pointHash(p));
    try {
      checkScenarioSize(parseScenario(p.scenario, `point-${i}`, sweep.baseDir));
    } catch (e) {
      invalid.set(i, errorLine(e));
    }
  }
  if (invalid.size === indices.length && indices.length > 0) {
    const first = sweepPoint(sweep, indices[0]);
    throw new ScenarioError(`point ${first.index} (${describeAssignment(sweep, first.assignment)})`, undefined, 'a valid scenario at one point at least', invalid.get(first.index));
  }
  await mkdir(out, { recursive: true });
  await writeSweepJson(out, sweep);
  const table = await ResultsTable.open(files.database, sweep, options.resume);
  let ran = 0;
  let failed = 0;
  let skipped = 0;
  try {
    const bar = new ProgressBar(sweep.name, indices.length);
    const record = (o: PointOutcome): void => {
      const p = sweepPoint(sweep, o.index);
      table.add(p, hashes.get(o.index)!, o);
      if (o.ok) ran += 1;
      else {
        failed += 1;
        if (failed <= 20) bar.line(`  point ${p.index} (${describeAssignment(sweep, p.assignment)}): ${o.error}`);
        else if (failed === 21) bar.line('  … further failures are in the table (column error)');
      }
      bar.tick(!o.ok);
    };
    const toRun: number[] = [];
    for (const i of indices) {
      if (table.done.has(hashes.get(i)!)) {
        skipped += 1;
        bar.tick(false);
      } else if (invalid.has(i)) record({ index: i, ok: false, error: invalid.get(i)! });
      else toRun.push(i);
    }
    if (skipped > 0) bar.line(`  ${skipped} points already in ${files.database}: skipped`);
    const tasks = (function* (): Generator<PointTask> {
      for (const i of toRun) yield { index: i, scenario: sweepPoint(sweep, i).scenario, baseDir: sweep.baseDir, figures: sweep.figures, keep: options.keepSeries ? join(out, 'points', `${i}-${hashes.get(i)}`) : undefined };
    })();
    const start = performance.now();
    await runOnWorkers(tasks, Math.min(options.workers, Math.max(1, toRun.length)), record);
    await table.exportParquet(files.parquet);
    process.stderr.write(`  ${sweep.name}: ${ran} points ran, ${failed} failed, ${skipped} skipped in ${duration((performance.now() - start) / 1e3)}${options.shard === null ? '' : ` (shard ${options.shard.index} of ${options.shard.count}, from ${options.shard.source})`}\n`);
    return { points: indices.length, ran, failed, skipped, ...files };
  } finally {
    table.close();
  }
}

/**
 * sweep.json beside the table: the sweep's name, id, point count, parameters (with their column
 * types), figures and base scenario; `merge` reads it. Written whole, then moved in place.
 */
async function writeSweepJson(out: string, sweep: Sweep): Promise<void> {
  const meta = { name: sweep.name, description: sweep.description, id: sweep.id, points: sweep.count, parameters: parameterColumns(sweep), figures: sweep.figures, units: 'quantities in SI units: s, B, B/s; figures as named (_us: µs, _bytes: B)', base: sweep.base };
  const file = join(out, 'sweep.json');
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(meta, null, 2)}\n`);
  await rename(temporary, file);
}

/** `ccalc sweep merge DIR`: joins the shards' Parquet files into DIR/sweep.duckdb and DIR/points.parquet. */
async function merge(dir: string): Promise<number> {
  const meta = (await readJsonFile(join(dir, 'sweep.json'), "a sweep's sweep.json (written by ccalc sweep)")) as { id?: unknown; points?: unknown };
  if (typeof meta.id !== 'string' || typeof meta.points !== 'number') throw new ScenarioError(join(dir, 'sweep.json'), meta, 'the sweep.json ccalc sweep writes (with id and points)');
  const shards = (existsSync(dir) ? await readdir(dir) : []).map((f) => /^shard-(\d+)-of-(\d+)\.parquet$/.exec(f)).filter((m) => m !== null);
  if (shards.length === 0) throw new ScenarioError('merge', dir, 'a folder with shard-<i>-of-<n>.parquet files (written by ccalc sweep --shard or in a job array)');
  const counts = new Set(shards.map((m) => Number(m[2])));
  if (counts.size > 1) throw new ScenarioError('merge', [...counts].map((n) => `of-${n}`).join(', '), 'shards of one count (the folder holds shards of different sharding runs)');
  const n = [...counts][0];
  const present = new Set(shards.map((m) => Number(m[1])));
  const absent = Array.from({ length: n }, (_, i) => i).filter((i) => !present.has(i));
  if (absent.length > 0) throw new ScenarioError('merge', `${present.size} of ${n} shards`, `all ${n} shards; missing: ${absent.slice(0, 10).join(', ')}${absent.length > 10 ? ', …' : ''}`);
  const files = sweepFiles(dir, null);
  const { rows, failed } = await mergeShards(
    shards.map((m) => join(dir, m[0])),
    meta.points,
    meta.id,
    files.database,
    files.parquet,
  );
  process.stderr.write(`  merged ${n} shards: ${rows} points, ${failed} failed\n`);
  process.stdout.write(`table: ${files.database} (table points), ${files.parquet}\n`);
  return failed > 0 ? 1 : 0;
}

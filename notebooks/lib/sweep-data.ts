/**
 * Writes notebooks/observable/data/07-ecn-thresholds.json for the Observable version of notebook
 * 07, which runs in a browser and cannot run a sweep or DuckDB itself: runs the study's sweep
 * (`sweeps/ecn-thresholds-ci.json`, on worker threads) and keeps the rows of its query, read from
 * the sweep's Parquet file through DuckDB, as the Jupyter version reads them.
 *   npx tsx notebooks/lib/sweep-data.ts
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadSweepFile } from '../../packages/dcqcn-model/src/sweep/sweep-definition.ts';
import { runSweep } from '../../packages/dcqcn-model/src/sweep/sweep-command.ts';
import { querySweep } from '../../packages/dcqcn-model/src/sweep/query.ts';
import { STUDY_SQL } from './ecn-study.ts';

/** The data file's path, and the sweep it comes from. */
export const SWEEP_DATA = resolve(import.meta.dirname, '..', 'observable', 'data', '07-ecn-thresholds.json');
export const STUDY_SWEEP = resolve(import.meta.dirname, '..', '..', 'sweeps', 'ecn-thresholds-ci.json');

/** Runs the sweep and writes its rows; returns how many. */
export async function writeSweepData(): Promise<number> {
  const out = mkdtempSync(join(tmpdir(), 'ccalc-nb07-'));
  try {
    await runSweep(await loadSweepFile(STUDY_SWEEP), out, { workers: availableParallelism(), resume: false, keepSeries: false, shard: null });
    const rows = await querySweep(join(out, 'points.parquet'), STUDY_SQL);
    mkdirSync(join(SWEEP_DATA, '..'), { recursive: true });
    writeFileSync(SWEEP_DATA, JSON.stringify(rows));
    return rows.length;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = await writeSweepData();
  process.stdout.write(`${SWEEP_DATA}: ${n} points\n`);
}

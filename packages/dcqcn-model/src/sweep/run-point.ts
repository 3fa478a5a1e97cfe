import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { prepareScenario } from '../scenario/scenario.ts';
import { computeScenario } from '../compute.ts';
import { runCsvChunks, runSummary } from '../output.ts';
import { runawayGuard } from '../run-cost.ts';
import { errorLine } from '../input-errors.ts';
import { pointFigures, type SweepFigure } from './figures.ts';

/** What a worker is asked to run: one point's scenario, and where to keep its series (if asked). */
export interface PointTask {
  index: number;
  scenario: unknown;
  baseDir: string;
  figures: SweepFigure[];
  /** A folder for the point's series.csv and summary.json, or undefined to keep none. */
  keep?: string;
}

/** What a point gave: its figures, or the error that stopped it (one line). */
export type PointOutcome =
  | { index: number; ok: true; figures: Record<string, number | null>; computeMs: number; engine: string; seed: number }
  | { index: number; ok: false; error: string };

/**
 * Runs one point as `ccalc run` runs a scenario file: validated, refused beyond the size limits,
 * computed on the event engine where it applies, to completion if its horizon says so, and stopped
 * if its pace says it would take over an hour. Never throws: an error becomes the outcome.
 * @example (await runPoint({ index: 0, scenario, baseDir: '.', figures: ['pauses'] })).ok
 */
export async function runPoint(task: PointTask): Promise<PointOutcome> {
  try {
    const scenario = await prepareScenario(task.scenario, `point-${task.index}`, task.baseDir);
    const guard = runawayGuard('horizon', scenario.untilComplete ? 'until-complete' : `${scenario.horizon} s`, scenario.horizon, 2, () => performance.now());
    const t0 = performance.now();
    const { result, model } = computeScenario(scenario, scenario.horizon, 'auto', guard);
    const computeMs = performance.now() - t0;
    const summary = runSummary(result, computeMs, model);
    if (task.keep !== undefined) {
      await mkdir(task.keep, { recursive: true });
      await Promise.all([writeFile(join(task.keep, 'series.csv'), runCsvChunks(result, scenario.bin, { senders: false, events: false }).series), writeFile(join(task.keep, 'summary.json'), `${JSON.stringify({ scenario: task.scenario, ...summary }, null, 2)}\n`)]);
    }
    return { index: task.index, ok: true, figures: pointFigures(summary, task.figures), computeMs, engine: result.stats.engine, seed: scenario.seed };
  } catch (e) {
    return { index: task.index, ok: false, error: errorLine(e) };
  }
}

import { ScenarioError } from '../units.ts';

/** Which part of a sweep one process runs: the points with index ≡ `index` (mod `count`). */
export interface Shard {
  index: number;
  count: number;
  /** Where it came from, for messages: "--shard", "Slurm", "Kubernetes". */
  source: string;
}

const wholeNumber = (text: string | undefined): number | undefined => (text !== undefined && /^\d+$/.test(text.trim()) ? Number(text) : undefined);

/**
 * The shard of this process: from `--shard i/n`; else from a cluster's environment:
 * - a Slurm job array: index SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN (0 if unset) of
 *   SLURM_ARRAY_TASK_COUNT tasks (an array such as --array=0-15 or 1-16, with no step);
 * - a Kubernetes Indexed Job: index JOB_COMPLETION_INDEX of `--shards N` (or CCALC_SHARDS), the
 *   Job's completions;
 * else the whole sweep (null). Errors name the flag or variable and its value.
 * @example shardFrom(undefined, undefined, { SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '8' }) // { index: 2, count: 8, source: 'Slurm' }
 */
export function shardFrom(flag: string | undefined, shardsFlag: string | undefined, env: Record<string, string | undefined>): Shard | null {
  const check = (index: number, count: number, field: string, value: unknown, source: string): Shard => {
    if (!(count >= 1)) throw new ScenarioError(field, value, 'a shard count ≥ 1');
    if (!(index >= 0 && index < count)) throw new ScenarioError(field, value, `a shard index from 0 to ${count - 1} (${count} shards)`);
    return { index, count, source };
  };
  if (flag !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(flag.trim());
    if (m === null) throw new ScenarioError('--shard', flag, 'i/n: this process runs the points with index ≡ i (mod n), 0 ≤ i < n');
    return check(Number(m[1]), Number(m[2]), '--shard', flag, '--shard');
  }
  if (env.SLURM_ARRAY_TASK_ID !== undefined) {
    const id = wholeNumber(env.SLURM_ARRAY_TASK_ID);
    const min = env.SLURM_ARRAY_TASK_MIN === undefined ? 0 : wholeNumber(env.SLURM_ARRAY_TASK_MIN);
    const count = wholeNumber(env.SLURM_ARRAY_TASK_COUNT);
    if (id === undefined) throw new ScenarioError('SLURM_ARRAY_TASK_ID', env.SLURM_ARRAY_TASK_ID, 'a whole number (the task of a Slurm job array)');
    if (min === undefined) throw new ScenarioError('SLURM_ARRAY_TASK_MIN', env.SLURM_ARRAY_TASK_MIN, 'a whole number (the first task of the array)');
    if (count === undefined) throw new ScenarioError('SLURM_ARRAY_TASK_COUNT', env.SLURM_ARRAY_TASK_COUNT, 'the number of tasks of the Slurm job array (set by Slurm for --array; an array with a step, such as 0-15:2, is not supported: use --shard)');
    return check(id - min, count, 'SLURM_ARRAY_TASK_ID', env.SLURM_ARRAY_TASK_ID, 'Slurm');
  }
  if (env.JOB_COMPLETION_INDEX !== undefined) {
    const index = wholeNumber(env.JOB_COMPLETION_INDEX);
    if (index === undefined) throw new ScenarioError('JOB_COMPLETION_INDEX', env.JOB_COMPLETION_INDEX, 'a whole number (the index of a Kubernetes Indexed Job)');
    const [field, value] = shardsFlag !== undefined ? ['--shards', shardsFlag] : ['CCALC_SHARDS', env.CCALC_SHARDS];
    const count = wholeNumber(value);
    if (count === undefined) throw new ScenarioError(field, value, "the number of shards, the Job's completions (pass --shards N or set CCALC_SHARDS)");
    return check(index, count, 'JOB_COMPLETION_INDEX', env.JOB_COMPLETION_INDEX, 'Kubernetes');
  }
  if (shardsFlag !== undefined) throw new ScenarioError('--shards', shardsFlag, 'a Kubernetes Indexed Job (JOB_COMPLETION_INDEX set); use --shard i/n elsewhere');
  return null;
}

/** The point indices of a shard of a sweep of `count` points (all of them without a shard). */
export function shardPoints(count: number, shard: Shard | null): number[] {
  const points: number[] = [];
  const step = shard?.count ?? 1;
  for (let i = shard?.index ?? 0; i < count; i += step) points.push(i);
  return points;
}

import { describe, expect, it } from 'vitest';
import { shardFrom, shardPoints } from './shard.ts';

describe('shards of a sweep', () => {
  it('come from --shard, a Slurm job array or a Kubernetes Indexed Job', () => {
    expect(shardFrom('2/5', undefined, {})).toEqual({ index: 2, count: 5, source: '--shard' });
    expect(shardFrom(undefined, undefined, { SLURM_ARRAY_TASK_ID: '7', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '16' })).toEqual({ index: 6, count: 16, source: 'Slurm' });
    expect(shardFrom(undefined, undefined, { SLURM_ARRAY_TASK_ID: '0', SLURM_ARRAY_TASK_COUNT: '4' })).toEqual({ index: 0, count: 4, source: 'Slurm' });
    expect(shardFrom(undefined, '8', { JOB_COMPLETION_INDEX: '3' })).toEqual({ index: 3, count: 8, source: 'Kubernetes' });
    expect(shardFrom(undefined, undefined, { JOB_COMPLETION_INDEX: '3', CCALC_SHARDS: '8' })).toEqual({ index: 3, count: 8, source: 'Kubernetes' });
    // The flag wins over the environment; no flag and no cluster: the whole sweep.
    expect(shardFrom('0/2', undefined, { SLURM_ARRAY_TASK_ID: '5', SLURM_ARRAY_TASK_COUNT: '8' })?.source).toBe('--shard');
    expect(shardFrom(undefined, undefined, {})).toBeNull();
  });

  it('name the flag or variable of a bad value', () => {
    expect(() => shardFrom('5/5', undefined, {})).toThrow(/^--shard: expected a shard index from 0 to 4 \(5 shards\), got "5\/5"/);
    expect(() => shardFrom('1-4', undefined, {})).toThrow(/^--shard: expected i\/n/);
    expect(() => shardFrom('0/0', undefined, {})).toThrow(/^--shard: expected a shard count ≥ 1/);
    expect(() => shardFrom(undefined, undefined, { SLURM_ARRAY_TASK_ID: '3' })).toThrow(/^SLURM_ARRAY_TASK_COUNT: expected the number of tasks of the Slurm job array/);
    expect(() => shardFrom(undefined, undefined, { SLURM_ARRAY_TASK_ID: '9', SLURM_ARRAY_TASK_COUNT: '4' })).toThrow(/^SLURM_ARRAY_TASK_ID: expected a shard index from 0 to 3/);
    expect(() => shardFrom(undefined, undefined, { JOB_COMPLETION_INDEX: '1' })).toThrow(/^CCALC_SHARDS: expected the number of shards, the Job's completions/);
    expect(() => shardFrom(undefined, '4', {})).toThrow(/^--shards: expected a Kubernetes Indexed Job/);
  });

  it('partition the points exactly: every point in one shard, once', () => {
    for (const [points, n] of [[1000, 7], [5, 8], [12, 1], [0, 3]]) {
      const seen: number[] = [];
      for (let task = 1; task <= n; task++) {
        // A Slurm array --array=1-n: each task's environment gives its shard.
        const shard = shardFrom(undefined, undefined, { SLURM_ARRAY_TASK_ID: String(task), SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: String(n) });
        seen.push(...shardPoints(points, shard));
      }
      expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: points }, (_, i) => i));
    }
    expect(shardPoints(4, null)).toEqual([0, 1, 2, 3]);
  });
});

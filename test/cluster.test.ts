/**
 * The cluster recipes of the README (`cluster/`): the Slurm batch script and the Kubernetes
 * Indexed Job manifest. Each task's environment, as the scheduler sets it from the file, gives a
 * shard, and the shards partition the points of the study exactly; the Slurm script itself runs
 * every task of its array on a small sweep, and `merge` joins them.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shardFrom, shardPoints } from '../packages/dcqcn-model/src/sweep/shard.ts';
import { loadSweepFile } from '../packages/dcqcn-model/src/sweep/sweep-definition.ts';
import { querySweep } from '../packages/dcqcn-model/src/sweep/query.ts';

const root = join(import.meta.dirname, '..');
const slurm = readFileSync(join(root, 'cluster', 'slurm-sweep.sh'), 'utf8');
const job = readFileSync(join(root, 'cluster', 'sweep-indexed-job.yaml'), 'utf8');

/** Every point once across the shards the environments give. */
function expectPartition(points: number, envs: Record<string, string>[], shards?: string): void {
  const seen = envs.flatMap((env) => shardPoints(points, shardFrom(undefined, shards, env)));
  expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: points }, (_, i) => i));
}

describe('the cluster recipes', () => {
  it('Slurm: the array tasks partition the full study exactly', async () => {
    const [, first, last] = /^#SBATCH --array=(\d+)-(\d+)$/m.exec(slurm)!.map(Number);
    const tasks = Array.from({ length: last - first + 1 }, (_, k) => ({ SLURM_ARRAY_TASK_ID: String(first + k), SLURM_ARRAY_TASK_MIN: String(first), SLURM_ARRAY_TASK_COUNT: String(last - first + 1) }));
    expect(tasks).toHaveLength(16);
    expectPartition((await loadSweepFile(join(root, 'sweeps', 'ecn-thresholds.json'))).count, tasks);
    expect(slurm).toMatch(/^npx ccalc sweep "\$SWEEP" --out "\$OUT" .*--resume$/m);
  });

  it('Kubernetes: the indexed pods partition the full study exactly', async () => {
    const completions = Number(/^\s+completions: (\d+)$/m.exec(job)![1]);
    expect(job).toMatch(/^\s+completionMode: Indexed$/m);
    const shards = /name: CCALC_SHARDS\s+value: "(\d+)"/.exec(job)![1];
    expect(Number(shards)).toBe(completions);
    const pods = Array.from({ length: completions }, (_, i) => ({ JOB_COMPLETION_INDEX: String(i), CCALC_SHARDS: shards }));
    expectPartition((await loadSweepFile(join(root, 'sweeps', 'ecn-thresholds.json'))).count, pods);
    expect(job).toMatch(/command: \["npx", "ccalc", "sweep", "sweeps\/ecn-thresholds\.json", "--out", "\/results", .*"--resume"\]/);
  });

  it('the Slurm script runs each task of its array, and merge joins them into the whole sweep', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ccalc-slurm-'));
    const base = { link: { rate: '100 Gbps' }, wholePackets: true, delays: { feedback: '5 us' }, senders: [{ count: 2, arrival: { pattern: 'burst', size: '50 kB' } }], cca: { algorithm: 'dcqcn', variant: 'ns3-mlx' }, ecn: { kMax: '20 kB' }, horizon: 'until-complete' };
    writeFileSync(join(dir, 'sweep.json'), JSON.stringify({ base, vary: [{ grid: { 'senders[0].count': [2, 3, 4], 'ecn.kMax': ['10 kB', '20 kB'] } }] }));
    const [, first, last] = /^#SBATCH --array=(\d+)-(\d+)$/m.exec(slurm)!.map(Number);
    for (let id = first; id <= last; id++) {
      const env = { ...process.env, SLURM_ARRAY_TASK_ID: String(id), SLURM_ARRAY_TASK_MIN: String(first), SLURM_ARRAY_TASK_COUNT: String(last - first + 1), SLURM_CPUS_PER_TASK: '1' };
      const r = spawnSync('bash', [join(root, 'cluster', 'slurm-sweep.sh'), join(dir, 'sweep.json'), join(dir, 'out')], { cwd: root, env, encoding: 'utf8' });
      expect({ id, status: r.status, stderr: r.status === 0 ? '' : r.stderr }).toEqual({ id, status: 0, stderr: '' });
    }
    const merged = spawnSync('npx', ['ccalc', 'sweep', 'merge', join(dir, 'out')], { cwd: root, encoding: 'utf8' });
    expect(merged.stderr).toContain(`merged ${last - first + 1} shards: 6 points, 0 failed`);
    expect(await querySweep(join(dir, 'out', 'points.parquet'), 'SELECT list(point ORDER BY point) AS points FROM points')).toEqual([{ points: [0, 1, 2, 3, 4, 5] }]);
  }, 120_000);
});

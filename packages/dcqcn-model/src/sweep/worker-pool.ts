import { Worker } from 'node:worker_threads';
import type { PointOutcome, PointTask } from './run-point.ts';

/**
 * Runs tasks on `workers` worker threads, each a warm process that takes one task after another,
 * and calls `onOutcome` with each outcome as it comes (in the order they finish). A worker that dies
 * (out of memory, a crash) fails its task with the reason and is replaced; the others run on.
 * @example await runOnWorkers(tasks, 2, (o) => table.add(o))
 */
export async function runOnWorkers(tasks: Iterable<PointTask>, workers: number, onOutcome: (o: PointOutcome) => void): Promise<void> {
  const queue = tasks[Symbol.iterator]();
  const lane = async (): Promise<void> => {
    let worker = spawn();
    try {
      for (let next = queue.next(); !next.done; next = queue.next()) {
        const task = next.value;
        const outcome = await once(worker, task);
        if (outcome === null) {
          onOutcome({ index: task.index, ok: false, error: 'internal error: the worker running this point stopped (out of memory?)' });
          worker = spawn();
        } else onOutcome(outcome);
      }
    } finally {
      await worker.terminate();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, workers) }, lane));
}

/**
 * A worker: the compiled one in the built package, through tsx from the sources. Its young
 * generation is larger than Node's default (V8 semi-spaces of 64 MB instead of 16): a run allocates
 * an object per event and curve piece, and with the default the scavenges took about a sixth of
 * the time of a 31-sender DCQCN point (BENCHMARKS.md, "Sweeps").
 */
function spawn(): Worker {
  const source = import.meta.url.endsWith('.ts');
  return new Worker(new URL(source ? './sweep-worker.mjs' : './sweep-worker.js', import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
}

/** The workers' young generation (MB): three semi-spaces' worth, as V8 counts it. */
export const YOUNG_GENERATION_MB = 192;

/** Sends one task to a worker: its outcome, or null if the worker died first. */
function once(worker: Worker, task: PointTask): Promise<PointOutcome | null> {
  return new Promise((resolve) => {
    const done = (o: PointOutcome | null): void => {
      worker.off('message', done);
      worker.off('error', died);
      worker.off('exit', died);
      resolve(o);
    };
    const died = (): void => done(null);
    worker.on('message', done);
    worker.on('error', died);
    worker.on('exit', died);
    worker.postMessage(task);
  });
}

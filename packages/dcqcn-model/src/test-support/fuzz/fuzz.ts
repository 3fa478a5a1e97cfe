import { Worker } from 'node:worker_threads';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareFuzzRoot, type CaseOutcome } from './fuzz-case.ts';

/** What a fuzz run found: counts per outcome and input, the failures, and its wall time. */
export interface FuzzReport {
  cases: number;
  results: number;
  refused: number;
  failures: CaseOutcome[];
  /** Cases stopped for taking longer than the time limit (their worker is replaced). */
  hangs: number[];
  byInput: Record<string, number>;
  ms: number;
}

/**
 * Runs fuzz cases `first` … `first + cases − 1` (see `fuzzCase`) on `workers` worker threads. A
 * case that takes longer than `caseTimeoutMs` is a hang: its worker is stopped and replaced.
 * `onProgress` is told the number of cases done now and then.
 * @example const report = await runFuzz({ cases: 1000 }); report.failures.length // 0
 */
export async function runFuzz(options: { cases: number; first?: number; workers?: number; caseTimeoutMs?: number; onProgress?: (done: number) => void }): Promise<FuzzReport> {
  const first = options.first ?? 1;
  const timeout = options.caseTimeoutMs ?? 30_000;
  const root = mkdtempSync(join(tmpdir(), 'ccalc-fuzz-'));
  const start = performance.now();
  await prepareFuzzRoot(root);
  const report: FuzzReport = { cases: options.cases, results: 0, refused: 0, failures: [], hangs: [], byInput: {}, ms: 0 };
  let next = first;
  let done = 0;
  const end = first + options.cases;
  const record = (o: CaseOutcome): void => {
    report.byInput[o.input] = (report.byInput[o.input] ?? 0) + 1;
    if (o.kind === 'result') report.results += 1;
    else if (o.kind === 'refused') report.refused += 1;
    else report.failures.push(o);
  };
  // One loop per worker: send a case, wait for its outcome or the time limit, repeat.
  const lane = async (): Promise<void> => {
    let worker = spawn(root);
    try {
      while (next < end) {
        const seed = next++;
        const outcome = await once(worker, seed, timeout);
        if (outcome === null) {
          report.hangs.push(seed);
          await worker.terminate();
          worker = spawn(root);
        } else record(outcome);
        if (++done % 500 === 0) options.onProgress?.(done);
      }
    } finally {
      await worker.terminate();
    }
  };
  try {
    await Promise.all(Array.from({ length: options.workers ?? 2 }, lane));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  report.ms = performance.now() - start;
  return report;
}

function spawn(root: string): Worker {
  return new Worker(new URL('./fuzz-worker.mjs', import.meta.url), { workerData: { root }, stdout: true, stderr: true });
}

/** Sends one case to a worker: its outcome, or null if it took longer than `timeout` ms. */
function once(worker: Worker, seed: number, timeout: number): Promise<CaseOutcome | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      resolve(null);
    }, timeout);
    const onMessage = (o: CaseOutcome): void => {
      cleanup();
      resolve(o);
    };
    const onError = (e: Error): void => {
      cleanup();
      reject(new Error(`fuzz case ${seed}: the worker failed: ${e.message}`));
    };
    const cleanup = (): void => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.postMessage(seed);
  });
}

// A fuzz worker thread: runs the cases it is sent, one at a time, and answers each outcome.
import { parentPort, workerData } from 'node:worker_threads';
import { RUN_LIMITS } from '../../run-cost.ts';
import { fuzzCase } from './fuzz-case.ts';

// A run this thread starts is stopped once its pace says it would compute for more than 10 s
// (instead of an hour): a mutated scenario that asks for minutes of honest work (2,000 senders
// for 60 ms, say) is then refused after 2 s, and the fuzzer's time limit is left for real hangs.
RUN_LIMITS.computeSeconds = 10;

const root = (workerData as { root: string }).root;
parentPort!.on('message', async (seed: number) => {
  parentPort!.postMessage(await fuzzCase(seed, root));
});

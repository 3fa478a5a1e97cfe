/**
 * The parsing half of `ccalc check-trace`, in a worker thread: reads the trace and posts its rows
 * in packed batches (transferred, not copied) while the main thread checks the previous ones.
 * Messages out: { rows: Float64Array, count } …, then { done: rows } or { error: TraceError fields }.
 * Message in: { ack: true } for each batch consumed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { TraceError } from '../traces/csv.ts';
import { readDcqcnTracePacked } from './read.ts';

const port = parentPort!;
const waiting: (() => void)[] = [];
port.on('message', () => waiting.shift()?.());
try {
  const rows = await readDcqcnTracePacked(workerData.file as string, 8192, (batch, count) => {
    const consumed = new Promise<void>((ok) => waiting.push(ok));
    port.postMessage({ rows: batch, count }, [batch.buffer as ArrayBuffer]);
    return consumed;
  });
  port.postMessage({ done: rows });
} catch (e) {
  const t = e instanceof TraceError ? e : null;
  port.postMessage({ error: { file: t?.file ?? workerData.file, line: t?.line ?? null, column: t?.column ?? null, field: t?.field ?? null, detail: t?.detail ?? (e as Error).message } });
}
port.close();

/**
 * Benchmark of `ccalc check-trace`: writes a random valid DCQCN trace of N rows (default 10
 * million; 64 flows, 8 sinks) to a temporary file, then checks it, printing rows/s and the peak
 * resident memory during the check, sampled every 20 ms.
 *   npx tsx packages/dcqcn-model/bench/check-trace.bench.ts [rows]
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkTraceFile } from '../src/check-trace/check-file.ts';
import { DcqcnTraceWriter } from '../src/check-trace/writer.ts';
import { RANDOM_TRACE_PARAMETERS, randomDcqcnEventStream } from '../src/check-trace/random-trace.ts';
import { TRACE_COLUMNS, formatRow } from '../src/check-trace/row.ts';
import type { DcqcnTraceEvent } from '../src/check-trace/writer.ts';

const rows = Number(process.argv[2] ?? 10_000_000);
const dir = mkdtempSync(join(tmpdir(), 'ccalc-bench-'));
const file = join(dir, 'trace.csv');

const t0 = performance.now();
const out = createWriteStream(file);
out.write(`${TRACE_COLUMNS.join(',')}\n`);
const writer = new DcqcnTraceWriter(() => RANDOM_TRACE_PARAMETERS);
const events = randomDcqcnEventStream({ seed: 1, flows: 64, sinks: 8 });
for (let written = 0; written < rows; ) {
  const batch: DcqcnTraceEvent[] = [];
  for (let k = 0; k < 10_000 && written < rows; k++, written++) batch.push(events.next().value as DcqcnTraceEvent);
  if (!out.write(`${writer.rows(batch).map(formatRow).join('\n')}\n`)) await once(out, 'drain');
  if (written % 1_000_000 === 0) process.stderr.write(`\r  writing: ${(written / 1e6).toFixed(0)} M rows`);
}
out.end();
await once(out, 'finish');
const bytes = statSync(file).size;
process.stderr.write(`\r  wrote ${rows.toLocaleString('en')} rows (${(bytes / 1e6).toFixed(0)} MB) in ${((performance.now() - t0) / 1e3).toFixed(1)} s\n`);

globalThis.gc?.();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const t1 = performance.now();
const verdict = await checkTraceFile(file);
const seconds = (performance.now() - t1) / 1e3;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
rmSync(dir, { recursive: true });

console.log(`check-trace: ${verdict.verdict} ${verdict.counts.rows.toLocaleString('en')} rows in ${seconds.toFixed(2)} s = ${(verdict.counts.rows / seconds / 1e6).toFixed(2)} M rows/s (${(bytes / 1e6 / seconds).toFixed(0)} MB/s)`);
console.log(`peak RSS during the check: ${(peak / 2 ** 20).toFixed(0)} MiB (before: ${(baseline / 2 ** 20).toFixed(0)} MiB); CNPs in flight at the end: ${verdict.inFlight}`);
if (verdict.verdict !== 'ACCEPT') process.exitCode = 1;

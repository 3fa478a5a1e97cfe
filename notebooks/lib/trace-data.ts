/**
 * Writes notebooks/observable/data/ns3-traces.json for the Observable version of the case-study
 * notebook, which runs in a browser and cannot read ../shared/traces itself: the switch backlog
 * and the bytes arriving at the switch per 1 µs bin, over the first 10 ms of the simulator's runs
 * A1 (PFC only) and A2 (DCQCN with PFC). Without the traces it writes {"available": false}.
 *   npx tsx notebooks/lib/trace-data.ts
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readNs3Trace } from '../../packages/dcqcn-model/src/traces/ns3.ts';
import { validationTracesDir } from '../../packages/dcqcn-model/src/traces/locate.ts';

/** The data file's path. */
export const TRACE_DATA = resolve(import.meta.dirname, '..', 'observable', 'data', 'ns3-traces.json');

/** Writes the data file; returns whether the traces were found. */
export async function writeTraceData(span = 10e-3): Promise<boolean> {
  mkdirSync(join(TRACE_DATA, '..'), { recursive: true });
  const folder = validationTracesDir();
  if (!existsSync(folder)) {
    writeFileSync(TRACE_DATA, JSON.stringify({ available: false, where: folder }));
    return false;
  }
  const runs = [];
  for (const [label, prefix] of [['PFC only', 'A1_pfc_only'], ['DCQCN', 'A2_dcqcn_pfc']]) {
    const t = await readNs3Trace(folder, prefix);
    const n = Math.min(t.backlog.time.findIndex((x) => x > span), t.bins.arrivalBytes.length);
    runs.push({ label, backlogTime: Array.from(t.backlog.time.subarray(0, n)), backlogBytes: Array.from(t.backlog.bytes.subarray(0, n)), arrivalBytes: Array.from(t.bins.arrivalBytes.subarray(0, n)) });
  }
  writeFileSync(TRACE_DATA, JSON.stringify({ available: true, where: folder, runs }));
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = await writeTraceData();
  process.stdout.write(`${TRACE_DATA}: ${found ? 'the first 10 ms of A1 and A2' : 'no traces found'}\n`);
}

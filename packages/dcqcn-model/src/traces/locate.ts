import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The folder of the simulator traces used for validation: `$CCALC_TRACES` if set, else the copy in
 * the repository, `traces/ns3-incast-31` (gzipped CSVs, read through zlib).
 */
export function validationTracesDir(): string {
  return process.env.CCALC_TRACES ?? resolve(import.meta.dirname, '../../../../traces/ns3-incast-31');
}

/**
 * For tests that validate against the simulator traces: true (skip them, with a warning on stderr)
 * when the traces are not at {@link validationTracesDir} and this is not CI. Under CI (`CI` set) it is
 * always false, so there a missing folder fails those tests instead of hiding them: CI runs with
 * shared/ beside the clone.
 */
export function skipWithoutTraces(): boolean {
  if (process.env.CI || existsSync(validationTracesDir())) return false;
  process.stderr.write(`simulator traces not found at ${validationTracesDir()}: skipping the tests that compare with them (set CCALC_TRACES)\n`);
  return true;
}

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The traces ccalc validates against: each a copy in the repository's `traces/`, or a folder named by an environment variable. */
const TRACES = {
  incast: { variable: 'CCALC_TRACES', folder: 'ns3-incast-31', what: 'simulator traces' },
  vegas: { variable: 'CCALC_VEGAS_TRACES', folder: 'ns3-vegas', what: 'Vegas trace' },
};
type Traces = keyof typeof TRACES;

/**
 * The folder of a validation trace: its environment variable if set, else the copy in the
 * repository (gzipped CSVs, read through zlib): `traces/ns3-incast-31` (`CCALC_TRACES`) for the
 * incast, `traces/ns3-vegas` (`CCALC_VEGAS_TRACES`) for the Vegas run.
 */
export function validationTracesDir(which: Traces = 'incast'): string {
  const t = TRACES[which];
  return process.env[t.variable] ?? resolve(import.meta.dirname, '../../../../traces', t.folder);
}

/**
 * For tests that validate against a simulator trace: true (skip them, with a warning on stderr)
 * when the trace is not at {@link validationTracesDir} and this is not CI. Under CI (`CI` set) it is
 * always false, so there a missing folder fails those tests instead of hiding them: CI runs with
 * shared/ beside the clone.
 */
export function skipWithoutTraces(which: Traces = 'incast'): boolean {
  if (process.env.CI || existsSync(validationTracesDir(which))) return false;
  const t = TRACES[which];
  process.stderr.write(`${t.what} not found at ${validationTracesDir(which)}: skipping the tests that compare with them (set ${t.variable})\n`);
  return true;
}

import { resolve } from 'node:path';

/**
 * The folder of the simulator traces used for validation: `$CCALC_TRACES` if set, else
 * `../shared/traces/ns3-incast-31` beside the repository (where CI and the workplace put them).
 */
export function validationTracesDir(): string {
  return process.env.CCALC_TRACES ?? resolve(import.meta.dirname, '../../../../../shared/traces/ns3-incast-31');
}

import { errorLine, INTERNAL_ERROR_EXIT, isInputError } from '../input-errors.ts';
import { checkTraceFile, describeViolation } from './check-file.ts';

export const CHECK_TRACE_HELP = `ccalc check-trace <trace.csv> [--all] [--json]

  Checks a DCQCN event trace (format and rules: packages/dcqcn-model/README.md) in canonical
  order, sorted by (time_ns, event_id): CNP pairing, the sink and source gates, parameter
  stability, bounded state, and every source snapshot against the integer update rules.

  --all    list every violation (default: the first one)
  --json   print the verdict as JSON

  Exit code: 0 ACCEPT, 1 REJECT, 2 malformed trace or bad usage (one line naming file, line,
  column and field), 70 an internal error (a bug).
`;

const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * `ccalc check-trace`: prints ACCEPT or REJECT with the first (or every) violation, or JSON;
 * returns the exit code (0 accept, 1 reject, 2 malformed input or usage).
 */
export async function checkTraceCommand(args: string[], out: (s: string) => void, err: (s: string) => void): Promise<number> {
  const flags = new Set(args.filter((a) => a.startsWith('-')));
  const files = args.filter((a) => !a.startsWith('-'));
  if (flags.has('--help') || flags.has('-h')) {
    out(CHECK_TRACE_HELP);
    return 0;
  }
  const unknown = [...flags].find((f) => f !== '--all' && f !== '--json');
  if (unknown !== undefined) {
    err(`ccalc check-trace: ${unknown}: expected --all, --json or --help\n`);
    return 2;
  }
  if (files.length !== 1) {
    err(`ccalc check-trace: expected one trace file, got ${files.length === 0 ? 'none' : files.join(' ')}\n`);
    return 2;
  }
  try {
    const v = await checkTraceFile(files[0], { all: flags.has('--all'), onNote: (m) => err(`ccalc check-trace: ${m}\n`) });
    if (flags.has('--json')) out(`${JSON.stringify(v, null, 2)}\n`);
    else if (v.verdict === 'ACCEPT') {
      const c = v.counts;
      out(`ACCEPT ${v.file}: ${c.rows} rows (${c.cnp_sent} cnp_sent, ${c.cnp_recv} cnp_recv of which ${c.gated} inside the source gate, ${c.timer_tick} timer_tick); ${count(v.flows, 'flow')}, ${count(v.endpoints, 'endpoint')}, ${count(v.inFlight, 'CNP')} never received\n`);
    } else out(`REJECT ${v.file}\n${v.violations.map((x) => `  ${describeViolation(x)}\n`).join('')}`);
    return v.verdict === 'ACCEPT' ? 0 : 1;
  } catch (e) {
    err(`ccalc check-trace: ${errorLine(e)}\n`);
    return isInputError(e) ? 2 : INTERNAL_ERROR_EXIT;
  }
}

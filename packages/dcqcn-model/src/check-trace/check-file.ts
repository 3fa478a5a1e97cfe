import { DcqcnTraceChecker, type Violation } from './checker.ts';
import { readDcqcnTrace, readDcqcnTraceInWorker } from './read.ts';
import { canonicalOrder, type TraceRow } from './row.ts';
import { TraceError } from '../traces/csv.ts';

/** The verdict on a trace file. */
export interface TraceVerdict {
  file: string;
  verdict: 'ACCEPT' | 'REJECT';
  /** The first violation in canonical order, or every one with `all`. */
  violations: Violation[];
  counts: DcqcnTraceChecker['counts'];
  flows: number;
  endpoints: number;
  /** CNPs sent and never received (allowed). */
  inFlight: number;
  /** Whether the file was in time order (streamed) or had to be sorted in memory. */
  streamed: boolean;
}

class NotInTimeOrder extends Error {}

/**
 * Checks a DCQCN trace file (format and rules in the package README). Rows are checked in canonical
 * order, sorted by (time_ns, event_id): a file in time order, with rows of equal time in any order,
 * streams through in constant memory (only rows of one instant are held, to sort them by event_id),
 * parsed in a worker thread while this one checks;
 * a file out of time order is read again, sorted in memory, and checked (`onNote` is told). Without
 * `all`, only the first violation is kept (the rest of the file is still read, for its order and format). Malformed files throw a TraceError (file:line:column).
 * @example const v = await checkTraceFile('trace.csv'); v.verdict // 'ACCEPT'
 */
export async function checkTraceFile(file: string, options: { all?: boolean; onNote?: (message: string) => void } = {}): Promise<TraceVerdict> {
  const all = options.all ?? false;
  let checker = new DcqcnTraceChecker();
  let violations: Violation[] = [];
  const feed = (row: TraceRow): void => {
    if (!all && violations.length > 0) return; // done checking; the rest is only read for its order and format
    const v = checker.check(row);
    if (v.length > 0) violations.push(...(all ? v : v.slice(0, 1)));
  };
  const group: TraceRow[] = [];
  let streamed = true;
  try {
    await readDcqcnTraceInWorker(file, (row) => {
      if (group.length > 0 && row.time !== group[0].time) {
        // A row earlier than the instant being gathered: the file is not in time order, and what
        // was checked so far may not be the canonical prefix. Start again from a sorted copy.
        if (row.time < group[0].time) throw new NotInTimeOrder();
        if (group.length === 1) feed(group[0]);
        else group.sort(canonicalOrder).forEach(feed);
        group.length = 0;
      }
      group.push(row);
    });
    group.sort(canonicalOrder).forEach(feed);
  } catch (e) {
    if (!(e instanceof NotInTimeOrder)) throw e;
    options.onNote?.(`${file} is not in time order: sorting it in memory`);
    streamed = false;
    checker = new DcqcnTraceChecker();
    violations = [];
    const rows: TraceRow[] = [];
    await readDcqcnTrace(file, (row) => rows.push(row));
    rows.sort(canonicalOrder).forEach(feed);
  }
  // No rows: nothing was checked, so there is nothing to accept (a malformed trace, like a bad header).
  if (checker.counts.rows === 0) throw new TraceError(file, 1, null, null, 'a header and no rows: expected a trace with at least one event');
  return { file, verdict: violations.length === 0 ? 'ACCEPT' : 'REJECT', violations, counts: checker.counts, ...checker.stats(), streamed };
}

/** One line describing a violation: line, instant, rule, expected and found. */
export function describeViolation(v: Violation): string {
  return `line ${v.line} (time_ns ${v.timeNs}, event_id ${v.eventId}): ${v.rule}: expected ${v.expected}; found ${v.found}`;
}

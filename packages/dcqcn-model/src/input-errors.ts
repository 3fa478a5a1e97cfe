import { ModelError } from '@ccalc/cca';
import { ScenarioError } from './units.ts';
import { FileError } from './json-file.ts';
import { TraceError } from './traces/csv.ts';

/** Exit code of a failure that is ccalc's fault, not the input's (EX_SOFTWARE in sysexits.h). */
export const INTERNAL_ERROR_EXIT = 70;

/**
 * Whether an error is about the input (a scenario field, a flag, a file, a trace line, a model
 * parameter), with a message that names it, rather than a failure inside ccalc.
 * @example isInputError(new ScenarioError('horizon', '-1 s', 'a duration > 0')) // true
 */
export function isInputError(e: unknown): boolean {
  return e instanceof ScenarioError || e instanceof FileError || e instanceof TraceError || e instanceof ModelError;
}

/**
 * The one line a command prints for an error: its message for an input error; for anything else
 * (a bug) the message marked as an internal error, with what to report.
 * @example errorLine(new TypeError('x is undefined')) // 'internal error: x is undefined (a bug in ccalc: …)'
 */
export function errorLine(e: unknown): string {
  const message = (e instanceof Error ? e.message : String(e)).split('\n')[0];
  return isInputError(e) ? message : `internal error: ${message} (a bug in ccalc: please report it with the command and its input files)`;
}

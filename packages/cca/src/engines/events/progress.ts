import { EPSILON } from '@ccalc/curves';

/**
 * How far an instant reaches (s): times within EPSILON of x (relative beyond 1 s) are one instant,
 * the curves' tolerance.
 * @example instantTolerance(2) // 2e-12
 */
export function instantTolerance(x: number): number {
  return EPSILON * (x > 1 ? x : 1);
}

/** Units of work per progress report. */
const PROGRESS_BATCH = 65536;
/** Calls of `step` before the first report. */
const FIRST_REPORT = 256;

/**
 * Calls `onProgress(time, horizon)` at the 256th call of `step`, then once per 65,536 units of
 * work (instants and senders handled), for progress lines and runaway guards in long runs. The
 * first report comes early, once V8 keeps type feedback for `step` (it does after a function's
 * first few calls) and before it compiles the engine's loop: a compiled loop that calls
 * `onProgress` for the first time is thrown away and compiled again (BENCHMARKS.md, twelfth
 * session).
 * @example const p = new Progress(console.log); p.step(t, horizon)
 */
export class Progress {
  private work = 0;
  /** Calls of `step` left before the first report (0 once it is made). */
  private early = FIRST_REPORT;

  constructor(private readonly onProgress: ((time: number, horizon: number) => void) | undefined) {}

  /** Counts `units` of work at `time`, and reports when a batch is full. */
  step(time: number, horizon: number, units = 1): void {
    if (this.onProgress === undefined) return;
    this.work += units;
    if (this.work >= PROGRESS_BATCH || (this.early > 0 && --this.early === 0)) {
      this.work = 0;
      this.onProgress(time, horizon);
    }
  }
}

import { EPSILON } from '@ccalc/curves';

/**
 * How far an instant reaches (s): times within EPSILON of x (relative beyond 1 s) are one instant,
 * the curves' tolerance.
 * @example instantTolerance(2) // 2e-12
 */
export function instantTolerance(x: number): number {
  return EPSILON * (x > 1 ? x : 1);
}

/**
 * Calls `onProgress(time, horizon)` once per 65,536 units of work (instants and senders handled),
 * for progress lines and runaway guards in long runs.
 * @example const p = new Progress(console.log); p.step(t, horizon)
 */
export class Progress {
  private work = 0;

  constructor(private readonly onProgress: ((time: number, horizon: number) => void) | undefined) {}

  /** Counts `units` of work at `time`, and reports when a batch is full. */
  step(time: number, horizon: number, units = 1): void {
    if (this.onProgress === undefined) return;
    this.work += units;
    if (this.work >= 65536) {
      this.work = 0;
      this.onProgress(time, horizon);
    }
  }
}

/**
 * The figures a sweep keeps for each point: the scalar figures of a run's summary.json (see
 * `runSummary`), with their units in their names. A sweep file may name a subset (`"figures"`).
 */
export const SWEEP_FIGURES = [
  'horizon_us',
  'peak_backlog_bytes',
  'peak_backlog_time_us',
  'backlog_clear_time_us',
  'first_notification_us',
  'first_cut_us',
  'first_pause_us',
  'pauses',
  'notifications',
  'cuts',
  'completed',
  'completion_mean_us',
  'completion_p99_us',
  'completion_max_us',
  'utilisation',
  'fairness',
  'events',
] as const;

export type SweepFigure = (typeof SWEEP_FIGURES)[number];

/**
 * The figures of a run summary that a sweep keeps: numbers, or null where the run has none (no
 * PAUSE, a flow that did not complete).
 * @example pointFigures({ pauses: 58, first_cut_us: null, scenario: 'x' }, ['pauses', 'first_cut_us']) // { pauses: 58, first_cut_us: null }
 */
export function pointFigures(summary: Record<string, unknown>, figures: readonly SweepFigure[]): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const f of figures) {
    const v = summary[f];
    out[f] = typeof v === 'number' ? v : null;
  }
  return out;
}

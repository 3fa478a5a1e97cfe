import { describe, expect, it } from 'vitest';
import { comparisonRows } from './comparison-metrics.ts';

describe('comparisonRows', () => {
  it('judges each figure against its goal, in its unit, and leaves out what the comparison lacks', () => {
    const rows = comparisonRows({
      backlog: { nrmsePercent: 2.5, peak_bytes: { model: 30e6, simulator: 30.5e6, error_percent: -0.99 }, peak_time_us: { model: 110, simulator: 104, error: 6 }, clears_at_us: { model: null, simulator: 2700, error_percent: null } },
      arrival_rate_10us: { nrmsePercent: 4.9 },
      departure_rate_10us: null,
      event_times: { first_cut_at_sender_us: { model: 54.68, simulator: 54.69, error: -0.01 }, first_pause_sent_us: { model: 105, simulator: 102, error: 3 } },
    });
    const by = Object.fromEntries(rows.map((r) => [r.figure, r]));
    expect(by['switch backlog over the run, NRMSE']).toMatchObject({ error: 2.5, within: false, tolerance: "≤ 2 % of the simulator's peak" });
    expect(by['peak switch backlog']).toMatchObject({ model: 30, simulator: 30.5, error: -0.99, errorUnit: '%', within: true });
    expect(by['time of the peak']).toMatchObject({ error: 6, unit: 'µs', within: false, tolerance: 'within 5 µs' });
    expect(by['backlog clears after the peak']).toMatchObject({ model: null, error: null, within: null });
    expect(by['aggregate arrival rate, 10 µs bins, NRMSE'].within).toBe(true);
    expect(by['aggregate departure rate, 10 µs bins, NRMSE']).toMatchObject({ error: null, within: null, tolerance: 'no goal set' });
    expect(by['first rate cut at a sender'].within).toBe(true);
    expect(by['first PAUSE sent by the switch'].within).toBe(false);
    expect(by['first CNP at a sender']).toMatchObject({ error: null, tolerance: 'no goal set', within: null });
  });
});

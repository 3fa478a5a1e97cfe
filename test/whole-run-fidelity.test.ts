/**
 * Cross-package validation over the simulator's whole runs (30 ms for A2, 26 ms for A1), as
 * `ccalc run` + `ccalc compare` measure them (1 µs bins; the README's table). Goals of issue 5 and
 * what is measured (no constant fitted to the traces):
 * - switch backlog NRMSE ≤ 2 % of peak: A2 0.28 %, A1 0.035 %;
 * - peak backlog within 1 % and 5 µs: both 0.007 %, 0 µs;
 * - backlog clears within 2 %: A2 −0.18 %, A1 0 µs; cross-correlation lag 0 µs;
 * - aggregate arrival rate over 10 µs bins, NRMSE ≤ 5 % of line rate: NOT met (A2 16.9 %, A1 13.2 %;
 *   the README explains why). Here it is held to where it is (≤ 20 % and ≤ 15 %), so that a change
 *   that makes it worse fails; the goal stays open. A1 was 30.8 % until packets that reach the
 *   switch together (within the tolerance) were queued as one joint burst in port order.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runPathServer, ns3IncastModel } from '@ccalc/cca';
import { binnedSeries } from '../packages/dcqcn-model/src/output.ts';
import { compareWithTrace } from '../packages/dcqcn-model/src/compare.ts';
import { readNs3Trace } from '../packages/dcqcn-model/src/traces/ns3.ts';
import { skipWithoutTraces, validationTracesDir } from '../packages/dcqcn-model/src/traces/locate.ts';

interface Metrics {
  backlog: { nrmsePercent: number; peak_bytes: { error_percent: number }; peak_time_us: { error: number }; clears_at_us: { error_percent: number | null; model: number | null }; cross_correlation_lag_us: number };
  arrival_rate_10us: { nrmsePercent: number };
}

const cases = [
  { name: 'A2_dcqcn_pfc', dcqcn: true, horizon: 30e-3, arrivalBound: 20 },
  { name: 'A1_pfc_only', dcqcn: false, horizon: 26e-3, arrivalBound: 15 },
];

for (const c of cases) {
  describe.skipIf(skipWithoutTraces())(`${c.name}: the whole run against the simulator`, () => {
    let m: Metrics;
    beforeAll(async () => {
      const trace = await readNs3Trace(validationTracesDir(), c.name);
      const result = runPathServer(ns3IncastModel({ dcqcn: c.dcqcn, pfc: true, horizon: c.horizon }));
      const s = binnedSeries(result, 1e-6);
      const gbps = (x: number[]): Float64Array => Float64Array.from(x, (v) => (v * 8) / 1e9);
      m = compareWithTrace({ binStart: Float64Array.from(s.starts, (t) => t * 1e6), arrivalGbps: gbps(s.arrival), departureGbps: gbps(s.departure), backlogBytes: Float64Array.from(s.backlog) }, trace) as unknown as Metrics;
    }, 300_000);

    it('switch backlog NRMSE ≤ 2 % of the peak; peak within 1 % and 5 µs; no lag', () => {
      expect(m.backlog.nrmsePercent).toBeLessThan(2);
      expect(Math.abs(m.backlog.peak_bytes.error_percent)).toBeLessThan(1);
      expect(Math.abs(m.backlog.peak_time_us.error)).toBeLessThanOrEqual(5);
      expect(Math.abs(m.backlog.cross_correlation_lag_us)).toBeLessThanOrEqual(5);
    });

    it('the backlog clears within 2 % of the simulator\'s time', () => {
      expect(m.backlog.clears_at_us.model).not.toBeNull();
      expect(Math.abs(m.backlog.clears_at_us.error_percent!)).toBeLessThan(2);
    });

    it(`aggregate arrival rate over 10 µs bins: held at its measured level (≤ ${c.arrivalBound} % of line rate; the goal of 5 % is not met)`, () => {
      expect(m.arrival_rate_10us.nrmsePercent).toBeLessThan(c.arrivalBound);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { sample } from '@ccalc/curves';
import { ns3IncastModel, paperIncastModel, runPathServer } from './index.ts';
import type { PathServerModel } from './model.ts';

/** The same model run with rate changes and PFC frames planned inside windows, and with a window ended at each. */
function bothWays(model: PathServerModel) {
  const planned = runPathServer(model);
  const ended = runPathServer(model, { planRateChanges: false });
  return { planned, ended };
}

describe('rate changes and PFC frames planned inside a window give the run that ends a window at each', () => {
  const cases: [string, PathServerModel][] = [
    // ns-3's DCQCN: a CNP sets a flag, timers cut and raise rates (every 50–55 µs per sender).
    ['ns3-mlx DCQCN + PFC, 31 senders, 1.2 ms', ns3IncastModel({ dcqcn: true, pfc: true, horizon: 1.2e-3 })],
    // Random marks (the default) at probabilities below 1 once the backlog has cleared: each flow
    // draws from its own generator in the order of its packets, whatever the windows.
    ['ns3-mlx DCQCN + PFC, 1 MB bursts, 3 ms (marks drawn at p < 1)', ns3IncastModel({ dcqcn: true, pfc: true, burst: 1000 * 1048, horizon: 3e-3 })],
    ['ns3-mlx DCQCN without PFC, 1 ms', ns3IncastModel({ dcqcn: true, pfc: false, horizon: 1e-3 })],
    // PFC only: PAUSE and RESUME frames act inside windows too.
    ['PFC only (fixed rate), 31 senders, 2 ms', ns3IncastModel({ dcqcn: false, pfc: true, horizon: 2e-3 })],
    // The paper's DCQCN: notifications cut rates; a timeout restarts the flows (not planned through).
    ['paper DCQCN without PFC, 3.4 ms (timeouts)', paperIncastModel({ dcqcn: true, pfc: false, horizon: 3.4e-3 })],
  ];
  for (const [name, model] of cases) {
    it(name, () => {
      const { planned, ended } = bothWays(model);
      // Fewer windows; each flow has the same events in the same order at the same instants (up to
      // rounding: instants of different flows 10⁻¹⁵ s apart may be logged in the other order).
      expect(planned.stats.windows).toBeLessThan(ended.stats.windows);
      planned.flows.forEach((_, j) => {
        const [x, y] = [planned.events.filter((e) => e.flow === j), ended.events.filter((e) => e.flow === j)];
        expect(x.map((e) => e.kind)).toEqual(y.map((e) => e.kind));
        x.forEach((e, k) => expect(Math.abs(e.time - y[k].time)).toBeLessThan(1e-13));
      });
      const times = Array.from({ length: 400 }, (_, k) => (k * model.horizon) / 400);
      const [a, b] = [sample(planned.backlog, times), sample(ended.backlog, times)];
      a.forEach((x, k) => expect(Math.abs(x - b[k])).toBeLessThan(1e-3));
      planned.flows.forEach((f, j) => {
        const [x, y] = [sample(f.admitted, times), sample(ended.flows[j].admitted, times)];
        x.forEach((v, k) => expect(Math.abs(v - y[k])).toBeLessThan(1e-3));
      });
    });
  }
});

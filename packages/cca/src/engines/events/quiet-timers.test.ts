import { describe, expect, it } from 'vitest';
import { runEvents } from './run-events.ts';
import { ns3IncastModel } from '../../examples.ts';
import { randomPacketModel } from '../../test-support/random-models.ts';
import { perFlow } from '../../test-support/run-data.ts';
import { eventEngineSupport } from './support.ts';
import type { PathServerModel } from '../../model.ts';

/** The model with every CCA eager: no timer called quiet (nextLimitTimer removed). */
function eager(model: PathServerModel): PathServerModel {
  return { ...model, flows: model.flows.map((f) => ({ ...f, cca: { ...f.cca, nextLimitTimer: undefined } })) };
}

// Quiet timers (CongestionControl.nextLimitTimer: DCQCN's α updates, ns3-mlx's checks that find no
// CNP) run late, just before the CCA's next reaction: the same events, states and curves as
// running each at its instant.
describe('quiet timers run late give the results of running each at its instant', () => {
  it('on 200 random models (every DCQCN variant, new connections, ECN, PFC)', () => {
    let quiet = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const model = randomPacketModel(seed);
      if (eventEngineSupport(model) !== null || model.flows.every((f) => f.cca.nextLimitTimer === undefined)) continue;
      quiet += 1;
      expect(perFlow(runEvents(model)), `seed ${seed}`).toEqual(perFlow(runEvents(eager(model))));
    }
    expect(quiet).toBeGreaterThan(40);
  });

  it('on the incast with DCQCN and PFC (8 senders × 1,000 packets) to completion', () => {
    const model = ns3IncastModel({ senders: 8, burst: 1000 * 1000, dcqcn: true, pfc: true, horizon: 1 });
    expect(perFlow(runEvents(model, { untilComplete: true }))).toEqual(perFlow(runEvents(eager(model), { untilComplete: true })));
  });
});

import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { type PathServerModel, runEvents } from '@ccalc/cca';
import { loadScenarioFile } from '../packages/dcqcn-model/src/scenario/scenario.ts';
import { everything } from '../packages/cca/src/test-support/run-data.ts';

/** The model with every notification an event: quietNotification removed. */
function eager(model: PathServerModel): PathServerModel {
  return { ...model, flows: model.flows.map((f) => ({ ...f, cca: { ...f.cca, quietNotification: undefined } })) };
}

// The event engine logs quiet notifications (ns3-mlx's CNPs that find both flags set) late instead
// of handling each as an event, but not in a run with hosts sharing a NIC: the NICs decide at the
// instants of their connections' reactions, timed by an instant's first event, and an event less
// (the background sender's quiet CNP) moved their plans by an ulp (the admitted curves of three
// connections differed in their last bits).
describe('hosts of several connections under ns3-mlx (scenarios/training-on-off.json)', () => {
  it('run as if every notification were an event: every event, curve and state the same, to the bit', async () => {
    const scenario = await loadScenarioFile(resolve(import.meta.dirname, '../scenarios/training-on-off.json'));
    const model = scenario.model(scenario.horizon);
    expect(model.hosts?.length).toBeGreaterThan(0);
    expect(model.flows.some((f) => f.cca.quietNotification !== undefined)).toBe(true);
    const lazy = runEvents(model, { untilComplete: true });
    expect(lazy.events.filter((e) => e.kind === 'cnp').length).toBeGreaterThan(100);
    expect(everything(lazy)).toEqual(everything(runEvents(eager(model), { untilComplete: true })));
  });
});

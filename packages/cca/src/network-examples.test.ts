import { describe, expect, it } from 'vitest';
import { inputHotspotNetwork, parkingLotNetwork, stagedHotspotNetwork } from './network-examples.ts';
import { validateNetwork } from './network-model.ts';

/** How many flows cross each port. */
const load = (m: ReturnType<typeof parkingLotNetwork>): number[] => m.ports.map((_, p) => m.flows.filter((f) => f.route.includes(p)).length);

describe('the QCN/ECM/SONAR slides\' networks, as the slides draw them', () => {
  it('the parking lot: four hot flows over both links, one cold flow on each', () => {
    const m = parkingLotNetwork();
    validateNetwork(m);
    expect(load(m)).toEqual([5, 5, 1, 4, 1]);
    expect(m.flows.map((f) => f.route)).toEqual([[0, 1, 3], [0, 1, 3], [0, 1, 3], [0, 1, 3], [0, 2], [1, 4]]);
  });

  it('the input-generated hotspot: four culprits on the hot port, the victim sharing only culprit 2\'s uplink', () => {
    const m = inputHotspotNetwork();
    validateNetwork(m);
    expect(load(m)).toEqual([2, 1, 1, 1, 4, 1, 4, 1]);
    expect(m.flows[4].route.filter((p) => m.flows[0].route.includes(p))).toEqual([0]);
  });

  it('the 20-stage hotspot: link i carries i + 3 flows, the last node 2 receives from 20 sources', () => {
    const m = stagedHotspotNetwork();
    validateNetwork(m);
    expect(m.ports).toHaveLength(19 + 40);
    expect(m.flows).toHaveLength(57);
    expect(load(m).slice(0, 19)).toEqual(Array.from({ length: 19 }, (_, i) => i + 3));
    const lastNode2 = 19 + 2 * 19 + 1;
    expect(m.ports[lastNode2].name).toBe('sw20→node59');
    expect(m.flows.filter((f) => f.route.at(-1) === lastNode2)).toHaveLength(20);
  });
});

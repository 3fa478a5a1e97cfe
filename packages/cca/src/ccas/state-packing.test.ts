import { describe, expect, it } from 'vitest';
import type { CongestionControl } from '../cca.ts';
import { seededRandom } from '../random.ts';
import { testSignals } from '../test-support/signal-view.ts';
import { dcqcnNs3Mlx } from './dcqcn/ns3-mlx.ts';
import { dcqcnPaper } from './dcqcn/paper.ts';
import { aimdRate } from './aimd-rate.ts';

/**
 * The states a CCA takes on a random walk of timers and notifications from its initial state (the
 * states an engine would keep), each packed at a random place in a larger array and unpacked:
 * a new object equal to it in every field, to the bit (Object.is). Returns the states compared.
 */
function roundTrips<S>(cca: CongestionControl<S>, steps: number): number {
  const packing = cca.packing!;
  const random = seededRandom(11);
  const out = new Float64Array(packing.size + 8);
  let s = cca.initial();
  let now = 0;
  for (let k = 0; k < steps; k++) {
    const at = Math.floor(random() * 8);
    packing.pack(s, out, at);
    const back = packing.unpack(out, at);
    expect(back).not.toBe(s);
    expect(Object.keys(back as object).sort()).toEqual(Object.keys(s as object).sort());
    for (const [key, value] of Object.entries(s as object)) expect(Object.is((back as Record<string, unknown>)[key], value), `step ${k}: ${key}`).toBe(true);
    // The next state: a notification now and then, else the next timer.
    const timer = cca.nextTimer(s);
    if (random() < 0.3 || !(timer < Infinity)) {
      now += random() * 20e-6;
      s = cca.onNotification!(s, testSignals(now)).state;
    } else {
      now = timer;
      s = cca.onTimer(s, testSignals(now)).state;
    }
  }
  return steps;
}

// CongestionControl.packing: the event engine keeps the state each timer run starts from as
// numbers (issue 14); replaying the run from the unpacked state must give what the state gave.
describe('a CCA state packed as numbers unpacks to the same state', () => {
  it('ns3-mlx: rates, α, the three flags, the timer instants (+∞ before the first CNP) and the stage', () => {
    const cca = dcqcnNs3Mlx({ lineRate: 12.5e9, minRate: 12.5e6, g: 1 / 256, decreasePeriod: 50e-6, alphaPeriod: 55e-6, increasePeriod: 55e-6, fastRecoverySteps: 5, additiveIncrease: 625e3, hyperIncrease: 6.25e6, clampTargetRate: true });
    expect(roundTrips(cca, 2_000)).toBe(2_000);
    // Each flag on its own, so that no two fields can share a number unnoticed.
    for (const flag of ['started', 'cnpSinceDecrease', 'cnpSinceAlpha'] as const) {
      const s = { ...cca.initial(), [flag]: true };
      const out = new Float64Array(cca.packing!.size);
      cca.packing!.pack(s, out, 0);
      expect(cca.packing!.unpack(out, 0)).toEqual(s);
    }
  });

  it('aimd-rate and the paper DCQCN: rate, next increase, last congestion (−∞ before the first)', () => {
    expect(roundTrips(aimdRate({ initialRate: 1e9, increase: 1.25e8, decrease: 0.5, increaseInterval: 30e-6, maxRate: 4e9 }), 500)).toBe(500);
    expect(roundTrips(dcqcnPaper({ lineRate: 12.5e9, decrease: 0.75, additiveIncrease: 625e3, increaseInterval: 55e-6 }), 500)).toBe(500);
  });
});

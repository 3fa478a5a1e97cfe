import type { CongestionControl } from '../cca.ts';
import { requirePositive } from '../errors.ts';

/**
 * No congestion control: the sender transmits at a fixed rate (bytes/s), typically its line rate,
 * and reacts to nothing (no timeout, no notification). Only PFC, which acts on the link, can stop
 * it. This is the "PFC only" sender of the case study.
 * @example fixedRate(12.5e9) // a 100 Gb/s NIC without congestion control
 */
export function fixedRate(rate: number): CongestionControl<null> {
  requirePositive('rate', rate);
  return {
    name: 'fixed-rate',
    listens: {},
    initial: () => null,
    limit: () => ({ kind: 'rate', rate }),
    nextTimer: () => Infinity,
    onTimer: (s) => ({ state: s, shift: 'none', kind: 'none' }),
    describe: () => ({ rate }),
  };
}

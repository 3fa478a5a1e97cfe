import { describe, expect, it } from 'vitest';
import { vegas } from './vegas.ts';
import { testSignals } from '../test-support/signal-view.ts';

describe('vegas', () => {
  it.each(['paper', 'ns3'] as const)('%s: an idle sender (RTT = ΔR) doubles its window in slow start, up to 2^53 bytes, never to +∞', (variant) => {
    const v = vegas({ initialWindow: 1500, packetSize: 1500, variant });
    let s = v.onTimer(v.initial(0), testSignals(0)).state;
    const windows: number[] = [];
    for (let k = 0; k < 2200; k++) {
      s = v.onTimer(s, testSignals(s.nextEvent)).state;
      windows.push(s.window);
    }
    // Doubling every RTT (every other in the paper's variant) from 1500 B: 2^53 is reached after
    // 43 doublings and held there.
    expect(windows[variant === 'ns3' ? 2 : 5]).toBe(1500 * 8);
    expect(Math.max(...windows)).toBe(2 ** 53);
    expect(windows.at(-1)).toBe(2 ** 53);
    expect(v.describe(s).window).toBe(2 ** 53);
  });
});

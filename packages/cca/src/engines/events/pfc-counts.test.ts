import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pfcCounts } from './pfc-counts.ts';
import { PFC_MARGIN } from '../../pfc.ts';

describe('pfcCounts', () => {
  it('decides every count as the byte comparisons do, float rounding included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 64, max: 9000 }), fc.oneof(fc.double({ min: 0, max: 2e6, noNaN: true }), fc.double({ min: 2e6, max: 1e16, noNaN: true })), fc.double({ min: 0, max: 1, noNaN: true }), (packet, xOff, share) => {
        const pfc = { xOff, xOn: xOff * share };
        const { pauseAbove, resumeAtMost } = pfcCounts(pfc, packet);
        // Around each threshold, and at a multiple of the packet exactly on it.
        for (const c of [0, 1, pauseAbove - 1, pauseAbove, pauseAbove + 1, resumeAtMost, resumeAtMost + 1, Math.round(xOff / packet)]) {
          if (c < 0) continue;
          if (c > pauseAbove !== c * packet > pfc.xOff + PFC_MARGIN) return false;
          if (c <= resumeAtMost !== c * packet < pfc.xOn + PFC_MARGIN) return false;
        }
        return true;
      }),
    );
  });

  it('thresholds beyond 2^31 packets and beyond any count: no 32-bit overflow, no endless search', () => {
    // 10¹⁴ bytes (a fuzzed scenario's "100000000000 kB") is 9.5·10¹⁰ packets of 1,048 B.
    const big = pfcCounts({ xOff: 1e14, xOn: 9e13 }, 1048);
    expect(big.pauseAbove).toBe(Math.floor(1e14 / 1048));
    expect(big.pauseAbove * 1048 > 1e14 + PFC_MARGIN).toBe(false);
    expect((big.pauseAbove + 1) * 1048 > 1e14 + PFC_MARGIN).toBe(true);
    expect(big.resumeAtMost * 1048 < 9e13 + PFC_MARGIN && !((big.resumeAtMost + 1) * 1048 < 9e13 + PFC_MARGIN)).toBe(true);
    expect(pfcCounts({ xOff: Infinity, xOn: Infinity }, 1048)).toEqual({ pauseAbove: Infinity, resumeAtMost: Infinity });
    expect(pfcCounts({ xOff: 1e300, xOn: 0 }, 1048).pauseAbove).toBe(Infinity);
  });

  it('the simulator incast: PAUSE above 906 packets of 1,048 bytes, RESUME at 882 or fewer; none without PFC', () => {
    expect(pfcCounts({ xOff: 950000, xOn: 925000 }, 1048)).toEqual({ pauseAbove: 906, resumeAtMost: 882 });
    expect(pfcCounts(undefined, 1048)).toEqual({ pauseAbove: Infinity, resumeAtMost: -1 });
  });
});

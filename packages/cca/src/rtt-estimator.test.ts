import { describe, expect, it } from 'vitest';
import { measureRtt } from './rtt-estimator.ts';

describe('measureRtt (RFC 6298 on an integer clock, as ns-3 RttMeanDeviation)', () => {
  it('takes the first sample as it is, with half of it as the deviation', () => {
    expect(measureRtt(undefined, 20_019_840)).toEqual({ srtt: 20_019_840, rttvar: 10_009_920 });
  });

  it('moves an eighth of the way to each later sample (the ns-3 Vegas trace: handshake 20.01984 us, first data ACK 20.17728 us)', () => {
    const first = measureRtt(undefined, 20_019_840);
    // (8·20019840 + 157440) / 8 = 20039520 exactly.
    expect(measureRtt(first, 20_177_280).srtt).toBe(20_039_520);
  });

  it('floors, also when the sample is below the estimate (an arithmetic shift)', () => {
    const e = { srtt: 100, rttvar: 8 };
    // 8·100 + (93 − 100) = 793, 793 >> 3 = 99; |−7| − 8 = −1, (32 − 1) >> 2 = 7.
    expect(measureRtt(e, 93)).toEqual({ srtt: 99, rttvar: 7 });
    // 8·100 + 5 = 805 >> 3 = 100: a sample 5 ticks above moves nothing.
    expect(measureRtt(e, 105).srtt).toBe(100);
  });
});

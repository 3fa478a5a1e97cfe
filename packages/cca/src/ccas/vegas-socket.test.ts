import { describe, expect, it } from 'vitest';
import { vegasSocket, type VegasSocketState } from './vegas-socket.ts';
import { ModelError } from '../errors.ts';
import type { AckSignal } from '../cca.ts';

const mss = 1000;
const cca = vegasSocket({ segmentSize: mss });
const ack = (over: Partial<AckSignal>): AckSignal => ({ now: 0, ackedUpTo: 1000, nextToSend: 10_000, segmentsAcked: 1, rtt: 20e-6, ...over });
const state = (over: Partial<VegasSocketState>): VegasSocketState => ({ ...cca.initial(), ...over });

describe('vegasSocket (ns-3 TcpVegas over TcpNewReno, worked by hand from the rules)', () => {
  it("starts as ns-3: 10 segments, no slow-start threshold (2^32 − 1), the first acknowledgement ends the first cycle", () => {
    expect(cca.initial()).toMatchObject({ cwnd: 10_000, ssthresh: 4294967295, cycleEnd: 0 });
    // One sample only: NewReno's slow start (+1 segment), and the next cycle ends at SND.NXT.
    const r = cca.onAck!(cca.initial(), ack({ ackedUpTo: 1000, nextToSend: 10_000, rtt: 20.03952e-6 }));
    expect(r.state).toMatchObject({ cwnd: 11_000, cycleEnd: 10_000, samples: 0, minRtt: Infinity, baseRtt: 20.03952e-6 });
    expect(r.kind).toBe('slow-start');
  });

  it('grows by one segment per acknowledgement inside a cycle in slow start, and counts the RTT samples', () => {
    const r = cca.onAck!(state({ cwnd: 12_000, cycleEnd: 28_000, baseRtt: 20e-6 }), ack({ ackedUpTo: 3000, rtt: 20.5e-6 }));
    expect(r.state).toMatchObject({ cwnd: 13_000, samples: 1, minRtt: 20.5e-6, baseRtt: 20e-6 });
    // An acknowledgement of less than a segment (0 segments counted) leaves the window.
    expect(cca.onAck!(state({ cwnd: 12_000, cycleEnd: 28_000 }), ack({ ackedUpTo: 3000, segmentsAcked: 0 })).state.cwnd).toBe(12_000);
  });

  it('ends slow start when diff > γ: cwnd = min(cwnd, target + 1) segments, ssthresh = cwnd − 1 segment (the trace at 63.314 us)', () => {
    // 73 segments, baseRTT/minRTT = 20/20.5: target = ⌊73·0.9756⌋ = 71, diff = 2 > 1.
    const s = state({ cwnd: 73_000, cycleEnd: 40_000, baseRtt: 20e-6, minRtt: 20.5e-6, samples: 30 });
    const r = cca.onAck!(s, ack({ ackedUpTo: 40_000, nextToSend: 112_000, rtt: 21e-6 }));
    // ssthresh = max(min(2^32 − 1, 72000 − 1000), 2000) = 71000; then max(71000, ⌊3·72000/4⌋ = 54000).
    expect(r.state).toMatchObject({ cwnd: 72_000, ssthresh: 71_000, cycleEnd: 112_000, samples: 0, minRtt: Infinity });
    expect(r.kind).toBe('slow-start-exit');
  });

  it('stays in slow start when diff ≤ γ at the end of a cycle', () => {
    // 19 segments, 20/20.5: target = ⌊18.54⌋ = 18, diff = 1 = γ: +1 segment.
    const r = cca.onAck!(state({ cwnd: 19_000, cycleEnd: 10_000, baseRtt: 20e-6, minRtt: 20.5e-6, samples: 8 }), ack({ ackedUpTo: 10_000, nextToSend: 28_000, rtt: 21e-6 }));
    expect(r.state).toMatchObject({ cwnd: 20_000, ssthresh: 4294967295 });
  });

  it('after slow start: +1 segment when diff < α, −1 when diff > β, else holds; ssthresh ≥ 3/4 cwnd', () => {
    const ca = (minRtt: number) => cca.onAck!(state({ cwnd: 100_000, ssthresh: 71_000, cycleEnd: 5000, baseRtt: 20e-6, minRtt, samples: 50 }), ack({ ackedUpTo: 5000, nextToSend: 105_000, rtt: 30e-6 }));
    // 100·20/20.2 = 99.0099 → 99, diff 1 < 2: 101 segments; ssthresh max(71000, 75750).
    expect(ca(20.2e-6).state).toMatchObject({ cwnd: 101_000, ssthresh: 75_750 });
    expect(ca(20.2e-6).kind).toBe('vegas-increase');
    // 100·20/20.6 = 97.08 → 97, diff 3 ∈ [2, 4]: holds.
    expect(ca(20.6e-6).state).toMatchObject({ cwnd: 100_000, ssthresh: 75_000 });
    // 100·20/21.2 = 94.3 → 94, diff 6 > 4: 99 segments; ssthresh max(min(71000, 98000), 2000) = 71000, then 74250.
    expect(ca(21.2e-6).state).toMatchObject({ cwnd: 99_000, ssthresh: 74_250 });
    expect(ca(21.2e-6).kind).toBe('vegas-decrease');
  });

  it('behaves as NewReno with at most 2 samples in a cycle: congestion avoidance adds ⌊max(1, mss²/cwnd)⌋', () => {
    const r = cca.onAck!(state({ cwnd: 72_000, ssthresh: 71_000, cycleEnd: 5000, baseRtt: 20e-6, samples: 1 }), ack({ ackedUpTo: 5000, nextToSend: 77_000 }));
    // 1000²/72000 = 13.9 → 13 bytes.
    expect(r.state.cwnd).toBe(72_013);
    expect(r.kind).toBe('congestion-avoidance');
  });

  it('rejects parameters that are not whole segments, naming them', () => {
    expect(() => vegasSocket({ segmentSize: 0 })).toThrow(ModelError);
    expect(() => vegasSocket({ segmentSize: 1000, alpha: 1.5 })).toThrow(/alpha/);
    expect(() => vegasSocket({ segmentSize: 1000, alpha: 5, beta: 4 })).toThrow(/alpha.*beta/);
    expect(() => vegasSocket({ segmentSize: 1000, initialSegments: 0 })).toThrow(/initialSegments/);
  });
});

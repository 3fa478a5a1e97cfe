import { describe, expect, it } from 'vitest';
import { Curve, rate, step } from '@ccalc/curves';
import type { CongestionControl } from './cca.ts';
import { runPathServer } from './engine.ts';
import { pacerLead } from './pacer.ts';

const L = 1000; // bytes
const r = 1e9; // bytes/s: one packet per µs

describe('pacerLead: a rate change takes effect from the next packet', () => {
  const admitted = rate(r); // packets start at 0, 1, 2 µs, …
  it('is 0 at the rate the packet was sent at, and between packets', () => {
    expect(pacerLead(admitted, 0.3e-6, 300, r, L, 1e-6)).toBeCloseTo(0, 6);
    expect(pacerLead(admitted, 2e-6, 2000, r / 2, L, 1e-6)).toBe(0);
  });

  it('after a cut mid-packet: bytes at once, so that the next packet still starts when due', () => {
    // At 0.3 µs (300 B of the slot), the rate halves: the next packet is still due at 1 µs.
    const lead = pacerLead(admitted, 0.3e-6, 300, r / 2, L, 1e-6);
    expect(300 + lead + (r / 2) * 0.7e-6).toBeCloseTo(L, 6);
    expect(lead).toBeGreaterThan(0);
  });

  it('after a raise mid-packet: a wait, so that the next packet does not start early', () => {
    const lead = pacerLead(admitted, 0.3e-6, 300, 2 * r, L, 1e-6);
    expect(lead).toBeLessThan(0);
    const wait = -lead / (2 * r);
    expect(0.3e-6 + wait + (L - 300) / (2 * r)).toBeCloseTo(1e-6, 15);
  });

  it('an overdue packet starts at once', () => {
    // The slot started at 0 at 1 GB/s and Â was held at 300 B from 0.3 µs (a pause): at 5 µs the
    // next packet, due at 1 µs, is overdue: the rest of the slot is admitted at once.
    const held = Curve.fromBreakpoints([[0, 0, 0, r], [0.3e-6, 300, 300, 0]]);
    expect(pacerLead(held, 5e-6, 300, r, L, 1e-6)).toBeCloseTo(700, 6);
  });

  it('a packet started after a rest on the boundary dates from the rest’s end, whatever float noise the rest carries', () => {
    // Packet 1 sent at 1 GB/s from 0 to 1 µs, a pause on the boundary until 2 µs (Â a float's noise
    // above 1000 B, as a paused plan can leave it), packet 2 from 2 µs: at 2.3 µs (300 B into it)
    // the rate halves; packet 2 keeps its gap, due at 3 µs, as if the rest were exactly 1000 B.
    const rest = (above: number): Curve => Curve.fromBreakpoints([[0, 0, 0, r], [1e-6, L + above, L + above, 0], [2e-6, L + above, L + above, r]]);
    const exact = pacerLead(rest(0), 2.3e-6, L + 300, r / 2, L, 1e-6);
    expect(exact).toBeCloseTo(350, 6); // 300 + 350 + (r/2)·0.7 µs = 1000
    expect(pacerLead(rest(7e-12), 2.3e-6, L + 300, r / 2, L, 1e-6)).toBeCloseTo(exact, 6);
  });
});

/** Sends at `r` and halves its rate once, at `at` (a timer). */
function halveAt(at: number): CongestionControl<{ rate: number; at: number }> {
  return {
    name: 'halve-once',
    listens: {},
    initial: () => ({ rate: r, at }),
    limit: (s) => ({ kind: 'rate', rate: s.rate }),
    nextTimer: (s) => s.at,
    onTimer: (s) => ({ state: { rate: s.rate / 2, at: Infinity }, shift: 'none', kind: 'rate-cut' }),
    describe: (s) => ({ rate: s.rate }),
  };
}

describe('whole packets in the engine: paced as a NIC does', () => {
  it('a cut in the middle of a packet delays the packets after the next one, not the next one', () => {
    const run = runPathServer({
      service: rate(10 * r),
      flows: [{ arrivals: step(10 * L, 0), cca: halveAt(2.5e-6) }],
      horizon: 20e-6,
      feedbackDelay: 1e-6,
      packets: { size: L },
    });
    const sent = run.flows[0].sent;
    const starts: number[] = [];
    for (let i = 0; i < sent.t.length; i++) if (sent.r[i] > (i === 0 ? 0 : sent.leftLimit(sent.t[i]))) starts.push(sent.t[i]);
    // Packets at 0, 1, 2 µs at 1 GB/s; the one sent at 2 µs keeps its 1 µs gap; then every 2 µs.
    const expected = [0, 1, 2, 3, 5, 7, 9, 11, 13, 15].map((x) => x * 1e-6);
    expect(starts.length).toBe(expected.length);
    starts.forEach((t, k) => expect(t).toBeCloseTo(expected[k], 12));
  });
});

import { describe, expect, it } from 'vitest';
import { QcnCongestionPoint, quantisedFeedback } from './qcn-congestion-point.ts';

// The slides' congestion point: M = 150 kB per port, Q_eq = M/4, w = 2.
const config = { qEq: 37.5e3, w: 2 };

describe('QCN feedback Fb = −(Q_off + w·Q_δ), quantised', () => {
  it('is 0 (nothing sent) when the queue is at or below Q_eq and not growing', () => {
    expect(quantisedFeedback(config, 37.5e3, 37.5e3)).toBe(0);
    expect(quantisedFeedback(config, 20e3, 20e3)).toBe(0);
    // Above Q_eq but falling fast enough: Q_off + w·Q_δ = 10 kB − 2·10 kB < 0.
    expect(quantisedFeedback(config, 47.5e3, 57.5e3)).toBe(0);
  });

  it('takes ⌊|Fb|/Fb_max · (2^bits − 1)⌋ with Fb_max = Q_eq·(1 + 2w), capped at the largest level', () => {
    // Q_off = 37.5 kB, Q_δ = 37.5 kB: |Fb| = 112.5 kB of 187.5 kB = 0.6.
    expect(quantisedFeedback(config, 75e3, 37.5e3)).toBe(Math.floor(0.6 * 63));
    expect(quantisedFeedback({ ...config, fbBits: 8 }, 75e3, 37.5e3)).toBe(Math.floor(0.6 * 255));
    // A growing queue counts: at Q_eq with Q_δ = 10 kB, |Fb| = 20 kB.
    expect(quantisedFeedback(config, 37.5e3, 27.5e3)).toBe(Math.floor((20e3 / 187.5e3) * 63));
    expect(quantisedFeedback(config, 10e6, 0)).toBe(63);
  });
});

describe('QCN congestion point', () => {
  it('with every frame sampled: Q_old is the previous sample, and the feedback a fraction of the largest', () => {
    const cp = new QcnCongestionPoint({ ...config, sampling: { min: 1, max: 1 } });
    expect(cp.arrival(0)).toBeNull(); // Fb = Q_eq > 0
    expect(cp.arrival(75e3)).toBe(1); // Q_δ = 75 kB: |Fb| = 187.5 kB, the largest
    expect(cp.arrival(75e3)).toBe(Math.floor(0.2 * 63) / 63); // Q_δ = 0: |Fb| = Q_off = 37.5 kB
    expect(cp.arrival(40e3)).toBeNull(); // falling: Fb = −(2.5 kB − 70 kB) > 0
  });

  it('samples from 1 % up to 10 % of frames, linear in the last quantised |Fb|', () => {
    // A queue held at Q_eq + 30 kB: after the first sample Q_δ = 0 and |Fb| = 30 kB, level ⌊0.16·63⌋ = 10.
    const frames = 400_000;
    const count = (q: number): number => {
      const cp = new QcnCongestionPoint({ ...config, seed: 7 });
      let sampled = 0;
      // Every sample gives feedback here (the queue stays above Q_eq).
      for (let k = 0; k < frames; k++) if (cp.arrival(q) !== null) sampled += 1;
      return sampled;
    };
    const idle = new QcnCongestionPoint({ ...config, seed: 7 });
    let quiet = 0;
    for (let k = 0; k < frames; k++) if (idle.arrival(0) !== null) quiet += 1;
    expect(quiet).toBe(0);
    expect(idle.samplingProbability).toBe(0.01);
    const p = 0.01 + (0.09 * 10) / 63;
    const n = count(67.5e3);
    // Binomial: within 4 standard deviations (√(N·p·(1 − p)) ≈ 200 frames) of N·p ≈ 11,700.
    expect(Math.abs(n - frames * p)).toBeLessThan(4 * Math.sqrt(frames * p * (1 - p)));
  });
});

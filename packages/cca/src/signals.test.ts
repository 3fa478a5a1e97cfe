import { describe, expect, it } from 'vitest';
import { add, constant, equals, fromPackets, min, rate, step } from '@ccalc/curves';
import { NotificationGap, NotificationGrid, redProbability } from './ecn.ts';
import { packetize } from './acknowledgements.ts';
import { fifoDemultiplex, fifoLowerBound, fifoShare } from './fifo-demultiplex.ts';
import { runPathServer } from './engine.ts';
import { aimdRate } from './ccas/aimd-rate.ts';

describe('notification gap: the three cases of §III-B.d', () => {
  it('case 1: the first mark, and a mark exactly one gap after the last, notify at once', () => {
    const g = new NotificationGap(50e-6);
    expect(g.next(10e-6)).toBe(10e-6);
    expect(g.next(60e-6)).toBe(60e-6); // exactly one gap later: t − t̲ = Δ
  });

  it('case 2: a mark inside the gap is notified one gap after the last notification', () => {
    const g = new NotificationGap(50e-6);
    g.next(0);
    expect(g.next(20e-6)).toBe(50e-6);
  });

  it('case 3: while a notification is scheduled in the future, further marks add nothing', () => {
    const g = new NotificationGap(50e-6);
    g.next(0);
    g.next(20e-6); // scheduled at 50 µs
    expect(g.next(30e-6)).toBeNull();
    expect(g.next(50e-6)).toBe(100e-6); // t − t̲ = 0: case 2
  });

  it('gap 0 notifies every mark', () => {
    const g = new NotificationGap(0);
    expect([g.next(1), g.next(1), g.next(2)]).toEqual([1, 1, 2]);
  });
});

describe('notifications on a fixed per-flow grid', () => {
  it('one per slot, at the end of the slot in which a mark arrived', () => {
    const g = new NotificationGrid(5);
    expect(g.next(3)).toBe(5);
    expect(g.next(4)).toBeNull(); // same slot
    expect(g.next(5)).toBeNull(); // on the grid point already notified
    expect(g.next(7)).toBe(10);
    expect(g.next(12)).toBe(15);
  });
});

describe('RED marking probability (the misprint fixed: 0 up to K_min)', () => {
  const red = { kMin: 5e3, kMax: 200e3, pMax: 0.01 };
  it('is 0 at and below K_min, linear to P_max, 1 from K_max on', () => {
    expect(redProbability(red, 5e3)).toBe(0);
    expect(redProbability(red, 100e3)).toBeCloseTo(0.01 * (95e3 / 195e3), 12);
    expect(redProbability(red, 200e3 - 1)).toBeLessThan(0.01);
    expect(redProbability(red, 200e3)).toBe(1);
  });
  it('without K_min is a threshold at K_max', () => {
    expect(redProbability({ kMax: 10 }, 9.99)).toBe(0);
    expect(redProbability({ kMax: 10 }, 10)).toBe(1);
  });
});

describe('packetized acknowledgements I_max·⌊D/I_max⌋', () => {
  it('step up when each multiple of the packet size is reached', () => {
    const acks = packetize(rate(1000), 1500, 10);
    expect(acks.at(1.49)).toBe(0);
    expect(acks.at(1.5)).toBe(1500);
    expect(acks.at(4.4)).toBe(3000);
    expect(acks.at(20)).toBe(9000); // constant after the horizon (10 s → 9000 B)
  });
});

describe('FIFO demultiplexing (Theorem 1)', () => {
  it('equals Theorem 1 (Â_j(Â↑(D))) for continuous flows and preserves the sum', () => {
    const a1 = rate(2);
    const a2 = add(rate(1), constant(0));
    const total = add(a1, a2);
    const D = rate(1); // a server of rate 1
    const [d1, d2] = fifoDemultiplex(D, [a1, a2], total);
    const [l1, l2] = fifoLowerBound(D, [a1, a2], total);
    expect(equals(d1, l1)).toBe(true);
    expect(equals(d2, l2)).toBe(true);
    expect(equals(add(d1, d2), D)).toBe(true);
  });

  it('serves a joint burst in proportion, between Theorem 1\'s bounds', () => {
    const a1 = fromPackets([1], [3]);
    const a2 = fromPackets([1], [1]);
    const total = add(a1, a2);
    const D = rate(1); // a server of rate 1 from an initially empty queue
    const share = fifoShare(a1, total);
    expect(share.at(2)).toBeCloseTo(1.5, 12); // half of the joint 4-byte burst has left: 3/4 of it is flow 1's
    const [d1, d2] = fifoDemultiplex(D, [a1, a2], total);
    expect(d1.at(2) + d2.at(2)).toBeCloseTo(D.at(2), 12);
    const [lower] = fifoLowerBound(D, [a1, a2], total);
    expect(d1.at(2)).toBeGreaterThanOrEqual(lower.at(2));
    expect(d1.at(2)).toBeLessThanOrEqual(3);
  });
});

describe('ECN notifications and PFC in the engine', () => {
  const C = 1e9;
  const cca = () => aimdRate({ initialRate: 2e9, increase: 1e6, decrease: 0.5, increaseInterval: 1e-3 });

  it('threshold marking: the first notification reaches the sender one notification delay after the backlog reaches K_max', () => {
    // 2 GB/s into 1 GB/s: the backlog grows at 1 GB/s and reaches 10 kB at 10 µs.
    const r = runPathServer({
      service: rate(C),
      flows: [{ arrivals: step(1e9, 0), cca: cca(), notificationDelay: 5e-6 }],
      horizon: 100e-6,
      feedbackDelay: 5e-6,
      ecn: { kMax: 10e3, packetSize: 1000, at: 'enqueue', notificationGap: 50e-6 },
    });
    const cnps = r.events.filter((e) => e.kind === 'cnp').map((e) => e.time);
    expect(cnps[0]).toBeGreaterThanOrEqual(15e-6 - 1e-12);
    expect(cnps[0]).toBeLessThan(15e-6 + 1e-6); // the first packet at or above K_max, plus 5 µs
    expect(cnps[1] - cnps[0]).toBeCloseTo(50e-6, 9); // then one per gap
  });

  it('PFC pauses when the backlog exceeds X_off and resumes when it falls to X_on', () => {
    const r = runPathServer({
      service: rate(C),
      flows: [{ arrivals: step(1e9, 0), cca: cca(), pauseDelay: 1e-6 }],
      horizon: 200e-6,
      feedbackDelay: 1e-6,
      pfc: { xOff: 20e3, xOn: 10e3, resume: 'threshold' },
    });
    const pause = r.events.find((e) => e.kind === 'pfc-pause')!;
    const resume = r.events.find((e) => e.kind === 'pfc-resume')!;
    expect(pause.time).toBeCloseTo(21e-6, 9); // backlog passes 20 kB at 20 µs, + 1 µs
    // Paused, the backlog peaks at 20 kB + 1 µs of excess, drains at 1 GB/s to 10 kB, + 1 µs.
    expect(resume.time).toBeCloseTo(21e-6 + 11e-6 + 1e-6, 9);
    expect(Math.max(...Array.from({ length: 200 }, (_, k) => r.backlog.at(k * 1e-6)))).toBeLessThanOrEqual(21e3 + 1e-3); // X_off + 1 µs of excess (+ the byte guard)
  });

  it('pauses at X_off + 1 byte of backlog, not at X_off', () => {
    // 2 GB/s into 1 GB/s: the backlog peaks at half the burst, when the burst has been admitted.
    const peakAt = (burst: number) =>
      runPathServer({
        service: rate(C),
        flows: [{ arrivals: min(rate(2e9), constant(burst)), cca: aimdRate({ initialRate: 2e9, increase: 1, decrease: 0.5, increaseInterval: 1 }), pauseDelay: 1e-6 }],
        horizon: 100e-6,
        feedbackDelay: 1e-6,
        pfc: { xOff: 20e3, xOn: 10e3, resume: 'threshold' },
      }).events.filter((e) => e.kind === 'pfc-pause').length;
    expect(peakAt(40e3)).toBe(0); // peak exactly X_off
    expect(peakAt(40e3 + 2)).toBe(1); // peak X_off + 1 byte
  });

  it('the paper\'s resume rule waits (X_off − X_on)/C after the pause', () => {
    const r = runPathServer({
      service: rate(C),
      flows: [{ arrivals: step(1e9, 0), cca: cca(), pauseDelay: 1e-6 }],
      horizon: 100e-6,
      feedbackDelay: 1e-6,
      pfc: { xOff: 20e3, xOn: 10e3, resume: 'paper', lineRate: C },
    });
    const pause = r.events.find((e) => e.kind === 'pfc-pause')!;
    const resume = r.events.find((e) => e.kind === 'pfc-resume')!;
    expect(resume.time - pause.time).toBeCloseTo(10e-6, 9);
  });
});

describe('seeded random marking', () => {
  const run = (seed: number) =>
    runPathServer({
      service: rate(1e9),
      flows: Array.from({ length: 3 }, () => ({ arrivals: step(1e6, 0), cca: aimdRate({ initialRate: 1e9, increase: 1e6, decrease: 0.9, increaseInterval: 1e-3 }), notificationDelay: 5e-6 })),
      horizon: 200e-6,
      feedbackDelay: 5e-6,
      ecn: { kMin: 1e3, kMax: 400e3, pMax: 0.2, packetSize: 1000, at: 'enqueue', random: { seed } },
    }).events.filter((e) => e.kind === 'cnp').map((e) => `${e.time}:${e.flow}`);
  it('is reproducible for a seed and differs between seeds', () => {
    const a = run(7);
    expect(a.length).toBeGreaterThan(3);
    expect(run(7)).toEqual(a);
    expect(run(8)).not.toEqual(a);
  });
});

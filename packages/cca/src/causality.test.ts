import { describe, expect, it } from 'vitest';
import { isNonDecreasing, sample } from '@ccalc/curves';
import { paperIncastModel, runPathServer } from './index.ts';

describe('causality of the results', () => {
  it('the backlog up to t does not depend on the horizon: a Go-Back-N flush does not rewrite the reported past', () => {
    // The paper's DCQCN without PFC times out (τ_o = 3 ms) at 3.19 ms, and every sender flushes its
    // queued bytes. Up to 3 ms the two runs are the same run.
    const short = runPathServer(paperIncastModel({ dcqcn: true, pfc: false, horizon: 3e-3 }));
    const long = runPathServer(paperIncastModel({ dcqcn: true, pfc: false, horizon: 3.4e-3 }));
    expect(long.events.some((e) => e.kind === 'timeout')).toBe(true);
    const times = Array.from({ length: 300 }, (_, k) => k * 10e-6);
    const [a, b] = [sample(long.backlog, times), sample(short.backlog, times)];
    // Equal up to float rounding (the flushed bytes are subtracted from the history and added back).
    a.forEach((x, k) => expect(Math.abs(x - b[k])).toBeLessThan(1e-3));
    expect(Math.max(...a)).toBeGreaterThan(50e6); // the paper's "exceeds 50 MB"
    // After the flushes the queue holds none of the flushed bytes.
    const firstTimeout = long.events.find((e) => e.kind === 'timeout')!.time;
    expect(long.backlog.at(firstTimeout + 20e-6)).toBeLessThan(long.backlog.at(firstTimeout) / 2);
    // What was sent never decreases, though Â (sequence view) drops at the timeout; it holds every
    // admission, so it is at least Â, and more after the restart by the bytes sent again.
    for (const f of long.flows) {
      expect(isNonDecreasing(f.sent)).toBe(true);
      expect(f.admitted.at(firstTimeout + 1e-9)).toBeLessThan(f.admitted.at(firstTimeout - 1e-9));
      for (const t of [1e-3, firstTimeout - 1e-9, 3.4e-3]) expect(f.sent.at(t)).toBeGreaterThanOrEqual(f.admitted.at(t) - 1e-6);
    }
  });
});

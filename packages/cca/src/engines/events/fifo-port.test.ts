import { describe, expect, it } from 'vitest';
import { FifoPort, type PortListener } from './fifo-port.ts';

const silent: PortListener = { frame: () => {}, mark: () => {}, feedback: () => {} };

describe('FifoPort', () => {
  it('keeps each waiting packet’s flow and arrival when its ring grows with the queue wrapped around', () => {
    // Two flows that announce 1 packet each: a ring of 1,024 arrival instants.
    const T = 1e-6;
    const port = new FifoPort([1, 1], Int32Array.from([0, 1]), 1000, 1000 / T, undefined, undefined, silent);
    const serve = (count: number): [number, number][] =>
      Array.from({ length: count }, () => {
        const time = port.nextDequeue();
        return [port.dequeue(time), time];
      });
    // 1,000 packets at 0, all served: the ring's head is at 1,000 of 1,024.
    for (let k = 0; k < 1000; k++) port.arrive(k % 2, 0, 0, k > 0);
    expect(serve(1000).map(([, time]) => time)).toEqual(Array.from({ length: 1000 }, (_, k) => k * T));
    // 2,000 more at 1 s, to an idle server: the ring wraps, then doubles twice.
    for (let k = 0; k < 2000; k++) port.arrive(1 - (k % 2), 1, 0, k > 0);
    const next = serve(30);
    expect(next.map(([flow]) => flow)).toEqual(Array.from({ length: 30 }, (_, k) => 1 - (k % 2)));
    expect(next.map(([, time]) => time)).toEqual(Array.from({ length: 30 }, (_, k) => 1 + k * T));
    // The head (the 1,031st packet queued, copied across the wrap) still says when it arrived.
    expect(port.handOver().head).toBe(1);
    expect(port.queueOrder.length).toBe(3000);
  });
});

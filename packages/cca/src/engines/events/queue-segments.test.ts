import { describe, expect, it } from 'vitest';
import { QueueSegments } from './queue-segments.ts';

describe('QueueSegments', () => {
  const I = 1000;
  const rate = Float64Array.of(1e9, 5e8);

  it('grows a segment on its plan, starts another on a new plan or after another sender', () => {
    const q = new QueueSegments(10, 2);
    const plan = q.newPlan(0, 0);
    const other = q.newPlan(0, 0);
    q.add(0, 0, 1, 0.5e-6, plan, 0); // flow 0's packet 0 at 0.5 µs (not its plan's 0 s)
    q.addOnPlan(0, 1, 1e-6, plan, 1); // packet 1 on the plan: 0 + (1000 − 0)/1e9
    q.addOnPlan(1, 0, 0, other, 2); // another sender: a new segment
    q.addOnPlan(0, 2, 2e-6, plan, 3); // flow 0 again, after flow 1: a new segment
    q.addOnPlan(0, 3, 2e-6, q.newPlan(1e-6, 1000), 4); // a new plan: a new segment
    expect(q.length).toBe(4);
    expect(Array.from(q.count.subarray(0, 4))).toEqual([2, 1, 1, 1]);
    expect(q.arrival(0, 0, I, rate[0])).toBe(0.5e-6);
    expect(q.arrival(0, 1, I, rate[0])).toBe(0 + (1 * I - 0) / 1e9);
  });

  it('keeps every plan when its table grows', () => {
    const q = new QueueSegments(200, 1);
    for (let k = 0; k < 200; k++) q.add(0, 2 * k, 2, k * 1e-6, q.newPlan(k * 1e-6, k * 500), k);
    for (let k = 0; k < 200; k++) expect(q.arrival(k, 1, I, rate[0])).toBe(k * 1e-6 + ((2 * k + 1) * I - k * 500) / 1e9);
  });

  it('finds a sender’s packets in the queue as they are transmitted, and reads everything back', () => {
    const q = new QueueSegments(10, 2);
    // Queue order: flow 0's packets 0–2, flow 1's 0–1, flow 0's 3 (on a plan from 5 µs, 3000 B then).
    q.add(0, 0, 3, 0, q.newPlan(0, 0), 0);
    q.add(1, 0, 2, 1e-7, q.newPlan(1e-7, 0), 3);
    q.add(0, 3, 1, 5e-6, q.newPlan(5e-6, 3000), 5);
    expect(q.positionOf(0, 1)).toBe(1);
    expect(q.positionOf(1, 1)).toBe(4);
    expect(q.positionOf(0, 3)).toBe(5);
    const starts = new Float64Array(6);
    const order = new Int32Array(6);
    q.expand(I, rate, Int32Array.of(0, 4), starts, order);
    expect(Array.from(order)).toEqual([0, 0, 0, 1, 1, 0]);
    expect(Array.from(starts)).toEqual([0, 1e-6, 2e-6, 5e-6, 1e-7, 1e-7 + 1000 / 5e8]);
  });
});

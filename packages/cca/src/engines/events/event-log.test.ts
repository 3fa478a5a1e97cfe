import { describe, expect, it } from 'vitest';
import { FloatColumn, IntColumn } from './log-columns.ts';
import { EventLog, NotificationLog, timeOrder, timeOrderByFlow } from './event-log.ts';
import type { CongestionControl } from '../../cca.ts';
import { Mulberry32 } from '../../random.ts';

describe('the event log read in time order', () => {
  it('orders by time, equal times in log order, as a stable sort of every item does', () => {
    const g = new Mulberry32(5);
    for (const lateShare of [0, 0.01, 0.3, 1]) {
      // Times mostly logged in order on a coarse grid (many ties), some logged late.
      const column = new FloatColumn(4);
      let t = 0;
      for (let k = 0; k < 5_000; k++) {
        t += g.next() < 0.5 ? 0 : 1;
        column.push(g.next() < lateShare ? Math.floor(g.next() * t) : t);
      }
      const reference = Int32Array.from({ length: column.length }, (_, k) => k).sort((a, b) => column.at(a) - column.at(b) || a - b);
      expect(Array.from(timeOrder(column))).toEqual(Array.from(reference));
    }
  });

  it("from each flow's rows, when each flow logged its own in time order: the same order", () => {
    const g = new Mulberry32(9);
    for (const flowCount of [1, 3, 31, 500]) {
      // Each flow's clock moves on a coarse grid (ties within and across flows); flows interleave at random.
      const clocks = new Float64Array(flowCount);
      const times = new FloatColumn(4);
      const flows = new IntColumn(4);
      for (let k = 0; k < 6_000; k++) {
        const f = Math.floor(g.next() * flowCount);
        clocks[f] += g.next() < 0.3 ? 0 : Math.floor(g.next() * 4);
        times.push(clocks[f]);
        flows.push(f);
      }
      const reference = Int32Array.from({ length: times.length }, (_, k) => k).sort((a, b) => times.at(a) - times.at(b) || a - b);
      expect(Array.from(timeOrderByFlow(times, flows)!)).toEqual(Array.from(reference));
    }
    // A flow's row logged before an earlier one of its own: not for this reading.
    const times = new FloatColumn(4);
    const flows = new IntColumn(4);
    for (const [t, f] of [[1, 0], [0, 1], [0.5, 0]]) {
      times.push(t);
      flows.push(f);
    }
    expect(timeOrderByFlow(times, flows)).toBeNull();
  });

  it('worked by hand', () => {
    const column = new FloatColumn(4);
    for (const x of [1, 3, 2, 3, 1]) column.push(x);
    expect(Array.from(timeOrder(column))).toEqual([0, 4, 2, 1, 3]);
  });
});

describe('states registered in the event log', () => {
  // A CCA that describes its rate only: a flag it keeps is not in the description.
  const cca = { describe: (s: { rate: number; flag: boolean }) => ({ rate: s.rate }) } as unknown as CongestionControl<unknown>;
  // And one whose descriptions change keys.
  const odd = { describe: (s: Record<string, number>) => s } as unknown as CongestionControl<unknown>;

  it('a state described as the previous one is that state again; any other is new', () => {
    const log = new EventLog([cca, cca]);
    const a = log.state(0, { rate: 1, flag: false });
    expect(log.state(0, { rate: 1, flag: true }, a)).toBe(a);
    const b = log.state(0, { rate: 2, flag: true }, a);
    expect(b).not.toBe(a);
    // Without the previous state, or against another flow's, a new one.
    expect(log.state(0, { rate: 2, flag: true })).not.toBe(b);
    const c = log.state(1, { rate: 1, flag: false });
    expect(c).not.toBe(a);
    // -0 and 0 are told apart, NaN is NaN.
    const z = log.state(1, { rate: 0, flag: false }, c);
    expect(log.state(1, { rate: -0, flag: false }, z)).not.toBe(z);
    const n = log.state(1, { rate: Number.NaN, flag: false });
    expect(log.state(1, { rate: Number.NaN, flag: true }, n)).toBe(n);
    log.push(0, 0, 'x', a, b);
    expect(log.events()[0]).toMatchObject({ before: { rate: 1 }, after: { rate: 2 } });
  });

  it('descriptions with other keys than the flow’s first are never the previous state again', () => {
    const log = new EventLog([odd]);
    const a = log.state(0, { rate: 1 });
    const b = log.state(0, { rate: 1, extra: 2 }, a);
    expect(b).not.toBe(a);
    expect(log.state(0, { rate: 1, extra: 2 }, b)).not.toBe(b);
    log.push(0, 0, 'x', a, b);
    expect(log.events()[0].after).toEqual({ rate: 1, extra: 2 });
  });
});

describe('quiet notifications in the event log', () => {
  const cca = { describe: (s: { rate: number }) => ({ rate: s.rate }) } as unknown as CongestionControl<unknown>;

  it("one row each while the run goes on, read as its two rows (cnp, then the CCA's kind) in its place", () => {
    const log = new EventLog([cca, cca]);
    const a = log.state(0, { rate: 1 });
    const b = log.state(1, { rate: 2 });
    log.push(1e-6, 1, 'rate-cut', b, b);
    log.quietNotification(2e-6, 0, 'cnp-noted', a);
    log.push(2e-6, 1, 'alpha-update', b, b);
    log.quietNotification(3e-6, 1, 'cnp-noted', b);
    expect(log.length).toBe(6);
    const rows = log.events().map((e) => [e.time, e.flow, e.kind, e.before.rate, e.after.rate]);
    expect(rows).toEqual([
      [1e-6, 1, 'rate-cut', 2, 2],
      [2e-6, 0, 'cnp', 1, 1],
      [2e-6, 0, 'cnp-noted', 1, 1],
      [2e-6, 1, 'alpha-update', 2, 2],
      [3e-6, 1, 'cnp', 2, 2],
      [3e-6, 1, 'cnp-noted', 2, 2],
    ]);
    // The table reads the same rows.
    const table = log.table();
    expect(table.length).toBe(6);
    expect(Array.from({ length: 6 }, (_, q) => table.kind(q))).toEqual(rows.map((r) => r[2]));
  });
});

describe('the notifications a run sent', () => {
  it('arrive their flow’s delay after they are sent, each sent at its mark until one is not', () => {
    const log = new NotificationLog([4e-6, 1e-6], [{ notifications: true }, { notifications: true }]);
    expect(log.push(0, 1e-6, 1e-6)).toBe(1e-6 + 4e-6);
    expect(log.push(1, 2e-6, 2e-6)).toBe(2e-6 + 1e-6);
    // The gap rule holds one back: sent later than its mark.
    expect(log.push(0, 3e-6, 50e-6)).toBe(50e-6 + 4e-6);
    expect(log.push(1, 4e-6, 4e-6)).toBe(4e-6 + 1e-6);
    expect(log.length).toBe(4);
    expect(log.notifications()).toEqual([
      { flow: 0, marked: 1e-6, sent: 1e-6, arrives: 1e-6 + 4e-6 },
      { flow: 1, marked: 2e-6, sent: 2e-6, arrives: 2e-6 + 1e-6 },
      { flow: 0, marked: 3e-6, sent: 50e-6, arrives: 50e-6 + 4e-6 },
      { flow: 1, marked: 4e-6, sent: 4e-6, arrives: 4e-6 + 1e-6 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { ns3IncastModel } from './examples.ts';
import { runEvents } from './engines/events/run-events.ts';
import { runPathServer } from './engine.ts';
import { eventEngineSupport } from './engines/events/support.ts';
import { randomPacketModel } from './test-support/random-models.ts';
import { eventTable } from './event-table.ts';
import type { EngineEvent, EngineResult } from './results.ts';

/**
 * The table gives each row of `result.events`: time, flow, kind, and states whose values (read
 * from the log's columns before any state is described) and descriptions are the events' own.
 */
function expectSameAsEvents(fresh: () => EngineResult): number {
  const result = fresh();
  const table = eventTable(result);
  // Values first, while no state has been described: the log's number columns.
  const values = Array.from({ length: table.length }, (_, k) => {
    const id = table.after(k);
    const keys = table.keys(id);
    const inOrder = Object.fromEntries(keys.map((key, i) => [key, table.valueAt(id, i)]));
    return { rate: table.value(id, 'rate'), alpha: table.value(id, 'alpha'), window: table.value(id, 'window'), nothing: table.value(id, 'nothing'), inOrder };
  });
  const events = result.events;
  expect(table.length).toBe(events.length);
  for (let k = 0; k < events.length; k++) {
    const e = events[k];
    expect([table.time(k), table.flow(k), table.kind(k)]).toEqual([e.time, e.flow, e.kind]);
    expect(table.state(table.after(k))).toEqual(e.after);
    expect(table.state(table.before(k))).toEqual(e.before);
    expect(values[k]).toEqual({ rate: e.after.rate, alpha: e.after.alpha, window: e.after.window, nothing: undefined, inOrder: e.after });
    expect(Object.keys(values[k].inOrder)).toEqual(Object.keys(e.after));
  }
  return events.length;
}

describe('the events as a table', () => {
  it('reads the event engine log as the events read it, rows logged late included (A2: quiet timers)', () => {
    expect(expectSameAsEvents(() => runEvents(ns3IncastModel({ dcqcn: true, pfc: true, horizon: 0.4e-3 })))).toBeGreaterThan(1000);
    expect(expectSameAsEvents(() => runEvents(ns3IncastModel({ dcqcn: false, pfc: true, horizon: 0.4e-3 })))).toBeGreaterThan(100);
  });

  it('on random models of every rate-based CCA', () => {
    let rows = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const model = randomPacketModel(seed);
      if (eventEngineSupport(model) !== null) continue;
      rows += expectSameAsEvents(() => runEvents(model));
    }
    expect(rows).toBeGreaterThan(500);
  });

  it('over event objects for the other engines: the same rows, states numbered by object', () => {
    const model = ns3IncastModel({ dcqcn: true, pfc: true, horizon: 0.1e-3 });
    expect(expectSameAsEvents(() => runPathServer(model))).toBeGreaterThan(100);
  });

  it('puts event objects in time order, a stable sort, and numbers shared states once', () => {
    const s = { rate: 1 };
    const t = { rate: 0.5 };
    const events: EngineEvent[] = [
      { time: 2, flow: 0, kind: 'b', before: s, after: t },
      { time: 1, flow: 1, kind: 'a', before: s, after: s },
      { time: 2, flow: 1, kind: 'c', before: t, after: {} },
    ];
    const table = eventTable({ events });
    expect(Array.from({ length: 3 }, (_, k) => table.kind(k))).toEqual(['a', 'b', 'c']);
    expect([table.before(0), table.after(0), table.before(1), table.after(1), table.before(2)]).toEqual([0, 0, 0, 1, 1]);
    expect(table.value(table.after(2), 'rate')).toBeUndefined();
  });
});

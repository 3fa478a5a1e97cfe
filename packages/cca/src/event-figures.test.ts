import { describe, expect, it } from 'vitest';
import { runEvents } from './engines/events/run-events.ts';
import { runPathServer } from './engine.ts';
import { eventEngineSupport } from './engines/events/support.ts';
import { ns3IncastModel } from './examples.ts';
import { randomPacketModel } from './test-support/random-models.ts';
import { eventFigures, tableFigures } from './event-figures.ts';
import { eventTable } from './event-table.ts';
import type { EngineResult } from './results.ts';

/** The figures read off the events as objects, one by one: the definition. */
function fromEvents(result: EngineResult): { counts: Map<string, number>; first: Map<string, [number, number]>; cuts: number } {
  const counts = new Map<string, number>();
  const first = new Map<string, [number, number]>();
  let cuts = 0;
  for (const e of result.events) {
    counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
    if (!first.has(e.kind)) first.set(e.kind, [e.time, e.flow]);
    const key = e.after.rate !== undefined ? 'rate' : 'window';
    if (e.after[key] < e.before[key]) cuts += 1;
  }
  return { counts, first, cuts };
}

// The event engine counts its figures off its log, each timer run replayed in place without its
// rows (10,000 senders log 4.6·10⁸ events): they must be those of its events, row by row.
describe('eventFigures', () => {
  const check = (result: EngineResult): void => {
    const figures = eventFigures(result);
    expect(figures).toEqual(tableFigures(eventTable(result)));
    const { counts, first, cuts } = fromEvents(result);
    expect(new Map([...figures.kinds].map(([k, v]) => [k, v.count]))).toEqual(counts);
    expect(new Map([...figures.kinds].map(([k, v]) => [k, [v.first, v.firstFlow]]))).toEqual(first);
    expect(figures.cuts).toBe(cuts);
    const frames = result.events.filter((e) => e.kind === 'pfc-pause' || e.kind === 'pfc-resume');
    expect(Array.from(figures.frames.time)).toEqual(frames.map((e) => e.time));
    expect(Array.from(figures.frames.flow)).toEqual(frames.map((e) => e.flow));
    expect(Array.from(figures.frames.pause)).toEqual(frames.map((e) => (e.kind === 'pfc-pause' ? 1 : 0)));
  };

  it('of the incast with DCQCN and PFC, and of senders that wait for their last packets (runs holding notifications)', () => {
    const a2 = runEvents(ns3IncastModel({ dcqcn: true, pfc: true, horizon: 3e-3 }));
    expect(a2.stats.timerRuns).toBeGreaterThan(0);
    check(a2);
    const waiting = runEvents(ns3IncastModel({ senders: 64, burst: 200 * 1048, dcqcn: true, pfc: false, horizon: 1 }), { untilComplete: true });
    expect(waiting.stats.runNotifications).toBeGreaterThan(0);
    check(waiting);
    expect(eventFigures(waiting).kinds.get('cnp')?.count).toBe(waiting.notifications.length);
  });

  it('of the curve engine, read off its events once per result', () => {
    const result = runPathServer(ns3IncastModel({ dcqcn: true, pfc: true, horizon: 2e-4 }));
    const figures = eventFigures(result);
    expect(figures.kinds.get('pfc-pause')?.count).toBeGreaterThan(0);
    expect(figures).toEqual(tableFigures(eventTable(result)));
    // The summary and the paused senders' series both ask: the second call reads nothing again.
    expect(eventFigures(result)).toBe(figures);
    expect(eventFigures({ ...result, events: [...result.events] })).not.toBe(figures);
  });

  it('of 60 random models (every DCQCN variant, rate AIMD, ECN, PFC, new connections)', () => {
    let models = 0;
    for (let seed = 1; seed <= 600 && models < 60; seed++) {
      const model = randomPacketModel(seed);
      if (eventEngineSupport(model) !== null) continue;
      models += 1;
      check(runEvents(model));
    }
    expect(models).toBe(60);
  });
});

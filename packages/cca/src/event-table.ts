import type { EngineEvent, EngineResult } from './results.ts';

/**
 * A result's events as a table: the rows of `result.events`, in the same (time) order, read
 * column by column without an object per event. A run of the event engine logs hundreds of
 * thousands of events; writing events.csv or counting kinds from the table costs no event objects,
 * and each CCA state is described once however many events share it.
 * States are numbered: events that share a state share its id; −1 is "no state" (a PFC frame's,
 * described as {}).
 * @example const t = eventTable(result); for (let k = 0; k < t.length; k++) if (t.kind(k) === 'cnp') t.time(k)
 */
export interface EventTable {
  /** How many events. */
  readonly length: number;
  /** Event k's time (s). */
  time(k: number): number;
  /** Event k's flow index. */
  flow(k: number): number;
  /** Event k's kind (as `EngineEvent.kind`). */
  kind(k: number): string;
  /** The id of the CCA state before event k. */
  before(k: number): number;
  /** The id of the CCA state after event k. */
  after(k: number): number;
  /** State `id` described, as `EngineEvent.before` and `after` give it (one object per id; {} for −1). */
  state(id: number): Record<string, number>;
  /** One quantity of state `id` (undefined when the state has no such key, and for −1). */
  value(id: number, key: string): number | undefined;
  /** The keys of state `id`, in its description's order (none for −1; shared: do not change). */
  keys(id: number): readonly string[];
  /** The quantity of state `id` under its `i`-th key (`keys(id)[i]`): a state read in order, key by key. */
  valueAt(id: number, i: number): number;
}

/**
 * The events of a result as an {@link EventTable}: the engine's own (`result.eventTable`, the event
 * engine's log) when it has one, else a table over `result.events`, their states numbered by
 * object (rows in time order; events at one instant in the order the engine gave them).
 * @example eventTable(runEvents(model)).length === runEvents(model).events.length
 */
export function eventTable(result: Pick<EngineResult, 'events' | 'eventTable'>): EventTable {
  return result.eventTable ?? objectEventTable(result.events);
}

/** An EventTable over event objects, for engines that build them (stable-sorted by time if they are not in order). */
function objectEventTable(events: readonly EngineEvent[]): EventTable {
  let rows = events;
  for (let k = 1; k < events.length; k++) {
    if (events[k].time < events[k - 1].time) {
      rows = [...events].sort((a, b) => a.time - b.time);
      break;
    }
  }
  const states: Record<string, number>[] = [];
  const ids = new Map<Record<string, number>, number>();
  const idOf = (s: Record<string, number>): number => {
    let id = ids.get(s);
    if (id === undefined) {
      id = states.length;
      states.push(s);
      ids.set(s, id);
    }
    return id;
  };
  const before = Int32Array.from(rows, (e) => idOf(e.before));
  const after = Int32Array.from(rows, (e) => idOf(e.after));
  const none: Record<string, number> = {};
  const keys: string[][] = [];
  const keysOf = (id: number): string[] => (keys[id] ??= Object.keys(states[id]));
  return {
    length: rows.length,
    time: (k) => rows[k].time,
    flow: (k) => rows[k].flow,
    kind: (k) => rows[k].kind,
    before: (k) => before[k],
    after: (k) => after[k],
    state: (id) => (id < 0 ? none : states[id]),
    value: (id, key) => (id < 0 ? undefined : states[id][key]),
    keys: (id) => (id < 0 ? [] : keysOf(id)),
    valueAt: (id, i) => states[id][keysOf(id)[i]],
  };
}

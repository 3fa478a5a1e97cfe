import type { EngineResult } from './results.ts';
import { type EventTable, eventTable } from './event-table.ts';

/** How many events of one kind a run logged, and its first (in the events' time order). */
export interface KindFigures {
  count: number;
  /** The first one's time (s) and flow. */
  first: number;
  firstFlow: number;
}

/**
 * What summaries read of a run's events, without a row per event: per kind, how many and the
 * first; how many events left the CCA's limit lower than before (its described `rate`, else
 * `window`: rate cuts, window decreases, timeouts); and the PFC frames in time order, for the
 * paused senders over time.
 */
export interface EventFigures {
  readonly kinds: ReadonlyMap<string, KindFigures>;
  readonly cuts: number;
  readonly frames: { time: Float64Array; flow: Int32Array; pause: Uint8Array };
}

/**
 * A run's {@link EventFigures}: the engine's own when it has them (`result.eventFigures`, the event
 * engine's log, which counts its timer runs by replaying them one at a time and never holds their
 * rows: 10,000 senders log 4.6·10⁸ events), else read off its event table.
 * @example eventFigures(runEvents(ns3IncastModel({ horizon: 1e-3 }))).kinds.get('pfc-pause')?.count
 */
export function eventFigures(result: Pick<EngineResult, 'events' | 'eventTable' | 'eventFigures'>): EventFigures {
  const own = result.eventFigures?.();
  if (own !== undefined) return own;
  // Read off the table once per result (a result's events are read-only): summaries and the
  // paused senders' series both ask.
  const key = result.eventTable ?? result.events;
  let figures = readFigures.get(key);
  if (figures === undefined) readFigures.set(key, (figures = tableFigures(eventTable(result))));
  return figures;
}

/** The figures read off each result's events (see {@link eventFigures}), by its table or events. */
const readFigures = new WeakMap<object, EventFigures>();

/**
 * Whether a CCA's limit is lower in state `after` than in `before` (both described): its `rate`,
 * or its `window` when `after` has no rate. A cut, as {@link EventFigures} counts them.
 * @example lowersLimit({ rate: 2e9 }, { rate: 1e9 }) // true
 */
export function lowersLimit(before: Record<string, number>, after: Record<string, number>): boolean {
  const key = after.rate !== undefined ? 'rate' : 'window';
  return after[key] < before[key];
}

/** {@link EventFigures} read off an event table, row by row. */
export function tableFigures(table: EventTable): EventFigures {
  const figures = new FigureCounter();
  for (let k = 0; k < table.length; k++) {
    const after = table.after(k);
    const before = table.before(k);
    figures.add(table.time(k), table.flow(k), table.kind(k), after !== before && lowersLimit(table.state(before), table.state(after)));
  }
  return figures.done();
}

/**
 * Accumulates {@link EventFigures} from events given in their time order (ties in order: the first
 * of a kind is the first given at its earliest time).
 * @example const c = new FigureCounter(); c.add(1e-6, 0, 'pfc-pause', false); c.done().frames.time // [1e-6]
 */
export class FigureCounter {
  private readonly kinds = new Map<string, KindFigures>();
  private cuts = 0;
  private readonly frameTimes: number[] = [];
  private readonly frameFlows: number[] = [];
  private readonly framePauses: number[] = [];

  /** One event: at `time` (s), of `flow`, of `kind`, and whether it cut the CCA's limit. */
  add(time: number, flow: number, kind: string, cut: boolean): void {
    this.addSeveral(time, flow, kind, 1, cut ? 1 : 0);
  }

  /**
   * `count` events of `flow` of one `kind` (not a PFC frame's), the first at `time` (s), `cuts` of
   * which cut the CCA's limit: what a timer run's events of that kind add up to.
   */
  addSeveral(time: number, flow: number, kind: string, count: number, cuts: number): void {
    const k = this.kinds.get(kind);
    if (k === undefined) this.kinds.set(kind, { count, first: time, firstFlow: flow });
    else {
      k.count += count;
      if (time < k.first) {
        k.first = time;
        k.firstFlow = flow;
      }
    }
    this.cuts += cuts;
    if (kind === 'pfc-pause' || kind === 'pfc-resume') {
      if (count !== 1) throw new Error(`FigureCounter: ${count} PFC frames (${kind}) added as one`);
      this.frameTimes.push(time);
      this.frameFlows.push(flow);
      this.framePauses.push(kind === 'pfc-pause' ? 1 : 0);
    }
  }

  done(): EventFigures {
    // Frames given out of time order (from a log read in log order) sorted, ties in the order given.
    const order = this.frameTimes.map((_, k) => k);
    if (this.frameTimes.some((t, k) => k > 0 && t < this.frameTimes[k - 1])) order.sort((a, b) => this.frameTimes[a] - this.frameTimes[b] || a - b);
    return {
      kinds: this.kinds,
      cuts: this.cuts,
      frames: {
        time: Float64Array.from(order, (k) => this.frameTimes[k]),
        flow: Int32Array.from(order, (k) => this.frameFlows[k]),
        pause: Uint8Array.from(order, (k) => this.framePauses[k]),
      },
    };
  }
}

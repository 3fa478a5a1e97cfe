import type { CongestionControl } from '../../cca.ts';
import type { EngineEvent, SentNotification } from '../../results.ts';
import { Floats, Ints } from './growable.ts';

/**
 * The event engine's log, kept compact while the engine runs: per event its time, flow, kind and
 * the CCA states before and after, all numbers in typed arrays. A state is registered once when a
 * CCA takes it ({@link EventLog.state}: CCA states are immutable) and events refer to it by
 * index, so nothing is described or allocated per event. {@link EventLog.events} describes each
 * state once (`cca.describe`) and builds the `EngineEvent` objects on first use, in the order the
 * events were logged.
 * @example const log = new EventLog([cca]); const s0 = log.state(0, cca.initial()); log.push(1e-6, 0, 'cnp', s0, s0); log.events()[0].after // cca.describe(cca.initial())
 */
export class EventLog {
  /** The index of "no state" (a PFC frame's): described as {}. */
  static readonly NONE = -1;
  private readonly times = new Floats(1024);
  private readonly flows = new Ints(1024);
  private readonly kinds = new Ints(1024);
  private readonly before = new Ints(1024);
  private readonly after = new Ints(1024);
  private readonly kindNames: string[] = [];
  private readonly kindIndex = new Map<string, number>();
  private readonly states: unknown[] = [];
  private readonly stateFlows = new Ints(1024);
  private built: EngineEvent[] | null = null;

  /** `ccas[j]`: flow j's CCA, which describes its states. */
  constructor(private readonly ccas: readonly CongestionControl<unknown>[]) {}

  get length(): number {
    return this.times.length;
  }

  /** Registers a state that flow's CCA took: returns its index for {@link push}. */
  state(flow: number, state: unknown): number {
    this.states.push(state);
    this.stateFlows.push(flow);
    return this.states.length - 1;
  }

  /** The state registered as `index`. */
  stateAt(index: number): unknown {
    return this.states[index];
  }

  /** Logs an event of `flow` at `time` (s) between two registered states (or NONE). */
  push(time: number, flow: number, kind: string, before: number, after: number): void {
    let k = this.kindIndex.get(kind);
    if (k === undefined) {
      k = this.kindNames.length;
      this.kindNames.push(kind);
      this.kindIndex.set(kind, k);
    }
    this.times.push(time);
    this.flows.push(flow);
    this.kinds.push(k);
    this.before.push(before);
    this.after.push(after);
  }

  /** The registered state `index` described (`cca.describe`; {} for NONE), once per state. */
  describe(index: number): Record<string, number> {
    this.described ??= new Array(this.states.length);
    if (index === EventLog.NONE) return {};
    return (this.described[index] ??= this.ccas[this.stateFlows.at(index)].describe(this.states[index]));
  }

  private described: Record<string, number>[] | undefined;

  /** The events with their states described, in the order logged (built once, then shared). */
  events(): EngineEvent[] {
    if (this.built !== null) return this.built;
    const out: EngineEvent[] = new Array(this.times.length);
    for (let k = 0; k < out.length; k++) {
      out[k] = { time: this.times.at(k), flow: this.flows.at(k), kind: this.kindNames[this.kinds.at(k)], before: this.describe(this.before.at(k)), after: this.describe(this.after.at(k)) };
    }
    return (this.built = out);
  }
}

/**
 * The notifications a run sent (see `EngineResult.notifications`), kept as numbers while the
 * engine runs and built as objects on first use.
 * @example const n = new NotificationLog(); n.push(0, 1e-6, 1e-6, 5e-6); n.notifications()[0].arrives // 5e-6
 */
export class NotificationLog {
  private readonly flows = new Ints(1024);
  private readonly marked = new Floats(1024);
  private readonly sent = new Floats(1024);
  private readonly arrives = new Floats(1024);
  private built: SentNotification[] | null = null;

  get length(): number {
    return this.flows.length;
  }

  /** A notification to `flow` for a mark at `marked`, sent at `sent`, reaching the sender at `arrives` (s). */
  push(flow: number, marked: number, sent: number, arrives: number): void {
    this.flows.push(flow);
    this.marked.push(marked);
    this.sent.push(sent);
    this.arrives.push(arrives);
  }

  /** The notifications in the order they were sent (built once, then shared). */
  notifications(): SentNotification[] {
    if (this.built !== null) return this.built;
    const out: SentNotification[] = new Array(this.flows.length);
    for (let k = 0; k < out.length; k++) out[k] = { flow: this.flows.at(k), marked: this.marked.at(k), sent: this.sent.at(k), arrives: this.arrives.at(k) };
    return (this.built = out);
  }
}

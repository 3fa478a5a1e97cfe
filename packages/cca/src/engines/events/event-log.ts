import { type CongestionControl, type Listens, type Reaction, type SignalView, type TimerAdvance, signalArrival } from '../../cca.ts';
import type { EngineEvent, SentNotification } from '../../results.ts';
import type { EventTable } from '../../event-table.ts';
import { FloatColumn, IntColumn } from './log-columns.ts';
import { packedArray } from '../../packed-array.ts';
import { MergeHeap } from './merge-heap.ts';
import { type EventFigures, FigureCounter, lowersLimit } from '../../event-figures.ts';

/**
 * The event engine's log, kept compact while the engine runs: per event its time, flow, kind and
 * the CCA states before and after, all numbers in typed arrays. A state is registered once when a
 * CCA takes it ({@link EventLog.state}) and events refer to it by index: it is described then
 * (`cca.describe`) and only its numbers are kept, in the order of the flow's keys (the keys of its
 * first state), so no state object outlives the reaction and no event object exists until read.
 * {@link EventLog.events} builds the `EngineEvent` objects on first use, in the order logged.
 * @example const log = new EventLog([cca]); const s0 = log.state(0, cca.initial()); log.push(1e-6, 0, 'cnp', s0, s0); log.events()[0].after // cca.describe(cca.initial())
 */
export class EventLog {
  /** The index of "no state" (a PFC frame's): described as {}. */
  static readonly NONE = -1;
  private times = new FloatColumn(1024);
  private flows = new IntColumn(1024);
  private kinds = new IntColumn(1024);
  private before = new IntColumn(1024);
  private after = new IntColumn(1024);
  /** The event kinds' names, and each name's index; `cnp` is registered from the start (see the constructor). */
  private readonly kindNames: string[] = ['cnp'];
  private readonly kindIndex = new Map<string, number>([['cnp', 0]]);
  /** Per registered state: its flow and where its numbers start in `values`. */
  private readonly stateFlows = new IntColumn(1024);
  private readonly stateStart = new IntColumn(1024);
  private readonly values = new FloatColumn(4096);
  /** Each flow's keys (from its first state's description; null before it). */
  private readonly keys: (string[] | null)[];
  private built: EngineEvent[] | null = null;
  private described: (Record<string, number> | undefined)[] | null = null;
  /** Whether an event was logged before an earlier one (a quiet timer run late): then sorted when read. */
  private late = false;
  private lastTime = -Infinity;

  /** `ccas[j]`: flow j's CCA, which describes its states. */
  constructor(private readonly ccas: readonly CongestionControl<unknown>[]) {
    // Arrays whose elements are objects from the start (nulls, and the kind 'cnp' registered now,
    // not at the first notification): a second run's log then has the same array shapes as the
    // first one's, for which V8 optimized the code that reads them.
    this.keys = packedArray(ccas.length, () => null);
  }

  /** The rows logged: each timer run counts as the rows it stands for. */
  get length(): number {
    return this.times.length + this.runRows;
  }

  /**
   * Registers a state that flow's CCA took (described now, kept as numbers): returns its index for
   * {@link push}. When the flow's `previous` state (an index) has the same description, that index:
   * a change the description does not show (a flag, the time of a timer) costs no memory.
   */
  state(flow: number, state: unknown, previous = EventLog.NONE): number {
    const d = this.ccas[flow].describe(state);
    const keys = (this.keys[flow] ??= Object.keys(d));
    const regular = sameKeys(d, keys);
    if (regular && previous !== EventLog.NONE && this.irregular?.has(previous) !== true) {
      const start = this.stateStart.at(previous);
      let k = 0;
      while (k < keys.length && Object.is(this.values.at(start + k), d[keys[k]])) k++;
      if (k === keys.length) return previous;
    }
    const index = this.stateFlows.length;
    this.stateFlows.push(flow);
    this.stateStart.push(this.values.length);
    for (let k = 0; k < keys.length; k++) this.values.push(d[keys[k]]);
    // A description with other keys than the flow's first is kept as it is.
    if (!regular) (this.irregular ??= new Map()).set(index, d);
    return index;
  }

  /** Descriptions whose keys differ from their flow's first (kept whole). */
  private irregular: Map<number, Record<string, number>> | undefined;

  /** Logs an event of `flow` at `time` (s) between two registered states (or NONE). */
  push(time: number, flow: number, kind: string, before: number, after: number): void {
    if (time < this.lastTime) this.late = true;
    this.lastTime = time;
    this.times.push(time);
    this.flows.push(flow);
    this.kinds.push(this.kindOf(kind));
    this.before.push(before);
    this.after.push(after);
  }

  /**
   * Logs a quiet notification of `flow` at `time` (s) in registered state `state` (see
   * `CongestionControl.quietNotification`): one row that stands for the two its handling would
   * have logged, `cnp` and then the CCA's `kind`, both from and to that state. They are made in its
   * place when the log is first read (10,000 senders log about 9.5 million such notifications).
   */
  quietNotification(time: number, flow: number, kind: string, state: number): void {
    if (time < this.lastTime) this.late = true;
    this.lastTime = time;
    this.times.push(time);
    this.flows.push(flow);
    this.kinds.push(QUIET_NOTIFICATION);
    this.before.push(state);
    this.after.push(this.kindOf(kind));
    this.runRows += 1;
    this.quietRows += 1;
  }

  /** Rows logged by {@link quietNotification} (until the log is read), and the index of the kind `cnp`. */
  private quietRows = 0;
  private readonly cnpKind = 0;

  /** The index of an event kind's name. */
  private kindOf(kind: string): number {
    let k = this.kindIndex.get(kind);
    if (k === undefined) {
      k = this.kindNames.length;
      this.kindNames.push(kind);
      this.kindIndex.set(kind, k);
    }
    return k;
  }

  /**
   * A notification that the next timer run holds (see {@link timerRun}): it reached the flow at
   * `time` (s), for the packet whose first byte is `from`, with a QCN congestion point's `feedback`
   * (NaN for none).
   */
  note(time: number, from: number, feedback: number): void {
    this.noteTimes.push(time);
    this.noteFrom.push(from);
    if (this.noteFeedback === null && !Number.isNaN(feedback)) {
      // The first with feedback (QCN): every one before had none.
      this.noteFeedback = new FloatColumn(Math.max(1024, this.noteTimes.length));
      for (let k = 0; k < this.noteTimes.length - 1; k++) this.noteFeedback.push(Number.NaN);
    }
    if (this.noteFeedback !== null) this.noteFeedback.push(feedback);
  }

  /**
   * Logs a run of `count` timers of `flow` (`CongestionControl.advanceTimers`), the first at
   * `first` and the last at `last` (s), from `start`, the state object the flow's CCA held, which
   * is registered as `startIndex`: one row now, which stands for the run's `count` rows. They are
   * made when the log is first read, by `onTimer` from `start` (so its CCA's timers must read
   * nothing but the time), exactly as if each had been logged, in place of that row; returns the
   * run's number (see {@link timerRunStates} and {@link growRun}). The run also holds the
   * notifications logged by {@link note} since the last run (a rate-blind sender's, whose CCA's
   * `replayableNotifications`): each stands for the two rows its handling logs (`cnp`, then the
   * CCA's), made by `onNotification` in time order with the timers, a notification before a timer
   * at the same instant (as the event engine handles them); `first` and `last` count them too.
   */
  timerRun(flow: number, start: unknown, startIndex: number, count: number, first: number, last: number): number {
    const notes = this.noteTimes.length - this.notesRun;
    this.notesRun = this.noteTimes.length;
    this.runNotesEnd.push(this.notesRun);
    if (first < this.lastTime) this.late = true;
    this.lastTime = last;
    const run = this.runStarts.length;
    const packing = this.ccas[flow].packing;
    if (packing === undefined) this.runStarts.push(start);
    else {
      // Kept as numbers (see StatePacking): its place in `packedStarts`.
      const scratch = this.scratch(packing.size);
      packing.pack(start, scratch, 0);
      this.runStarts.push(this.packedStarts.length);
      for (let k = 0; k < packing.size; k++) this.packedStarts.push(scratch[k]);
    }
    this.runCounts.push(count);
    this.runRows += count + 2 * notes - 1;
    this.times.push(first);
    this.flows.push(flow);
    this.kinds.push(TIMER_RUN);
    this.before.push(startIndex);
    this.after.push(run);
    return run;
  }

  /**
   * Run `run` (see timerRun) stands for `count` more timers, the last at `last` (s): they follow on
   * from its own, with no other row of its flow logged since it. Their rows sit where the run's
   * row is, before the rows of other flows logged in between, so the log is then read in time
   * order (rows of several flows at one instant may come in another order than logged one by one).
   */
  growRun(run: number, count: number, last: number): void {
    this.runCounts[run] += count;
    this.runRows += count;
    this.late = true;
    if (last > this.lastTime) this.lastTime = last;
  }

  /** How many rows the timer runs stand for (see timerRun). */
  get inTimerRuns(): number {
    let n = 0;
    for (const count of this.runCounts) n += count;
    return n;
  }

  /**
   * Timer runs: the state each starts from and how many timers it stands for (see timerRun). A
   * state whose CCA packs its states (`CongestionControl.packing`) is kept as numbers in
   * `packedStarts`, and `runStarts` holds where they start.
   */
  private readonly runStarts: unknown[] = [];
  private packedStarts = new FloatColumn(1024);
  private scratchNumbers = new Float64Array(16);
  private readonly runCounts: number[] = [];
  /**
   * The notifications runs hold (see note): their times, marked bytes and feedback (null while
   * none has any), run r's from runNotesEnd[r − 1] (0 for the first) to runNotesEnd[r];
   * `notesRun`: those held by a run so far.
   */
  private noteTimes = new FloatColumn(1024);
  private noteFrom = new FloatColumn(1024);
  private noteFeedback: FloatColumn | null = null;
  private readonly runNotesEnd: number[] = [];
  private notesRun = 0;

  /** How many notifications run `run` holds. */
  private notesOf(run: number): number {
    return this.runNotesEnd[run] - (run > 0 ? this.runNotesEnd[run - 1] : 0);
  }

  /** How many notifications the timer runs hold (each two rows; see note). */
  get inRunNotifications(): number {
    return this.notesRun;
  }
  /** The rows the timer runs and quiet notifications stand for beyond their own (0 once they are made). */
  private runRows = 0;
  /** Where each run's rows start once made (see expandRuns). */
  private runFirstRow: Int32Array | null = null;

  /**
   * Calls `visit` with each timer of run `run` (see timerRun): its instant (s) and the state it
   * left (registered index), in order. For the flow's step series.
   */
  timerRunStates(run: number, visit: (time: number, state: number) => void): void {
    this.expandRuns();
    const first = this.runFirstRow![run];
    const rows = this.runCounts[run] + 2 * this.notesOf(run);
    for (let q = first; q < first + rows; q++) visit(this.times.at(q), this.after.at(q));
  }

  /** A scratch array of at least `size` numbers. */
  private scratch(size: number): Float64Array {
    if (this.scratchNumbers.length < size) this.scratchNumbers = new Float64Array(Math.max(size, 2 * this.scratchNumbers.length));
    return this.scratchNumbers;
  }

  /** The state timer run `run` of `cca`'s flow starts from (unpacked if packed). */
  private runStart(run: number, cca: CongestionControl<unknown>): unknown {
    const start = this.runStarts[run];
    const packing = cca.packing;
    if (packing === undefined) return start;
    const scratch = this.scratch(packing.size);
    for (let k = 0; k < packing.size; k++) scratch[k] = this.packedStarts.at((start as number) + k);
    return packing.unpack(scratch, 0);
  }

  /**
   * Replaces each timer run's row by the rows it stands for: the flow's CCA replays its timers one
   * `onTimer` at a time from the run's start state, each state registered as an event's would
   * have been; and each quiet notification's row by its two. Once, when the log is first read.
   */
  private expandRuns(): void {
    if (this.runFirstRow !== null || (this.runStarts.length === 0 && this.quietRows === 0)) return;
    const n = this.times.length;
    const capacity = n + this.runRows;
    const times = new FloatColumn(capacity);
    const flows = new IntColumn(capacity);
    const kinds = new IntColumn(capacity);
    const before = new IntColumn(capacity);
    const after = new IntColumn(capacity);
    const firstRow = new Int32Array(this.runStarts.length);
    const cnp = this.cnpKind;
    for (let k = 0; k < n; k++) {
      const flow = this.flows.at(k);
      const kind = this.kinds.at(k);
      if (kind === QUIET_NOTIFICATION) {
        // Its two rows: `cnp`, then the CCA's kind.
        const state = this.before.at(k);
        for (let r = 0; r < 2; r++) {
          times.push(this.times.at(k));
          flows.push(flow);
          kinds.push(r === 0 ? cnp : this.after.at(k));
          before.push(state);
          after.push(state);
        }
        continue;
      }
      if (kind !== TIMER_RUN) {
        times.push(this.times.at(k));
        flows.push(flow);
        kinds.push(this.kinds.at(k));
        before.push(this.before.at(k));
        after.push(this.after.at(k));
        continue;
      }
      const run = this.after.at(k);
      let index = this.before.at(k);
      firstRow[run] = times.length;
      this.replayRun(run, flow, (time, kind, state, next) => {
        const to = next === state ? index : this.state(flow, next, index);
        times.push(time);
        flows.push(flow);
        kinds.push(kind);
        before.push(index);
        after.push(to);
        index = to;
      });
    }
    this.times = times;
    this.flows = flows;
    this.kinds = kinds;
    this.before = before;
    this.after = after;
    this.runRows = 0;
    this.quietRows = 0;
    this.runStarts.length = 0;
    this.packedStarts = this.noteTimes = this.noteFrom = new FloatColumn(1);
    this.noteFeedback = null;
    this.runFirstRow = firstRow;
  }

  /**
   * What summaries read of the events (`EventFigures`), in one pass over the rows as logged, each
   * timer run replayed in its place without keeping its rows or registering its states: a run of
   * 10,000 senders logs 4.6·10⁸ events, nearly all in runs, whose rows would take gigabytes.
   */
  figures(): EventFigures {
    const counter = new FigureCounter();
    for (let k = 0; k < this.times.length; k++) {
      const time = this.times.at(k);
      const flow = this.flows.at(k);
      const kind = this.kinds.at(k);
      if (kind === QUIET_NOTIFICATION) {
        counter.add(time, flow, 'cnp', false);
        counter.add(time, flow, this.kindNames[this.after.at(k)], false);
      } else if (kind === TIMER_RUN) {
        this.countRun(this.after.at(k), flow, counter);
      } else {
        const before = this.before.at(k);
        const after = this.after.at(k);
        counter.add(time, flow, this.kindNames[kind], after !== before && lowersLimit(this.describe(before), this.describe(after)));
      }
    }
    return counter.done();
  }

  /**
   * Adds the rows timer run `run` of `flow` stands for to `counter`: the same rows as
   * {@link replayRun} replays, its timers counted by the CCA's `advanceTimers` with a tally, which
   * groups them by kind and says how many cut (no state object, reaction, row or description each:
   * 10,000 senders' runs hold 4.4·10⁸ timers; a CCA may count a stretch in closed form), stopped
   * at each notification, which `onNotification` handles.
   */
  private countRun(run: number, flow: number, counter: FigureCounter): void {
    const cca = this.ccas[flow];
    // The run's rows tallied by kind (a few kinds, compared as strings: no map look-up per row),
    // added to the counter at its end, each kind at its first row, in the order first seen.
    const kinds: string[] = [];
    const firsts: number[] = [];
    const counts: number[] = [];
    const cuts: number[] = [];
    const tally = (kind: string, count: number, first: number, cut: number): void => {
      let j = 0;
      while (j < kinds.length && kinds[j] !== kind) j++;
      if (j === kinds.length) {
        kinds.push(kind);
        firsts.push(first);
        counts.push(0);
        cuts.push(0);
      }
      if (first < firsts[j]) firsts[j] = first;
      counts[j] += count;
      cuts[j] += cut;
    };
    let visited = 0;
    const timerTally = (kind: string, count: number, first: number, cut: number): void => {
      tally(kind, count, first, cut);
      visited += count;
    };
    // A notification's two rows: `cnp`, then the CCA's reaction (`cut`: whether it lowered the limit).
    const noted = (at: number, kind: string, cut: boolean): void => {
      tally('cnp', 1, at, 0);
      tally(kind, 1, at, cut ? 1 : 0);
    };
    let state = this.runStart(run, cca);
    let timers = this.runCounts[run];
    // The timers a call of the CCA ran, taken from the run's: it must have tallied each, and no more than the run holds.
    const take = (advance: TimerAdvance<unknown>, method: string, duty: string): void => {
      if (visited !== advance.count || advance.count > timers) throw new Error(`${cca.name}: its ${method} ran ${advance.count} timers of the ${timers} left in the run and tallied ${visited}: it must honour ${duty}`);
      timers -= advance.count;
      visited = 0;
      state = advance.state;
    };
    const notesEnd = this.runNotesEnd[run];
    const notesStart = run > 0 ? this.runNotesEnd[run - 1] : 0;
    // The notifications and the timers before each in one call of the CCA (catchUpNotifications),
    // then the rest of the run's timers below.
    let note = notesStart;
    if (cca.catchUpNotifications !== undefined && notesEnd > notesStart) {
      const n = notesEnd - notesStart;
      // The run's start state is unpacked (runStart): the scratch array is free again.
      const times = this.scratch(n);
      for (let k = 0; k < n; k++) times[k] = this.noteTimes.at(notesStart + k);
      take(cca.catchUpNotifications(state, times, 0, n, timerTally, noted), 'catchUpNotifications', '`tally`');
      note = notesEnd;
    }
    for (; ; note++) {
      // The timers before the next notification (a notification first at one instant), then it;
      // after the last, the rest of the run's timers.
      const until = note < notesEnd ? this.noteTimes.at(note) : Number.MAX_VALUE;
      take(cca.advanceTimers!(state, until, note >= notesEnd, timers, undefined, timerTally), 'advanceTimers', '`most` and `tally`');
      if (note >= notesEnd) break;
      const time = this.noteTimes.at(note);
      const reaction = this.heldNotification(cca, state, note);
      noted(time, reaction.kind, reaction.state !== state && lowersLimit(cca.describe(state), cca.describe(reaction.state)));
      state = reaction.state;
    }
    if (timers !== 0) throw new Error(`${cca.name}: a timer run of ${this.runCounts[run]} timers replayed with ${timers} missing`);
    for (let j = 0; j < kinds.length; j++) counter.addSeveral(firsts[j], flow, kinds[j], counts[j], cuts[j]);
  }

  /**
   * The rows timer run `run` of `flow` stands for, in order, each as `row(time, kind, state, next)`:
   * its instant (s), its kind's index and the CCA's states before and after it (the same object
   * when it changed nothing). Its timers (`onTimer`) and notifications (`onNotification`, each
   * first a `cnp` row) in time order from the run's start state, a notification first at one
   * instant.
   */
  private replayRun(run: number, flow: number, row: (time: number, kind: number, state: unknown, next: unknown) => void): void {
    const cca = this.ccas[flow];
    const signals = (this.timerSignals ??= new TimerSignals());
    let state = this.runStart(run, cca);
    let note = run > 0 ? this.runNotesEnd[run - 1] : 0;
    const notesEnd = this.runNotesEnd[run];
    for (let c = 0; c < this.runCounts[run] || note < notesEnd; ) {
      const at = c < this.runCounts[run] ? cca.nextTimer(state) : Infinity;
      const noted = note < notesEnd && this.noteTimes.at(note) <= at;
      const time = noted ? this.noteTimes.at(note) : at;
      const reaction = noted
        ? this.heldNotification(cca, state, note)
        : cca.onTimer(state, signals.at(at, cca.name));
      if (noted) {
        row(time, this.cnpKind, state, state);
        note += 1;
      } else c += 1;
      row(time, this.kindOf(reaction.kind), state, reaction.state);
      state = reaction.state;
    }
  }

  private timerSignals: TimerSignals | undefined;
  private noteSignals: NoteSignals | undefined;

  /** `cca`'s reaction in `state` to the notification `note` that a run holds (see note). */
  private heldNotification(cca: CongestionControl<unknown>, state: unknown, note: number): Reaction<unknown> {
    const signals = (this.noteSignals ??= new NoteSignals());
    return cca.onNotification!(state, signals.at(this.noteTimes.at(note), this.noteFrom.at(note), this.noteFeedback?.at(note) ?? Number.NaN, cca.name));
  }

  /** The registered state `index` described ({} for NONE): one object per state, built when first read. */
  describe(index: number): Record<string, number> {
    if (index === EventLog.NONE) return {};
    this.described ??= new Array(this.stateFlows.length);
    let d = this.described[index] ?? this.irregular?.get(index);
    if (d === undefined) {
      const keys = this.keys[this.stateFlows.at(index)]!;
      const start = this.stateStart.at(index);
      d = {};
      for (let k = 0; k < keys.length; k++) d[keys[k]] = this.values.at(start + k);
      this.described[index] = d;
    }
    return d;
  }

  /**
   * The events with their states described (built once, then shared), in time order: as logged,
   * or, when some were logged late (quiet timers run at a later reaction), sorted by time (stable:
   * each flow's in the order it logged them).
   */
  events(): EngineEvent[] {
    if (this.built !== null) return this.built;
    this.expandRuns();
    const n = this.times.length;
    const order = this.timeOrder();
    const out: EngineEvent[] = new Array(n);
    for (let q = 0; q < n; q++) {
      const k = order === null ? q : order[q];
      out[q] = { time: this.times.at(k), flow: this.flows.at(k), kind: this.kindNames[this.kinds.at(k)], before: this.describe(this.before.at(k)), after: this.describe(this.after.at(k)) };
    }
    return (this.built = out);
  }

  /**
   * The events as an EventTable: the rows of {@link events} in the same order, read from the
   * columns (no event objects; a state is described once, when first read). State ids are the
   * log's (EventLog.state).
   */
  table(): EventTable {
    this.expandRuns();
    const order = this.timeOrder();
    const { times, flows, kinds, before, after, kindNames } = this;
    const accessors = {
      state: (id: number) => this.describe(id),
      value: (id: number, key: string) => this.value(id, key),
      keys: (id: number) => this.keysOf(id),
      valueAt: (id: number, i: number) => this.valueAt(id, i),
    };
    // Rows as logged, or through the time order: two sets of readers, so that neither pays for the other.
    if (order === null) {
      return {
        length: times.length,
        time: (q) => times.at(q),
        flow: (q) => flows.at(q),
        kind: (q) => kindNames[kinds.at(q)],
        before: (q) => before.at(q),
        after: (q) => after.at(q),
        ...accessors,
      };
    }
    return {
      length: times.length,
      time: (q) => times.at(order[q]),
      flow: (q) => flows.at(order[q]),
      kind: (q) => kindNames[kinds.at(order[q])],
      before: (q) => before.at(order[q]),
      after: (q) => after.at(order[q]),
      ...accessors,
    };
  }

  /** A registered state's quantity under its i-th key (see keysOf). */
  private valueAt(index: number, i: number): number {
    const own = this.irregular?.get(index);
    return own === undefined ? this.values.at(this.stateStart.at(index) + i) : own[Object.keys(own)[i]];
  }

  /** The keys of a registered state (its flow's, or its own when they differ; none for NONE). */
  private keysOf(index: number): readonly string[] {
    if (index === EventLog.NONE) return NO_KEYS;
    const own = this.irregular?.get(index);
    return own === undefined ? this.keys[this.stateFlows.at(index)]! : Object.keys(own);
  }

  /** One quantity of a registered state (undefined for NONE and keys it does not have). */
  private value(index: number, key: string): number | undefined {
    const k = this.keysOf(index).indexOf(key);
    return k < 0 ? undefined : this.valueAt(index, k);
  }

  /** The rows in time order (null: as logged), computed once (see {@link timeOrder}). */
  private timeOrder(): Int32Array | null {
    if (!this.late) return null;
    return (this.order ??= timeOrderByFlow(this.times, this.flows) ?? timeOrder(this.times));
  }

  private order: Int32Array | undefined;
}

/**
 * The items of a column in increasing order of value, equal values in column order (a stable
 * sort): the items logged in order (at or above every earlier one) are kept in place, the few
 * logged late are sorted alone, and the two are merged. A comparator sort of every item costs
 * about 1 µs per item on this runtime even when nothing is out of order.
 * @example Array.from(timeOrder(column)) // [0, 2, 1, 3] for a column holding 1, 3, 2, 4
 */
export function timeOrder(times: FloatColumn): Int32Array {
  const n = times.length;
  const inOrder = new Int32Array(n);
  const late: number[] = [];
  let m = 0;
  let highest = -Infinity;
  for (let k = 0; k < n; k++) {
    const t = times.at(k);
    if (t >= highest) {
      highest = t;
      inOrder[m++] = k;
    } else late.push(k);
  }
  late.sort((a, b) => times.at(a) - times.at(b) || a - b);
  // Merge by value. At equal values the in-order item goes first: it was logged earlier, since one
  // logged after a late item is above that item's value (at or above the highest before it).
  const out = new Int32Array(n);
  let i = 0;
  let j = 0;
  for (let q = 0; q < n; q++) {
    if (j >= late.length) out[q] = inOrder[i++];
    else if (i >= m) out[q] = late[j++];
    else {
      const a = inOrder[i];
      const b = late[j];
      if (times.at(a) <= times.at(b)) {
        out[q] = a;
        i += 1;
      } else {
        out[q] = b;
        j += 1;
      }
    }
  }
  return out;
}

/**
 * {@link timeOrder} when each flow's rows were logged in time order (as the event engine logs
 * them: a sender logs its late rows, quiet timers and notifications, before its next reaction's),
 * null otherwise: the flows' rows merged by time, equal times in log order, with a heap of flows
 * keyed by their next row. Its cost grows with the rows, times the log of the number of flows,
 * however many rows are late.
 * @example Array.from(timeOrderByFlow(times, flows)!) // [0, 2, 1] for times 1, 3, 2 of flows 0, 0, 1
 */
export function timeOrderByFlow(times: FloatColumn, flows: IntColumn): Int32Array | null {
  const n = times.length;
  let count = 0;
  for (let k = 0; k < n; k++) if (flows.at(k) + 1 > count) count = flows.at(k) + 1;
  // Each flow's rows, in log order (a counting sort), checked to be in time order.
  const start = new Int32Array(count + 1);
  for (let k = 0; k < n; k++) start[flows.at(k) + 1] += 1;
  for (let f = 0; f < count; f++) start[f + 1] += start[f];
  const next = start.slice(0, count);
  const last = new Float64Array(count).fill(-Infinity);
  const rows = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const f = flows.at(k);
    const t = times.at(k);
    if (f < 0 || t < last[f]) return null;
    last[f] = t;
    rows[next[f]++] = k;
  }
  // The flows with rows left, in a heap by their next row (time, then log order).
  const head = start.slice(0, count);
  const heap = new MergeHeap(count, (a, b) => {
    const ra = rows[head[a]];
    const rb = rows[head[b]];
    const ta = times.at(ra);
    const tb = times.at(rb);
    return ta < tb || (ta === tb && ra < rb);
  });
  for (let f = 0; f < count; f++) if (start[f] < start[f + 1]) heap.add(f);
  heap.heapify();
  const out = new Int32Array(n);
  for (let q = 0; q < n; q++) {
    const f = heap.top();
    out[q] = rows[head[f]++];
    if (head[f] === start[f + 1]) heap.removeTop();
    else heap.settleTop();
  }
  return out;
}

const NO_KEYS: readonly string[] = [];

/** The kind of a timer run's row (see EventLog.timerRun): its `after` is the run's number. */
const TIMER_RUN = -1;
/** The kind of a quiet notification's row (see EventLog.quietNotification): its `after` is the CCA's kind. */
const QUIET_NOTIFICATION = -2;

/**
 * What a reaction replayed from a timer run may read: the time, and what a subclass adds. Any
 * other read is an error that names the CCA and what it read, never a number the run did not see.
 */
abstract class ReplaySignals implements SignalView {
  now = 0;
  protected cca = '';

  /** The error's sentence for a read of `what`. */
  protected abstract refusal(what: string): string;

  private refuse(what: string): never {
    throw new Error(this.refusal(what));
  }

  get feedbackDelay(): number {
    return this.refuse('feedbackDelay');
  }

  acknowledged(): number {
    return this.refuse('acknowledged()');
  }

  admitted(): number {
    return this.refuse('admitted()');
  }

  rtt(): number {
    return this.refuse('rtt()');
  }

  minRttSince(): number {
    return this.refuse('minRttSince()');
  }
}

/** What a timer run's `onTimer` calls read when the log replays them: the time only (see `CongestionControl.advanceTimers`). */
class TimerSignals extends ReplaySignals {
  at(now: number, cca: string): this {
    this.now = now;
    this.cca = cca;
    return this;
  }

  protected refusal(what: string): string {
    return `${this.cca}: a timer replayed from a timer run read ${what}; a CCA with advanceTimers must time its timers by \`now\` alone`;
  }
}

/**
 * What a notification's `onNotification` call reads when the log replays it from a timer run (see
 * `CongestionControl.replayableNotifications`): the time, the marked packet's first byte and the
 * feedback.
 */
class NoteSignals extends ReplaySignals {
  markedFrom: number | undefined = undefined;
  feedback: number | undefined = undefined;

  at(now: number, markedFrom: number, feedback: number, cca: string): this {
    this.now = now;
    this.markedFrom = markedFrom;
    this.feedback = Number.isNaN(feedback) ? undefined : feedback;
    this.cca = cca;
    return this;
  }

  protected refusal(what: string): string {
    return `${this.cca}: a notification replayed from a timer run read ${what}; a CCA with replayableNotifications must react to one by its time, marked byte and feedback alone`;
  }
}

/** Whether d has exactly `keys`, in that order. */
function sameKeys(d: Record<string, number>, keys: readonly string[]): boolean {
  let k = 0;
  for (const key in d) if (keys[k++] !== key) return false;
  return k === keys.length;
}

/**
 * The notifications a run sent (see `EngineResult.notifications`), kept as numbers while the
 * engine runs and built as objects on first use. A notification arrives its flow's notification
 * delay after it is sent, so only the flow, the mark and the sending are kept; the sending only
 * once some notification is sent later than its mark (the gap rule), until then each at its mark.
 * @example const n = new NotificationLog([4e-6], [{ notifications: true }]); n.push(0, 1e-6, 1e-6); n.notifications()[0].arrives // 5e-6
 */
export class NotificationLog {
  private readonly flows = new IntColumn(1024);
  private readonly marked = new FloatColumn(1024);
  private sent: FloatColumn | null = null;
  private built: SentNotification[] | null = null;

  /**
   * `delays[j]`: flow j's notification delay (s), from its sending to its arrival at the sender;
   * `listens[j]`: what its CCA listens to (whether notifications reach it on its timers' grid).
   */
  constructor(
    private readonly delays: ArrayLike<number>,
    private readonly listens: ArrayLike<Listens>,
  ) {}

  get length(): number {
    return this.flows.length;
  }

  /**
   * Logs a notification to `flow` for a mark at `marked`, sent at `sent` (s), and returns when it
   * reaches the sender: `sent` plus the flow's notification delay (s), as `signalArrival` places it.
   */
  push(flow: number, marked: number, sent: number): number {
    this.flows.push(flow);
    this.marked.push(marked);
    if (this.sent === null && sent !== marked) {
      // The first sent after its mark: every one before was sent at its mark.
      this.sent = new FloatColumn(Math.max(1024, this.marked.length));
      for (let k = 0; k < this.marked.length - 1; k++) this.sent.push(this.marked.at(k));
    }
    if (this.sent !== null) this.sent.push(sent);
    return signalArrival(sent, this.delays[flow], this.listens[flow]);
  }

  /** The notifications in the order they were sent (built once, then shared). */
  notifications(): SentNotification[] {
    if (this.built !== null) return this.built;
    const out: SentNotification[] = new Array(this.flows.length);
    for (let k = 0; k < out.length; k++) {
      const flow = this.flows.at(k);
      const sent = this.sent === null ? this.marked.at(k) : this.sent.at(k);
      out[k] = { flow, marked: this.marked.at(k), sent, arrives: signalArrival(sent, this.delays[flow], this.listens[flow]) };
    }
    return (this.built = out);
  }
}

import { type Curve, constant, firstTimeAbove } from '@ccalc/curves';
import { type CongestionControl, type Reaction, type SignalView, timerDue } from '../../cca.ts';
import type { StepSeries } from '../../results.ts';
import { Trace } from '../../trace.ts';
import { ADMISSION_MARGIN as MARGIN, pausedAdmission, wholePacketAdmission } from '../../admission.ts';
import { packetsStarted, wholePackets } from '../../acknowledgements.ts';
import { recordState } from '../../state-series.ts';
import { startsTrain } from '../../packet-trains.ts';
import { Floats, Ints, packetCapacity } from './growable.ts';
import { StartRuns } from './start-runs.ts';
import { NotificationQueue } from './notification-queue.ts';
import { EventLog } from './event-log.ts';


/** A signal on its way to a sender: a PFC frame or a congestion notification. */
const PAUSE = 0;
const RESUME = 1;
/** A step series entry whose index is TIMER_RUN_STATES − r stands for the states of timer run r (EventLog.timerRun). */
const TIMER_RUN_STATES = -2;
/**
 * When a sender's timers go in a timer run (EventLog.timerRun), by whether its CCA packs its states
 * as numbers (`CongestionControl.packing`):
 * - `quiet`, `blind`: timers of a stretch run one by one before the rest of it runs as a timer run
 *   (see PacketSender.runQuietTimers), for a sender that sends and for a rate-blind one;
 * - `fold`: timer rows of a sender in a row before its next timers go in a run (see
 *   PacketSender.foldsTimers).
 * A run keeps the state it starts from. As an object it lives until the log is read, and on V8
 * the states runs keep make the CCA's states in general costlier to collect: with runs from the
 * fourth timer on, 1,000 senders made 31,000 runs of 3.5 timers on average (most stretches there
 * are short: about 2 million of one or two quiet timers), which cost them 60–80 ms more of GC
 * (+8 %) and 25 MB, where runs from the ninth made 882 and cost nothing measurable. Packed as
 * numbers it costs the collector nothing, and every stretch is best a run: 10,000 senders to 80 ms
 * took 25.2 s and 886 MiB so, against 31.8–33.0 s and 1,540–1,583 MiB with the objects'
 * thresholds; 1,000 and 310 senders and the 31-sender runs the same either way (BENCHMARKS.md).
 */
const OBJECT_RUNS = { quiet: 16, blind: 8, fold: 16 };
const PACKED_RUNS = { quiet: 0, blind: 0, fold: 16 };

/**
 * How many notifications a rate-blind sender keeps waiting (see `notesWait`) before it runs those
 * that are due: a sender waiting for its last packet may receive thousands before it closes, and
 * each waiting costs 24 bytes until it runs.
 */
const NOTES_BATCH = 64;

/** A sender's plan while it is being constructed (no admission): replaced before any use. */
const NO_PLAN: Curve = constant(0);

/** How a reaction is logged (PacketSender.apply): a row, a timer's row, or in a timer run (no row). */
const REACTION = 0;
const TIMER = 1;
const FOLDED = 2;

/** Whether a plan (a local curve) admits nothing ever: the constant 0. */
function admitsNothing(plan: Curve): boolean {
  return plan.t.length === 1 && plan.v[0] === 0 && plan.r[0] === 0 && plan.s[0] === 0;
}

/**
 * One sender of whole packets under a rate-based CCA, moved from event to event. Its admission Â
 * (bytes, in the switch's time frame) is a plan: a local curve from the last change of rate or of
 * PFC state, the same fluid queue A_rem ⊗ λ_r with the NIC's pacing that the curve engine builds
 * (`pacedAdmission`, `pausedAdmission`, `pacerLead`). A packet starts, and counts at the switch,
 * when Â passes the multiple of the packet size below it: each start is found on the plan by one
 * division, never by stepping through bytes. Signals (PFC frames, notifications) wait in two FIFO
 * queues; the CCA's timers and byte counter are read off its state.
 */
export class PacketSender {
  state: unknown;
  /** The CCA's next timer, and its next one that may change the rate or byte target (see CongestionControl.nextLimitTimer). */
  nextTimer: number;
  private wakeTimer: number;
  /** The rate of the CCA's limit in `state` (bytes/s). */
  private rate: number;
  /**
   * The index of `state` in the log (EventLog.state), registered when a row needs it: after timers
   * logged as part of a timer run it is `stale` (that of a state before), and `freshStateIndex`
   * registers the state then.
   */
  private stateIndex: number;
  private stale = false;
  /**
   * The timer run (EventLog.timerRun) that is this sender's last row in the log, which its next
   * timers join (−1: none), and how many rows of timers end its rows otherwise (see foldsTimers).
   */
  private openRun = -1;
  private timerRows = 0;
  /**
   * Whether its CCA's timers can run as a stretch and be logged as a run: it has `advanceTimers`
   * (its timers replay from their state alone) and counts no bytes (a run does not look for the
   * byte target again).
   */
  private readonly runsTimers: boolean;
  /** When its timers go in a run (OBJECT_RUNS or PACKED_RUNS). */
  private readonly runAfter: { quiet: number; blind: number; fold: number };
  /** The states the CCA took (their log indices) and when (s), the first at 0: the step series, described when read. */
  private readonly stateTimes = new Floats();
  private readonly stateIndices = new Ints();
  private builtSeries: Record<string, StepSeries> | null = null;
  /** What the CCA reads when it reacts (one object, set before each reaction). */
  private readonly signals: SenderSignals;
  /** PFC state at the sender (a PAUSE arrived and no RESUME since). */
  paused = false;
  /**
   * A connection of a host whose NIC it shares (`HostNic`): its packets start only when the NIC
   * picks it. Its plan then says when it is ready to send (`nextStart`), not when it sends.
   */
  gated = false;
  /** Ready but waiting for the NIC: its admission is frozen until picked. */
  held = false;
  /**
   * Whether reactions that change nothing the network sees yet may be run late instead of being
   * events: notifications its CCA calls quiet, and all the timers of a PFC-paused sender (see
   * `rateBlind`); and whether timers may join a timer run in the log (`foldsTimers`), which can
   * order rows of several flows at one instant otherwise. Off unless the engine turns it on. `runEvents` does, except in a run with hosts
   * sharing a NIC: there the NICs decide at the instants of their connections' reactions, timed by
   * an instant's first event, so an event less can move a decision by less than the 1 ps of an
   * instant, and the results by as much, where the run should give the same numbers to the bit.
   */
  lazyReactions = false;
  /**
   * Whether nothing the sender does depends on its rate until it plans again: its plan admits
   * nothing whatever the rate, because it is PFC-paused with no packet in progress, or because it
   * has admitted all its bytes and no more will come (`done`, Â at its total: a sender whose last
   * packet waits in a long queue, not closed before that packet is acknowledged); and its CCA
   * counts no bytes. Its timers, rate increases and cuts included, are then no events: they run,
   * as a stretch (`CongestionControl.advanceTimers`), at its next reaction, which comes first (a
   * frame that resumes it, a notification unless they wait too (`notesWait`), its closing). Set at
   * each plan.
   */
  private rateBlind = false;
  /**
   * Rate-blind, with a CCA whose notifications replay (`replayableNotifications`): its
   * notifications are no events either. They wait in its queue, and at its next reaction (a frame,
   * its closing, new arrivals, the end of the run), or once NOTES_BATCH wait, they run, with the
   * timers between them, in one pass (`catchUpNotes`), logged as one timer run that holds them.
   * 10,000 senders × 1 MB receive about 9.5 million notifications while they wait, rate-blind, for
   * their last packets.
   */
  private notesWait = false;
  /** Whether this sender logs the PFC frames it receives (a host's frames are logged once, by its first connection). */
  logsFrames = true;
  /**
   * When the sender (a connection, of a host or alone) closes (s): its last byte acknowledged, as
   * ns-3 completes a queue pair; +∞ until its last packet has left the switch. Once `closed` (a
   * reaction at that instant) its CCA is gone: no timers, byte counts or notifications.
   */
  private closedAt = Infinity;
  private closed = false;
  /** Â up to the plan's start (the history the pacer reads). */
  private readonly history = new Trace();
  private plan: Curve;
  private planT0 = 0;
  private planBase = 0;
  /** The plan's segment where the next packet's level is looked for. */
  private planIndex = 0;
  /** Packets started so far, and when the next one starts (s; +∞ if none is planned). */
  started = 0;
  nextStart = Infinity;
  /** Start of the packet train of the latest packet (back-to-back packets, see PacketTrains). */
  trainStart = -Infinity;
  private lastStart = -Infinity;
  /** When its packets started, as runs on the plan's formula (see StartRuns). */
  private readonly runs: StartRuns;
  /**
   * The next packet (`nextStart`) extends the last run: it is found by the formula of the plan
   * segment the run's formula comes from. `plans` counts the plans made (a new plan opens a run).
   */
  private nextExtends = false;
  private plans = 0;
  private runPlan = -1;
  private runSegment = -1;
  /**
   * The next breakpoint of the arrivals A after the plan's start (+∞ for none). The sender
   * re-plans there: after it has drained, new data restarts the pacer (an overdue partial packet
   * slot is complete at once), as the curve engine's admission does from any instant in between.
   */
  private arrivalChange = Infinity;
  /**
   * The packets whose first byte has arrived before `arrivalChange` (all of them when it is +∞): no
   * plan starts more. The plan's levels are the arrivals' up to a float's noise (base + backlog need
   * not add up to A exactly), which could otherwise count a packet past the last byte.
   */
  private packetCap = Infinity;
  /** When Â reaches the CCA's byte target (+∞ for none), and the last instant it was handled. */
  bytesTime = Infinity;
  private bytesHandled = -Infinity;
  /** The earliest reaction due (s): `earliestReaction()`, kept up to date as signals come and go. */
  private reactionAt = Infinity;
  /** How many packets the sender is expected to send (for records sized up front). */
  readonly capacity: number;
  /** The bytes its packets carry once all its arrivals are on the wire (+∞ for endless arrivals). */
  private readonly wireTotal: number;
  /** PFC frames on their way: arrival times and kinds (FIFO: one delay per flow). */
  private readonly frameTimes = new Floats();
  private readonly frameKinds: number[] = [];
  private frameHead = 0;
  /** Notifications on their way. */
  private readonly cnps = new NotificationQueue();
  private cnpHead = 0;
  /**
   * Notifications [cnpHead, quietEnd) are quiet: they change nothing (`CongestionControl.
   * quietNotification`), are no events, and are logged when the sender next reacts (flushQuiet).
   */
  private quietEnd = 0;

  constructor(
    readonly index: number,
    readonly cca: CongestionControl<unknown>,
    readonly arrivals: Curve,
    readonly packet: number,
    readonly ackDelay: number,
    /** Packets up to this far apart (s) belong to one train. */
    private readonly trainGap: number,
    /** Where the sender logs its events and registers its CCA's states. */
    private readonly log: EventLog,
  ) {
    const total = arrivals.at(Infinity);
    this.capacity = packetCapacity(total, packet);
    this.wireTotal = Number.isFinite(total) ? packetsStarted(total, packet) : Infinity;
    this.runs = new StartRuns(packet, trainGap);
    this.runsTimers = cca.advanceTimers !== undefined && cca.byteTarget === undefined;
    this.runAfter = cca.packing === undefined ? OBJECT_RUNS : PACKED_RUNS;
    this.state = cca.initial();
    this.nextTimer = cca.nextTimer(this.state);
    this.rate = rateOf(cca, this.state);
    this.stateIndex = log.state(index, this.state);
    this.signals = new SenderSignals(this);
    // Every field is set before the first method call (the two that methods compute first set to
    // placeholders), so that the methods only ever see a sender of its final shape: one called on
    // a sender under construction would otherwise throw away code V8 optimized for whole senders
    // in an earlier run in the process.
    this.wakeTimer = Infinity;
    this.plan = NO_PLAN;
    this.wakeTimer = this.wakeTimerOf();
    this.stateTimes.push(0);
    this.stateIndices.push(this.stateIndex);
    this.setArrivalChange(0);
    this.plan = this.planFrom(0, 0);
    this.nextStart = this.findStart();
    this.bytesTime = this.findBytes(0);
    this.reactionAt = this.earliestReaction();
  }

  /** The CCA's state as step series, one per described quantity (`recordState`), built once when first read. */
  get series(): Record<string, StepSeries> {
    if (this.builtSeries !== null) return this.builtSeries;
    const series: Record<string, StepSeries> = {};
    const record = (t: number, index: number): void => recordState(series, this.log.describe(index), t);
    for (let k = 0; k < this.stateTimes.length; k++) {
      const index = this.stateIndices.at(k);
      if (index <= TIMER_RUN_STATES) this.log.timerRunStates(TIMER_RUN_STATES - index, record);
      else record(this.stateTimes.at(k), index);
    }
    return (this.builtSeries = series);
  }

  /** Â(x) (bytes admitted by x, x ≥ the plan's start or in the history before it). */
  admittedAt(x: number): number {
    return x >= this.planT0 ? this.planBase + this.plan.at(x - this.planT0) : this.history.at(x);
  }

  /** The earliest signal, timer or byte count due at this sender (s). */
  nextReaction(): number {
    return this.reactionAt;
  }

  /** The earliest of the pending reactions, computed again after one is handled. */
  private earliestReaction(): number {
    // Each field read once, before its test: a read only in the branch taken gathers no type
    // feedback in a first run whose optimized code never took it, and taking it in a later run
    // throws that code away.
    const timer = this.wakeTimer;
    const bytes = this.bytesTime;
    let t = timer < bytes ? timer : bytes;
    const closedAt = this.closedAt;
    if (!this.closed && closedAt < t) t = closedAt;
    const change = this.arrivalChange;
    if (change < t) t = change;
    if (this.frameHead < this.frameTimes.length) {
      const frame = this.frameTimes.at(this.frameHead);
      if (frame < t) t = frame;
    }
    if (!this.notesWait && this.quietEnd < this.cnps.length) {
      const note = this.cnps.time(this.quietEnd);
      if (note < t) t = note;
    }
    return t;
  }

  /** The connection closes at `time` (see `closedAt`). */
  closeAt(time: number): void {
    this.closedAt = time;
    if (time < this.reactionAt) this.reactionAt = time;
  }

  /**
   * When the transmission that started at `lastStart` (s), taking T, was this sender's last packet
   * (`dequeued` of its packets have left the switch, all it will send): it closes when that packet
   * is acknowledged, T + ΔR later. Returns whether it was (the caller re-keys the sender).
   */
  closeIfLast(dequeued: number, lastStart: number, T: number): boolean {
    if (dequeued !== this.started || !this.done()) return false;
    this.closeAt(lastStart + T + this.ackDelay);
    return true;
  }

  /** Whether the connection is closed by t. */
  closedBy(t: number): boolean {
    return this.closedAt <= t;
  }

  /** Whether the instant the connection closes is known. */
  get closing(): boolean {
    return this.closedAt < Infinity;
  }

  /**
   * The connection closed at `time`, found after that instant (block mode transmits packets without
   * events): logged in its place. Only for a sender whose CCA nothing moves (no timers, byte counts
   * or notifications), for which closing changes nothing else.
   */
  closeLate(time: number): void {
    this.closedAt = time;
    this.close(time);
  }

  /** Closed at `at`: its timers, byte counter and notifications on their way end (frames still come). */
  private close(at: number): void {
    this.closed = true;
    this.nextTimer = this.wakeTimer = Infinity;
    this.bytesTime = Infinity;
    this.cnpHead = this.quietEnd = this.cnps.length;
    const index = this.freshStateIndex();
    this.logged();
    this.log.push(at, this.index, 'connection-closed', index, index);
    this.reactionAt = this.earliestReaction();
  }

  /**
   * A PFC frame that reaches this sender at `time`. Frames are handled in the order sent (FIFO):
   * one sent after another at the same instant may carry a time a few ulps earlier (a RESUME from
   * a transmission at d, after a PAUSE from an arrival at x > d within the instant's tolerance),
   * and waits for the one before it; only a frame at the head is the next reaction.
   */
  frameArrives(time: number, kind: 'pfc-pause' | 'pfc-resume'): void {
    this.frameTimes.push(time);
    this.frameKinds.push(kind === 'pfc-pause' ? PAUSE : RESUME);
    if (this.frameHead === this.frameTimes.length - 1 && time < this.reactionAt) this.reactionAt = time;
  }

  /**
   * A notification that reaches this sender at `time`, for the packet whose first byte is `from`,
   * sent at `now` (the engine's time: no reaction of the sender before it is still to come), with
   * a QCN congestion point's `feedback` (SignalView.feedback) if it comes from one. Returns
   * whether it is an event (the sender's next reaction may have moved): a notification that its
   * CCA says will change nothing (`quietNotification`) in the state it finds, the sender's now
   * (no timer and no other notification comes first), is not, and is logged when the sender next
   * reacts; if the state changes before it after all, it becomes an event again (issue 14: only
   * the marks that change a sender's state are events).
   */
  notificationArrives(time: number, from: number, now: number, feedback = Number.NaN): boolean {
    if (this.closed) return false;
    this.cnps.push(time, from, feedback);
    // Rate-blind: handled with its timers at the next reaction (catchUpNotes), or, once many wait,
    // those before `now`, which no reaction can precede any more.
    if (this.notesWait) {
      if (this.cnps.length - this.cnpHead >= NOTES_BATCH) {
        this.catchUpNotes(now, false);
        this.dropNotes();
      }
      return false;
    }
    if (this.quietEnd === this.cnps.length - 1 && this.mayQuiet(time)) {
      this.quietEnd += 1;
      return false;
    }
    // Handled in the order sent, as frames are (see frameArrives): only the first waiting one is
    // the next reaction.
    if (this.quietEnd === this.cnps.length - 1 && time < this.reactionAt) this.reactionAt = time;
    return true;
  }

  /**
   * Logs the quiet notifications due before `at` (and at `at` too when `inclusive`) in order,
   * each as the reaction it stands for would have been: a `cnp` row and the CCA's, the state the same.
   */
  private flushQuiet(at: number, inclusive: boolean): void {
    while (this.cnpHead < this.quietEnd) {
      const t = this.cnps.time(this.cnpHead);
      if (!timerDue(t, at, inclusive)) return;
      this.cnpHead += 1;
      const index = this.freshStateIndex();
      this.logged();
      this.log.quietNotification(t, this.index, this.cca.quietNotification!.call(this.cca, this.state, t)!, index);
    }
  }

  /**
   * Handles the earliest reaction if it is due by `limit`, at one instant in the curve engine's
   * order: a change of the arrivals (a re-plan, no event), PFC frames, notifications, the byte
   * count, then timers. Packets that started before it
   * are handed to `started` first (they are on the wire whatever the reaction). Returns false when
   * nothing was due.
   */
  reactOnce(limit: number, started: { add(flow: number, time: number): void }): boolean {
    const at = this.reactionAt;
    if (!(at <= limit)) return false;
    const frame = this.frameHead < this.frameTimes.length ? this.frameTimes.at(this.frameHead) : Infinity;
    // A rate-blind sender's reaction is a frame, its closing or new arrivals: the notifications
    // before it, with the timers between them, happened first.
    if (this.notesWait) this.catchUpNotes(at, false);
    // Quiet notifications and timers due before this instant happened first, each at its own (the
    // notifications before any timer: see notificationArrives); quiet notifications at this
    // instant too, unless it is for a closing, a re-plan or a frame, which come first.
    this.flushQuiet(at, !((!this.closed && this.closedAt === at) || this.arrivalChange === at || frame === at));
    this.runQuietTimers(at, false);
    const cnp = this.quietEnd < this.cnps.length ? this.cnps.time(this.quietEnd) : Infinity;
    if (!this.closed && this.closedAt === at && frame !== at) {
      this.close(at);
      return true;
    }
    this.startPacketsBy(at, started);
    if (this.arrivalChange === at) this.replan(at);
    else if (frame === at) {
      const pause = this.frameKinds[this.frameHead++] === PAUSE;
      if (this.logsFrames) {
        this.logged();
        this.log.push(at, this.index, pause ? 'pfc-pause' : 'pfc-resume', EventLog.NONE, EventLog.NONE);
      }
      if (pause !== this.paused) {
        this.paused = pause;
        // A host's frames reach all its connections: one that has sent everything, or whose data
        // has not come yet (it plans again when it does), has nothing to plan again.
        if (!(this.gated && (this.done() || (this.started === 0 && this.arrivals.rightLimit(at) <= 0)))) this.replan(at);
      }
    } else if (cnp === at) {
      // The quiet ones before it are logged (flushQuiet): it is the head.
      const from = this.cnps.from(this.cnpHead);
      const feedback = this.cnps.feedback(this.cnpHead++);
      this.quietEnd = this.cnpHead;
      if (this.cca.onNotification !== undefined) this.apply(this.cca.onNotification(this.state, this.signals.at(at, from, feedback)), at, 'cnp');
    } else if (this.bytesTime === at) {
      this.bytesHandled = at;
      this.apply(this.cca.onBytes!(this.state, this.signals.at(at)), at);
    } else if (at === this.wakeTimer) this.applyTimer(at);
    // Else what was due at `at` has moved by an ulp (the quiet timers just run recomputed the byte
    // count's instant from theirs): nothing reacts now, and earliestReaction finds it again.
    this.promoteQuiet();
    this.dropHandled();
    this.reactionAt = this.earliestReaction();
    return true;
  }

  /**
   * Runs the notifications due before t (at t too when `inclusive`) and the timers before each, in
   * time order, a notification before a timer at the same instant, as their events would have run
   * (timers before a notification's instant, then the notification): in one pass, logged as one
   * timer run that holds them (EventLog.note, EventLog.timerRun). Only while `notesWait`.
   */
  private catchUpNotes(t: number, inclusive: boolean): void {
    if (!(this.cnpHead < this.cnps.length && timerDue(this.cnps.time(this.cnpHead), t, inclusive))) return;
    const cca = this.cca;
    const start = this.state;
    if (cca.catchUpNotifications !== undefined) return this.catchUpAtOnce(t, inclusive);
    let state = start;
    let count = 0;
    let first = Infinity;
    let last = -Infinity;
    while (this.cnpHead < this.cnps.length && timerDue(this.cnps.time(this.cnpHead), t, inclusive)) {
      const time = this.cnps.time(this.cnpHead);
      const from = this.cnps.from(this.cnpHead);
      const feedback = this.cnps.feedback(this.cnpHead++);
      const timers = cca.advanceTimers!(state, time, false);
      if (timers.count > 0) {
        if (first === Infinity) first = cca.nextTimer(state);
        count += timers.count;
        state = timers.state;
      }
      if (first === Infinity) first = time;
      const reaction = cca.onNotification!(state, this.signals.at(time, from, feedback));
      refuseGoBackN(cca, reaction);
      state = reaction.state;
      last = time;
      this.log.note(time, from, feedback);
    }
    this.quietEnd = this.cnpHead;
    // A run of its own: the notifications since the last run are this one's (EventLog.note).
    this.logged();
    this.logTimers(start, count, first, last);
    this.takeState(state);
  }

  /**
   * `catchUpNotes` by the CCA's `catchUpNotifications`: the same state, timers and log, with one
   * state object for the whole pass instead of several for each notification.
   */
  private catchUpAtOnce(t: number, inclusive: boolean): void {
    const start = this.state;
    const cnps = this.cnps;
    const head = this.cnpHead;
    let end = head;
    while (end < cnps.length && timerDue(cnps.time(end), t, inclusive)) {
      this.log.note(cnps.time(end), cnps.from(end), cnps.feedback(end));
      end += 1;
    }
    // The run's first row: the first timer, when one is due before the first notification, else the notification.
    const firstTimer = this.cca.nextTimer(start);
    const first = timerDue(firstTimer, cnps.time(head), false) ? firstTimer : cnps.time(head);
    const last = cnps.time(end - 1);
    const { state, count } = this.cca.catchUpNotifications!(start, cnps.times(head, end), 0, end - head);
    this.cnpHead = this.quietEnd = end;
    this.logged();
    this.logTimers(start, count, first, last);
    this.takeState(state);
  }

  /** Removes the notifications handled from its queue (the rest move to its front). */
  private dropNotes(): void {
    const handled = this.cnpHead;
    if (handled === 0) return;
    this.cnps.dropFirst(handled);
    this.cnpHead -= handled;
    this.quietEnd -= handled;
  }

  /**
   * Empties the queues of frames and notifications once every signal in them is handled, so that
   * they hold what is on its way, not every signal the sender ever received (10,000 senders
   * receive about 9.5 million notifications), and new signals go into memory already in use.
   */
  private dropHandled(): void {
    if (this.cnpHead > 0 && this.cnpHead === this.cnps.length) {
      this.cnps.length = 0;
      this.cnpHead = this.quietEnd = 0;
    }
    if (this.frameHead > 0 && this.frameHead === this.frameTimes.length) {
      this.frameTimes.length = this.frameKinds.length = 0;
      this.frameHead = 0;
    }
  }

  /**
   * After a reaction: the notifications on their way that are quiet in the state it left (before
   * the next timer), next in line after the quiet ones, join them (see notificationArrives).
   */
  private promoteQuiet(): void {
    if (this.notesWait) return;
    while (this.quietEnd < this.cnps.length && this.mayQuiet(this.cnps.time(this.quietEnd))) this.quietEnd += 1;
  }

  /**
   * Whether a notification arriving at t, with none on its way before it, is quiet: the engine
   * allows it (`lazyReactions`), no timer comes first and the CCA says the state changes nothing.
   */
  private mayQuiet(t: number): boolean {
    return this.lazyReactions && t <= this.nextTimer && this.cca.quietNotification?.call(this.cca, this.state, t) != null;
  }

  /**
   * Runs the CCA's quiet timers (those before its next limit timer, or all while it is rate-blind)
   * that are due before `t`, or at `t` too when `inclusive`, in order and each at its own instant,
   * as if each had been an event: one by one, and those past the first `runAfter.quiet`
   * (`runAfter.blind` for a rate-blind sender) as one timer run when the CCA can (`advanceTimers`).
   */
  private runQuietTimers(t: number, inclusive: boolean): void {
    for (let k = 0; this.nextTimer < this.wakeTimer && timerDue(this.nextTimer, t, inclusive); k++) {
      if (this.runsTimers && k === (this.rateBlind ? this.runAfter.blind : this.runAfter.quiet)) {
        this.advanceTimers(Math.min(t, this.wakeTimer), inclusive && t < this.wakeTimer);
        return;
      }
      const at = this.nextTimer;
      const rate = this.rate;
      this.applyTimer(at);
      if (this.rate !== rate && !this.rateBlind) throw new Error(`${this.cca.name}: a timer it called quiet (before nextLimitTimer) changed the rate at ${at} s`);
    }
  }

  /**
   * Runs the timers due before `until` (at `until` too when `inclusive`) as one call of the CCA's
   * `advanceTimers`, logged as one timer run (EventLog.timerRun) and one entry of the step series
   * that stands for the states it went through. A rate-blind sender plans nothing again: its plan
   * admits nothing whatever the rate, until the plan that ends its blindness, which reads the rate.
   */
  private advanceTimers(until: number, inclusive: boolean): void {
    const start = this.state;
    const first = this.nextTimer;
    const { state, count, last } = this.cca.advanceTimers!(start, until, inclusive);
    if (count === 0) return;
    this.logTimers(start, count, first, last);
    // No quiet notification is left to make an event again (as apply does): those pending came at
    // or before the first of these timers (mayQuiet), so they were logged before it (flushQuiet).
    const rate = this.takeState(state);
    if (this.rate !== rate && !this.rateBlind) throw new Error(`${this.cca.name}: a timer it called quiet (before nextLimitTimer) changed the rate by ${last} s`);
  }

  /** Takes `state` as the CCA's: its timers and rate read from it. Returns the rate before (bytes/s). */
  private takeState(state: unknown): number {
    const before = this.rate;
    this.state = state;
    this.nextTimer = this.cca.nextTimer(state);
    this.wakeTimer = this.wakeTimerOf();
    this.rate = rateOf(this.cca, state);
    return before;
  }

  /**
   * Logs `count` timers of this sender, the first at `first` and the last at `last` (s), run from
   * `start`, as (part of) a timer run: the log's open run for this flow grows, or one opens, with an
   * entry of the step series that stands for its states. The state after them is registered when
   * a row needs it (`freshStateIndex`).
   */
  private logTimers(start: unknown, count: number, first: number, last: number): void {
    if (this.openRun >= 0) this.log.growRun(this.openRun, count, last);
    else {
      this.openRun = this.log.timerRun(this.index, start, this.freshStateIndex(), count, first, last);
      this.timerRows = 0;
      // The run's states, at their instants, are read from the log (`series`).
      this.stateTimes.push(first);
      this.stateIndices.push(TIMER_RUN_STATES - this.openRun);
    }
    this.stale = true;
  }

  /** Before a row of this sender other than a timer's: its timer run, if any, is over. */
  private logged(): void {
    this.openRun = -1;
    this.timerRows = 0;
  }

  /**
   * Whether this sender's next timer is best logged in a timer run: its last row is one, or its
   * last `runAfter.fold` rows are timers' (most stretches of timers between two other rows of a
   * flow are shorter, and a run keeps the state it starts from, a few rows' memory).
   */
  private foldsTimers(): boolean {
    return this.openRun >= 0 || this.timerRows >= this.runAfter.fold;
  }

  /** The log index of the current state, registered now if it is not yet (see `stale`). */
  private freshStateIndex(): number {
    if (this.stale) {
      this.stateIndex = this.log.state(this.index, this.state, this.stateIndex);
      this.stale = false;
    }
    return this.stateIndex;
  }

  /**
   * The timer due at `at`, run: its reaction applied (a new plan if the rate changed), and logged as
   * a row of its own, or, when the flow's rows are timers already (`foldsTimers`) and the
   * CCA's timers replay from their state alone (it has `advanceTimers`), as part of a timer run.
   */
  private applyTimer(at: number): void {
    const start = this.state;
    const reaction = this.cca.onTimer(start, this.signals.at(at));
    const folded = this.lazyReactions && this.runsTimers && this.foldsTimers();
    if (folded) this.logTimers(start, 1, at, at);
    this.apply(reaction, at, undefined, folded ? FOLDED : TIMER);
  }

  /** The next timer that must be an event: the next limit timer (`nextLimitTimer`), none while rate-blind. */
  private wakeTimerOf(): number {
    if (this.rateBlind) return Infinity;
    return this.cca.nextLimitTimer === undefined ? this.nextTimer : this.cca.nextLimitTimer(this.state);
  }

  /** At the end of a run: the quiet notifications and timers due by the horizon (s), which no reaction came to log or run. */
  finish(horizon: number): void {
    if (this.notesWait) this.catchUpNotes(horizon, true);
    this.flushQuiet(horizon, true);
    this.runQuietTimers(horizon, true);
  }

  /** True when every byte of the arrivals is on the wire and no more will come. */
  done(): boolean {
    return this.arrivalChange === Infinity && this.started * this.packet >= this.wireTotal;
  }

  /** When each packet started (s): its arrival at the switch (one number per packet, built when read). */
  get starts(): Floats {
    return this.runs.all();
  }

  /** Starts the next packet (at `nextStart`): returns its time. */
  startPacket(): number {
    const x = this.nextStart;
    this.record(x);
    this.started += 1;
    if (startsTrain(x - this.lastStart, this.trainGap)) this.trainStart = x;
    this.lastStart = x;
    this.nextStart = this.findStart();
    return x;
  }

  /** Records the next packet, starting at x: on the last run's formula, or opening a run. */
  private record(x: number): void {
    if (this.nextExtends) {
      this.runs.extendBy(1);
      return;
    }
    const g = this.plan;
    const i = this.planIndex;
    const rising = g.s[i] > 0 && g.r[i] !== Infinity;
    this.runs.open(x, this.planT0, g.t[i], this.planBase + g.r[i], rising ? g.s[i] : 0);
    this.runPlan = rising ? this.plans : -1;
    this.runSegment = i;
  }

  /**
   * Starts, and records, `count` packets on the last run's formula at once (the next one extends
   * it), the last at `last` (s).
   */
  private startOnFormula(count: number, last: number): void {
    this.runs.extendBy(count);
    this.started += count;
    this.trainStart = this.runs.trainOf(this.started - 1);
    this.lastStart = last;
    this.nextStart = this.findStart();
  }

  /**
   * The start of the train of packet k: the instant of its train's first packet, for a packet
   * started or planned under the current plan.
   */
  trainStartOf(k: number): number {
    if (k >= this.started) {
      let train = this.trainStart;
      let last = this.lastStart;
      for (let q = this.started; q <= k; q++) {
        const x = this.startTime(q);
        if (startsTrain(x - last, this.trainGap)) train = x;
        last = x;
      }
      return train;
    }
    return this.runs.trainOf(k);
  }

  /** Completes the admission history up to the horizon and returns Â as a curve. */
  admittedCurve(horizon: number): Curve {
    if (horizon > this.planT0) this.history.appendLocal(this.plan, this.planT0, horizon, this.planBase);
    this.planT0 = horizon;
    return this.history.curve();
  }

  /**
   * Waits for the NIC from x (= `nextStart`, when it was ready to send): admits nothing until
   * `release`. Only for a gated connection.
   */
  hold(x: number): void {
    this.held = true;
    this.replan(x);
    this.reactionAt = this.earliestReaction();
  }

  /** The NIC picks this held connection at x: it plans again from there, its next packet due at once. */
  release(x: number): void {
    this.held = false;
    this.replan(x);
    this.reactionAt = this.earliestReaction();
  }

  /**
   * Hands over the packets that have started by x: those the wire I·⌈Â(x)/I⌉ counts (none for a
   * gated connection, whose packets the NIC starts).
   */
  private startPacketsBy(x: number, started: { add(flow: number, time: number): void }): void {
    if (this.gated) return;
    const due = Math.round(packetsStarted(this.admittedAt(x), this.packet) / this.packet);
    while (this.started < due && this.nextStart < Infinity) {
      if (this.nextStart > x) this.nextStart = x;
      started.add(this.index, this.startPacket());
    }
  }

  /**
   * Applies a CCA reaction at `at`: new state, log, step series, and a new plan if the rate changed.
   * `row`: how it is logged (a row, a timer's row, or none: a timer logged in a run by applyTimer).
   */
  private apply(reaction: Reaction<unknown>, at: number, logAs?: string, row = REACTION): void {
    refuseGoBackN(this.cca, reaction);
    const changed = reaction.state !== this.state;
    if (row !== FOLDED) {
      const before = this.freshStateIndex();
      if (changed) this.stateIndex = this.log.state(this.index, reaction.state, before);
      if (row === TIMER) {
        this.openRun = -1;
        this.timerRows += 1;
      } else this.logged();
      if (logAs !== undefined) this.log.push(at, this.index, logAs, before, before);
      this.log.push(at, this.index, reaction.kind, before, this.stateIndex);
    }
    // Nothing changed (e.g. a CNP that finds its flags set): only the log rows.
    if (!changed) return;
    // Quiet notifications still to come were quiet in the state before: events again.
    this.quietEnd = this.cnpHead;
    const oldRate = this.takeState(reaction.state);
    if (row !== FOLDED) {
      this.stateTimes.push(at);
      this.stateIndices.push(this.stateIndex);
    }
    if (this.rate !== oldRate) this.replan(at);
    else this.bytesTime = this.findBytes(at);
  }

  /** A new plan from x under the current state and PFC state (the history is completed to x first). */
  private replan(x: number): void {
    const base = this.admittedAt(x);
    if (x > this.planT0) this.history.appendLocal(this.plan, this.planT0, x, this.planBase);
    this.setArrivalChange(x);
    this.plan = this.planFrom(x, base);
    this.planT0 = x;
    this.planBase = base;
    this.planIndex = 0;
    this.plans += 1;
    this.nextOnFormula = false;
    this.nextStart = this.findStart();
    this.bytesTime = this.findBytes(x);
    const blind = this.lazyReactions && (this.paused || this.done()) && !this.gated && this.runsTimers && admitsNothing(this.plan);
    if (blind !== this.rateBlind) {
      this.rateBlind = blind;
      this.wakeTimer = this.wakeTimerOf();
      // Notifications on their way wait for a catch-up while blind (all of them, quiet or not:
      // they come before any timer still to run); after, they are events or quiet again, as the
      // state they find says (the caller's promoteQuiet and earliestReaction).
      const waits = blind && this.cca.replayableNotifications === true;
      if (waits !== this.notesWait) {
        this.notesWait = waits;
        this.quietEnd = this.cnpHead;
      }
    }
  }

  /** Sets `arrivalChange`, the arrivals' next breakpoint after x, and `packetCap` with it. */
  private setArrivalChange(x: number): void {
    const change = this.nextArrivalChange(x);
    this.arrivalChange = change;
    const arrived = this.arrivals.at(change);
    this.packetCap = Number.isFinite(arrived) ? Math.round(packetsStarted(arrived, this.packet) / this.packet) : Infinity;
  }

  /** The first breakpoint of the arrivals after x (+∞ for none). */
  private nextArrivalChange(x: number): number {
    const A = this.arrivals;
    const i = A.indexAt(x) + 1;
    return i < A.t.length ? A.t[i] : Infinity;
  }

  /**
   * What the sender admits from x on (local curve), as the curve engine's admission, exact up to
   * the next change of the arrivals (where the sender plans again; `arrivalChange` is set first).
   */
  private planFrom(x: number, base: number): Curve {
    const rate = this.rate;
    if (this.held) return constant(0);
    const unpaused = (): Curve => wholePacketAdmission(this.history.history(), this.arrivals, rate, x, base, this.packet, MARGIN, this.arrivalChange);
    return this.paused ? pausedAdmission(unpaused, base, this.packet, MARGIN) : unpaused();
  }

  /**
   * When the next packet starts: the first instant the wire I·⌈Â/I⌉ (counted as the curve engine's
   * packetize 'up' counts it) passes `started`·I, found on the plan from the segment of the last
   * start; +∞ if the plan never gets there.
   */
  private findStart(): number {
    if (this.started >= this.packetCap) return Infinity;
    // The packet before was found on the formula of segment planIndex of this plan: plannedFrom
    // would find this one there too, by the same arithmetic, unless it falls past the segment's
    // end (its other tests held for the packet before, at a lower level, so they hold now).
    if (this.nextOnFormula) {
      const g = this.plan;
      const i = this.planIndex;
      const x = this.onSegment(i, this.started);
      if (i + 1 >= g.t.length || x < g.t[i + 1]) {
        this.nextExtends = this.runPlan === this.plans && this.runSegment === i;
        return this.planT0 + x;
      }
    }
    const x = this.plannedFrom(this.started, this.planIndex);
    this.nextOnFormula = this.foundOnFormula;
    this.planIndex = this.foundIndex;
    this.nextExtends = this.foundOnFormula && this.runPlan === this.plans && this.runSegment === this.planIndex;
    return x;
  }

  /** The plan segment where {@link plannedFrom} found its packet, and whether by its formula. */
  private foundIndex = 0;
  private foundOnFormula = false;
  /** Whether `nextStart` was found on the formula of plan segment `planIndex` (false for a new plan). */
  private nextOnFormula = false;

  /**
   * When packet k (k ≥ started) starts under the current plan, looking from segment `from` on
   * (`planIndex` or later): the first instant the wire I·⌈Â/I⌉ (counted as the curve engine's
   * packetize 'up' counts it) passes k·I; +∞ if the plan never gets there. Sets `foundIndex`
   * and `foundOnFormula` (found on the segment's formula, not at its start).
   */
  private plannedFrom(k: number, from: number): number {
    if (k >= this.packetCap) return Infinity;
    const I = this.packet;
    const level = k * I;
    const g = this.plan;
    const n = g.t.length;
    for (let i = from; i < n; i++) {
      this.foundIndex = i;
      this.foundOnFormula = false;
      if (i > from && packetsStarted(this.planBase + g.v[i], I) > level) return this.planT0 + g.t[i];
      const right = this.planBase + g.r[i];
      const rising = g.s[i] > 0 && right !== Infinity;
      if ((rising ? wholePackets(right, I) + I : packetsStarted(right, I)) > level) return this.planT0 + g.t[i];
      if (rising) {
        const x = this.onSegment(i, k);
        if (i + 1 >= n || x < g.t[i + 1]) {
          this.foundOnFormula = true;
          return this.planT0 + x;
        }
      }
    }
    return Infinity;
  }

  /** Packet k's start on rising plan segment i, in the plan's time: t_i + (k·I − right_i)/s_i. */
  private onSegment(i: number, k: number): number {
    const g = this.plan;
    return g.t[i] + (k * this.packet - (this.planBase + g.r[i])) / g.s[i];
  }

  /**
   * When packet k starts (s): recorded if it has (k < started), else planned under the current
   * plan (+∞ if it never starts under it).
   */
  startTime(k: number): number {
    if (k < this.started) return this.runs.time(k);
    if (k === this.started) return this.nextStart;
    return this.plannedFrom(k, this.planIndex);
  }

  /**
   * How many of its packets start before y (s), or at y too when `inclusive`: the recorded ones,
   * then those the current plan starts (a binary search over packets placed by {@link startTime}).
   */
  startsBefore(y: number, inclusive = false): number {
    // Strictly before y, or up to y: below `bound` with the next float up when inclusive.
    const bound = inclusive ? nextUp(y) : y;
    if (this.started > 0 && !(this.lastStart < bound)) return this.runs.countBefore(bound);
    if (!(this.nextStart < bound)) return this.started;
    // Planned: grow a bracket, then bisect (the plan's starts increase with the packet).
    let step = 1;
    let lo = this.started + 1;
    while (this.startTime(this.started + step) < bound) {
      lo = this.started + step + 1;
      step *= 2;
    }
    let hi = this.started + step;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.startTime(mid) < bound) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** How many of its packets start at or before y (s): see {@link startsBefore}. */
  startsBy(y: number): number {
    return this.startsBefore(y, true);
  }

  /**
   * Starts, and records, every packet the sender starts before y (its next start < y), as the
   * packet-by-packet loop would have at their instants: block mode's catch-up, called at an
   * instant when no reaction before y is pending (so the plan is the one they start under).
   */
  startBefore(y: number): void {
    this.startUpTo(y, false);
  }

  /** Likewise every packet starting at or before y (the instant's reactions done). */
  startBy(y: number): void {
    this.startUpTo(y, true);
  }

  /** Starts the packets before y (or at y too): those on the last run's formula by a count. */
  private startUpTo(y: number, inclusive: boolean): void {
    const bound = inclusive ? nextUp(y) : y;
    while (this.nextStart < bound) {
      if (!this.nextExtends) {
        this.startPacket();
        continue;
      }
      // Packets on the formula of plan segment i: before the bound and before the segment's end.
      const g = this.plan;
      const i = this.planIndex;
      const end = i + 1 < g.t.length ? g.t[i + 1] : Infinity;
      const fits = (k: number): boolean => this.onSegment(i, k) < end && this.planT0 + this.onSegment(i, k) < bound;
      // The last packet that fits, k ≥ started (which does): estimate, then correct.
      const right = this.planBase + g.r[i];
      const reach = Math.min(end, bound - this.planT0);
      let k = Math.max(this.started, Math.floor((right + (reach - g.t[i]) * g.s[i]) / this.packet));
      while (k > this.started && !fits(k)) k -= 1;
      while (fits(k + 1)) k += 1;
      this.startOnFormula(k + 1 - this.started, this.planT0 + this.onSegment(i, k));
    }
  }

  /** When Â first exceeds the CCA's byte target (within the margin), from x on; +∞ for none. */
  private findBytes(x: number): number {
    if (this.closed || !this.cca.listens.bytes || this.cca.byteTarget === undefined) return Infinity;
    const target = this.cca.byteTarget(this.state);
    if (!(target < Infinity)) return Infinity;
    const local = firstTimeAbove(this.plan, x - this.planT0, Infinity, target - MARGIN - this.planBase);
    const at = this.planT0 + local;
    // An instant is handled once (the curve engine's rule): a target still reached there waits.
    return at === this.bytesHandled ? Infinity : at;
  }
}

/** A reaction the event engine cannot run, a Go-Back-N restart (shift 'acknowledged'), refused naming the CCA. */
function refuseGoBackN(cca: CongestionControl<unknown>, reaction: Reaction<unknown>): void {
  if (reaction.shift === 'acknowledged') throw new Error(`${cca.name}: a Go-Back-N restart, which the event engine does not run (use the curve engine)`);
}

/** The smallest float above x (x finite or −∞; +∞ stays). */
function nextUp(x: number): number {
  if (x === Infinity || Number.isNaN(x)) return x;
  if (x === 0) return Number.MIN_VALUE;
  FLOAT[0] = x;
  BITS[0] += x > 0 ? 1n : -1n;
  return FLOAT[0];
}
const FLOAT = new Float64Array(1);
const BITS = new BigInt64Array(FLOAT.buffer);

/** The rate of a rate-based CCA's limit (bytes/s); a window is not for the event engine. */
export function rateOf(cca: CongestionControl<unknown>, state: unknown): number {
  const limit = cca.limit(state);
  if (limit.kind !== 'rate') throw new Error(`${cca.name}: a ${limit.kind} window, which the event engine does not run (use the curve engine)`);
  return limit.rate;
}

/** What a rate-based CCA may read when it reacts in the event engine: the time and its admissions. */
class SenderSignals implements SignalView {
  now = 0;
  markedFrom: number | undefined = undefined;
  feedback: number | undefined = undefined;

  constructor(private readonly sender: PacketSender) {}

  /**
   * This view at `now` (s), for a notification of the packet whose first byte is `markedFrom`,
   * with QCN's `feedback` (NaN or undefined for none).
   */
  at(now: number, markedFrom?: number, feedback?: number): this {
    this.now = now;
    this.markedFrom = markedFrom;
    this.feedback = feedback !== undefined && !Number.isNaN(feedback) ? feedback : undefined;
    return this;
  }

  get feedbackDelay(): number {
    return this.sender.ackDelay;
  }

  admitted(t: number): number {
    return this.sender.admittedAt(t);
  }

  acknowledged(): number {
    return unavailable('acknowledgements');
  }

  rtt(): number {
    return unavailable('round-trip times');
  }

  minRttSince(): number {
    return unavailable('round-trip times');
  }
}

function unavailable(what: string): never {
  throw new Error(`the event engine computes no ${what}: run a CCA that reads them on the curve engine`);
}

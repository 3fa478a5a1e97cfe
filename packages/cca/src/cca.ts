/**
 * The interface between the engine and a congestion-control algorithm (CCA). The engine computes
 * curves and signals; a CCA only keeps its state, says what it limits (a rate, a per-flight window
 * or a sliding window) and reacts to signals. So DCQCN, QCN or any other algorithm plugs in as a
 * CCA definition, not as an engine change.
 */

/** What a CCA imposes on its source, as a service curve applied from the current origin. */
export type Limit =
  /** Rate limiter λ_r (bytes/s): Â_rem = A_rem ⊗ λ_r (paper §III-C). */
  | { kind: 'rate'; rate: number }
  /** Per-flight window S_W (bytes): Â_rem = A_rem ⊗ S_W = min(A_rem, W) until the flight is acknowledged (§III-D, Alg. 2). */
  | { kind: 'flight'; window: number }
  /** Sliding window (bytes): Â(t) ≤ ack(t) + W, the window opening as acknowledgements arrive (Alg. 3). */
  | { kind: 'sliding'; window: number };

/** How the coordinate system moves when the CCA changes its limit. */
export type Shift =
  /** No change of limit (nothing to re-express). */
  | 'none'
  /** New origin (t_e, Â(t_e)): everything admitted so far stays admitted (increase, §III-C). */
  | 'admitted'
  /** New origin (t_e, ack(t_e)): Go-Back-N, everything unacknowledged is sent again (timeout). */
  | 'acknowledged';

/** Read-only signals a CCA may consult when it reacts, evaluated by the engine from exact curves. */
export interface SignalView {
  /** Current time (s). */
  readonly now: number;
  /** Bytes acknowledged at the sender by time t: ack(t) = D(t − ΔR) (packetized if configured). */
  acknowledged(t: number): number;
  /** Bytes admitted by time t, Â(t). */
  admitted(t: number): number;
  /** Round-trip time measured at t, Eq. (1): RTT(t) = t − Â↓(D(t − ΔR)). */
  rtt(t: number): number;
  /**
   * The smallest round-trip time of the bytes acknowledged in (from, to]: min over those bytes y of
   * D↓(y) + ΔR − Â↓(y), exact. This is what a sender measuring every acknowledgement sees as its
   * minimum RTT; unlike Eq. (1) it does not count idle time. NaN if nothing was acknowledged.
   */
  minRttSince(from: number, to: number): number;
  /** The flow's feedback delay ΔR (s). */
  readonly feedbackDelay: number;
  /**
   * For a congestion notification: the flow's bytes sent before the marked packet (its first byte's
   * level, bytes on the wire: Â's level while nothing was retransmitted), which tells which
   * connection sent it (see `newConnectionsAt`). Undefined for other signals.
   */
  readonly markedFrom?: number;
  /**
   * For a QCN feedback message: the congestion point's quantised |Fb| as a fraction of its largest
   * value, in (0, 1] (see `QcnConfig`). Undefined for an ECN notification and for other signals.
   */
  readonly feedback?: number;
}

/** A CCA's answer to a signal: its new state and how the coordinate system shifts. */
export interface Reaction<S> {
  state: S;
  shift: Shift;
  /** Short event name for the log, e.g. "rate-increase", "timeout", "window-change". */
  kind: string;
}

/**
 * Whether an instant `at` (s) is due by `until`: before it, or at it too when `inclusive`. The
 * rule of `CongestionControl.advanceTimers`, for its implementations and the engine that calls it.
 * @example timerDue(1e-3, 1e-3, false) // false
 */
export function timerDue(at: number, until: number, inclusive: boolean): boolean {
  return at < until || (inclusive && at === until);
}

/**
 * A timer instant (s) on the 1 ps grid: the nearest whole picosecond. A CCA whose timers run on
 * periods of their own keeps their instants there, so that two timers meant for one instant are
 * one number and its rule orders them (t₀ + 11·50 µs and t₀ + 10·55 µs summed in floats land a few
 * ulps apart, in either order, and which differs between two runs whose t₀ differ by an ulp).
 * A period of whole picoseconds then adds exactly; another is rounded at each step (< 0.5 ps).
 * @example onTimerGrid(1.0756560000000004e-3) === onTimerGrid(1.0756559999999999e-3) // true
 */
export function onTimerGrid(t: number): number {
  return Math.round(t * 1e12) / 1e12;
}

/**
 * A periodic timer's instants on the 1 ps grid in closed form: t_k = t₀ + k·period as
 * `onTimerGrid` steps them (t_{k+1} = onTimerGrid(t_k + period)), the k-th one (s). The steps
 * add the period's whole picoseconds P exactly, so t_k = (N₀ + k·P) / 10¹² with N₀ = t₀·10¹²:
 * the same number as k steps give, for the periods and times `gridSeriesDue` accepts.
 * @example gridInstant(55e-6, 55e-6, 2) === onTimerGrid(onTimerGrid(55e-6 + 55e-6) + 55e-6) // true
 */
export function gridInstant(first: number, period: number, k: number): number {
  return (Math.round(first * 1e12) + k * Math.round(period * 1e12)) / 1e12;
}

/**
 * How many instants of a periodic timer on the 1 ps grid (first `first`, an instant on the grid,
 * then every `period`, as `gridInstant` gives them) are due by `until` (`timerDue`: before it, or
 * at it too when `inclusive`), counted in closed form, with no step per timer: 0 when the first is
 * not due (or is +∞). Null where the closed form would not be the steps' numbers: a first instant
 * off the grid, a period that is not a whole number of picoseconds (each step then rounds its own
 * way) or instants beyond 1,000 s (where a step's float error nears half a picosecond).
 * @example gridSeriesDue(50e-6, 50e-6, 1e-3, true) // 20
 */
export function gridSeriesDue(first: number, period: number, until: number, inclusive: boolean): number | null {
  if (!timerDue(first, until, inclusive)) return 0;
  const P = Math.round(period * 1e12);
  const N0 = Math.round(first * 1e12);
  if (!(P > 0 && Math.abs(period * 1e12 - P) <= 1e-3 && until < GRID_SERIES_END && first === N0 / 1e12)) return null;
  // An estimate from the picoseconds, then made exact on the instants themselves.
  let k = Math.max(1, Math.floor((until * 1e12 - N0) / P) + 1);
  while (k > 1 && !timerDue((N0 + (k - 1) * P) / 1e12, until, inclusive)) k -= 1;
  while (timerDue((N0 + k * P) / 1e12, until, inclusive)) k += 1;
  return k;
}

/** Up to when (s) `gridSeriesDue` counts in closed form. */
const GRID_SERIES_END = 1e3;

/**
 * When a signal (a congestion notification or a PFC frame) sent at `sent` (s) reaches a sender
 * `delay` (s) later: sent + delay, and, when its CCA keeps its timers on the 1 ps grid
 * (`Listens.signalsOnTimerGrid`), the whole picosecond itself if it is within a femtosecond of one
 * (`SIGNAL_SNAP`): the floats' noise around an instant that whole-picosecond delays and packet
 * times make (10⁻¹⁹–10⁻¹⁶ s in a 30 ms run) taken off, and nothing else moved. A time half a
 * picosecond off the grid stays as it is: rounding it would part two engines' times that differ
 * by an ulp by a whole picosecond. Both engines place signals by it.
 * @example signalArrival(1.0000000000000002e-6, 4.17728e-6, { notifications: true, signalsOnTimerGrid: true }) // 5.17728e-6
 */
export function signalArrival(sent: number, delay: number, listens: Listens): number {
  const t = sent + delay;
  if (listens.signalsOnTimerGrid !== true) return t;
  const instant = onTimerGrid(t);
  return Math.abs(t - instant) <= SIGNAL_SNAP ? instant : t;
}

/** How close (s) to a whole picosecond a signal to a CCA on the timer grid is taken to arrive at it: a femtosecond. */
export const SIGNAL_SNAP = 1e-15;

/**
 * What `CongestionControl.advanceTimers` tells its optional visitor of each timer it runs: the
 * instant (s), the kind `onTimer` would log for it, the state it left, and whether it left the
 * limit lower (`lowersLimit` of the states before and after it, described: a cut, as summaries
 * count them). The state may be changed in place after the call returns (it is the stretch's
 * working copy): read it, never keep it.
 * @example cca.advanceTimers(s, 1e-3, false, Infinity, (at, kind, _, lowers) => console.log(at, kind, lowers))
 */
export type TimerVisitor<S> = (at: number, kind: string, state: S, lowers: boolean) => void;

/**
 * What `CongestionControl.advanceTimers` tells its optional tally of the timers it runs, grouped:
 * `count` timers of one `kind` (the kind `onTimer` would log), the first of them at `first` (s),
 * `cuts` of which left the limit lower (as a visitor's `lowers` says). Groups come in any order,
 * a kind possibly in several; together they hold each timer run once. Unlike a visitor, a tally
 * lets the CCA run a stretch in closed form, with no step for each timer.
 * @example cca.advanceTimers(s, 1e-3, false, Infinity, undefined, (kind, count, first) => console.log(kind, count, first))
 */
export type TimerTally = (kind: string, count: number, first: number, cuts: number) => void;

/**
 * What `CongestionControl.catchUpNotifications` tells its optional visitor of each notification
 * it handles, in time order: its instant (s), the kind `onNotification` would log and whether it
 * left the limit lower.
 * @example cca.catchUpNotifications(s, times, 0, times.length, undefined, (at, kind) => console.log(at, kind))
 */
export type NotificationVisitor = (at: number, kind: string, lowers: boolean) => void;

/** What `CongestionControl.advanceTimers` returns: the state after the timers, how many ran, and when the last did (s). */
export interface TimerAdvance<S> {
  state: S;
  count: number;
  last: number;
}

/**
 * A CCA's state as a fixed count of numbers (booleans as 0 and 1), and back. An engine that keeps
 * many states for later (the event engine: the state each timer run starts from) stores them so,
 * in typed arrays, instead of as objects: on V8 every state object kept alive costs the garbage
 * collector at each major collection (10,000 senders keep about half a million by 40 ms).
 * `unpack(pack(s))` must equal s field by field (Object.is), whatever s.
 * @example const out = new Float64Array(cca.packing.size); cca.packing.pack(s, out, 0); cca.packing.unpack(out, 0) // a copy of s
 */
export interface StatePacking<S> {
  /** How many numbers a state packs to. */
  readonly size: number;
  /** Writes s as `size` numbers to out[at], out[at + 1], … */
  pack(s: S, out: Float64Array, at: number): void;
  /** The state whose numbers `pack` wrote at src[at], src[at + 1], …: a new object. */
  unpack(src: Float64Array, at: number): S;
}

/** Which signals the engine must compute for a CCA. */
export interface Listens {
  /** Timeout after τ_o seconds without acknowledgement (Go-Back-N). */
  timeout?: number;
  /** The current flight (per-flight window) being fully acknowledged. */
  flights?: boolean;
  /** Congestion notifications (ECN marks echoed by the receiver). */
  notifications?: boolean;
  /**
   * Notifications and PFC frames that reach it within a femtosecond of a whole picosecond arrive
   * at that picosecond, the grid its timers keep (`onTimerGrid`, `signalArrival`), as a
   * simulator's events fall on whole units of its clock: a notification meant for the instant of
   * a timer (a mark's time plus a delay, against a first notification's time plus periods) is then
   * that instant, and the rule orders the two (the notification first), not the floats' rounding;
   * a PAUSE and a notification from one packet, with equal delays, stay one instant.
   */
  signalsOnTimerGrid?: boolean;
  /** A byte counter: the admitted bytes reaching `byteTarget(state)` (e.g. DCQCN's B). */
  bytes?: boolean;
  /**
   * Every acknowledgement, one per segment, as a TCP socket processes it (`onAck`). Such a CCA
   * runs on the segment engine (`runSegments`), which sends whole segments under the window and
   * times each acknowledgement; the curve and event engines refuse it.
   */
  acks?: boolean;
}

/**
 * What a TCP sender tells its CCA for one new acknowledgement (ns-3's `PktsAcked` and
 * `IncreaseWindow` arguments). Bytes are counted from the connection's first data byte.
 */
export interface AckSignal {
  /** When it arrives (s). */
  readonly now: number;
  /** The cumulative acknowledgement: every byte below it has arrived (SND.UNA after it, bytes). */
  readonly ackedUpTo: number;
  /** The next byte the sender would send (SND.NXT, bytes). */
  readonly nextToSend: number;
  /**
   * Whole segments newly acknowledged, as the socket counts them: the acknowledged bytes divided by
   * the segment size, with the remainders of partial segments carried until they make a segment.
   */
  readonly segmentsAcked: number;
  /** The socket's smoothed RTT after this acknowledgement's sample (s): what ns-3 feeds its CCA. */
  readonly rtt: number;
}

/** A congestion-control algorithm with state S. Implementations must be pure: return new states. */
export interface CongestionControl<S> {
  readonly name: string;
  readonly listens: Listens;
  /**
   * State of a connection opened at time `at` (s, default 0) after `admitted` bytes of the flow were
   * admitted (default 0): timers and byte counters count from there (see `newConnectionsAt`).
   */
  initial(at?: number, admitted?: number): S;
  /** The limit the CCA imposes in state s. */
  limit(s: S): Limit;
  /** Absolute time of the CCA's next timer (e.g. the next additive increase), +∞ if none. */
  nextTimer(s: S): number;
  /**
   * Optional: the time of the next timer whose reaction may change the limit or the byte target,
   * +∞ if none (default: `nextTimer`). Timers before it are quiet: their reactions change only
   * state that nothing reads until the CCA next reacts (an EWMA, a check that finds nothing to
   * do), so an engine may run them later, in order and each at its own instant, just before the
   * CCA's next reaction or at the end of the run. The results are the same; the event engine
   * then handles a quiet timer without scheduling it (DCQCN's α updates, issue 14).
   */
  nextLimitTimer?(s: S): number;
  onTimer(s: S, signals: SignalView): Reaction<S>;
  /**
   * Optional: the timers due before `until` (s), and at `until` too when `inclusive`, run from
   * state s in order, each at its own instant (`nextTimer`), exactly as successive `onTimer` calls
   * would run them: the state they leave, how many ran and the instant of the last (−∞ if none;
   * the state is s itself then). Only for a CCA whose timer reactions read nothing but `now` from
   * their signals. An engine then runs a stretch of timers that nothing reads in between (the quiet
   * ones, and all of a PFC-paused sender's) in one call, without a state object or a log row each,
   * and logs them as a run that `onTimer` replays when the events are read (issue 14: lazy timers).
   * It stops after `most` timers (default +∞), and calls `visit`, when given, once for each timer
   * it runs, in order (what `onTimer` would log: see TimerVisitor), and `tally`, when given, with
   * the timers it runs grouped by kind (see TimerTally): the event engine counts a run's events so
   * for summaries (`EventFigures`), without a state object and a row for each. An implementation
   * must honour all three.
   * @example cca.advanceTimers(s, 1e-3, false) // { state, count: 37, last: 0.000985 }
   */
  advanceTimers?(s: S, until: number, inclusive: boolean, most?: number, visit?: TimerVisitor<S>, tally?: TimerTally): TimerAdvance<S>;
  /** Optional: its states as numbers (see StatePacking), for engines that keep many of them. */
  readonly packing?: StatePacking<S>;
  /**
   * Optional: for a notification arriving at `now` (s) in state s, the kind its reaction logs if
   * that reaction changes nothing (`onNotification` returns s itself), else null. Such a
   * notification is quiet: an engine may log it without handling it as an event, as long as the
   * state it finds is s (the event engine: only the marks that change a sender's state are events,
   * issue 14). Must agree with `onNotification`.
   */
  quietNotification?(s: S, now: number): string | null;
  /**
   * Optional: true when `onNotification` reads nothing from its signals but `now`, `markedFrom`
   * and `feedback` (ns3-mlx's and rate AIMD's read `now` alone). An engine may then handle the
   * notifications of a sender whose rate nothing reads (the event engine: a rate-blind sender,
   * PFC-paused or with all its bytes sent) later, in one pass with its timers, and log them with
   * those timers as one run, replayed by `onNotification` and `onTimer` when the log is read.
   */
  readonly replayableNotifications?: boolean;
  /**
   * Optional, for a CCA with `replayableNotifications` and `advanceTimers` whose notifications
   * read nothing but `now` and never restart from the acknowledged bytes: notifications arriving
   * at times[k] (s, nondecreasing) for k from `from` to `to` − 1, handled from state s one after
   * the other as the event engine handles a rate-blind sender's: for each, the timers due before
   * it (`advanceTimers(state, t, false)`), then `onNotification` at t. Returns the state they
   * leave, how many timers ran and the last one's instant (−∞ if none), exactly as those calls
   * would, in one call and at most one state object (10,000 senders × 1 MB receive 9.5 million
   * notifications while waiting for their last packets, each after about 16 timers). `tally`, when
   * given, is told the timers as `advanceTimers` tells it, and `noted` each notification, both as
   * they run: summaries count a logged pass so (`EventFigures`).
   * @example cca.catchUpNotifications(s, Float64Array.of(1e-4, 2e-4), 0, 2) // { state, count: 6, last: 0.000165 }
   */
  catchUpNotifications?(s: S, times: Float64Array, from: number, to: number, tally?: TimerTally, noted?: NotificationVisitor): TimerAdvance<S>;
  onTimeout?(s: S, signals: SignalView): Reaction<S>;
  onFlightAcknowledged?(s: S, signals: SignalView): Reaction<S>;
  onNotification?(s: S, signals: SignalView): Reaction<S>;
  /** One new acknowledgement (only with `listens.acks`): the window's new value in the state. */
  onAck?(s: S, ack: AckSignal): Reaction<S>;
  /** Admitted bytes (sequence view) at which `onBytes` fires next; +∞ for none. */
  byteTarget?(s: S): number;
  onBytes?(s: S, signals: SignalView): Reaction<S>;
  /** The state as numbers for the event log and step series (e.g. {rate} or {window, ssthresh}). */
  describe(s: S): Record<string, number>;
}

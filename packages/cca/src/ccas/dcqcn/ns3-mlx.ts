import { type CongestionControl, type NotificationVisitor, type Reaction, type SignalView, type StatePacking, type TimerAdvance, type TimerTally, type TimerVisitor, gridInstant, gridSeriesDue, onTimerGrid, timerDue } from '../../cca.ts';
import { ModelError, requirePositive } from '../../errors.ts';

/** The kinds its quiet timers log: an α update, a decrease check that finds no CNP. */
const ALPHA_UPDATE = 'alpha-update';
const NO_DECREASE = 'no-decrease';
/** The kinds its rate increases log, by stage. */
const FAST_RECOVERY = 'rate-increase:fast-recovery';
const ADDITIVE = 'rate-increase:additive';
const HYPER = 'rate-increase:hyper';

/** Parameters of DCQCN as ns-3's RdmaHw runs it in its "Mellanox" mode (shared/traces/README.md). */
export interface Ns3MlxParameters {
  /** Line rate = initial rate and cap of the target rate (bytes/s). */
  lineRate: number;
  /** Minimum rate (bytes/s) (100 Mb/s). */
  minRate: number;
  /** α gain g (1/256). */
  g: number;
  /** Rate-decrease check period (s) (50 µs). */
  decreasePeriod: number;
  /** α update period (s) (55 µs). */
  alphaPeriod: number;
  /** Rate-increase timer period (s) (55 µs). */
  increasePeriod: number;
  /** Stages of fast recovery F (5): stages 0…F−1 fast recovery, F additive, above F hyper. */
  fastRecoverySteps: number;
  /** R_AI (bytes/s) (5 Mb/s). */
  additiveIncrease: number;
  /** R_HAI (bytes/s) (50 Mb/s), a constant step. */
  hyperIncrease: number;
  /** On a cut, set the target rate to the current rate first (ns-3's clamp; 1 in the traces). */
  clampTargetRate: boolean;
}

export interface Ns3MlxState {
  rc: number;
  rt: number;
  alpha: number;
  started: boolean;
  cnpSinceDecrease: boolean;
  cnpSinceAlpha: boolean;
  nextDecrease: number;
  nextAlpha: number;
  nextIncrease: number;
  stage: number;
}

/**
 * A copy of a state, to change before it is returned as the next (states are never changed once
 * returned). Written out field by field: on V8 an object spread with changed fields costs about
 * 25 times as much (410 against 15 ns), and a run copies a state at every reaction.
 */
function copy(s: Ns3MlxState): Ns3MlxState {
  return { rc: s.rc, rt: s.rt, alpha: s.alpha, started: s.started, cnpSinceDecrease: s.cnpSinceDecrease, cnpSinceAlpha: s.cnpSinceAlpha, nextDecrease: s.nextDecrease, nextAlpha: s.nextAlpha, nextIncrease: s.nextIncrease, stage: s.stage };
}

/** Its states as 10 numbers, in the order of Ns3MlxState's fields (see StatePacking). */
const packing: StatePacking<Ns3MlxState> = {
  size: 10,
  pack(s, out, at) {
    out[at] = s.rc;
    out[at + 1] = s.rt;
    out[at + 2] = s.alpha;
    out[at + 3] = s.started ? 1 : 0;
    out[at + 4] = s.cnpSinceDecrease ? 1 : 0;
    out[at + 5] = s.cnpSinceAlpha ? 1 : 0;
    out[at + 6] = s.nextDecrease;
    out[at + 7] = s.nextAlpha;
    out[at + 8] = s.nextIncrease;
    out[at + 9] = s.stage;
  },
  unpack(src, at) {
    return { rc: src[at], rt: src[at + 1], alpha: src[at + 2], started: src[at + 3] === 1, cnpSinceDecrease: src[at + 4] === 1, cnpSinceAlpha: src[at + 5] === 1, nextDecrease: src[at + 6], nextAlpha: src[at + 7], nextIncrease: src[at + 8], stage: src[at + 9] };
  },
};

/**
 * DCQCN with ns-3's Mellanox-mode semantics (RdmaHw in HPCC-derived trees), as described in
 * `shared/traces/README.md`. The first CNP sets α = 1 and arms a decrease check every 50 µs and an
 * α update every 55 µs; it does not cut the rate itself. At each decrease check, if a CNP arrived
 * since the last check: R_T ← R_C (clamp), R_C ← max(min, R_C(1 − α/2)), the stage resets and the
 * increase timer restarts. At each α update: α ← (1 − g)α + g if a CNP arrived in the period, else
 * (1 − g)α. Rate increase is on its 55 µs timer only: stages 0–4 fast recovery R_C ← (R_C + R_T)/2,
 * stage 5 additive R_T += R_AI, stages ≥ 6 hyper R_T += R_HAI (each then R_C ← (R_C + R_T)/2); R_T is
 * capped at the line rate. The timers' instants are kept on the 1 ps grid (`onTimerGrid`), and those
 * of one instant run in ns-3's order: the α update, the increase, then the decrease check.
 * @example dcqcnNs3Mlx({ lineRate: 12.5e9, minRate: 12.5e6, g: 1 / 256, decreasePeriod: 50e-6, alphaPeriod: 55e-6, increasePeriod: 55e-6, fastRecoverySteps: 5, additiveIncrease: 625e3, hyperIncrease: 6.25e6, clampTargetRate: true })
 */
export function dcqcnNs3Mlx(p: Ns3MlxParameters): CongestionControl<Ns3MlxState> {
  for (const k of ['lineRate', 'minRate', 'decreasePeriod', 'alphaPeriod', 'increasePeriod', 'additiveIncrease', 'hyperIncrease'] as const) requirePositive(k, p[k]);
  if (!(p.g > 0 && p.g <= 1)) throw new ModelError('g', p.g, 'a gain in (0, 1]');
  if (!Number.isInteger(p.fastRecoverySteps) || p.fastRecoverySteps < 1) throw new ModelError('fastRecoverySteps', p.fastRecoverySteps, 'a whole number ≥ 1');
  return new Ns3Mlx(p);
}

/**
 * {@link dcqcnNs3Mlx}'s CCA. A class, not an object of closures: every instance shares its methods,
 * so a process that builds a second model (a sweep's next point, a notebook's next run) calls the
 * functions V8 optimized the engine for in the first; closures new to each model made it throw
 * that code away (A2's second and third runs: 9 % more instructions, BENCHMARKS.md, eighteenth
 * session).
 */
class Ns3Mlx implements CongestionControl<Ns3MlxState> {
  readonly name = 'dcqcn-ns3-mlx';
  readonly listens = { notifications: true, signalsOnTimerGrid: true };
  readonly packing = packing;
  readonly replayableNotifications = true;
  /** Stages of fast recovery. */
  private readonly F: number;
  /** The instant of the last timer `quietTimers` ran: kept here, so that a call allocates nothing. */
  private quietLast = -Infinity;
  /** The instant of the last timer `runTimers` ran (−∞ if none), likewise. */
  private lastTimer = -Infinity;

  constructor(private readonly p: Ns3MlxParameters) {
    this.F = p.fastRecoverySteps;
    // Each method also as an own property (the same function): a copy made by spreading, as
    // `{ ...cca, nextLimitTimer: undefined }`, is then a whole CCA, as with CCAs made of closures.
    for (const key of Object.getOwnPropertyNames(Ns3Mlx.prototype)) if (key !== 'constructor') Object.defineProperty(this, key, { value: Reflect.get(Ns3Mlx.prototype, key), enumerable: true, writable: true, configurable: true });
  }

  initial(): Ns3MlxState {
    const p = this.p;
    return { rc: p.lineRate, rt: p.lineRate, alpha: 1, started: false, cnpSinceDecrease: false, cnpSinceAlpha: false, nextDecrease: Infinity, nextAlpha: Infinity, nextIncrease: Infinity, stage: 0 };
  }

  limit(s: Ns3MlxState): { kind: 'rate'; rate: number } {
    return { kind: 'rate', rate: s.rc };
  }

  nextTimer(s: Ns3MlxState): number {
    return Math.min(s.nextDecrease, s.nextAlpha, s.nextIncrease);
  }

  /**
   * α updates change α only, and a decrease check with no CNP since the last changes nothing but
   * its time: quiet. An increase, and a check that finds a CNP (a cut), change the rate.
   */
  nextLimitTimer(s: Ns3MlxState): number {
    return Math.min(s.nextIncrease, s.cnpSinceDecrease ? s.nextDecrease : Infinity);
  }

  onTimer(s: Ns3MlxState, signals: SignalView): Reaction<Ns3MlxState> {
    const next = copy(s);
    const kind = this.timerStep(next, signals.now);
    return { state: next, shift: kind === ALPHA_UPDATE || kind === NO_DECREASE ? 'none' : 'admitted', kind };
  }

  advanceTimers(s: Ns3MlxState, until: number, inclusive: boolean, most = Infinity, visit?: TimerVisitor<Ns3MlxState>, tally?: TimerTally): TimerAdvance<Ns3MlxState> {
    if (!(most > 0 && timerDue(this.nextTimer(s), until, inclusive))) return { state: s, count: 0, last: -Infinity };
    const next = copy(s);
    const count = this.runTimers(next, until, inclusive, most, visit, tally);
    return { state: next, count, last: this.lastTimer };
  }

  catchUpNotifications(s: Ns3MlxState, times: ArrayLike<number>, from: number, to: number, tally?: TimerTally, noted?: NotificationVisitor): TimerAdvance<Ns3MlxState> {
    let next: Ns3MlxState | null = null;
    let count = 0;
    let last = -Infinity;
    for (let k = from; k < to; k++) {
      const now = times[k];
      if (timerDue(this.nextTimer(next ?? s), now, false)) {
        next ??= copy(s);
        count += this.runTimers(next, now, false, Infinity, undefined, tally);
        last = this.lastTimer;
      }
      const m = next ?? s;
      // A CNP never lowers the rate: it only notes itself (or, the first, starts α and the timers).
      if (cnpQuiet(m)) {
        noted?.(now, 'cnp-noted', false);
        continue;
      }
      next ??= copy(s);
      const kind = this.notify(next, now);
      noted?.(now, kind, false);
    }
    return { state: next ?? s, count, last };
  }

  /** Most CNPs find both flags set already: the state stays the same object (nothing to copy). */
  quietNotification(s: Ns3MlxState): string | null {
    return cnpQuiet(s) ? 'cnp-noted' : null;
  }

  onNotification(s: Ns3MlxState, signals: SignalView): Reaction<Ns3MlxState> {
    if (cnpQuiet(s)) return { state: s, shift: 'none', kind: 'cnp-noted' };
    const next = copy(s);
    return { state: next, shift: 'none', kind: this.notify(next, signals.now) };
  }

  describe(s: Ns3MlxState): Record<string, number> {
    return { rate: s.rc, targetRate: s.rt, alpha: s.alpha };
  }

  /**
   * The timer due at `now` applied to m in place (a copy no one else holds): its kind for the log.
   * The one statement of the timers' rules, which `onTimer` (one timer) and `advanceTimers` (a
   * stretch of them, one copy in all) both run.
   */
  private timerStep(m: Ns3MlxState, now: number): string {
    const p = this.p;
    const F = this.F;
    // The timers' instants are on the 1 ps grid (`onTimerGrid`), so those of one instant are equal,
    // and run in ns-3's order: the α update first (ns-3 schedules the decrease check 1 ns after
    // it), then the increase, then the decrease check (at equal times ns-3 runs events in the order
    // they were scheduled: the increase 55 µs before, the check 50 µs before).
    if (m.nextAlpha <= now) {
      m.alpha = m.cnpSinceAlpha ? (1 - p.g) * m.alpha + p.g : (1 - p.g) * m.alpha;
      m.cnpSinceAlpha = false;
      m.nextAlpha = onTimerGrid(m.nextAlpha + p.alphaPeriod);
      return ALPHA_UPDATE;
    }
    if (!(m.nextIncrease <= now)) {
      const cut = m.cnpSinceDecrease;
      m.nextDecrease = onTimerGrid(m.nextDecrease + p.decreasePeriod);
      m.cnpSinceDecrease = false;
      if (!cut) return NO_DECREASE;
      if (p.clampTargetRate) m.rt = m.rc;
      m.rc = Math.max(p.minRate, m.rc * (1 - m.alpha / 2));
      m.stage = 0;
      m.nextIncrease = onTimerGrid(now + p.increasePeriod);
      return 'rate-cut';
    }
    let rt = m.rt;
    let kind = FAST_RECOVERY;
    if (m.stage === F) {
      rt += p.additiveIncrease;
      kind = ADDITIVE;
    } else if (m.stage > F) {
      rt += p.hyperIncrease;
      kind = HYPER;
    }
    m.rt = Math.min(rt, p.lineRate);
    m.rc = (m.rc + m.rt) / 2;
    m.stage += 1;
    m.nextIncrease = onTimerGrid(m.nextIncrease + p.increasePeriod);
    return kind;
  }

  /**
   * The timers due by `until` (`timerDue`) run on m in place, with no CNP pending (both flags
   * clear), in closed form, told to `tally` when given: how many ran, the last one's instant in
   * `quietLast` (no object per call: 10,000 senders make 10 million calls); −1 (m untouched)
   * where the closed form does not apply (`gridSeriesDue`) or more than `room` would run.
   * Without a CNP the three timers are independent: an α update only decays α, (1 − g)^k·α, a
   * decrease check only moves its instant, and the increases only climb the rates.
   * Each is applied as its steps would apply it, to the bit (α multiplied k times, the rates
   * stepped until they stop changing), with its instants counted on the grid, not one by one: a
   * sender paused for a millisecond runs ~55 timers in one call (10,000 senders × 1 MB run
   * 4.5·10⁸ of them).
   */
  private quietTimers(m: Ns3MlxState, until: number, inclusive: boolean, room: number, tally?: TimerTally): number {
    const p = this.p;
    const F = this.F;
    const alphas = gridSeriesDue(m.nextAlpha, p.alphaPeriod, until, inclusive);
    const checks = gridSeriesDue(m.nextDecrease, p.decreasePeriod, until, inclusive);
    const increases = gridSeriesDue(m.nextIncrease, p.increasePeriod, until, inclusive);
    if (alphas === null || checks === null || increases === null || alphas + checks + increases > room) return -1;
    if (tally !== undefined) this.tallyQuiet(m, alphas, checks, increases, tally);
    let last = -Infinity;
    if (alphas > 0) {
      let alpha = m.alpha;
      for (let k = 0; k < alphas && alpha > 0; k++) alpha = (1 - p.g) * alpha;
      m.alpha = alpha;
      last = gridInstant(m.nextAlpha, p.alphaPeriod, alphas - 1);
      m.nextAlpha = gridInstant(m.nextAlpha, p.alphaPeriod, alphas);
    }
    if (checks > 0) {
      last = Math.max(last, gridInstant(m.nextDecrease, p.decreasePeriod, checks - 1));
      m.nextDecrease = gridInstant(m.nextDecrease, p.decreasePeriod, checks);
    }
    if (increases > 0) {
      let { rc, rt, stage } = m;
      let k = 0;
      // With both rates at the line rate, a step changes nothing but the stage.
      for (; k < increases && !(rc === p.lineRate && rt === p.lineRate); k++) {
        if (stage === F) rt += p.additiveIncrease;
        else if (stage > F) rt += p.hyperIncrease;
        rt = Math.min(rt, p.lineRate);
        rc = (rc + rt) / 2;
        stage += 1;
      }
      m.rc = rc;
      m.rt = rt;
      m.stage = stage + (increases - k);
      last = Math.max(last, gridInstant(m.nextIncrease, p.increasePeriod, increases - 1));
      m.nextIncrease = gridInstant(m.nextIncrease, p.increasePeriod, increases);
    }
    this.quietLast = last;
    return alphas + checks + increases;
  }

  /**
   * The quiet timers `quietTimers` is about to run from m, tallied by kind (none cuts): the α
   * updates and the checks from their next instants, and the increases by the stage each finds:
   * fast recovery below F, additive at F, hyper above.
   */
  private tallyQuiet(m: Ns3MlxState, alphas: number, checks: number, increases: number, tally: TimerTally): void {
    const p = this.p;
    const F = this.F;
    if (alphas > 0) tally(ALPHA_UPDATE, alphas, m.nextAlpha, 0);
    if (checks > 0) tally(NO_DECREASE, checks, m.nextDecrease, 0);
    if (increases === 0) return;
    const fast = Math.min(increases, Math.max(0, F - m.stage));
    const additive = m.stage <= F && F < m.stage + increases ? 1 : 0;
    if (fast > 0) tally(FAST_RECOVERY, fast, m.nextIncrease, 0);
    if (additive > 0) tally(ADDITIVE, 1, gridInstant(m.nextIncrease, p.increasePeriod, F - m.stage), 0);
    if (increases > fast + additive) tally(HYPER, increases - fast - additive, gridInstant(m.nextIncrease, p.increasePeriod, fast + additive), 0);
  }

  /**
   * The timers due by `until` (`timerDue`), at most `most`, run on m in place (a copy no one else
   * holds), as `onTimer` would run them one by one: their count, the last one's instant in
   * `lastTimer`. Stretches with no CNP pending go in closed form (`quietTimers`) unless `visit`
   * wants each timer; `visit` and `tally` are told as `advanceTimers` describes.
   */
  private runTimers(m: Ns3MlxState, until: number, inclusive: boolean, most: number, visit?: TimerVisitor<Ns3MlxState>, tally?: TimerTally): number {
    let count = 0;
    let last = -Infinity;
    // Timer by timer while they are visited one by one; else only until no CNP is pending.
    let stepwise = visit !== undefined;
    while (count < most) {
      const at = this.nextTimer(m);
      if (!timerDue(at, until, inclusive)) break;
      if (!stepwise && !m.cnpSinceAlpha && !m.cnpSinceDecrease) {
        const quiet = this.quietTimers(m, until, inclusive, most - count, tally);
        if (quiet >= 0) {
          count += quiet;
          last = Math.max(last, this.quietLast);
          break;
        }
        stepwise = true;
      }
      const rate = m.rc;
      const kind = this.timerStep(m, at);
      count += 1;
      last = at;
      // Described, the rate is rc: a cut lowers it.
      if (visit !== undefined) visit(at, kind, m, m.rc < rate);
      if (tally !== undefined) tally(kind, 1, at, m.rc < rate ? 1 : 0);
    }
    this.lastTimer = last;
    return count;
  }

  /**
   * A CNP at `now` applied to m in place (a copy no one else holds; not quiet, see
   * `quietNotification`): its kind for the log. The first starts α and the timers; a later one
   * notes itself for the next α update and decrease check.
   */
  private notify(m: Ns3MlxState, now: number): string {
    const p = this.p;
    m.cnpSinceDecrease = true;
    if (m.started) {
      m.cnpSinceAlpha = true;
      return 'cnp-noted';
    }
    m.started = true;
    m.alpha = 1;
    m.cnpSinceAlpha = false;
    // The timers start on the 1 ps grid (see timerStep).
    const origin = onTimerGrid(now);
    m.nextAlpha = onTimerGrid(origin + p.alphaPeriod);
    m.nextDecrease = onTimerGrid(origin + p.decreasePeriod);
    return 'first-cnp';
  }
}

/** Whether a CNP now changes nothing: started, and one noted since the last decrease check and α update. */
function cnpQuiet(s: Ns3MlxState): boolean {
  return s.started && s.cnpSinceDecrease && s.cnpSinceAlpha;
}

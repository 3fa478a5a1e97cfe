import { type Curve, close, constant, firstTimeAbove, firstTimeAboveAfter, subtract, sum, verticalShift } from '@ccalc/curves';
import type { PfcConfig } from './model.ts';
import { packetize, wholePackets } from './acknowledgements.ts';

/**
 * Rounding guard in bytes: the backlog must exceed X_off by more, and fall to X_on within it
 * (every engine's PFC rule: the event and network engines count it in `pfcCounts`).
 */
export const PFC_MARGIN = 1e-6;
/**
 * With whole packets, a dequeue counts this long after the packet's transmission starts (s): packets
 * that arrive at that instant are counted before it, as a packet simulator handles the arrival
 * (scheduled a link delay earlier) before the dequeue. Ten times the time tolerance of the curves.
 */
const DEQUEUE_LAG = 1e-11;

/** A cumulative history as PFC reads it: a value at an instant, and the history from an instant on (a `Trace`, or a sum of them). */
export interface History {
  at(t: number): number;
  view(from: number): Curve;
}

/**
 * The sum of several histories (a host's connections, counted together at its ingress port).
 * @example summedHistory([a, b]).at(t) // a.at(t) + b.at(t)
 */
export function summedHistory(parts: readonly History[]): History {
  return {
    at: (t) => parts.reduce((total, h) => total + h.at(t), 0),
    view: (from) => sum(parts.map((h) => h.view(from))),
  };
}

/**
 * Priority flow control per flow (per ingress port in the single-switch model), paper §III-B.e.
 * The switch sends a PAUSE at the first instant the flow's backlog in the server exceeds X_off. It
 * sends a RESUME when the backlog has fallen to X_on ('threshold'), or (X_off − X_on)/C after the
 * pause ('paper': t_R = t_P + (X_off − X_on)/C, exact for one flow draining at C). Crossing instants
 * are exact; frames take effect at the sender after the pause delay. With whole packets
 * (`packets`), a packet leaves the flow's backlog whole when its transmission starts, as a
 * switch dequeues it (just after any packet arriving at that instant): the backlog is
 * Â_j − I·⌊(D_j + I − δ)/I⌋ with δ the bytes the server sends in 10 ps (`packets.serverRate`).
 * At one instant the switch reads the backlog before the packets arriving then (its value) and
 * after them (its right limit), in that order: a frame decided on the right limit leaves the value
 * read, so a packet that lifts the backlog from at most X_on to above X_off makes a PAUSE, not a
 * PAUSE and a RESUME in turn forever (X_off − X_on below a packet).
 */
export class PfcController {
  private readonly paused: boolean[];
  private readonly resumeAt: number[];
  /** Per flow: the instant of its last frame when that frame was decided past the backlog's value there (−∞ if not). */
  private readonly readPast: number[];
  /** I − δ: added to D_j before counting whole packets. */
  private readonly lag: number;

  constructor(private readonly config: PfcConfig, flows: number, private readonly packets?: { size: number; serverRate: number }) {
    this.lag = packets === undefined ? 0 : packets.size - packets.serverRate * DEQUEUE_LAG;
    this.paused = new Array(flows).fill(false);
    this.resumeAt = new Array(flows).fill(Infinity);
    this.readPast = new Array(flows).fill(-Infinity);
  }

  /** The switch's state per flow (paused, and when a 'paper' resume is due), to restore after a trial run. */
  save(): { paused: boolean[]; resumeAt: number[]; readPast: number[] } {
    return { paused: [...this.paused], resumeAt: [...this.resumeAt], readPast: [...this.readPast] };
  }

  restore(state: { paused: boolean[]; resumeAt: number[]; readPast: number[] }): void {
    state.paused.forEach((x, j) => (this.paused[j] = x));
    state.resumeAt.forEach((x, j) => (this.resumeAt[j] = x));
    state.readPast.forEach((x, j) => (this.readPast[j] = x));
  }

  /** PAUSE and RESUME frames sent by the switch in [t, te], in time order. */
  frames(t: number, te: number, admitted: readonly History[], delivered: readonly History[]): { flow: number; time: number; kind: 'pfc-pause' | 'pfc-resume' }[] {
    const out: { flow: number; time: number; kind: 'pfc-pause' | 'pfc-resume' }[] = [];
    admitted.forEach((_, j) => {
      // Cheap bounds first: over [t, te] the backlog lies between Â_j(t) − D_j(te) and Â_j(te) − D_j(t).
      // When the threshold the flow waits for is out of that range, no frame is sent in the window.
      if (!this.paused[j] && admitted[j].at(te) - this.dequeued(delivered[j].at(t)) <= this.config.xOff + PFC_MARGIN) return;
      if (this.paused[j] && this.config.resume !== 'paper' && admitted[j].at(t) - this.dequeued(delivered[j].at(te)) >= this.config.xOn + PFC_MARGIN) return;
      const departed = this.packets === undefined ? delivered[j].view(t) : packetize(verticalShift(delivered[j].view(t), this.lag), this.packets.size, te);
      const backlog = subtract(admitted[j].view(t), departed);
      const room = subtract(constant(this.config.xOn), backlog); // ≥ 0 once the backlog is down to X_on
      let from = t;
      let lastSent = -Infinity;
      // Frames at one instant: a RESUME and a PAUSE at most (the backlog's value, then its right limit).
      let atOnce = 0;
      for (;;) {
        // The first instant the threshold the flow waits for is crossed: past the value at `from`
        // when its last frame, at `from`, was decided past it.
        const past = from === this.readPast[j] || close(from, this.readPast[j]);
        const crossing = past ? firstTimeAboveAfter : firstTimeAbove;
        let at: number;
        if (!this.paused[j]) at = crossing(backlog, from, te, this.config.xOff + PFC_MARGIN);
        else if (this.config.resume === 'paper') at = this.resumeAt[j];
        else at = crossing(room, from, te, -PFC_MARGIN);
        if (!(at <= te)) break;
        const sameInstant = at === from || close(at, from);
        atOnce = sameInstant ? atOnce + 1 : 1;
        if (atOnce > 2) throw new Error(`PFC: flow ${j} would send frames in turn forever at ${at} s (X_off ${this.config.xOff} B, X_on ${this.config.xOn} B)`);
        // Decided on the backlog's value at `at` (a RESUME after the dequeue that counted then, or
        // a crossing on a rise), or past it (the packets arriving at `at`).
        const onValue = this.paused[j] ? this.config.resume === 'paper' || room.at(at) > -PFC_MARGIN : backlog.at(at) > this.config.xOff + PFC_MARGIN;
        this.readPast[j] = onValue && !(past && sameInstant) ? -Infinity : at;
        this.paused[j] = !this.paused[j];
        // A RESUME follows a dequeue: it is sent when that dequeue started, DEQUEUE_LAG before it
        // counts, and after the flow's frame before it (a PAUSE for a packet that arrived as that
        // dequeue started: `at − DEQUEUE_LAG` may round below the instant).
        const sent = this.packets !== undefined && !this.paused[j] && this.config.resume !== 'paper' ? Math.max(at - DEQUEUE_LAG, lastSent) : at;
        lastSent = sent;
        out.push({ flow: j, time: sent, kind: this.paused[j] ? 'pfc-pause' : 'pfc-resume' });
        if (this.paused[j] && this.config.resume === 'paper') {
          this.resumeAt[j] = at + (this.config.xOff - this.config.xOn) / (this.config.lineRate as number);
        }
        from = at;
      }
    });
    return out.sort((a, b) => a.time - b.time);
  }

  /** Bytes dequeued when `delivered` bytes have left: whole packets once started. */
  private dequeued(delivered: number): number {
    return this.packets === undefined ? delivered : wholePackets(delivered + this.lag, this.packets.size);
  }
}

import { constant, firstTimeAbove, subtract } from '@ccalc/curves';
import type { PfcConfig } from './model.ts';
import type { Trace } from './trace.ts';

/** Rounding guard in bytes: the backlog must exceed X_off by more, and fall to X_on within it. */
const MARGIN = 1e-6;

/**
 * Priority flow control per flow (per ingress port in the single-switch model), paper §III-B.e.
 * The switch sends a PAUSE at the first instant the flow's backlog in the server exceeds X_off. It
 * sends a RESUME when the backlog has fallen to X_on ('threshold'), or (X_off − X_on)/C after the
 * pause ('paper': t_R = t_P + (X_off − X_on)/C, exact for one flow draining at C). Crossing instants
 * are exact; frames take effect at the sender after the pause delay.
 */
export class PfcController {
  private readonly paused: boolean[];
  private readonly resumeAt: number[];

  constructor(private readonly config: PfcConfig, flows: number) {
    this.paused = new Array(flows).fill(false);
    this.resumeAt = new Array(flows).fill(Infinity);
  }

  /** The switch's state per flow (paused, and when a 'paper' resume is due), to restore after a trial run. */
  save(): { paused: boolean[]; resumeAt: number[] } {
    return { paused: [...this.paused], resumeAt: [...this.resumeAt] };
  }

  restore(state: { paused: boolean[]; resumeAt: number[] }): void {
    state.paused.forEach((x, j) => (this.paused[j] = x));
    state.resumeAt.forEach((x, j) => (this.resumeAt[j] = x));
  }

  /** PAUSE and RESUME frames sent by the switch in [t, te], in time order. */
  frames(t: number, te: number, admitted: Trace[], delivered: Trace[]): { flow: number; time: number; kind: 'pfc-pause' | 'pfc-resume' }[] {
    const out: { flow: number; time: number; kind: 'pfc-pause' | 'pfc-resume' }[] = [];
    admitted.forEach((_, j) => {
      // Cheap bounds first: over [t, te] the backlog lies between Â_j(t) − D_j(te) and Â_j(te) − D_j(t).
      // When the threshold the flow waits for is out of that range, no frame is sent in the window.
      if (!this.paused[j] && admitted[j].at(te) - delivered[j].at(t) <= this.config.xOff + MARGIN) return;
      if (this.paused[j] && this.config.resume !== 'paper' && admitted[j].at(t) - delivered[j].at(te) >= this.config.xOn + MARGIN) return;
      const backlog = subtract(admitted[j].view(t), delivered[j].view(t));
      const room = subtract(constant(this.config.xOn), backlog); // ≥ 0 once the backlog is down to X_on
      let from = t;
      for (;;) {
        let at: number;
        if (!this.paused[j]) at = firstTimeAbove(backlog, from, te, this.config.xOff + MARGIN);
        else if (this.config.resume === 'paper') at = this.resumeAt[j];
        else at = firstTimeAbove(room, from, te, -MARGIN);
        if (!(at <= te)) break;
        this.paused[j] = !this.paused[j];
        out.push({ flow: j, time: at, kind: this.paused[j] ? 'pfc-pause' : 'pfc-resume' });
        if (this.paused[j] && this.config.resume === 'paper') {
          this.resumeAt[j] = at + (this.config.xOff - this.config.xOn) / (this.config.lineRate as number);
        }
        from = at;
      }
    });
    return out.sort((a, b) => a.time - b.time);
  }
}

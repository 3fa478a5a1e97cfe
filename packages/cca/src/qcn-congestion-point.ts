import type { QcnConfig } from './model.ts';
import { Mulberry32 } from './random.ts';

/**
 * QCN's feedback for a sampled queue (IEEE 802.1Qau, as the QCN/ECM/SONAR slides parameterise it):
 * Fb = −(Q_off + w·Q_δ) with Q_off = q − Q_eq and Q_δ = q − qOld (bytes). Returns the quantised
 * |Fb| as a whole number in 0…2^bits − 1: ⌊|Fb|·(2^bits − 1)/Fb_max⌋, capped, with
 * Fb_max = Q_eq·(1 + 2w); 0 when Fb ≥ 0 (no congestion: nothing is sent).
 * @example quantisedFeedback({ qEq: 37500, w: 2 }, 75000, 37500) // Fb = −(37500 + 2·37500): |Fb| = 112500 of 187500 → ⌊0.6·63⌋ = 37
 */
export function quantisedFeedback(config: Pick<QcnConfig, 'qEq' | 'w' | 'fbBits'>, q: number, qOld: number): number {
  const fb = -(q - config.qEq + config.w * (q - qOld));
  if (!(fb < 0)) return 0;
  const levels = 2 ** (config.fbBits ?? 6) - 1;
  const max = config.qEq * (1 + 2 * config.w);
  return Math.min(levels, Math.floor((-fb * levels) / max));
}

/**
 * A QCN congestion point (see {@link QcnConfig}): samples arriving frames with a probability that
 * grows linearly with the last quantised |Fb| (from `sampling.min` to `sampling.max`), and at each
 * sample computes the feedback from the queue the frame joins. Draws come from one seeded stream,
 * so a run is reproducible.
 * @example const cp = new QcnCongestionPoint({ qEq: 37500, w: 2, sampling: { min: 1, max: 1 } }); cp.arrival(0) // null (Fb = Q_eq > 0); cp.arrival(75000) // 1: Fb = −(37500 + 2·75000), the largest
 */
export class QcnCongestionPoint {
  private readonly draws: Mulberry32;
  private readonly levels: number;
  private readonly min: number;
  private readonly max: number;
  /** The queue at the last sample (bytes). */
  private qOld = 0;
  /** The last sample's quantised |Fb| (0…levels). */
  private last = 0;

  constructor(private readonly config: QcnConfig) {
    this.draws = new Mulberry32(config.seed ?? 1);
    this.levels = 2 ** (config.fbBits ?? 6) - 1;
    this.min = config.sampling?.min ?? 0.01;
    this.max = config.sampling?.max ?? 0.1;
  }

  /** The probability of sampling the next frame. */
  get samplingProbability(): number {
    return this.min + ((this.max - this.min) * this.last) / this.levels;
  }

  /**
   * A frame arrives and joins a queue of q bytes: null when it is not sampled or the feedback is
   * zero, else the feedback to send its source, the quantised |Fb| as a fraction of its largest
   * value, in (0, 1].
   */
  arrival(q: number): number | null {
    if (!(this.draws.next() < this.samplingProbability)) return null;
    this.last = quantisedFeedback(this.config, q, this.qOld);
    this.qOld = q;
    return this.last > 0 ? this.last / this.levels : null;
  }
}

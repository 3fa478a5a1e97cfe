import type { AckSignal, CongestionControl, Reaction } from '../cca.ts';
import { ModelError, requirePositive } from '../errors.ts';

/** Parameters of TCP Vegas as ns-3 runs it (`TcpVegas` over `TcpNewReno`). Segments and bytes. */
export interface VegasSocketParameters {
  /** Segment size (payload bytes, the MSS): the unit of the window's arithmetic. */
  segmentSize: number;
  /** Initial congestion window (segments; ns-3's default 10). */
  initialSegments?: number;
  /** Initial slow-start threshold (bytes; ns-3's default 2³² − 1: none). */
  initialSsthresh?: number;
  /** Vegas thresholds (segments; ns-3's defaults α = 2, β = 4, γ = 1). */
  alpha?: number;
  beta?: number;
  gamma?: number;
}

export interface VegasSocketState {
  /** Congestion window and slow-start threshold (bytes, integers as ns-3 keeps them). */
  cwnd: number;
  ssthresh: number;
  /** Smallest RTT fed to Vegas since the connection opened, and in the current cycle (s; +∞ for none). */
  baseRtt: number;
  minRtt: number;
  /** RTT samples in the current cycle. */
  samples: number;
  /** The cycle ends with the acknowledgement of this byte (SND.NXT when the cycle began). */
  cycleEnd: number;
}

const UINT32_MAX = 4294967295;

/**
 * TCP Vegas with ns-3's semantics (ns-3.39 `TcpVegas`, `TcpNewReno`), one reaction per
 * acknowledgement. It runs on the segment engine (`runSegments`), which sends whole segments while
 * SND.NXT − SND.UNA ≤ cwnd − 1 segment and feeds every acknowledgement the socket's smoothed RTT
 * (`measureRtt`). For each acknowledgement:
 * - the RTT fed to it updates baseRTT (the minimum since the connection opened, so it includes the
 *   handshake's small-packet sample through the smoothed estimate) and minRTT (the minimum in this
 *   cycle), and counts a sample;
 * - once per cycle (an RTT: the acknowledgement reaches the SND.NXT of the cycle's start) Vegas
 *   decides on integer segments: with at most 2 samples it behaves as NewReno; else
 *   target = ⌊cwnd_seg · baseRTT/minRTT⌋, diff = cwnd_seg − target, and
 *   in slow start with diff > γ: cwnd = min(cwnd_seg, target + 1) segments, ssthresh =
 *   max(min(ssthresh, cwnd − 1 segment), 2 segments) (slow start ends); in slow start otherwise +1
 *   segment; after slow start −1 segment if diff > β (and ssthresh as above), +1 if diff < α; then
 *   ssthresh = max(ssthresh, ⌊3·cwnd/4⌋). The cycle restarts at the current SND.NXT;
 * - between decisions, slow start adds one segment per acknowledgement (NewReno), and nothing else
 *   changes the window.
 * @example vegasSocket({ segmentSize: 1000 }).initial().cwnd // 10000
 */
export function vegasSocket(p: VegasSocketParameters): CongestionControl<VegasSocketState> {
  const mss = requirePositive('segmentSize', p.segmentSize);
  if (!Number.isInteger(mss)) throw new ModelError('segmentSize', mss, 'a whole number of bytes');
  const initial = p.initialSegments ?? 10;
  if (!Number.isInteger(initial) || initial < 1) throw new ModelError('initialSegments', initial, 'a whole number of segments ≥ 1');
  const alpha = p.alpha ?? 2;
  const beta = p.beta ?? 4;
  const gamma = p.gamma ?? 1;
  for (const [name, x] of [['alpha', alpha], ['beta', beta], ['gamma', gamma]] as const) {
    if (!Number.isInteger(x) || x < 0) throw new ModelError(name, x, 'a whole number of segments ≥ 0');
  }
  if (!(alpha <= beta)) throw new ModelError('alpha', alpha, `at most beta (${beta})`);
  const initialSsthresh = p.initialSsthresh ?? UINT32_MAX;
  requirePositive('initialSsthresh', initialSsthresh);

  /** NewReno's slow start: one segment for an acknowledgement of at least one. */
  const slowStart = (s: VegasSocketState, segments: number): number => (segments >= 1 ? s.cwnd + mss : s.cwnd);
  /** NewReno's congestion avoidance: ⌊max(1, mss²/cwnd)⌋ bytes per acknowledgement. */
  const avoidance = (cwnd: number, segments: number): number => (segments > 0 ? cwnd + Math.floor(Math.max(1, (mss * mss) / cwnd)) : cwnd);
  /** ns-3 TcpNewReno::IncreaseWindow. */
  const newReno = (s: VegasSocketState, segments: number): number => {
    let cwnd = s.cwnd;
    let left = segments;
    if (cwnd < s.ssthresh && left >= 1) {
      cwnd += mss;
      left -= 1;
    }
    return cwnd >= s.ssthresh ? avoidance(cwnd, left) : cwnd;
  };
  const lowerSsthresh = (ssthresh: number, cwnd: number): number => Math.max(Math.min(ssthresh, cwnd - mss), 2 * mss);

  return {
    name: 'vegas-ns3-socket',
    listens: { acks: true },
    initial: () => ({ cwnd: initial * mss, ssthresh: initialSsthresh, baseRtt: Infinity, minRtt: Infinity, samples: 0, cycleEnd: 0 }),
    limit: (s) => ({ kind: 'sliding', window: s.cwnd }),
    nextTimer: () => Infinity,
    onTimer: (s) => ({ state: s, shift: 'none', kind: 'timer' }),
    onAck(s: VegasSocketState, ack: AckSignal): Reaction<VegasSocketState> {
      // PktsAcked: every acknowledgement with an RTT is a sample.
      const sampled = ack.rtt > 0;
      const minRtt = sampled ? Math.min(s.minRtt, ack.rtt) : s.minRtt;
      const baseRtt = sampled ? Math.min(s.baseRtt, ack.rtt) : s.baseRtt;
      const samples = sampled ? s.samples + 1 : s.samples;
      const next: VegasSocketState = { cwnd: s.cwnd, ssthresh: s.ssthresh, baseRtt, minRtt, samples, cycleEnd: s.cycleEnd };
      if (ack.ackedUpTo < s.cycleEnd) {
        if (s.cwnd < s.ssthresh) {
          next.cwnd = slowStart(s, ack.segmentsAcked);
          return { state: next, shift: 'none', kind: next.cwnd === s.cwnd ? 'ack' : 'slow-start' };
        }
        return { state: next, shift: 'none', kind: 'ack' };
      }
      // A cycle ends: decide once per RTT, then start the next cycle at SND.NXT.
      next.cycleEnd = ack.nextToSend;
      next.samples = 0;
      next.minRtt = Infinity;
      let kind: string;
      if (samples <= 2) {
        next.cwnd = newReno(s, ack.segmentsAcked);
        kind = s.cwnd < s.ssthresh ? 'slow-start' : 'congestion-avoidance';
      } else {
        let segments = Math.floor(s.cwnd / mss);
        const target = Math.floor(segments * (baseRtt / minRtt));
        const diff = segments - target;
        let ssthresh = s.ssthresh;
        if (diff > gamma && s.cwnd < s.ssthresh) {
          segments = Math.min(segments, target + 1);
          next.cwnd = segments * mss;
          ssthresh = lowerSsthresh(ssthresh, next.cwnd);
          kind = 'slow-start-exit';
        } else if (s.cwnd < s.ssthresh) {
          next.cwnd = slowStart(s, ack.segmentsAcked);
          kind = 'slow-start';
        } else if (diff > beta) {
          next.cwnd = (segments - 1) * mss;
          ssthresh = lowerSsthresh(ssthresh, next.cwnd);
          kind = 'vegas-decrease';
        } else if (diff < alpha) {
          next.cwnd = (segments + 1) * mss;
          kind = 'vegas-increase';
        } else {
          next.cwnd = s.cwnd;
          kind = 'vegas-hold';
        }
        next.ssthresh = Math.max(ssthresh, Math.floor((3 * next.cwnd) / 4));
      }
      return { state: next, shift: 'none', kind };
    },
    describe: (s) => ({ window: s.cwnd, ssthresh: s.ssthresh }),
  };
}

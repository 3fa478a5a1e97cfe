import { Curve, CurveBuilder } from '@ccalc/curves';
import { ModelError } from './errors.ts';

/**
 * Packetized acknowledgements (paper §III-B.a): I_max·⌊f(t)/I_max⌋ for a non-decreasing f, exactly
 * on [0, until] — a staircase stepping up when f reaches each multiple of the packet size — and
 * constant after `until` (a growing f has infinitely many steps, so the horizon must be finite).
 * With `round: 'up'` it is I_max·⌈f(t)/I_max⌉ instead: a packet counts as soon as f exceeds the
 * multiple below it (packets started, for a sender that sends each packet whole once its pacer
 * starts it; see `PathServerModel.packets`).
 * @example packetize(rate(1000), 1500, 10).at(2) // 1500
 */
export function packetize(f: Curve, packet: number, until: number, round: 'down' | 'up' = 'down'): Curve {
  if (!(until >= 0 && Number.isFinite(until))) throw new ModelError('until', until, 'a finite horizon ≥ 0');
  if (!(packet > 0)) throw new ModelError('packet', packet, 'a packet size > 0');
  const up = round === 'up';
  const b = new CurveBuilder();
  for (let i = 0; i < f.t.length && f.t[i] <= until; i++) {
    const rising = f.s[i] > 0 && f.r[i] !== Infinity;
    // Rounding up, a rising segment is one packet above the whole packets of its right limit.
    const right = up ? (rising ? wholePackets(f.r[i], packet) + packet : packetsStarted(f.r[i], packet)) : wholePackets(f.r[i], packet);
    b.push(f.t[i], up ? packetsStarted(f.v[i], packet) : wholePackets(f.v[i], packet), right, 0);
    if (!rising) continue;
    const end = Math.min(i + 1 < f.t.length ? f.t[i + 1] : Infinity, until);
    // Multiples of the packet size above the right limit, reached inside the segment (up to `until`).
    for (let level = wholePackets(f.r[i], packet) + packet; ; level += packet) {
      const x = f.t[i] + (level - f.r[i]) / f.s[i];
      if (!(x <= end) || (x === end && end !== until)) break;
      b.push(x, level, up ? level + packet : level, 0);
    }
  }
  return b.build();
}

/**
 * How far (in packets) bytes may pass a packet boundary and still count as on it: rounding, not a
 * packet started (`packetsStarted`) or completed (`wholePackets`).
 */
export const PACKET_COUNT_TOLERANCE = 1e-12;

/**
 * The bytes of the packets x has started: the smallest multiple of the packet size at or above x
 * (within PACKET_COUNT_TOLERANCE packets), +∞ for +∞.
 * @example packetsStarted(3000, 1048) // 3144
 */
export function packetsStarted(x: number, packet: number): number {
  return x === Infinity ? Infinity : packet * Math.ceil(x / packet - PACKET_COUNT_TOLERANCE);
}

/**
 * The bytes of x that form whole packets: the largest multiple of the packet size at or below x
 * (within PACKET_COUNT_TOLERANCE packets, so that rounding does not lose a packet), +∞ for +∞.
 * @example wholePackets(3000, 1048) // 2096
 */
export function wholePackets(x: number, packet: number): number {
  return x === Infinity ? Infinity : packet * Math.floor(x / packet + PACKET_COUNT_TOLERANCE);
}

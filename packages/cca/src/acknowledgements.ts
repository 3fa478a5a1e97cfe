import { Curve, CurveBuilder } from '@ccalc/curves';
import { ModelError } from './errors.ts';

/**
 * Packetized acknowledgements (paper §III-B.a): I_max·⌊f(t)/I_max⌋ for a non-decreasing f, exactly
 * on [0, until] — a staircase stepping up when f reaches each multiple of the packet size — and
 * constant after `until` (a growing f has infinitely many steps, so the horizon must be finite).
 * @example packetize(rate(1000), 1500, 10).at(2) // 1500
 */
export function packetize(f: Curve, packet: number, until: number): Curve {
  if (!(until >= 0 && Number.isFinite(until))) throw new ModelError('until', until, 'a finite horizon ≥ 0');
  if (!(packet > 0)) throw new ModelError('packet', packet, 'a packet size > 0');
  const b = new CurveBuilder();
  for (let i = 0; i < f.t.length && f.t[i] <= until; i++) {
    b.push(f.t[i], wholePackets(f.v[i], packet), wholePackets(f.r[i], packet), 0);
    if (f.s[i] <= 0 || f.r[i] === Infinity) continue;
    const end = Math.min(i + 1 < f.t.length ? f.t[i + 1] : Infinity, until);
    // Multiples of the packet size above the right limit, reached inside the segment (up to `until`).
    for (let level = wholePackets(f.r[i], packet) + packet; ; level += packet) {
      const x = f.t[i] + (level - f.r[i]) / f.s[i];
      if (!(x <= end) || (x === end && end !== until)) break;
      b.push(x, level, level, 0);
    }
  }
  return b.build();
}

/**
 * The bytes of x that form whole packets: the largest multiple of the packet size at or below x
 * (within 1e-12 packets, so that rounding does not lose a packet), +∞ for +∞.
 * @example wholePackets(3000, 1048) // 2096
 */
export function wholePackets(x: number, packet: number): number {
  return x === Infinity ? Infinity : packet * Math.floor(x / packet + 1e-12);
}

import { Curve, CurveBuilder } from '@ccalc/curves';

/**
 * Packetized acknowledgements (paper §III-B.a): I_max·⌊f(t)/I_max⌋ for a non-decreasing f, exactly:
 * a staircase that steps up when f reaches each multiple of the packet size.
 * @example packetize(rate(1000), 1500).at(2) // 1500
 */
export function packetize(f: Curve, packet: number): Curve {
  const floor = (x: number): number => (x === Infinity ? Infinity : packet * Math.floor(x / packet + 1e-12));
  const b = new CurveBuilder();
  for (let i = 0; i < f.t.length; i++) {
    b.push(f.t[i], floor(f.v[i]), floor(f.r[i]), 0);
    if (f.s[i] <= 0 || f.r[i] === Infinity) continue;
    const end = i + 1 < f.t.length ? f.t[i + 1] : Infinity;
    // Multiples of the packet size strictly above the right limit, reached inside the segment.
    let level = floor(f.r[i]) + packet;
    for (;;) {
      const x = f.t[i] + (level - f.r[i]) / f.s[i];
      if (!(x < end) || x === Infinity) break;
      b.push(x, level, level, 0);
      level += packet;
      if (level > 1e18) break;
    }
  }
  return b.build();
}

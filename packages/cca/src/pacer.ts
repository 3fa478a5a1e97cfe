import { type Curve, upperPseudoInverseAt } from '@ccalc/curves';
import { PACKET_COUNT_TOLERANCE, packetsStarted } from './acknowledgements.ts';

/**
 * A NIC's pacer over the fluid admission Â of whole packets (packets counted when started,
 * I·⌈Â/I⌉). When a packet is sent, the next one is due I/r later at the rate r of that moment; a
 * rate change takes effect from the next packet (ns-3's RdmaHw in Mellanox mode sets the rate and
 * leaves the pending send alone). The packet in progress started when Â passed the multiple of I
 * below Â(t0), at the rate Â rose with then. Returns how far Â(t0) is from the level from which Â,
 * going on at the current rate `rate`, passes the next multiple when that packet is due (or at
 * once if it is overdue): > 0 bytes to admit at once (the rate went down), < 0 bytes whose
 * admission waits, −lead / rate seconds (the rate went up), 0 when no packet is in progress or the
 * rate is unchanged. With `arrivals` (A), also 0 when the packet in progress started while nothing
 * waited at the sender (A(slotStart+) = Â there): the sender was not paced, it followed its source.
 * @example pacerLead(admitted, 60e-6, 1572, 12.5e9 / 2, 1048, 1e-6) // after a cut mid-packet: > 0
 */
export function pacerLead(admitted: Curve, t0: number, base: number, rate: number, packet: number, margin: number, arrivals?: Curve): number {
  const slotEnd = packetsStarted(base, packet);
  if (!(slotEnd - base > margin)) return 0;
  const level = slotEnd - packet;
  let slotStart = upperPseudoInverseAt(admitted, level, true);
  // Â may rest on the boundary a float's noise above it (a sender paused, or a connection waiting
  // for its NIC, as the packet before ended): the pseudo-inverse then lands where the rest begins
  // (or an ulp before, on the packet before's rise), while the packet started where the rest ends,
  // where packetsStarted first counts it.
  const onLevel = level + PACKET_COUNT_TOLERANCE * packet;
  const i = admitted.indexAt(slotStart);
  if (admitted.s[i] === 0 || (i + 1 < admitted.t.length && admitted.s[i + 1] === 0 && admitted.v[i + 1] <= onLevel)) {
    const counted = upperPseudoInverseAt(admitted, onLevel, true);
    const k = admitted.indexAt(counted);
    if (counted > slotStart && k > 0 && admitted.t[k] > slotStart && admitted.s[k - 1] === 0) slotStart = admitted.t[k];
  }
  // A sender whose admission followed its arrivals when the packet started (nothing waiting) was
  // not held by its pacer: Â's slope there is the arrival rate, not a pacing rate.
  if (arrivals !== undefined && !(arrivals.rightLimit(slotStart) - level > margin)) return 0;
  const slotRate = admitted.s[admitted.indexAt(slotStart)];
  if (!(slotRate > 0)) return 0;
  const due = Math.max(t0, slotStart + packet / slotRate);
  return slotEnd - rate * (due - t0) - base;
}

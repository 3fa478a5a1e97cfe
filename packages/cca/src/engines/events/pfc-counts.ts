import type { PfcConfig } from '../../model.ts';
import { PFC_MARGIN } from '../../pfc.ts';

/**
 * An ingress's PFC thresholds as packet counts, for a switch that counts whole packets of
 * `packet` bytes: a PAUSE once it holds more than `pauseAbove` packets (c·I > X_off + margin), a
 * RESUME once it holds `resumeAtMost` or fewer (c·I < X_on + margin). Found with the byte
 * comparisons themselves (each holds from 0 up to some count, then fails), so a count compared
 * with them decides as the bytes would, float rounding included. Without PFC: +∞ and −1; a
 * threshold beyond any count (2^53 packets, or +∞) gives +∞.
 * @example pfcCounts({ xOff: 950000, xOn: 925000 }, 1048) // { pauseAbove: 906, resumeAtMost: 882 }
 */
export function pfcCounts(pfc: PfcConfig | undefined, packet: number): { pauseAbove: number; resumeAtMost: number } {
  if (pfc === undefined) return { pauseAbove: Infinity, resumeAtMost: -1 };
  return {
    pauseAbove: largestCount((c) => !(c * packet > pfc.xOff + PFC_MARGIN)),
    resumeAtMost: largestCount((c) => c * packet < pfc.xOn + PFC_MARGIN),
  };
}

/**
 * The largest count c ≥ 0 with ok(c) (ok holds from 0 up to some count, then fails), −1 if none,
 * +∞ if it holds beyond 2^53 (a threshold no count reaches). Counts beyond 2^31 (a threshold of
 * 10¹⁴ bytes) are bisected in floats, not 32-bit integers.
 */
function largestCount(ok: (c: number) => boolean): number {
  if (!ok(0)) return -1;
  let hi = 1;
  while (ok(hi)) {
    if (hi > Number.MAX_SAFE_INTEGER) return Infinity;
    hi *= 2;
  }
  let lo = Math.floor(hi / 2);
  while (lo + 1 < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

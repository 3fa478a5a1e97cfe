/**
 * Exact integer arithmetic in doubles, for algorithms specified on integers (DCQCN reaction points
 * that count rates in bit/s and α in parts per 10⁹).
 */

const TWO_52 = 4_503_599_627_370_496;
const TWO_45 = 35_184_372_088_832;
const TWO_31 = 2_147_483_648;

/**
 * ⌊a·b / c⌋ exactly, for non-negative safe integers a, b and a positive safe integer c, in double
 * arithmetic where that is provably exact and with BigInt otherwise:
 * - a·b ≤ 2⁵²: the product is exact, and the quotient's rounding is corrected by one if needed;
 * - c < 2³¹ and a·b/c < 2⁴⁵: the remainder r = a·b mod c is computed exactly (mulMod), and the
 *   quotient is the integer nearest to a·b/c − r/c (its rounding error is below 0.02).
 * @example mulDivFloor(3, 1_500_000_000, 2_000_000_000) // 2
 */
export function mulDivFloor(a: number, b: number, c: number): number {
  const product = a * b;
  const t = product / c;
  if (product <= TWO_52) {
    let q = Math.floor(t);
    if (q * c > product) q -= 1;
    else if ((q + 1) * c <= product) q += 1;
    return q;
  }
  if (c < TWO_31 && t < TWO_45) return Math.round(t - mulMod(a, b, c) / c);
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/** a·b mod c exactly, for safe integers a, b ≥ 0 and 0 < c < 2³¹ (every intermediate stays below 2⁴⁸). */
function mulMod(a: number, b: number, c: number): number {
  const am = a % c;
  const bm = b % c;
  const hi = Math.floor(bm / 65536);
  const lo = bm - hi * 65536;
  return (((am * hi) % c) * 65536 + am * lo) % c;
}

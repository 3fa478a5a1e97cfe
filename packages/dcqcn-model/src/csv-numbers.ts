/**
 * How numbers are written to the output files: one rule for every column, so that a file never
 * mixes `30.000` with `10` and float noise (`2851215.9999999907`) never reaches it.
 */

/**
 * A number for a CSV cell or a JSON figure: rounded to `decimals` places (the column's precision),
 * then written in the shortest form (no trailing zeros: 60 and 5.76416, not 60.000000). −0 is 0.
 * A value that is not finite is a bug upstream: it throws, naming the column, rather than writing
 * NaN or Infinity into a file.
 * @example csvNumber(59.99999999999, 6, 'time_us') // '60'
 */
export function csvNumber(x: number, decimals: number, column: string): string {
  return String(rounded(x, decimals, column));
}

/** `x` rounded to `decimals` places, as {@link csvNumber} writes it (a number, for JSON figures). */
export function rounded(x: number, decimals: number, column: string): number {
  if (!Number.isFinite(x)) throw new Error(`${column}: ${x} is not a number that can be written (a bug: please report it with the scenario)`);
  const scale = 10 ** decimals;
  const y = Math.round(x * scale) / scale;
  return y === 0 ? 0 : y;
}

/** The CCA state fields the events' details carry, in the units the files use (name, SI factor, decimals). */
const DETAIL_UNITS: Record<string, [string, number, number]> = {
  rate: ['rate_gbps', 8e-9, 6],
  targetRate: ['target_rate_gbps', 8e-9, 6],
  window: ['window_bytes', 1, 3],
  ssthresh: ['ssthresh_bytes', 1, 3],
  rtt: ['rtt_us', 1e6, 6],
  bytes: ['bytes', 1, 3],
  alpha: ['alpha', 1, 9],
};

/** A CCA state key as events.csv writes it: its name with the unit, the cell's JSON key (quotes doubled for CSV), SI factor, decimals. */
export interface DetailUnit {
  name: string;
  prefix: string;
  factor: number;
  decimals: number;
  column: string;
}

const DETAIL_CACHE = new Map<string, DetailUnit>();

/** The unit of one state key (DETAIL_UNITS, or the key itself to 9 decimals), looked up once per key. */
export function detailUnit(key: string): DetailUnit {
  let unit = DETAIL_CACHE.get(key);
  if (unit === undefined) {
    const [name, factor, decimals] = DETAIL_UNITS[key] ?? [key, 1, 9];
    DETAIL_CACHE.set(key, (unit = { name, prefix: `${JSON.stringify(name).replace(/"/g, '""')}:`, factor, decimals, column: `events.csv details.${key}` }));
  }
  return unit;
}

/**
 * An event's details (a CCA's described state, in SI) as events.csv writes them: rates in Gb/s,
 * sizes in bytes, times in µs, each key named with its unit (`rate_gbps`, `rtt_us`), rounded as
 * {@link csvNumber} rounds. Keys it does not know are kept, rounded to 9 decimals.
 * @example eventDetails({ rate: 12.5e9, alpha: 1 }) // { rate_gbps: 100, alpha: 1 }
 */
export function eventDetails(after: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(after)) {
    const u = detailUnit(key);
    out[u.name] = rounded(value * u.factor, u.decimals, u.column);
  }
  return out;
}

/**
 * An event's details as one CSV cell: the JSON of {@link eventDetails}, quoted for CSV (quotes
 * doubled), as a string. events.csv writes the same bytes without the string (`writeDetailsCell`,
 * tested against this).
 * @example eventDetailsCell({ rate: 12.5e9, alpha: 1 }) // '"{""rate_gbps"":100,""alpha"":1}"'
 */
export function eventDetailsCell(after: Record<string, number>): string {
  let cell = '"{';
  let first = true;
  for (const key in after) {
    const u = detailUnit(key);
    cell += `${first ? '' : ','}${u.prefix}${rounded(after[key] * u.factor, u.decimals, u.column)}`;
    first = false;
  }
  return `${cell}}"`;
}

/**
 * The ECN-threshold study of notebook 07, shared by its two formats and by the data step of the
 * Observable version: the query that reads the sweep's table, and the tuning article's rules of
 * thumb checked against the rows, each verdict computed from them. Browser-safe.
 */

/** The sweep's rows as the notebook reads them (sizes in kB and MB, times in ms). */
export const STUDY_SQL = `SELECT point, "senders[0].count" AS senders, round("ecn.kMin" / 1e3, 1) AS kmin_kB, round("ecn.kMax" / 1e3, 1) AS kmax_kB,
  "ecn.pMax" AS pmax, pauses, round(peak_backlog_bytes / 1e6, 3) AS peak_MB, utilisation, round(completion_max_us / 1e3, 3) AS last_done_ms, notifications, error
FROM points ORDER BY point`;

/** One row of the study. */
export interface StudyRow {
  senders: number;
  kmin_kB: number;
  kmax_kB: number;
  pmax: number;
  pauses: number | null;
  peak_MB: number | null;
  utilisation: number | null;
  last_done_ms: number | null;
  error: string | null;
}

const byKey = <T>(rows: T[], key: (r: T) => string): Map<string, T[]> => {
  const m = new Map<string, T[]>();
  for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
  return m;
};
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const ran = (rows: StudyRow[]): StudyRow[] => rows.filter((r) => r.error === null && r.pauses !== null);

/**
 * Where PFC pauses begin: for each incast degree and P_max, the smallest K_max whose run sent a
 * PAUSE ("none" if no run did), and the pauses at the largest K_max.
 */
export function pauseOnset(rows: StudyRow[]): { senders: number; pmax: number; first_kmax_with_pauses_kB: number | string; pauses_at_largest_kmax: number }[] {
  return [...byKey(ran(rows), (r) => `${r.senders}/${r.pmax}`).values()].map((group) => {
    const sorted = [...group].sort((a, b) => a.kmax_kB - b.kmax_kB);
    const first = sorted.find((r) => r.pauses! > 0);
    return { senders: group[0].senders, pmax: group[0].pmax, first_kmax_with_pauses_kB: first?.kmax_kB ?? 'none', pauses_at_largest_kmax: sorted.at(-1)!.pauses! };
  });
}

/**
 * The tuning article's rules of thumb (`shared/seeds/ecn-dcqcn-tuning-article.txt`), each with what
 * the sweep shows, computed from its rows. `bdp` is the link's bandwidth-delay product (kB).
 */
export function ruleChecks(rows: StudyRow[], bdp: number): { rule: string; article: string; sweep: string }[] {
  const ok = ran(rows);
  const degrees = [...new Set(ok.map((r) => r.senders))].sort((a, b) => a - b);
  const kmins = [...new Set(ok.map((r) => r.kmin_kB))].sort((a, b) => a - b);
  const paused = ok.filter((r) => r.pauses! > 0);
  const alwaysPaused = degrees.filter((n) => ok.filter((r) => r.senders === n).every((r) => r.pauses! > 0));
  const perDegree = (f: (group: StudyRow[]) => string): string => degrees.map((n) => `${n} senders: ${f(ok.filter((r) => r.senders === n))}`).join('; ');
  const meanOf = (group: StudyRow[], k: 'pauses' | 'utilisation'): string => (group.length === 0 ? '–' : k === 'pauses' ? mean(group.map((r) => r.pauses!)).toFixed(1) : mean(group.map((r) => r.utilisation!)).toFixed(3));
  const low = kmins[0];
  const high = kmins.at(-1)!;
  const target = 1.5 * bdp;
  const ratios = [...new Set(ok.map((r) => Math.round((10 * r.kmax_kB) / r.kmin_kB) / 10))];
  return [
    {
      rule: 'ECN keeps the buffer from filling',
      article: 'marking at 50–80 % of the buffer prevents it from ever reaching 100 %',
      sweep: `${paused.length} of ${ok.length} runs reached X_off and sent PFC pauses; every run with ${alwaysPaused.length === 0 ? 'none of the degrees' : `${alwaysPaused.join(', ')} senders`} did, whatever the thresholds`,
    },
    {
      rule: 'K_min above 200 kB brings PFC',
      article: 'above about 200 kB the buffer may overflow before ECN reacts, and PFC pauses',
      sweep: `mean pauses with K_min ≤ 200 kB vs > 200 kB — ${perDegree((g) => `${meanOf(g.filter((r) => r.kmin_kB <= 200), 'pauses')} vs ${meanOf(g.filter((r) => r.kmin_kB > 200), 'pauses')}`)}`,
    },
    {
      rule: 'a low K_min costs throughput',
      article: 'a K_min too low marks micro-bursts and reduces throughput',
      sweep: `mean utilisation at K_min ${low} kB vs ${high} kB — ${perDegree((g) => `${meanOf(g.filter((r) => r.kmin_kB === low), 'utilisation')} vs ${meanOf(g.filter((r) => r.kmin_kB === high), 'utilisation')}`)}`,
    },
    {
      rule: 'K_min ≈ 1.5 × BDP',
      article: `1.5 × BDP is ${target.toFixed(0)} kB here (BDP ${bdp.toFixed(0)} kB)`,
      sweep: `the K_min of the best mean utilisation — ${perDegree((g) => {
        const best = kmins.map((k) => ({ k, u: mean(g.filter((r) => r.kmin_kB === k).map((r) => r.utilisation!)) })).sort((a, b) => b.u - a.u)[0];
        return `${best.k} kB (${best.u.toFixed(3)})`;
      })}`,
    },
    {
      rule: 'K_max = 3 × K_min',
      article: 'the ramp from K_min to K_max is typically K_max = 3 × K_min',
      sweep: ratios.length === 1 ? `held fixed at ${ratios[0]} in this grid (not tested; the full grid varies K_min and K_max apart)` : `K_max / K_min from ${Math.min(...ratios)} to ${Math.max(...ratios)}: see the charts`,
    },
  ];
}

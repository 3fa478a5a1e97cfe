/**
 * The case study that `npm start` runs: the three ns3-31-* and the three paper-31-* scenarios, the
 * first two ns3 ones compared with the simulator traces, one report page and a summary table.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { validationTracesDir } from './traces/locate.ts';

const SCENARIOS = ['ns3-31-pfc', 'ns3-31-dcqcn', 'ns3-31-dcqcn-nopfc', 'paper-31-pfc', 'paper-31-dcqcn', 'paper-31-dcqcn-nopfc'];
const COMPARISONS: Record<string, string> = { 'ns3-31-pfc': 'A1_pfc_only', 'ns3-31-dcqcn': 'A2_dcqcn_pfc' };

type Run = (name: string, horizon: number, bin: number, out: string) => Promise<Record<string, unknown>>;
type Compare = (dir: string, prefix: string, out: string) => Promise<Record<string, unknown>>;

const num = (x: unknown, digits = 2): string => (typeof x === 'number' ? x.toFixed(digits) : '–');

/**
 * Runs every scenario (a failure is reported and the others still run), compares, writes
 * `out/report.html` (self-contained, `ccalc report`) with PNG figures in `out/figures`, and returns
 * the printed summary table.
 */
export async function caseStudy(horizon: number, out: string, run: Run, compare: Compare): Promise<{ table: string; failures: string[] }> {
  const summaries: Record<string, Record<string, unknown>> = {};
  const metrics: Record<string, Record<string, unknown>> = {};
  const failures: string[] = [];
  for (const name of SCENARIOS) {
    try {
      summaries[name] = await run(name, horizon, 1e-6, join(out, name));
    } catch (e) {
      failures.push(`${name}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  const traces = validationTracesDir();
  for (const [name, prefix] of Object.entries(COMPARISONS)) {
    if (summaries[name] === undefined) continue;
    if (!existsSync(traces)) {
      failures.push(`compare ${name}: no simulator traces at ${traces} (set CCALC_TRACES)`);
      continue;
    }
    try {
      metrics[name] = await compare(join(out, name), join(traces, prefix), join(out, name));
    } catch (e) {
      failures.push(`compare ${name}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  const header = ['scenario', 'compute s', 'peak MB', 'at µs', '1st CNP µs', '1st cut µs', '1st pause µs', 'pauses', 'vs sim: backlog NRMSE %', 'peak err %', 'arrivals NRMSE %', '1st cut err µs', '1st pause err µs'];
  const rows = SCENARIOS.filter((n) => summaries[n] !== undefined).map((n) => {
    const s = summaries[n];
    type Pair = { error: number } | null;
    const m = metrics[n] as
      | { backlog?: { nrmsePercent: number; peak_bytes: { error_percent: number } }; arrival_rate_10us?: { nrmsePercent: number }; event_times?: { first_cut_at_sender_us: Pair; first_pause_sent_us: Pair } }
      | undefined;
    return [
      n,
      num((s.compute_ms as number) / 1e3),
      num((s.peak_backlog_bytes as number) / 1e6, 3),
      num(s.peak_backlog_time_us, 0),
      num(s.first_notification_us),
      num(s.first_cut_us),
      num(s.first_pause_us),
      String(s.pauses),
      num(m?.backlog?.nrmsePercent),
      num(m?.backlog?.peak_bytes.error_percent),
      num(m?.arrival_rate_10us?.nrmsePercent),
      num(m?.event_times?.first_cut_at_sender_us?.error, 3),
      num(m?.event_times?.first_pause_sent_us?.error, 3),
    ];
  });
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k].length)));
  const line = (cells: string[]): string => cells.map((c, k) => (k === 0 ? c.padEnd(widths[k]) : c.padStart(widths[k]))).join('  ');
  const table = [line(header), ...rows.map(line)].join('\n');
  const { readRun, writeReport } = await import('./report.ts');
  const runs = [];
  for (const name of SCENARIOS) if (summaries[name] !== undefined) runs.push(await readRun(join(out, name)));
  await writeReport(runs, out, '31 × 10 MB incast: model (ccalc) and simulator (ns-3)', {
    intro: `Horizon ${(horizon * 1e3).toFixed(2)} ms. ns3-31-* use the simulator's settings (times at the switch ingress: subtract 1.08 µs for the sender); paper-31-* are the paper's §V model. The first two are compared with the simulator traces in <code>${traces}</code>.`,
    failures,
  });
  return { table, failures };
}

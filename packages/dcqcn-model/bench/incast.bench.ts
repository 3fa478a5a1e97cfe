/**
 * Benchmark of issue 5: the engine's wall time for each ns3-31-* scenario run to completion (the
 * simulator's 26–30 ms), side by side with the simulator's recorded wall time (runs.json), then
 * the same incast with 31, 310, 1,000 and 10,000 senders over 200 µs: time and peak memory.
 * Each case runs in its own process (so memory is its own), one after the other.
 *   npx tsx packages/dcqcn-model/bench/incast.bench.ts            (all; several minutes)
 *   npx tsx packages/dcqcn-model/bench/incast.bench.ts --scale    (the sender counts only)
 * A case that exceeds its time budget is stopped and reported as such.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runPathServer, ns3IncastModel } from '@ccalc/cca';
import { validationTracesDir } from '../src/traces/locate.ts';

interface Case {
  label: string;
  senders: number;
  dcqcn: boolean;
  pfc: boolean;
  horizon: number;
  simulator?: string;
}

/** One case, in this process: prints a JSON line with the figures. */
function runCase(c: Case): void {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const r = runPathServer(ns3IncastModel({ senders: c.senders, dcqcn: c.dcqcn, pfc: c.pfc, horizon: c.horizon }));
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  process.stdout.write(`${JSON.stringify({ ms, peakMiB: peak / 2 ** 20, windows: r.stats.windows, events: r.stats.events })}\n`);
}

const argv = process.argv.slice(2);
if (argv[0] === '--case') {
  runCase(JSON.parse(argv[1]) as Case);
} else {
  const whole: Case[] = [
    { label: 'ns3-31-pfc', senders: 31, dcqcn: false, pfc: true, horizon: 26.1e-3, simulator: 'A1_pfc_only' },
    { label: 'ns3-31-dcqcn', senders: 31, dcqcn: true, pfc: true, horizon: 30e-3, simulator: 'A2_dcqcn_pfc' },
    { label: 'ns3-31-dcqcn-nopfc', senders: 31, dcqcn: true, pfc: false, horizon: 30e-3 },
  ];
  const scale: Case[] = [31, 310, 1000, 10_000].map((n) => ({ label: `ns3 incast, ${n} senders, DCQCN + PFC`, senders: n, dcqcn: true, pfc: true, horizon: 200e-6 }));
  const cases = argv.includes('--scale') ? scale : [...whole, ...scale];
  const runsFile = join(validationTracesDir(), 'runs.json');
  const runs = existsSync(runsFile) ? (JSON.parse(readFileSync(runsFile, 'utf8')) as Record<string, { wall_clock_s: number; peak_rss_kB: number }>) : {};
  const budget = 600_000;
  console.log('| case | simulated | engine wall time | peak RSS | windows | events | simulator (ns-3) | engine / simulator |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const c of cases) {
    process.stderr.write(`  running ${c.label} for ${c.horizon * 1e3} ms …\n`);
    const r = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, '--case', JSON.stringify(c)], { encoding: 'utf8', timeout: budget, maxBuffer: 1 << 24 });
    const sim = c.simulator === undefined ? undefined : runs[c.simulator];
    const simText = sim === undefined ? '–' : `${sim.wall_clock_s} s, ${(sim.peak_rss_kB / 1024).toFixed(0)} MiB`;
    if (r.status !== 0) {
      const why = r.error?.message.includes('ETIMEDOUT') ? `stopped after ${budget / 60_000} min` : `failed: ${(r.stderr ?? '').split('\n').find((l) => l.trim() !== '') ?? r.status}`;
      console.log(`| ${c.label} | ${c.horizon * 1e3} ms | ${why} | | | | ${simText} | |`);
      continue;
    }
    const f = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { ms: number; peakMiB: number; windows: number; events: number };
    const factor = sim === undefined ? undefined : f.ms / 1e3 / sim.wall_clock_s;
    const ratio = factor === undefined ? '–' : factor >= 1 ? `${factor.toFixed(1)}× slower` : `${(1 / factor).toFixed(1)}× faster`;
    console.log(`| ${c.label} | ${c.horizon * 1e3} ms | ${(f.ms / 1e3).toFixed(2)} s | ${f.peakMiB.toFixed(0)} MiB | ${f.windows} | ${f.events} | ${simText} | ${ratio} |`);
  }
}

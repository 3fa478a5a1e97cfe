/**
 * Benchmark of the event engine (issue 14): each ns3-31-* built-in run to completion on both
 * engines, side by side with the simulator's recorded wall time (runs.json): the event engine cold
 * (the first run in a fresh process, JIT warm-up included) and warm (the median of runs 2..N in
 * that process), the curve engine cold; then the incast with 310, 1,000 and 10,000 senders × 1 MB
 * (DCQCN + PFC) to completion on the event engine: time, events, time per event, peak memory.
 * Each case runs in its own process (so memory is its own), one after the other.
 *   npx tsx packages/dcqcn-model/bench/event-engine.bench.ts            (all)
 *   npx tsx packages/dcqcn-model/bench/event-engine.bench.ts --scale    (the sender counts only)
 *   npx tsx packages/dcqcn-model/bench/event-engine.bench.ts --whole    (the ns3-31-* runs only)
 *   npx tsx packages/dcqcn-model/bench/event-engine.bench.ts --scale --budget 20   (20 min a case)
 *   npx tsx packages/dcqcn-model/bench/event-engine.bench.ts --whole --general-loop  (runEvents'
 *     general loop even where the constant-rate loop applies: ns3-31-pfc, for a side-by-side)
 * A case that exceeds its time budget (3 min unless `--budget MIN` says otherwise) is stopped and
 * reported as such, with how far it got. 10,000 senders take about 6 min and 4 GiB to complete.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runEvents, runPathServer, ns3IncastModel } from '@ccalc/cca';
import { validationTracesDir } from '../src/traces/locate.ts';

interface Case {
  label: string;
  senders: number;
  burst?: number;
  dcqcn: boolean;
  pfc: boolean;
  engine: 'events' | 'curves';
  /** Runs in the process (the first is cold). */
  runs: number;
  simulator?: string;
  /** Run the event engine's general loop (runEvents' `generalLoop`). */
  generalLoop?: boolean;
}

/** One case, in this process: prints a JSON line with the figures. */
function runCase(c: Case): void {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const times: number[] = [];
  let events = 0;
  let horizon = 0;
  for (let k = 0; k < c.runs; k++) {
    const model = ns3IncastModel({ senders: c.senders, burst: c.burst, dcqcn: c.dcqcn, pfc: c.pfc, horizon: c.engine === 'events' ? 2 : 31e-3 });
    const t0 = performance.now();
    // Where a run stopped for its time budget got to: a line a second (the last one is reported).
    let reported = t0;
    const onProgress = (time: number): void => {
      const now = performance.now();
      if (now - reported < 1000) return;
      reported = now;
      process.stdout.write(`${JSON.stringify({ progress: time, wallMs: now - t0, rssMiB: process.memoryUsage().rss / 2 ** 20 })}\n`);
    };
    const r = c.engine === 'events' ? runEvents(model, { untilComplete: true, onProgress, generalLoop: c.generalLoop }) : runPathServer(model);
    times.push(performance.now() - t0);
    events = r.stats.events;
    horizon = r.horizon;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  clearInterval(sampler);
  process.stdout.write(`${JSON.stringify({ times, peakMiB: peak / 2 ** 20, events, horizon })}\n`);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x: number): string => (x >= 1000 ? `${(x / 1e3).toFixed(2)} s` : `${x.toFixed(1)} ms`);

const argv = process.argv.slice(2);
if (argv[0] === '--case') {
  runCase(JSON.parse(argv[1]) as Case);
} else {
  const whole: Case[] = [
    { label: 'ns3-31-pfc', senders: 31, dcqcn: false, pfc: true, engine: 'events', runs: 9, simulator: 'A1_pfc_only' },
    { label: 'ns3-31-dcqcn', senders: 31, dcqcn: true, pfc: true, engine: 'events', runs: 9, simulator: 'A2_dcqcn_pfc' },
    { label: 'ns3-31-dcqcn-nopfc', senders: 31, dcqcn: true, pfc: false, engine: 'events', runs: 9 },
  ];
  if (argv.includes('--general-loop')) for (const c of whole) c.generalLoop = true;
  const curves: Case[] = whole.map((c) => ({ ...c, engine: 'curves', runs: 1 }));
  const scale: Case[] = [310, 1000, 10_000].map((n) => ({ label: `${n.toLocaleString('en')} senders × 1 MB, DCQCN + PFC`, senders: n, burst: 1e6, dcqcn: true, pfc: true, engine: 'events', runs: 1 }));
  const runsFile = join(validationTracesDir(), 'runs.json');
  const simulator = existsSync(runsFile) ? (JSON.parse(readFileSync(runsFile, 'utf8')) as Record<string, { wall_clock_s: number; peak_rss_kB: number }>) : {};
  const budgetAt = argv.indexOf('--budget');
  const minutes = budgetAt >= 0 ? Number(argv[budgetAt + 1]) : 3;
  if (!(minutes > 0)) throw new Error(`--budget: a number of minutes > 0, not ${argv[budgetAt + 1]}`);
  const budget = minutes * 60_000;
  const run = (c: Case): { times: number[]; peakMiB: number; events: number; horizon: number } | string => {
    process.stderr.write(`  ${c.label} (${c.engine} engine, ${c.runs} run${c.runs > 1 ? 's' : ''}) …\n`);
    const r = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, '--case', JSON.stringify(c)], { encoding: 'utf8', timeout: budget, maxBuffer: 1 << 24 });
    if (r.status === 0) return JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    if (!r.error?.message.includes('ETIMEDOUT')) return `failed: ${(r.stderr ?? '').split('\n').find((l) => l.trim() !== '') ?? r.status}`;
    const last = (r.stdout ?? '').trim().split('\n').filter((l) => l.startsWith('{"progress"')).at(-1);
    if (last === undefined) return `stopped after ${budget / 60_000} min`;
    const p = JSON.parse(last) as { progress: number; wallMs: number; rssMiB: number };
    return `stopped after ${budget / 60_000} min, at ${(p.progress * 1e3).toFixed(2)} ms simulated (${(p.wallMs / 1e3).toFixed(0)} s in, ${p.rssMiB.toFixed(0)} MiB)`;
  };
  if (!argv.includes('--scale')) {
    console.log('| case | simulated to completion | events | event engine cold | warm (median of 8) | peak RSS | curve engine cold | simulator (ns-3) | simulator / event engine, cold | warm |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    whole.forEach((c, k) => {
      const e = run(c);
      const v = run(curves[k]);
      const sim = c.simulator === undefined ? undefined : simulator[c.simulator];
      if (typeof e === 'string') return console.log(`| ${c.label} | ${e} |`);
      const warm = median(e.times.slice(1));
      const simText = sim === undefined ? '–' : `${sim.wall_clock_s} s, ${(sim.peak_rss_kB / 1024).toFixed(0)} MiB`;
      const factor = (x: number): string => (sim === undefined ? '–' : `${((sim.wall_clock_s * 1e3) / x).toFixed(0)}×`);
      console.log(`| ${c.label} | ${(e.horizon * 1e3).toFixed(3)} ms | ${e.events.toLocaleString('en')} | ${ms(e.times[0])} | ${ms(warm)} | ${e.peakMiB.toFixed(0)} MiB | ${typeof v === 'string' ? v : ms(v.times[0])} | ${simText} | ${factor(e.times[0])} | ${factor(warm)} |`);
    });
    console.log('');
  }
  if (!argv.includes('--whole')) {
    console.log('| case | simulated to completion | events | event engine | per event | peak RSS |');
    console.log('|---|---|---|---|---|---|');
    for (const c of scale) {
      const e = run(c);
      if (typeof e === 'string') console.log(`| ${c.label} | ${e} | | | | |`);
      else console.log(`| ${c.label} | ${(e.horizon * 1e3).toFixed(2)} ms | ${e.events.toLocaleString('en')} | ${ms(e.times[0])} | ${((e.times[0] * 1e6) / e.events).toFixed(0)} ns | ${e.peakMiB.toFixed(0)} MiB |`);
    }
  }
}

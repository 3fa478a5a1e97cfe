/**
 * The `ccalc` command line (node only). `ccalc run <built-in> [--out DIR] [--bin 1us] [--horizon 10ms]`
 * runs a scenario and writes series.csv, senders.csv, events.csv, summary.json and plots.
 * Errors are one line on stderr with a non-zero exit code.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { runPathServer, rateChart, curvesChart, type EngineResult } from '@ccalc/cca';
import { BUILT_INS, type BuiltIn } from './scenarios.ts';
import { parseQuantity, ScenarioError } from './units.ts';
import { completionTimes, runCsv, runSummary } from './output.ts';
import { compareWithTrace } from './compare.ts';
import { eventTimeErrors, type RunEventTimes } from './event-times.ts';
import { comparisonSpecs } from './comparison-charts.ts';
import { readNs3Trace } from './traces/ns3.ts';
import { readGenericTrace } from './traces/generic.ts';
import { readNumericCsv } from './traces/csv.ts';

const HELP = `ccalc — network calculus for congestion control

Usage:
  ccalc run <scenario.json | built-in>... [--out DIR] [--bin 1us] [--horizon 10ms]
  ccalc compare <model DIR> <trace prefix | trace.csv> [--out DIR]
  ccalc report <run DIR>... [--out DIR] [--title TEXT]
  ccalc case-study [--horizon 3ms] [--out out]
  ccalc check-trace <trace.csv> [--all] [--json]
  ccalc list
  ccalc <command> --help

Commands:
  run    run scenarios (files or built-ins) and write DIR/series.csv, senders.csv, events.csv,
         summary.json and plots (SVG and PNG); progress goes to stderr
  compare  compare a run (its series.csv, 1 µs bins) with a simulator trace in the format of
           shared/traces (e.g. ../shared/traces/ns3-incast-31/A2_dcqcn_pfc) or a generic CSV;
           writes compare.json and report.html
  report   one self-contained HTML page (charts embedded, works offline) and PNG figures for
           run folders, with their simulator comparisons
  case-study  the main job (npm start): runs ns3-31-* and paper-31-*, compares the first two
           ns3 runs with the simulator traces, writes out/report.html, prints a summary table
  check-trace  check a DCQCN event trace against the protocol's rules (ACCEPT or REJECT
           with the first violation; exit 0, 1, or 2 for a malformed trace)
  list   list the built-in scenarios
`;

const COMPARE_HELP = `ccalc compare <model DIR> <trace prefix | trace.csv> [--out DIR]

  <model DIR>      a folder written by ccalc run with --bin 1us (the default)
  <trace prefix>   folder/prefix of simulator traces, e.g. ../shared/traces/ns3-incast-31/A2_dcqcn_pfc
  <trace.csv>      or a generic CSV: columns "time (unit)", "backlog (unit)", "arrival_rate (unit)"
                   and optionally "departure_rate (unit)" (README, "Trace formats")
  --out DIR        where compare.json and report.html go (default: the model folder)
`;

const RUN_HELP = `ccalc run <scenario>... [options]

  <scenario>       a scenario file (.json, format in the README) or a built-in (see ccalc list);
                   several run one after the other into OUT/<name>, and one that fails is
                   reported without stopping the others (exit code 1 at the end)
  --out DIR        output folder (default out/<name>)
  --bin 1us        bin width of the CSV series (default: the scenario's, else 1 µs)
  --horizon 10ms   compute up to this time (default: the scenario's)
  --dcqcn-trace FILE  also write the run's DCQCN event trace (the check-trace format) to FILE
`;

function options(args: string[]): { positional: string[]; flags: Record<string, string> } {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let k = 0; k < args.length; k++) {
    const a = args[k];
    if (a === '--help' || a === '-h') flags.help = 'true';
    else if (a.startsWith('--')) {
      const value = args[k + 1];
      if (value === undefined || value.startsWith('--')) throw new ScenarioError(a, null, `a value after ${a}`);
      flags[a.slice(2)] = value;
      k++;
    } else positional.push(a);
  }
  return { positional, flags };
}

/** A scenario ready to run: a built-in, or a scenario file once loaded. */
type Runnable = BuiltIn & { name: string; bin?: number; untilComplete?: boolean };

/** A built-in scenario by name, or a scenario file (a path ending in .json). */
async function resolveScenario(spec: string): Promise<Runnable> {
  if (spec.endsWith('.json')) {
    const { loadScenarioFile } = await import('./scenario/scenario.ts');
    return loadScenarioFile(spec);
  }
  if (!Object.hasOwn(BUILT_INS, spec)) throw new ScenarioError('scenario', spec, `a scenario file (.json) or one of ${Object.keys(BUILT_INS).join(', ')}`);
  return { name: spec, ...BUILT_INS[spec] };
}

/**
 * A progress reporter for stderr: "name: 1.25 / 30.00 ms computed", rewritten in place on a
 * terminal at most 4 times a second; one line every 10 s when stderr is a file or a pipe.
 */
function progress(name: string): (t: number, end: number) => void {
  const tty = process.stderr.isTTY === true;
  let last = performance.now();
  return (t, end) => {
    const now = performance.now();
    if (now - last < (tty ? 250 : 10_000)) return;
    last = now;
    process.stderr.write(`${tty ? '\r' : ''}  ${name}: ${(t * 1e3).toFixed(2)} / ${(end * 1e3).toFixed(2)} ms computed${tty ? '' : '\n'}`);
  };
}


/**
 * Runs a scenario and writes its outputs to `out`; returns the summary. With `untilComplete`, the
 * horizon doubles (and the run starts over) until every sender has finished, up to 64 times the
 * first guess.
 */
export async function runScenario(scenario: Runnable, horizon: number, bin: number, out: string, dcqcnTrace?: string): Promise<Record<string, unknown>> {
  const { name } = scenario;
  if (dcqcnTrace !== undefined && scenario.dcqcnSourceGate === undefined) throw new ScenarioError('--dcqcn-trace', dcqcnTrace, `a scenario with DCQCN (${name} has none)`);
  let h = horizon;
  let model = scenario.model(h);
  const t0 = performance.now();
  let result: EngineResult;
  for (;;) {
    result = runPathServer(model, { onProgress: progress(name) });
    if (!scenario.untilComplete || completionTimes(result).every((t) => t !== null)) break;
    if (h >= 64 * horizon) throw new ScenarioError('horizon', 'until-complete', `senders that finish: not all had by ${(h * 1e3).toFixed(3)} ms`);
    h *= 2;
    process.stderr.write(`${process.stderr.isTTY ? '\r' : ''}  ${name}: not finished at ${((h / 2) * 1e3).toFixed(2)} ms; running to ${(h * 1e3).toFixed(2)} ms\n`);
    model = scenario.model(h);
  }
  const computeMs = performance.now() - t0;
  process.stderr.write(`${process.stderr.isTTY ? '\r' : ''}  ${name}: ${(h * 1e3).toFixed(2)} ms computed in ${(computeMs / 1e3).toFixed(2)} s\n`);
  await mkdir(out, { recursive: true });
  const csv = runCsv(result, bin);
  const summary: Record<string, unknown> = { scenario: name, ...runSummary(result, computeMs, bin, model) };
  if (scenario.clock !== undefined) summary.clock_us = { sender_to_switch: scenario.clock.senderToSwitch * 1e6, switch_to_receiver: scenario.clock.switchToReceiver * 1e6 };
  await Promise.all([
    writeFile(join(out, 'series.csv'), `${csv.series}\n`),
    writeFile(join(out, 'senders.csv'), `${csv.senders}\n`),
    writeFile(join(out, 'events.csv'), `${csv.events}\n`),
    writeFile(join(out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`),
  ]);
  if (dcqcnTrace !== undefined) {
    const { modelDcqcnTrace } = await import('./check-trace/export.ts');
    await mkdir(dirname(dcqcnTrace), { recursive: true });
    await writeFile(dcqcnTrace, modelDcqcnTrace(model, result, scenario.dcqcnSourceGate!));
  }
  const charts = [
    { name: 'rates', spec: rateChart(result, `${name}: sender rates`) },
    { name: 'backlog', spec: curvesChart([{ label: 'switch backlog', curve: result.backlog }], h, `${name}: backlog`, 'backlog (kB)') },
  ];
  await writeFile(join(out, 'charts.json'), JSON.stringify(charts));
  const { renderChart } = await import('./render.ts'); // vega and resvg load only when plots are written
  for (const c of charts) await renderChart(c.spec, join(out, c.name));
  return summary;
}

/** Runs a built-in scenario by name (the case study's runner). */
export async function runBuiltIn(name: string, horizon: number, bin: number, out: string): Promise<Record<string, unknown>> {
  return runScenario({ name, ...BUILT_INS[name] }, horizon, bin, out);
}

async function run(args: string[]): Promise<void> {
  const { positional, flags } = options(args);
  if (flags.help !== undefined) {
    process.stdout.write(RUN_HELP);
    return;
  }
  if (positional.length === 0) throw new ScenarioError('scenario', null, `a scenario file (.json) or one of ${Object.keys(BUILT_INS).join(', ')}`);
  for (const flag of Object.keys(flags)) if (!['out', 'bin', 'horizon', 'dcqcn-trace'].includes(flag)) throw new ScenarioError(`--${flag}`, flags[flag], 'one of --out, --bin, --horizon, --dcqcn-trace');
  const horizonFlag = flags.horizon === undefined ? undefined : parseQuantity(flags.horizon, 'time', '--horizon');
  const binFlag = flags.bin === undefined ? undefined : parseQuantity(flags.bin, 'time', '--bin');
  if (horizonFlag !== undefined && !(horizonFlag > 0)) throw new ScenarioError('--horizon', flags.horizon, 'a duration > 0');
  if (binFlag !== undefined && !(binFlag > 0)) throw new ScenarioError('--bin', flags.bin, 'a duration > 0');
  const batch = positional.length > 1;
  if (batch && flags['dcqcn-trace'] !== undefined) throw new ScenarioError('--dcqcn-trace', flags['dcqcn-trace'], 'a single scenario (one trace file per run)');
  // A batch: every scenario runs into OUT/<name>; one that fails is reported and the others still run.
  const failures: string[] = [];
  for (const spec of positional) {
    try {
      const scenario = await resolveScenario(spec);
      const horizon = horizonFlag ?? scenario.horizon;
      const bin = binFlag ?? scenario.bin ?? 1e-6;
      if (bin > horizon) throw new ScenarioError('--bin', flags.bin ?? bin, `a duration at most the horizon (${horizon} s)`);
      const out = batch ? join(flags.out ?? 'out', scenario.name) : (flags.out ?? join('out', scenario.name));
      const summary = await runScenario({ ...scenario, untilComplete: horizonFlag === undefined && scenario.untilComplete }, horizon, bin, out, flags['dcqcn-trace']);
      process.stdout.write(`${scenario.name}: peak backlog ${((summary.peak_backlog_bytes as number) / 1e6).toFixed(3)} MB at ${(summary.peak_backlog_time_us as number).toFixed(1)} µs; results in ${out}/\n`);
    } catch (e) {
      if (!batch) throw e;
      const text = (e as Error).message.split('\n')[0];
      const message = text.startsWith(spec) ? text : `${spec}: ${text}`;
      failures.push(message);
      process.stderr.write(`ccalc: failed: ${message}\n`);
    }
  }
  if (failures.length > 0) {
    process.stderr.write(`ccalc: ${failures.length} of ${positional.length} scenarios failed; the others' results are written\n`);
    process.exitCode = 1;
  }
}

/** Compares a run folder with a trace prefix; writes compare.json and report.html to `out`; returns the metrics. */
export async function compareRun(dir: string, prefix: string, out: string): Promise<Record<string, unknown>> {
  const series = await readNumericCsv(join(dir, 'series.csv'), ['time_us', 'arrival_rate_gbps', 'departure_rate_gbps', 'backlog_bytes'], 'time_us');
  const t = series.columns.time_us;
  if (t.length < 2 || Math.abs(t[1] - t[0] - 1) > 1e-9) throw new ScenarioError(`${join(dir, 'series.csv')} (time_us)`, t.length < 2 ? null : t[1] - t[0], 'bins of 1 µs (run with --bin 1us)');
  const model = { binStart: t, arrivalGbps: series.columns.arrival_rate_gbps, departureGbps: series.columns.departure_rate_gbps, backlogBytes: series.columns.backlog_bytes };
  const trace = prefix.endsWith('.csv') ? await readGenericTrace(prefix) : await readNs3Trace(dirname(prefix), basename(prefix));
  // The run's event times and link rate (summary.json, written by ccalc run with the series).
  const summaryFile = join(dir, 'summary.json');
  let summary: RunEventTimes & { link_rate_gbps?: number | null } = {};
  if (existsSync(summaryFile)) {
    try {
      summary = JSON.parse(await readFile(summaryFile, 'utf8'));
    } catch (e) {
      throw new ScenarioError(summaryFile, null, `a summary.json written by ccalc run (${(e as Error).message})`);
    }
  }
  const metrics: Record<string, unknown> = { ...compareWithTrace(model, trace, summary.link_rate_gbps ?? 100), event_times: eventTimeErrors(summary, trace) };
  await mkdir(out, { recursive: true });
  const charts = comparisonSpecs(model, trace, metrics.span_us as number).map((spec, k) => ({ name: ['backlog-vs-simulator', 'backlog-vs-simulator-400us', 'arrival-rate-vs-simulator-400us'][k], spec }));
  await writeFile(join(out, 'compare.json'), `${JSON.stringify(metrics, null, 2)}\n`);
  await writeFile(join(out, 'compare-charts.json'), JSON.stringify(charts));
  const { readRun, writeReport } = await import('./report.ts');
  const run = await readRun(dir);
  await writeReport([{ ...run, comparison: { metrics, charts } }], out, `${basename(dir)} against ${basename(prefix)}`);
  return metrics;
}

async function compare(args: string[]): Promise<void> {
  const { positional, flags } = options(args);
  if (flags.help !== undefined) {
    process.stdout.write(COMPARE_HELP);
    return;
  }
  const [dir, prefix] = positional;
  if (dir === undefined) throw new ScenarioError('model DIR', null, 'a folder written by ccalc run');
  if (prefix === undefined) throw new ScenarioError('trace prefix', null, 'a folder/prefix of simulator traces, or a generic trace .csv');
  for (const flag of Object.keys(flags)) if (flag !== 'out') throw new ScenarioError(`--${flag}`, flags[flag], '--out');
  const out = flags.out ?? dir;
  const metrics = await compareRun(dir, prefix, out);
  const b = metrics.backlog as { nrmsePercent: number; peak_bytes: { error_percent: number } };
  process.stdout.write(`backlog NRMSE ${b.nrmsePercent.toFixed(2)} % of peak, peak error ${b.peak_bytes.error_percent.toFixed(2)} %; ${join(out, 'compare.json')}, ${join(out, 'report.html')}\n`);
}

const REPORT_HELP = `ccalc report <run DIR>... [--out DIR] [--title TEXT]

  Builds one self-contained HTML page (OUT/report.html: the Vega runtime and every chart are
  embedded, nothing is fetched, it opens offline) for run folders written by ccalc run, with the
  comparison of those that ccalc compare has seen; and PNG and SVG copies of every chart in
  OUT/figures.

  --out DIR      where report.html and figures/ go (default: out/report)
  --title TEXT   the page's title (default: ccalc report)
`;

async function report(args: string[]): Promise<void> {
  const { positional, flags } = options(args);
  if (flags.help !== undefined) {
    process.stdout.write(REPORT_HELP);
    return;
  }
  if (positional.length === 0) throw new ScenarioError('run DIR', null, 'one or more folders written by ccalc run');
  for (const flag of Object.keys(flags)) if (!['out', 'title'].includes(flag)) throw new ScenarioError(`--${flag}`, flags[flag], 'one of --out, --title');
  const { readRun, writeReport } = await import('./report.ts');
  const runs = [];
  for (const dir of positional) runs.push(await readRun(dir));
  const out = flags.out ?? join('out', 'report');
  process.stderr.write(`  rendering ${runs.reduce((n, r) => n + r.charts.length + (r.comparison?.charts.length ?? 0), 0)} charts\n`);
  const page = await writeReport(runs, out, flags.title ?? 'ccalc report');
  process.stdout.write(`report: ${page} (figures in ${join(out, 'figures')})\n`);
}

async function study(args: string[]): Promise<void> {
  const { flags } = options(args);
  if (flags.help !== undefined) {
    process.stdout.write('ccalc case-study [--horizon 3ms] [--out out]\n\n  Runs the six 31-sender scenarios (the simulator\'s and the paper\'s), compares the first two\n  ns3 runs with ../shared/traces, writes OUT/report.html and prints a summary table.\n');
    return;
  }
  for (const flag of Object.keys(flags)) if (!['out', 'horizon'].includes(flag)) throw new ScenarioError(`--${flag}`, flags[flag], 'one of --out, --horizon');
  const horizon = flags.horizon === undefined ? 3e-3 : parseQuantity(flags.horizon, 'time', '--horizon');
  const out = flags.out ?? 'out';
  const { caseStudy } = await import('./case-study.ts');
  const { table, failures } = await caseStudy(horizon, out, runBuiltIn, compareRun);
  process.stdout.write(`\n${table}\n\n`);
  for (const f of failures) process.stderr.write(`failed: ${f}\n`);
  process.stdout.write(`report: ${join(out, 'report.html')}\n`);
  if (failures.length > 0) process.exitCode = 1;
}

/** Entry point: returns the exit code (0 ok, 1 bad input or failure; check-trace: 0 accept, 1 reject, 2 malformed). */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h') process.stdout.write(HELP);
    else if (command === 'list') for (const [k, v] of Object.entries(BUILT_INS)) process.stdout.write(`${k.padEnd(22)} ${v.description}\n`);
    else if (command === 'run') await run(rest);
    else if (command === 'compare') await compare(rest);
    else if (command === 'case-study') await study(rest);
    else if (command === 'report') await report(rest);
    else if (command === 'check-trace') {
      const { checkTraceCommand } = await import('./check-trace/command.ts');
      return await checkTraceCommand(rest, (s) => process.stdout.write(s), (s) => process.stderr.write(s));
    } else throw new ScenarioError('command', command, 'run, compare, report, case-study, check-trace or list (see ccalc --help)');
    return process.exitCode === 1 ? 1 : 0;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`ccalc: ${message.split('\n')[0]}\n`);
    return 1;
  }
}

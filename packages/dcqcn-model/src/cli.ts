/**
 * The `ccalc` command line (node only). `ccalc run <built-in> [--out DIR] [--bin 1us] [--horizon 10ms]`
 * runs a scenario and writes series.csv, senders.csv, events.csv, summary.json and, on request, charts.
 * Errors are one line on stderr with a non-zero exit code.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { EngineChoice } from '@ccalc/cca';
import { runCharts } from './run-charts.ts';
import { BUILT_INS } from './scenarios.ts';
import { NETWORK_BUILT_INS } from './network-scenarios.ts';
import { runNetworkScenario, type NetworkRunnable } from './network-run.ts';
import { parseQuantity, ScenarioError } from './units.ts';
import { eventsCsvChunks, runCsvChunks, runSummary } from './output.ts';
import { tcpCsv, tcpSummary } from './tcp-output.ts';
import { computeScenario, type Computed, type Runnable } from './compute.ts';
import { checkOutputFile, checkRunFolder, writeRunFolder } from './run-folder.ts';
import { checkNetworkSize, checkRunSize, eventTableBytes, RUN_LIMITS, runawayGuard } from './run-cost.ts';
import { errorLine, INTERNAL_ERROR_EXIT, isInputError } from './input-errors.ts';

const HELP = `ccalc — network calculus for congestion control

Usage:
  ccalc run <scenario.json | built-in>... [--out DIR] [--bin 1us] [--horizon 10ms] [--engine auto] [--senders] [--plots] [--no-events] [--all-events] [--force]
  ccalc compare <model DIR> <trace prefix | trace.csv> [--out DIR]
  ccalc report <run DIR>... [--out DIR] [--title TEXT]
  ccalc case-study [--horizon 3ms] [--out out]
  ccalc sweep <sweep.json> [--out DIR] [--workers N] [--resume] [--shard i/n] [--keep series]
  ccalc sweep merge <DIR>
  ccalc check-trace <trace.csv> [--all] [--json]
  ccalc list
  ccalc <command> --help   (or ccalc help <command>)
  ccalc --version          (or -v)

Commands:
  run    run scenarios (files or built-ins) and write DIR/series.csv, events.csv, summary.json,
         tcp.csv for TCP senders, with --senders senders.csv and with --plots the charts
         (SVG and PNG); progress goes to stderr
  compare  compare a run (its series.csv, 1 µs bins) with a simulator trace in the format of
           traces/ns3-incast-31 (e.g. traces/ns3-incast-31/A2_dcqcn_pfc) or a generic CSV, or
           a TCP run (its tcp.csv) with a TCP trace as traces/ns3-vegas/B1_vegas;
           writes compare.json and report.html
  report   one self-contained HTML page (charts embedded, works offline) and PNG figures for
           run folders, with their simulator comparisons
  case-study  the main job (npm start): runs ns3-31-* and paper-31-*, compares the first two
           ns3 runs with the simulator traces, writes out/report.html, prints a summary table
  sweep  run every point of a parameter sweep on worker threads into a DuckDB table and a
         Parquet file (one row per point); shards for Slurm job arrays and Kubernetes Indexed
         Jobs, and merge to join them
  check-trace  check a DCQCN event trace against the protocol's rules (ACCEPT or REJECT
           with the first violation; exit 0, 1, or 2 for a malformed trace)
  list   list the built-in scenarios
`;

const COMPARE_HELP = `ccalc compare <model DIR> <trace prefix | trace.csv> [--out DIR]

  <model DIR>      a folder written by ccalc run with --bin 1us (the default)
  <trace prefix>   folder/prefix of simulator traces, e.g. traces/ns3-incast-31/A2_dcqcn_pfc,
                   or of a TCP trace (a <prefix>_cwnd_events.csv), e.g. traces/ns3-vegas/B1_vegas,
                   compared with the run's tcp.csv and the TCP goals
  <trace.csv>      or a generic CSV: columns "time (unit)", "backlog (unit)", "arrival_rate (unit)"
                   and optionally "departure_rate (unit)" (README, "Trace formats")
  --out DIR        where compare.json and report.html go (default: the model folder)
`;

const RUN_HELP = `ccalc run <scenario>... [options]

  <scenario>       a scenario file (.json, format in the README) or a built-in (see ccalc list);
                   several run one after the other into OUT/<name>, and one that fails is
                   reported without stopping the others (exit code 1 at the end). A network (a
                   file with a "topology", or a network built-in) runs on the network engine and
                   writes ports.csv, flows.csv, events.csv, port-frames.csv and summary.json
  --out DIR        output folder (default out/<name>)
  --bin 1us        bin width of the CSV series (default: the scenario's, else 1 µs)
  --horizon 10ms   compute up to this time (default: the scenario's); until-complete runs until
                   every sender's last byte has left the switch
  --engine NAME    events (event to event, fast), curves (the paper's curve algebra, the
                   reference), segments (TCP senders segment by segment: vegas "ns3-socket")
                   or auto (default: segments for such senders, else events where it covers
                   the scenario, else curves; summary.json says which ran and why)
  --senders        also write senders.csv (per sender and bin: 31 senders × 31 ms in 1 µs bins
                   is about a million rows, which takes longer to write than the run to compute),
                   and connections.csv for hosts with several connections (per connection)
  --plots          also draw the run's six charts: charts.json, and an SVG and a PNG each (for
                   ns3-31-dcqcn over 31 ms they take three times as long as the rest of the run);
                   ccalc report draws a page of them from charts.json
  --no-plots       no charts (the default; kept for scripts that say so)
  --no-events      write no events.csv (a DCQCN run's largest file: 11 MB for ns3-31-dcqcn over
                   31 ms; summary.json's counts come from the events all the same)
  --all-events     write events.csv beyond 20 million rows too (left out with a note otherwise;
                   10,000 senders × 1 MB log 4.8·10⁸ events, 43 GB), after the other files, and
                   only when its table (80 bytes a row) fits in this machine's memory
  --force          run even beyond the size limits (a million senders or bursts per sender,
                   2 million rows of series.csv, 100 million packets, an hour of computing)
  --repeat N       compute N times in one process and record every compute time in summary.json
                   (compute_ms_runs; compute_ms_warm is the median of runs 2..N), for benchmarks
  --dcqcn-trace FILE  also write the run's DCQCN event trace (the check-trace format, with the senders' own α
                      and rates) to FILE; the senders must run DCQCN's "trace-reference" variant
`;

/** Flags that take no value. */
const SWITCHES = new Set(['--force', '--senders', '--plots', '--no-plots', '--no-events', '--all-events']);

function options(args: string[]): { positional: string[]; flags: Record<string, string> } {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let k = 0; k < args.length; k++) {
    const a = args[k];
    if (a === '--help' || a === '-h') flags.help = 'true';
    else if (SWITCHES.has(a)) flags[a.slice(2)] = 'true';
    else if (a.startsWith('--')) {
      const value = args[k + 1];
      if (value === undefined || value.startsWith('--')) throw new ScenarioError(a, undefined, `a value after ${a}`);
      flags[a.slice(2)] = value;
      k++;
    } else positional.push(a);
  }
  return { positional, flags };
}


/** A built-in scenario by name, or a scenario file (a path ending in .json). */
async function resolveScenario(spec: string, force = false): Promise<Runnable | NetworkRunnable> {
  if (spec.endsWith('.json')) {
    const { loadAnyScenarioFile } = await import('./scenario/scenario.ts');
    return loadAnyScenarioFile(spec, { force });
  }
  if (Object.hasOwn(NETWORK_BUILT_INS, spec)) return { name: spec, ...NETWORK_BUILT_INS[spec] };
  if (!Object.hasOwn(BUILT_INS, spec)) throw new ScenarioError('scenario', spec, `a scenario file (.json) or one of ${builtInNames()}`);
  return { name: spec, ...BUILT_INS[spec] };
}

/** Whether a resolved scenario is a network (it runs on the network engine). */
function isNetwork(s: Runnable | NetworkRunnable): s is NetworkRunnable {
  return 'network' in s;
}

/** Every built-in's name, for error messages. */
function builtInNames(): string {
  return [...Object.keys(BUILT_INS), ...Object.keys(NETWORK_BUILT_INS)].join(', ');
}

/**
 * Runs a network (a scenario with a topology, or a network built-in) into `out`: the flags that
 * apply to one switch only are refused, naming them.
 */
async function runNetworkFlags(scenario: NetworkRunnable, flags: Record<string, string>, horizon: number, bin: number, out: string, untilComplete: boolean, runaway: { field: string; value: unknown } | undefined): Promise<void> {
  for (const flag of ['senders', 'dcqcn-trace', 'repeat'] as const) if (flags[flag] !== undefined) throw new ScenarioError(`--${flag}`, flags[flag], `no --${flag} for a network (${scenario.name} runs on the network engine)`);
  if (flags.engine !== undefined && flags.engine !== 'auto') throw new ScenarioError('--engine', flags.engine, `auto for a network (${scenario.name} runs on the network engine)`);
  const show = progress(scenario.name);
  const guard = runaway === undefined ? undefined : runawayGuard(runaway.field, runaway.value, horizon, 2, () => performance.now());
  const summary = await runNetworkScenario({ ...scenario, untilComplete }, horizon, bin, out, {
    plots: flags.plots !== undefined,
    events: flags['no-events'] === undefined,
    onProgress: (t, end) => {
      guard?.(t);
      show(t, end);
    },
  });
  const ports = summary.ports as { name: string; peak_backlog_bytes: number; peak_backlog_time_us: number }[];
  const hottest = ports.reduce((a, b) => (b.peak_backlog_bytes > a.peak_backlog_bytes ? b : a));
  process.stdout.write(`${scenario.name}: peak backlog ${(hottest.peak_backlog_bytes / 1e6).toFixed(3)} MB at ${hottest.peak_backlog_time_us.toFixed(1)} µs (${hottest.name}); results in ${out}/\n`);
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


/** How `runScenario` computes: which engine, and how many times (benchmarks). */
export interface RunOptions {
  engine?: EngineChoice;
  repeat?: number;
  /** Write senders.csv too. */
  senders?: boolean;
  /** Draw the run's charts: charts.json, SVG and PNG (default true here; the CLI draws them with --plots). */
  plots?: boolean;
  /** Write events.csv (default true; beyond `RUN_LIMITS.eventRows` rows only with `allEvents`). */
  events?: boolean;
  /**
   * Write events.csv beyond `RUN_LIMITS.eventRows` rows too, provided its table fits in memory
   * (`eventTableBytes`); it is then written after the run's other files are in place, so that a
   * failure loses it alone.
   */
  allEvents?: boolean;
  /**
   * Stop a run whose pace says it would compute for longer than `RUN_LIMITS.computeSeconds`, with
   * an error naming this field and value (where the horizon came from); no limit when absent.
   */
  runaway?: { field: string; value: unknown };
}

/**
 * Runs a scenario and writes its outputs to `out`; returns the summary. With `untilComplete`, the
 * run goes on until every sender has finished, up to 64 times the horizon, in one run on any engine.
 */
export async function runScenario(scenario: Runnable, horizon: number, bin: number, out: string, dcqcnTrace?: string, options: RunOptions = {}): Promise<Record<string, unknown>> {
  const { name } = scenario;
  if (dcqcnTrace !== undefined) {
    const { dcqcnTraceProblem } = await import('./check-trace/export.ts');
    const problem = dcqcnTraceProblem(scenario.model(horizon));
    if (problem !== null) throw new ScenarioError('--dcqcn-trace', dcqcnTrace, `a scenario with ECN whose senders run DCQCN's "trace-reference" variant, the reaction point whose α and rates the format's rules describe (${name}: ${problem})`);
  }
  await checkRunFolder(out);
  if (dcqcnTrace !== undefined) await checkOutputFile(dcqcnTrace, '--dcqcn-trace');
  const repeat = options.repeat ?? 1;
  const times: number[] = [];
  let computed: Computed;
  for (let k = 0; ; k++) {
    const t0 = performance.now();
    const show = progress(name);
    const guard = options.runaway === undefined ? undefined : runawayGuard(options.runaway.field, options.runaway.value, horizon, 2, () => performance.now());
    computed = computeScenario(
      scenario,
      horizon,
      options.engine ?? 'auto',
      (t, end) => {
        guard?.(t);
        show(t, end);
      },
    );
    times.push(performance.now() - t0);
    if (k + 1 >= repeat) break;
  }
  const { result, model, reason } = computed;
  const computeMs = times[0];
  process.stderr.write(`${process.stderr.isTTY ? '\r' : ''}  ${name}: ${(result.horizon * 1e3).toFixed(2)} ms computed in ${(computeMs / 1e3).toFixed(3)} s (${result.stats.engine} engine)\n`);
  const csv = runCsvChunks(result, bin, { senders: options.senders === true, model, events: false });
  const note = reason === null || options.engine === 'curves' ? null : result.stats.engine === 'segments' ? reason : `the event engine does not cover ${reason}`;
  const tcp = tcpSummary(result);
  const summary: Record<string, unknown> = { scenario: name, run_id: randomUUID(), engine: result.stats.engine, ...(result.stats.loop === undefined ? {} : { engine_loop: result.stats.loop }), ...(note === null ? {} : { engine_note: note }), ...runSummary(result, computeMs, model), ...(tcp === null ? {} : { tcp }) };
  const tcpRows = tcpCsv(result, bin);
  if (repeat > 1) {
    summary.compute_ms_runs = times;
    summary.compute_ms_warm = median(times.slice(1));
  }
  const events = eventsPlan(result.stats.events, options);
  if (events.note !== undefined) {
    summary.events_csv = `not written: ${events.note}`;
    process.stderr.write(`  ${name}: events.csv not written: ${events.note}\n`);
  }
  const carried = summary.connections_carried_over as number | undefined;
  if (carried !== undefined && carried > 0) {
    process.stderr.write(`  ${name}: at ${carried} connection starts a sender still had bytes of an earlier connection waiting; one flow per sender carries them on under the new connection's state (with "wholePackets": true each connection runs on its own, sharing the host's NIC)\n`);
  }
  if (scenario.clock !== undefined) summary.clock_us = { sender_to_switch: scenario.clock.senderToSwitch * 1e6, switch_to_receiver: scenario.clock.switchToReceiver * 1e6 };
  // The run's files go into a folder of their own, put in place when all are written.
  await writeRunFolder(out, async (dir) => {
    await Promise.all([
      writeFile(join(dir, 'series.csv'), csv.series),
      ...(csv.senders === undefined ? [] : [writeFile(join(dir, 'senders.csv'), csv.senders)]),
      ...(csv.connections === undefined ? [] : [writeFile(join(dir, 'connections.csv'), csv.connections)]),
      // events.csv in chunks of bytes: a run's millions of rows never make one string.
      ...(events.write === 'with the others' ? [writeFile(join(dir, 'events.csv'), eventsCsvChunks(result, model))] : []),
      writeFile(join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`),
      ...(tcpRows === null ? [] : [writeFile(join(dir, 'tcp.csv'), `${tcpRows}\n`)]),
    ]);
    if (options.plots === false) return;
    const charts = runCharts(name, result, model);
    await writeFile(join(dir, 'charts.json'), JSON.stringify(charts));
    const { renderCharts } = await import('./render.ts'); // vega and resvg load only when plots are written
    await renderCharts(charts.map((c) => ({ spec: c.spec, base: join(dir, c.name) })));
  });
  if (events.write === 'last') await writeEventsLast(out, name, summary, () => eventsCsvChunks(result, model));
  if (dcqcnTrace !== undefined) {
    const { modelDcqcnTrace } = await import('./check-trace/export.ts');
    await mkdir(dirname(dcqcnTrace), { recursive: true });
    await writeFile(dcqcnTrace, modelDcqcnTrace(model, result));
  }
  return summary;
}

/**
 * Whether and when a run of `events` events writes events.csv: with the other files, within
 * `RUN_LIMITS.eventRows` rows; beyond it only with `allEvents`, last (after the other files are
 * in place) and only when its table fits in memory beside the process (`eventTableBytes`); else
 * not, with the reason (`note`) for stderr and summary.json. An events.csv of hundreds of millions
 * of rows takes tens of gigabytes and longer to write than the run took to compute.
 */
function eventsPlan(events: number, options: RunOptions): { write: 'with the others' | 'last' | 'no'; note?: string } {
  if (options.events === false) return { write: 'no' };
  if (events <= RUN_LIMITS.eventRows) return { write: 'with the others' };
  const many = `${events.toLocaleString('en-US')} events, more than ${RUN_LIMITS.eventRows.toLocaleString('en-US')}`;
  if (options.allEvents !== true) return { write: 'no', note: `${many} (--all-events writes it, --no-events leaves it out without this note)` };
  const table = eventTableBytes(events);
  const run = process.memoryUsage().rss;
  if (table + run > RUN_LIMITS.memoryBytes) return { write: 'no', note: `${many}, whose table would take ${gigabytes(table)} beside the run's ${gigabytes(run)}, more than this machine's ${gigabytes(RUN_LIMITS.memoryBytes)} (--no-events leaves it out without this note)` };
  return { write: 'last' };
}

const gigabytes = (bytes: number): string => `${(bytes / 1e9).toPrecision(3)} GB`;

/**
 * Writes events.csv into a run's folder already in place (as events.csv.partial, renamed when
 * whole), so that running out of memory or disk loses events.csv alone. A failure is said on
 * stderr and in summary.json's `events_csv`, and the partial file removed.
 */
export async function writeEventsLast(out: string, name: string, summary: Record<string, unknown>, chunks: () => Iterable<Uint8Array>): Promise<void> {
  const partial = join(out, 'events.csv.partial');
  process.stderr.write(`  ${name}: writing events.csv (${(summary.events as number).toLocaleString('en-US')} rows) after the other files\n`);
  try {
    await writeFile(partial, chunks());
    await rename(partial, join(out, 'events.csv'));
  } catch (e) {
    await rm(partial, { force: true });
    summary.events_csv = `not written: ${(e as Error).message}`;
    process.stderr.write(`  ${name}: events.csv not written: ${(e as Error).message}\n`);
    await writeFile(join(out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
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
  if (positional.length === 0) throw new ScenarioError('scenario', undefined, `a scenario file (.json) or one of ${builtInNames()}`);
  for (const flag of Object.keys(flags)) if (!['out', 'bin', 'horizon', 'dcqcn-trace', 'engine', 'repeat', 'senders', 'plots', 'no-plots', 'no-events', 'all-events', 'force'].includes(flag)) throw new ScenarioError(`--${flag}`, flags[flag], 'one of --out, --bin, --horizon, --dcqcn-trace, --engine, --repeat, --senders, --plots, --no-plots, --no-events, --all-events, --force');
  const force = flags.force !== undefined;
  // Charts only on request: drawing them takes longer than the rest of the run.
  if (flags.plots !== undefined && flags['no-plots'] !== undefined) throw new ScenarioError('--plots', '--no-plots', 'one of --plots (draw the charts) and --no-plots (the default)');
  const plots = flags.plots !== undefined;
  const untilComplete = flags.horizon === 'until-complete';
  const horizonFlag = flags.horizon === undefined || untilComplete ? undefined : parseQuantity(flags.horizon, 'time', '--horizon');
  const engine = (flags.engine ?? 'auto') as EngineChoice;
  if (!['auto', 'curves', 'events', 'segments'].includes(engine)) throw new ScenarioError('--engine', flags.engine, 'events, curves, segments or auto');
  const repeat = flags.repeat === undefined ? 1 : Number(flags.repeat);
  if (!(Number.isInteger(repeat) && repeat >= 1 && repeat <= 1000)) throw new ScenarioError('--repeat', flags.repeat, 'a whole number from 1 to 1000');
  const binFlag = flags.bin === undefined ? undefined : parseQuantity(flags.bin, 'time', '--bin');
  if (horizonFlag !== undefined && !(horizonFlag > 0)) throw new ScenarioError('--horizon', flags.horizon, 'a duration > 0');
  if (binFlag !== undefined && !(binFlag > 0)) throw new ScenarioError('--bin', flags.bin, 'a duration > 0');
  const batch = positional.length > 1;
  if (batch && flags['dcqcn-trace'] !== undefined) throw new ScenarioError('--dcqcn-trace', flags['dcqcn-trace'], 'a single scenario (one trace file per run)');
  // A batch: every scenario runs into OUT/<name>; one that fails is reported and the others still run.
  const failures: string[] = [];
  // Every scenario is read first: a batch whose scenarios share a name (one output folder) is
  // refused before anything runs; one that cannot be read is reported and the others still run.
  const resolved: { spec: string; scenario?: Runnable | NetworkRunnable; error?: unknown }[] = [];
  for (const spec of positional) {
    try {
      resolved.push({ spec, scenario: await resolveScenario(spec, force) });
    } catch (e) {
      if (!batch) throw e;
      resolved.push({ spec, error: e });
    }
  }
  const owner = new Map<string, string>();
  for (const { spec, scenario } of resolved) {
    if (scenario === undefined) continue;
    const other = owner.get(scenario.name);
    if (other !== undefined) throw new ScenarioError('scenario', spec, `a name of its own in a batch (it and ${other} are both "${scenario.name}", one output folder)`);
    owner.set(scenario.name, spec);
  }
  for (const { spec, scenario, error } of resolved) {
    try {
      if (scenario === undefined) throw error;
      const horizon = horizonFlag ?? scenario.horizon;
      const bin = binFlag ?? scenario.bin ?? 1e-6;
      // The scenario's own bin and horizon agree (checked when it was read): one of the flags is at fault.
      if (bin > horizon) {
        if (binFlag !== undefined) throw new ScenarioError('--bin', flags.bin, `a duration at most the horizon (${flags.horizon ?? `${spec}'s, ${Number((horizon * 1e3).toPrecision(6))} ms`})`);
        throw new ScenarioError('--horizon', flags.horizon, `a duration at least the bin (${spec}'s, ${Number((bin * 1e6).toPrecision(6))} µs; or give --bin)`);
      }
      // Where the bin and the horizon came from, for the errors of the size checks.
      const horizonOrigin = horizonFlag !== undefined ? { field: '--horizon', value: flags.horizon } : { field: `${spec}: horizon`, value: untilComplete || scenario.untilComplete ? 'until-complete' : `${horizon} s` };
      const out = batch ? join(flags.out ?? 'out', scenario.name) : (flags.out ?? join('out', scenario.name));
      if (isNetwork(scenario)) {
        const binOrigin = binFlag !== undefined ? { field: '--bin', value: flags.bin } : horizonFlag !== undefined ? horizonOrigin : { field: `${spec}: bin`, value: `${bin} s` };
        if (!force) checkNetworkSize(scenario.network(horizon), bin, { binField: binOrigin.field, bin: binOrigin.value, horizonField: horizonOrigin.field, horizon: horizonOrigin.value });
        await runNetworkFlags(scenario, flags, horizon, bin, out, untilComplete || (horizonFlag === undefined && scenario.untilComplete === true), force ? undefined : horizonOrigin);
        continue;
      }
      const binOrigin = binFlag !== undefined ? { field: '--bin', value: flags.bin } : horizonFlag !== undefined ? horizonOrigin : { field: `${spec}: bin`, value: `${bin} s` };
      if (!force) checkRunSize(scenario.model(horizon), bin, { senders: flags.senders !== undefined, binField: binOrigin.field, bin: binOrigin.value, horizonField: horizonOrigin.field, horizon: horizonOrigin.value });
      const summary = await runScenario({ ...scenario, untilComplete: untilComplete || (horizonFlag === undefined && scenario.untilComplete) }, horizon, bin, out, flags['dcqcn-trace'], { engine, repeat, senders: flags.senders !== undefined, plots, events: flags['no-events'] === undefined, allEvents: flags['all-events'] !== undefined, runaway: force ? undefined : horizonOrigin });
      process.stdout.write(`${scenario.name}: peak backlog ${((summary.peak_backlog_bytes as number) / 1e6).toFixed(3)} MB at ${(summary.peak_backlog_time_us as number).toFixed(1)} µs; results in ${out}/\n`);
    } catch (e) {
      if (!batch) throw e;
      const text = errorLine(e);
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

async function compare(args: string[]): Promise<void> {
  const { positional, flags } = options(args);
  if (flags.help !== undefined) {
    process.stdout.write(COMPARE_HELP);
    return;
  }
  const [dir, prefix] = positional;
  if (dir === undefined) throw new ScenarioError('model DIR', undefined, 'a folder written by ccalc run');
  if (prefix === undefined) throw new ScenarioError('trace prefix', undefined, 'a folder/prefix of simulator traces, or a generic trace .csv');
  for (const flag of Object.keys(flags)) if (flag !== 'out') throw new ScenarioError(`--${flag}`, flags[flag], '--out');
  const out = flags.out ?? dir;
  // The trace readers and comparisons load only for this command.
  const [{ compareRun }, { tcpComparisonRows }] = await Promise.all([import('./compare-run.ts'), import('./tcp-compare.ts')]);
  const metrics = await compareRun(dir, prefix, out);
  if (metrics.kind === 'tcp') {
    const failed = tcpComparisonRows(metrics).filter((r) => r.within === false).map((r) => r.figure);
    process.stdout.write(`${failed.length === 0 ? 'every TCP goal met' : `goals not met: ${failed.join(', ')}`}; ${join(out, 'compare.json')}, ${join(out, 'report.html')}\n`);
    return;
  }
  const b = metrics.backlog as { nrmsePercent: number | null; peak_bytes: { error_percent: number | null } };
  // Relative figures need a simulator backlog above 0 somewhere.
  const figures = b.nrmsePercent === null || b.peak_bytes.error_percent === null ? 'backlog NRMSE and peak error – (the simulator\'s backlog is 0 throughout)' : `backlog NRMSE ${b.nrmsePercent.toFixed(2)} % of peak, peak error ${b.peak_bytes.error_percent.toFixed(2)} %`;
  process.stdout.write(`${figures}; ${join(out, 'compare.json')}, ${join(out, 'report.html')}\n`);
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
  if (positional.length === 0) throw new ScenarioError('run DIR', undefined, 'one or more folders written by ccalc run');
  for (const flag of Object.keys(flags)) if (!['out', 'title'].includes(flag)) throw new ScenarioError(`--${flag}`, flags[flag], 'one of --out, --title');
  const { readRun, writeReport } = await import('./report.ts');
  const runs = [];
  for (const dir of positional) {
    const run = await readRun(dir);
    if (run.staleComparison !== undefined) process.stderr.write(`ccalc report: ${run.staleComparison}\n`);
    runs.push(run);
  }
  const out = flags.out ?? join('out', 'report');
  process.stderr.write(`  rendering ${runs.reduce((n, r) => n + r.charts.length + (r.comparison?.charts.length ?? 0), 0)} charts\n`);
  const page = await writeReport(runs, out, flags.title ?? 'ccalc report');
  process.stdout.write(`report: ${page} (figures in ${join(out, 'figures')})\n`);
}

async function study(args: string[]): Promise<void> {
  const { flags } = options(args);
  if (flags.help !== undefined) {
    process.stdout.write('ccalc case-study [--horizon 3ms] [--out out]\n\n  Runs the six 31-sender scenarios (the simulator\'s and the paper\'s), compares the first two\n  ns3 runs with the simulator traces (traces/ns3-incast-31), writes OUT/report.html and prints a summary table.\n');
    return;
  }
  for (const flag of Object.keys(flags)) if (!['out', 'horizon'].includes(flag)) throw new ScenarioError(`--${flag}`, flags[flag], 'one of --out, --horizon');
  const horizon = flags.horizon === undefined ? 3e-3 : parseQuantity(flags.horizon, 'time', '--horizon');
  const out = flags.out ?? 'out';
  const { caseStudy } = await import('./case-study.ts');
  const { compareRun } = await import('./compare-run.ts');
  const { table, failures } = await caseStudy(horizon, out, runBuiltIn, compareRun);
  process.stdout.write(`\n${table}\n\n`);
  for (const f of failures) process.stderr.write(`failed: ${f}\n`);
  process.stdout.write(`report: ${join(out, 'report.html')}\n`);
  if (failures.length > 0) process.exitCode = 1;
}

/** The version of the ccalc package (its package.json). */
async function version(): Promise<string> {
  const file = join(import.meta.dirname, '..', 'package.json');
  return (JSON.parse(await readFile(file, 'utf8')) as { version: string }).version;
}

/**
 * Entry point: returns the exit code (0 ok, 1 bad input or failure; check-trace: 0 accept, 1 reject,
 * 2 malformed; 70 an internal error, that is a bug, said so on stderr).
 */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h') process.stdout.write(HELP);
    else if (command === '--version' || command === '-v' || command === 'version') process.stdout.write(`ccalc ${await version()}\n`);
    else if (command === 'help') {
      // `ccalc help <command>` is `ccalc <command> --help`.
      if (rest.length === 0) process.stdout.write(HELP);
      else return await main([rest[0], '--help']);
    } else if (command === 'list') for (const [k, v] of [...Object.entries(BUILT_INS), ...Object.entries(NETWORK_BUILT_INS)]) process.stdout.write(`${k.padEnd(24)} ${v.description}\n`);
    else if (command === 'run') await run(rest);
    else if (command === 'compare') await compare(rest);
    else if (command === 'case-study') await study(rest);
    else if (command === 'report') await report(rest);
    else if (command === 'sweep') {
      const { sweepCommand } = await import('./sweep/sweep-command.ts');
      return await sweepCommand(rest);
    } else if (command === 'check-trace') {
      const { checkTraceCommand } = await import('./check-trace/command.ts');
      return await checkTraceCommand(rest, (s) => process.stdout.write(s), (s) => process.stderr.write(s));
    } else throw new ScenarioError('command', command, 'run, compare, report, case-study, sweep, check-trace or list (see ccalc --help)');
    return process.exitCode === 1 ? 1 : 0;
  } catch (e) {
    process.stderr.write(`ccalc: ${errorLine(e)}\n`);
    return isInputError(e) ? 1 : INTERNAL_ERROR_EXIT;
  }
}

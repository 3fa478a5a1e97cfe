/**
 * The `ccalc` command line (node only). `ccalc run <built-in> [--out DIR] [--bin 1us] [--horizon 10ms]`
 * runs a scenario and writes series.csv, senders.csv, events.csv, summary.json and plots.
 * Errors are one line on stderr with a non-zero exit code.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runPathServer, rateChart, curvesChart } from '@ccalc/cca';
import { BUILT_INS } from './scenarios.ts';
import { parseQuantity, ScenarioError } from './units.ts';
import { runCsv, runSummary } from './output.ts';

const HELP = `ccalc — network calculus for congestion control

Usage:
  ccalc run <scenario> [--out DIR] [--bin 1us] [--horizon 10ms]
  ccalc list
  ccalc <command> --help

Commands:
  run    run a built-in scenario and write DIR/series.csv, senders.csv, events.csv,
         summary.json and plots (SVG and PNG); progress goes to stderr
  list   list the built-in scenarios
`;

const RUN_HELP = `ccalc run <scenario> [options]

  <scenario>       a built-in scenario (see ccalc list)
  --out DIR        output folder (default out/<scenario>)
  --bin 1us        bin width of the CSV series (any duration with a unit)
  --horizon 10ms   compute up to this time (default: the scenario's)
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

async function run(args: string[]): Promise<void> {
  const { positional, flags } = options(args);
  if (flags.help !== undefined) {
    process.stdout.write(RUN_HELP);
    return;
  }
  const name = positional[0];
  const known = Object.keys(BUILT_INS);
  if (name === undefined || !Object.hasOwn(BUILT_INS, name)) throw new ScenarioError('scenario', name ?? null, `one of ${known.join(', ')}`);
  for (const flag of Object.keys(flags)) if (!['out', 'bin', 'horizon'].includes(flag)) throw new ScenarioError(`--${flag}`, flags[flag], 'one of --out, --bin, --horizon');
  const builtIn = BUILT_INS[name];
  const horizon = flags.horizon === undefined ? builtIn.horizon : parseQuantity(flags.horizon, 'time', '--horizon');
  const bin = flags.bin === undefined ? 1e-6 : parseQuantity(flags.bin, 'time', '--bin');
  if (!(horizon > 0)) throw new ScenarioError('--horizon', flags.horizon, 'a duration > 0');
  if (!(bin > 0) || bin > horizon) throw new ScenarioError('--bin', flags.bin, `a duration > 0 and at most the horizon`);
  const out = flags.out ?? join('out', name);
  const model = builtIn.model(horizon);
  const t0 = performance.now();
  const result = runPathServer(model, {
    onProgress: (t, h) => process.stderr.write(`\r  ${name}: ${(t * 1e3).toFixed(2)} / ${(h * 1e3).toFixed(2)} ms computed`),
  });
  const computeMs = performance.now() - t0;
  process.stderr.write(`\r  ${name}: ${(horizon * 1e3).toFixed(2)} ms computed in ${(computeMs / 1e3).toFixed(2)} s\n`);
  await mkdir(out, { recursive: true });
  const csv = runCsv(result, bin);
  const summary: Record<string, unknown> = { scenario: name, ...runSummary(result, computeMs, bin) };
  await Promise.all([
    writeFile(join(out, 'series.csv'), `${csv.series}\n`),
    writeFile(join(out, 'senders.csv'), `${csv.senders}\n`),
    writeFile(join(out, 'events.csv'), `${csv.events}\n`),
    writeFile(join(out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`),
  ]);
  const { renderChart } = await import('./render.ts'); // vega and resvg load only when plots are written
  await renderChart(rateChart(result, `${name}: sender rates`), join(out, 'rates'));
  await renderChart(curvesChart([{ label: 'switch backlog', curve: result.backlog }], horizon, `${name}: backlog`, 'backlog (kB)'), join(out, 'backlog'));
  process.stdout.write(`${name}: peak backlog ${((summary.peak_backlog_bytes as number) / 1e6).toFixed(3)} MB at ${(summary.peak_backlog_time_us as number).toFixed(1)} µs; results in ${out}/\n`);
}

/** Entry point: returns the exit code (0 ok, 1 bad input or failure). */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h') process.stdout.write(HELP);
    else if (command === 'list') for (const [k, v] of Object.entries(BUILT_INS)) process.stdout.write(`${k.padEnd(22)} ${v.description}\n`);
    else if (command === 'run') await run(rest);
    else throw new ScenarioError('command', command, 'run or list (see ccalc --help)');
    return 0;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`ccalc: ${message.split('\n')[0]}\n`);
    return 1;
  }
}

import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { main } from '../../cli.ts';
import { mutateJson, mutateText, randomSource, type Random } from './mutate.ts';

/** What one fuzz case did: a result, a clean refusal (one line naming the input), or a failure. */
export interface CaseOutcome {
  seed: number;
  input: 'scenario' | 'generic-trace' | 'dcqcn-trace';
  kind: 'result' | 'refused' | 'failure';
  /** For a refusal, the line on stderr; for a failure, what went wrong. */
  message?: string;
}

const burst = (size: string) => ({ pattern: 'burst', size });
const ECN = { kMin: '5 kB', kMax: '200 kB', pMax: 0.01, at: 'dequeue', marking: 'random' };

/** Valid scenarios, small enough that most mutated ones run in milliseconds. */
export const BASE_SCENARIOS: Record<string, unknown>[] = [
  { name: 'ns3-like', link: { rate: '100 Gbps' }, packetSize: '1048 B', packetHeader: '48 B', wholePackets: true, delays: { feedback: '5.26 us', notification: '4.18 us', pause: '2.09 us' }, senders: [{ count: 3, name: 's', arrival: burst('100 kB') }], cca: { algorithm: 'dcqcn', variant: 'ns3-mlx' }, ecn: ECN, pfc: { xOff: '100 kB', xOn: '90 kB', resume: 'threshold' }, horizon: '100 us', bin: '1 us', seed: 3 },
  { link: { rate: '100 Gbps' }, delays: { feedback: '4 us' }, senders: [{ count: 4, arrival: burst('200 kB') }], cca: { algorithm: 'dcqcn', variant: 'paper' }, ecn: { kMin: '20 kB', kMax: '100 kB', pMax: 0.1, at: 'enqueue' }, pfc: { xOff: '200 kB', xOn: '150 kB', resume: 'paper' }, horizon: '200 us', bin: '5 us' },
  { name: 'bursts', link: { rate: '40 Gbps' }, packetSize: '1000 B', wholePackets: true, delays: { feedback: '4 us' }, senders: [{ count: 2, arrival: { pattern: 'repeated-bursts', size: '50 kB', period: '50 us', count: 3, connection: 'per-burst' } }], cca: { algorithm: 'aimd-rate', increase: '1 Gbps', decrease: 0.5, increaseInterval: '10 us' }, ecn: { kMax: '30 kB' }, horizon: 'until-complete', bin: '10 us' },
  { link: { rate: '100 Gbps' }, delays: { feedback: '20 us' }, senders: [{ arrival: burst('200 kB') }], cca: { algorithm: 'vegas', initialWindow: '3 kB' }, horizon: '300 us', bin: '10 us' },
  { link: { rate: '10 Gbps' }, delays: { feedback: '10 us' }, senders: [{ count: 2, arrival: burst('100 kB') }], cca: { algorithm: 'aimd-window', initialWindow: '10 kB', slowStartThreshold: '40 kB', increase: '1 kB', decrease: 0.5, timeout: '1 ms', restartWindow: '10 kB' }, ecn: { kMax: '20 kB' }, horizon: '200 us' },
  { name: 'hosts', link: { rate: '100 Gbps' }, packetSize: '1048 B', packetHeader: '48 B', wholePackets: true, delays: { feedback: '5.26 us', notification: '4.18 us', pause: '2.09 us' }, senders: [{ count: 3, name: 'h', arrival: [{ pattern: 'transfers', transfers: [{ at: '0 us', size: '60 kB' }, { at: '2 us', size: '30 kB' }, { at: '3 us', size: '90 kB' }] }, { pattern: 'repeated-bursts', size: '40 kB', period: '20 us', count: 2, start: '1 us' }] }], cca: { algorithm: 'dcqcn', variant: 'ns3-mlx' }, ecn: ECN, pfc: { xOff: '60 kB', xOn: '50 kB', resume: 'threshold' }, horizon: 'until-complete', bin: '1 us', seed: 5 },
  { name: 'network', packetSize: '1000 B', topology: { switches: ['a', { name: 'b', pfc: { xOff: '50 kB', xOn: '40 kB' } }], links: [{ from: 'a', to: 'b', rate: '100 Gbps', delay: '1 us', ecn: ECN }], receivers: [{ name: 'r', at: 'b', rate: '25 Gbps' }, { name: 'q', at: 'a', rate: '100 Gbps' }] }, senders: [{ count: 2, name: 'h', at: 'a', to: 'r', arrival: burst('100 kB') }, { name: 'v', at: 'a', to: 'q', arrival: { pattern: 'constant-rate', rate: '10 Gbps', stop: '50 us' } }], cca: { algorithm: 'dcqcn', variant: 'ns3-mlx' }, pfc: { xOff: '100 kB', xOn: '90 kB' }, delays: { feedback: '4 us', pause: '1 us' }, horizon: '100 us', bin: '1 us', seed: 2 },
  { name: 'qcn-network', packetSize: '1500 B', topology: { switches: ['s1', 's2', 's3'], links: [{ from: 's1', to: 's2', rate: '10 Gbps', delay: '2 us' }, { from: 's2', to: 's3', rate: '10 Gbps', delay: '2 us' }], receivers: [{ name: 'n9', at: 's3', rate: '10 Gbps' }, { name: 'n7', at: 's2', rate: '10 Gbps' }] }, senders: [{ count: 2, name: 'hot', at: 's1', to: 'n9', arrival: burst('200 kB') }, { name: 'cold', at: 's1', to: 'n7', arrival: burst('200 kB') }], cca: { algorithm: 'qcn' }, qcn: { qEq: '10 kB', w: 2, fbBits: 8, sampling: { min: 0.05, max: 0.2 } }, delays: { feedback: '4 us' }, horizon: 'until-complete', bin: '10 us' },
  { name: 'traced', link: { rate: '100 Gbps' }, packetSize: '1000 B', wholePackets: true, delays: { feedback: '4 us' }, senders: [{ name: 'trace', arrival: { pattern: 'trace', file: 'packets.csv' } }, { name: 'background', arrival: { pattern: 'constant-rate', rate: '10 Gbps', stop: '50 us' } }], cca: { algorithm: 'none' }, horizon: '100 us' },
];

/** A packet trace for the `trace` arrival pattern (time_us, bytes). */
export const PACKETS = ['time_us,bytes', ...Array.from({ length: 40 }, (_, k) => `${(k * 0.5).toFixed(1)},1000`)].join('\n') + '\n';

/** A generic simulator trace (README, "Trace formats"). */
const GENERIC = ['time (us),backlog (kB),arrival_rate (Gbps),departure_rate (Gbps)', ...Array.from({ length: 60 }, (_, k) => `${k},${(k * 3.5) % 97},${(k * 7) % 300},${k % 2 === 0 ? 100 : 99.5}`)].join('\n') + '\n';

/** A DCQCN event trace the checker accepts (the package's example). */
const DCQCN = readFileSync(resolve(import.meta.dirname, '../../../examples/dcqcn-trace-accepted.csv'), 'utf8');

/** Every file under dir, relative to it. */
export function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path, base) : [relative(base, path)];
  });
}

/**
 * Runs `ccalc` in this process with stdout and stderr captured: the exit code and what it wrote.
 * The CLI writes through process.stdout/stderr.write; both are swapped for the call.
 */
export async function ccalc(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = process.stdout.write;
  const err = process.stderr.write;
  process.stdout.write = ((s: string) => ((stdout += s), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string) => ((stderr += s), true)) as typeof process.stderr.write;
  process.exitCode = 0;
  try {
    const code = await main(args);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    process.exitCode = 0;
  }
}

/** The input of case `seed`: which kind, and the files to write (name → content). */
function caseInput(random: Random): { input: CaseOutcome['input']; files: Record<string, Buffer | string>; args: (dir: string) => string[] } {
  const r = random();
  if (r < 0.7) {
    const base = BASE_SCENARIOS[Math.floor(random() * BASE_SCENARIOS.length)];
    // Numbers scaled (a what-if gone far), fields changed (what a person gets wrong), bytes changed (a damaged file).
    const r2 = random();
    const text = r2 < 0.3 ? JSON.stringify(mutateJson(random, base, { scaleOnly: true }), null, 1) : r2 < 0.85 ? JSON.stringify(mutateJson(random, base), null, 1) : mutateText(random, JSON.stringify(base, null, 1));
    const packets = random() < 0.1 ? mutateText(random, PACKETS) : PACKETS;
    // --senders belongs to one switch (a network refuses it).
    const senders = 'topology' in base ? [] : ['--senders'];
    return { input: 'scenario', files: { 'scenario.json': text, 'packets.csv': packets }, args: (dir) => ['run', join(dir, 'scenario.json'), '--out', join(dir, 'out'), '--no-plots', ...senders] };
  }
  if (r < 0.95) return { input: 'generic-trace', files: { 'trace.csv': mutateText(random, GENERIC) }, args: (dir) => ['compare', join(dir, '..', 'run'), join(dir, 'trace.csv'), '--out', join(dir, 'out')] };
  return { input: 'dcqcn-trace', files: { 'trace.csv': mutateText(random, DCQCN) }, args: (dir) => ['check-trace', join(dir, 'trace.csv')] };
}

/**
 * Runs fuzz case `seed` in `root` (a folder with a run of the first base scenario in `root/run`, to
 * compare traces with): writes the mutated input into `root/<seed>`, runs the ccalc command on it,
 * and judges the outcome:
 * - a refusal must be one line on stderr, not an internal error;
 * - a result must hold no NaN or Infinity in any file it wrote;
 * - nothing may be written outside the case's `out` folder.
 * The case's folder is removed afterwards, unless `keep` (to replay a case and look at it).
 * @example await fuzzCase(17, root) // { seed: 17, input: 'scenario', kind: 'refused', message: '…' }
 */
export async function fuzzCase(seed: number, root: string, options: { keep?: boolean } = {}): Promise<CaseOutcome> {
  const random = randomSource(seed);
  const { input, files, args } = caseInput(random);
  const dir = join(root, String(seed));
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  const outcome = (kind: CaseOutcome['kind'], message?: string): CaseOutcome => ({ seed, input, kind, ...(message === undefined ? {} : { message }) });
  try {
    const { code, stdout, stderr } = await ccalc(args(dir));
    // A scenario, a sender group, a switch or a receiver may be named "NaN", and its name is
    // written where it belongs (a network's CSV files name ports and flows).
    const names = scenarioNames(files['scenario.json']);
    const unnamed = (text: string): string => names.reduce((t, name) => t.split(name).join(''), text);
    if (/\bNaN\b|\bInfinity\b/.test(unnamed(stdout))) return outcome('failure', `NaN or Infinity on stdout: ${stdout.slice(0, 300)}`);
    const lines = stderr.split('\n').filter((l) => l.startsWith('ccalc'));
    if (code === 70 || /internal error/.test(stderr)) return outcome('failure', lines.join(' | '));
    const written = listFiles(dir).filter((f) => !(f in files));
    const outside = written.filter((f) => !f.startsWith(`out${'/'}`) && f !== 'out');
    if (outside.length > 0) return outcome('failure', `wrote outside --out: ${outside.join(', ')}`);
    const escaped = readdirSync(root).filter((name) => name !== 'run' && !/^\d+$/.test(name));
    if (escaped.length > 0) return outcome('failure', `wrote into the fuzz root: ${escaped.join(', ')}`);
    // Data files and figures (report.html embeds the Vega runtime, whose code has NaN in it).
    for (const f of written.filter((file) => /\.(csv|json|svg)$/.test(file))) {
      if (/\bNaN\b|\bInfinity\b/.test(unnamed(readFileSync(join(dir, f), 'utf8')))) return outcome('failure', `NaN or Infinity in ${f}`);
    }
    if (code === 0 || (input === 'dcqcn-trace' && code === 1)) return outcome('result');
    if (lines.length !== 1) return outcome('failure', `exit ${code} with ${lines.length} error lines: ${stderr.slice(0, 300)}`);
    return outcome('refused', lines[0]);
  } catch (e) {
    return outcome('failure', `threw: ${(e as Error).stack ?? String(e)}`);
  } finally {
    if (options.keep !== true) rmSync(dir, { recursive: true, force: true });
  }
}

/** Every `name` in a scenario file's text (the scenario's, its groups', switches' and receivers'), if it parses; switch names given as strings too. */
function scenarioNames(text: Buffer | string | undefined): string[] {
  const names: string[] = [];
  const visit = (v: unknown, key?: string): void => {
    if (typeof v === 'string' && (key === 'name' || key === 'switches') && v !== '') names.push(JSON.stringify(v).slice(1, -1));
    else if (Array.isArray(v)) for (const x of v) visit(x, key === 'switches' ? 'switches' : undefined);
    else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, k);
  };
  try {
    visit(JSON.parse(String(text)));
  } catch {
    // not JSON: no names
  }
  return names;
}

/** Prepares a fuzz root: the run that generic traces are compared with (`root/run`). */
export async function prepareFuzzRoot(root: string): Promise<void> {
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'base.json'), JSON.stringify({ ...BASE_SCENARIOS[0], name: 'base' }));
  const { code, stderr } = await ccalc(['run', join(root, 'base.json'), '--out', join(root, 'run'), '--no-plots']);
  rmSync(join(root, 'base.json'));
  if (code !== 0) throw new Error(`the fuzz root's base run failed: ${stderr}`);
}

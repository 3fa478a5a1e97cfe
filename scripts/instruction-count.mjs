/**
 * Instructions the event engine executes for the simulator's incast (A1, A2, A3 to completion),
 * counted by valgrind (callgrind): a cost that, unlike time, does not move with the machine's
 * spells. On the project's 2-core machine wall times of one build vary by ±30 % from one run to
 * the next, while these counts repeat to 0.3–2 % (BENCHMARKS.md), so two builds can be compared on
 * any day. They are a proxy for time: a cache miss costs more than an addition. Each build runs in
 * two processes under valgrind, one run and 1 + R runs; the difference divided by R is one warm run
 * (JIT warm-up of later tiers and GC included), the first process the cold one with Node's
 * start-up. Valgrind is slow: about 3 minutes a build for A1 with R = 1, 4 for A2.
 *   node scripts/instruction-count.mjs A1|A2|A3 [R] [dist …] [--block-mode] [--node-flags="--flag …"] [--by-function[=N]]
 * `--block-mode` runs the engine's block mode (runEvents' `blockMode`, { enter: 64, low: 16 }).
 * `dist`: built @ccalc/cca directories to compare (default packages/cca/dist), e.g. a copy of the
 * base build: cp -r packages/cca/dist /tmp/dist-base, then node scripts/instruction-count.mjs A2 1
 * /tmp/dist-base packages/cca/dist. Run `npm run build` first. `--node-flags` passes V8 flags to
 * the measured Node processes. They run with --single-threaded: V8 compiles and collects garbage
 * on the main thread, so the counts repeat (background threads made them vary by half).
 * `--by-function[=N]` also says where the instructions went (callgrind-attribution.mjs): for the
 * cold process and for one warm run, by category (optimized JavaScript, interpreter, inline-cache
 * misses, the optimizing compiler, GC, the rest), and the warm run's N costliest functions
 * (default 25), JavaScript functions by name (with what they inlined). The compiler's share is
 * main-thread work only here (--single-threaded); in a normal process it runs beside it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { attributeCallgrind } from './callgrind-attribution.mjs';

const CASES = { A1: { dcqcn: false, pfc: true }, A2: { dcqcn: true, pfc: true }, A3: { dcqcn: true, pfc: false } };
const args = process.argv.slice(2);

if (args[0] === '--run') {
  // Inside valgrind: `runs` whole runs of the case on the build in `dist`.
  const [, dist, label, runs, blocks] = args;
  const options = { untilComplete: true, blockMode: blocks === 'blocks' ? { enter: 64, low: 16 } : false };
  const { runEvents, ns3IncastModel } = await import(pathToFileURL(resolve(dist, 'index.js')).href);
  let events = 0;
  for (let k = 0; k < Number(runs); k++) events = runEvents(ns3IncastModel({ senders: 31, ...CASES[label], horizon: 2 }), options).stats.events;
  console.log(`events ${events}`);
} else {
  const blocks = args.includes('--block-mode');
  const flagArg = args.find((a) => a.startsWith('--node-flags='));
  const nodeFlags = flagArg === undefined ? [] : flagArg.slice('--node-flags='.length).split(' ').filter((f) => f !== '');
  const byArg = args.find((a) => a === '--by-function' || a.startsWith('--by-function='));
  const top = byArg === undefined ? 0 : byArg.includes('=') ? Number(byArg.slice('--by-function='.length)) : 25;
  if (!(Number.isInteger(top) && top >= 0)) {
    console.error(`instruction-count: --by-function: expected a whole number of functions, got ${byArg}`);
    process.exit(2);
  }
  const [label, rArg, ...dists] = args.filter((a) => a !== flagArg && a !== byArg && a !== '--block-mode');
  const R = rArg === undefined ? 1 : Number(rArg);
  if (!(label in CASES) || !(Number.isInteger(R) && R >= 1)) {
    console.error('usage: node scripts/instruction-count.mjs A1|A2|A3 [R ≥ 1] [dist …] [--block-mode] [--node-flags="…"] [--by-function[=N]]');
    process.exit(2);
  }
  if (spawnSync('valgrind', ['--version']).error !== undefined) {
    console.error('instruction-count: valgrind is not installed (apt-get install -y valgrind)');
    process.exit(2);
  }
  const builds = dists.length > 0 ? dists : ['packages/cca/dist'];
  for (const dist of builds) {
    if (!existsSync(resolve(dist, 'index.js'))) {
      console.error(`instruction-count: ${dist}: no index.js (run npm run build)`);
      process.exit(2);
    }
  }
  const self = fileURLToPath(import.meta.url);
  const work = byArg === undefined ? null : mkdtempSync(join(tmpdir(), 'instruction-count-'));
  // Instructions of one process under callgrind (its "Collected" line), and the engine's events;
  // with --by-function, where they went.
  const count = (dist, runs) =>
    new Promise((done, fail) => {
      const out = work === null ? '/dev/null' : join(work, `callgrind.${runs}.${builds.indexOf(dist)}`);
      const profile = work === null ? [] : ['--dump-instr=yes'];
      const perf = work === null ? [] : ['--perf-basic-prof'];
      const child = spawn('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, ...profile, '--smc-check=all-non-file', process.execPath, '--single-threaded', ...perf, ...nodeFlags, self, '--run', dist, label, String(runs), blocks ? 'blocks' : 'packets']);
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('close', (code) => {
        const collected = /Collected : (\d+)/.exec(text);
        const events = /events (\d+)/.exec(text);
        if (code !== 0 || collected === null) return fail(new Error(`${dist} (${runs} runs) failed:\n${text.slice(-2000)}`));
        let where = null;
        if (work !== null) {
          const map = `/tmp/perf-${child.pid}.map`;
          where = attributeCallgrind(readFileSync(out, 'utf8'), existsSync(map) ? readFileSync(map, 'utf8') : '');
          rmSync(out, { force: true });
          rmSync(map, { force: true });
        }
        done({ instructions: Number(collected[1]), events: Number(events?.[1]), where });
      });
    });
  console.log(`${label}${blocks ? ' in block mode (enter 64, low 16)' : ''}, ${R} warm run(s)${nodeFlags.length > 0 ? `, node ${nodeFlags.join(' ')}` : ''}; instructions in billions (10⁹)`);
  console.log('build | events | process with one run (start-up, cold) | one warm run');
  for (const dist of builds) {
    // The two processes of a build side by side (two cores).
    const [one, more] = await Promise.all([count(dist, 1), count(dist, 1 + R)]);
    console.log(`${dist} | ${one.events} | ${(one.instructions / 1e9).toFixed(3)} | ${((more.instructions - one.instructions) / R / 1e9).toFixed(3)}`);
    if (one.where !== null) printWhere(one.where, more.where, R);
  }
  if (work !== null) rmSync(work, { recursive: true, force: true });

  // The categories of the cold process and of one warm run, and the warm run's costliest functions.
  function printWhere(one, more, runs) {
    const billions = (n) => (n / 1e9).toFixed(3).padStart(7);
    const warm = (table, key) => ((more[table].get(key) ?? 0) - (one[table].get(key) ?? 0)) / runs;
    console.log('  category | cold process | one warm run');
    for (const [k, n] of [...one.categories].sort((a, b) => b[1] - a[1])) console.log(`  ${k} | ${billions(n)} | ${billions(warm('categories', k))}`);
    const names = [...more.functions.keys()].map((k) => [k, warm('functions', k)]).sort((a, b) => b[1] - a[1]).slice(0, top);
    console.log(`  the warm run's ${names.length} costliest functions (self, callees inlined into them included):`);
    for (const [k, n] of names) console.log(`  ${billions(n)} ${k.slice(0, 140)}`);
  }
}

/**
 * Instructions the event engine executes for the simulator's incast (A1, A2, A3 to completion),
 * counted by valgrind (callgrind): a cost that, unlike time, does not move with the machine's
 * spells. On the project's 2-core machine wall times of one build vary by ±30 % from one run to
 * the next, while these counts repeat to 0.3–2 % (BENCHMARKS.md), so two builds can be compared on
 * any day. They are a proxy for time: a cache miss costs more than an addition. Each build runs in
 * two processes under valgrind, one run and 1 + R runs; the difference divided by R is one warm run
 * (JIT warm-up of later tiers and GC included), the first process the cold one with Node's
 * start-up. Valgrind is slow: about 3 minutes a build for A1 with R = 1, 4 for A2.
 *   node scripts/instruction-count.mjs A1|A2|A3 [R] [dist …] [--block-mode] [--node-flags="--flag …"]
 * `--block-mode` runs the engine's block mode (runEvents' `blockMode`, { enter: 64, low: 16 }).
 * `dist`: built @ccalc/cca directories to compare (default packages/cca/dist), e.g. a copy of the
 * base build: cp -r packages/cca/dist /tmp/dist-base, then node scripts/instruction-count.mjs A2 1
 * /tmp/dist-base packages/cca/dist. Run `npm run build` first. `--node-flags` passes V8 flags to
 * the measured Node processes. They run with --single-threaded: V8 compiles and collects garbage
 * on the main thread, so the counts repeat (background threads made them vary by half).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

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
  const [label, rArg, ...dists] = args.filter((a) => a !== flagArg && a !== '--block-mode');
  const R = rArg === undefined ? 1 : Number(rArg);
  if (!(label in CASES) || !(Number.isInteger(R) && R >= 1)) {
    console.error('usage: node scripts/instruction-count.mjs A1|A2|A3 [R ≥ 1] [dist …] [--block-mode] [--node-flags="…"]');
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
  // Instructions of one process under callgrind (its "Collected" line), and the engine's events.
  const count = (dist, runs) =>
    new Promise((done, fail) => {
      const child = spawn('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', '--smc-check=all-non-file', process.execPath, '--single-threaded', ...nodeFlags, self, '--run', dist, label, String(runs), blocks ? 'blocks' : 'packets']);
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => {
        const collected = /Collected : (\d+)/.exec(out);
        const events = /events (\d+)/.exec(out);
        if (code !== 0 || collected === null) fail(new Error(`${dist} (${runs} runs) failed:\n${out.slice(-2000)}`));
        else done({ instructions: Number(collected[1]), events: Number(events?.[1]) });
      });
    });
  console.log(`${label}${blocks ? ' in block mode (enter 64, low 16)' : ''}, ${R} warm run(s)${nodeFlags.length > 0 ? `, node ${nodeFlags.join(' ')}` : ''}; instructions in billions (10⁹)`);
  console.log('build | events | process with one run (start-up, cold) | one warm run');
  for (const dist of builds) {
    // The two processes of a build side by side (two cores).
    const [one, more] = await Promise.all([count(dist, 1), count(dist, 1 + R)]);
    console.log(`${dist} | ${one.events} | ${(one.instructions / 1e9).toFixed(3)} | ${((more.instructions - one.instructions) / R / 1e9).toFixed(3)}`);
  }
}

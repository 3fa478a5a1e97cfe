/**
 * Fuzzes the ccalc command with mutated scenario files, generic traces and DCQCN traces (see
 * packages/dcqcn-model/src/test-support/fuzz) and prints what it found: cases, results, refusals,
 * failures (internal errors, NaN in a file, a file outside --out) and hangs, and the time taken.
 * Usage: npx tsx scripts/fuzz.ts [cases = 100000] [first seed = 1] [--workers N]
 *        npx tsx scripts/fuzz.ts --replay SEED   (writes the case into out/fuzz/SEED and runs it)
 */
import { cpus } from 'node:os';
import { rmSync } from 'node:fs';
import { runFuzz } from '../packages/dcqcn-model/src/test-support/fuzz/fuzz.ts';
import { fuzzCase, prepareFuzzRoot } from '../packages/dcqcn-model/src/test-support/fuzz/fuzz-case.ts';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const k = args.indexOf(name);
  return k === -1 ? undefined : args.splice(k, 2)[1];
};
const replay = flag('--replay');
const workers = Number(flag('--workers') ?? cpus().length);
if (replay !== undefined) {
  const root = 'out/fuzz';
  rmSync(root, { recursive: true, force: true });
  await prepareFuzzRoot(root);
  console.log(await fuzzCase(Number(replay), root, { keep: true }));
  console.log(`the case's files: ${root}/${replay}`);
} else {
  const cases = Number(args[0] ?? 100_000);
  const first = Number(args[1] ?? 1);
  if (!(Number.isInteger(cases) && cases > 0 && Number.isInteger(first))) {
    console.error('usage: fuzz.ts [cases] [first seed] [--workers N] | --replay SEED');
    process.exit(2);
  }
  const report = await runFuzz({ cases, first, workers, onProgress: (done) => process.stderr.write(`\r  ${done} / ${cases} cases`) });
  process.stderr.write('\n');
  console.log(`${report.cases} cases (seeds ${first}–${first + cases - 1}; ${Object.entries(report.byInput).map(([k, v]) => `${v} ${k}`).join(', ')}) on ${workers} workers in ${(report.ms / 1e3).toFixed(0)} s`);
  console.log(`  ${report.results} results, ${report.refused} one-line refusals, ${report.failures.length} failures, ${report.hangs.length} hangs`);
  for (const f of report.failures.slice(0, 20)) console.log(`  failure: seed ${f.seed} (${f.input}): ${f.message}`);
  if (report.hangs.length > 0) console.log(`  hangs: seeds ${report.hangs.slice(0, 20).join(', ')}`);
  process.exitCode = report.failures.length + report.hangs.length > 0 ? 1 : 0;
}

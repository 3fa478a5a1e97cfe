/**
 * Every example in the READMEs must run. Each ```ts block is written to a scratch file inside the
 * repository (so workspace packages resolve), run with tsx, and, when a ```text block follows it,
 * its standard output must equal that block. Each ```sh block's `npx ccalc` lines run in order from
 * the repository root and must exit 0, or with the code a trailing `# exit code N` gives (lines that
 * need the traces are skipped when CCALC_TRACES names a missing folder, as the other trace tests are); paths under
 * out/ go to a temporary folder, never the repository's. Each ```json
 * block is a scenario (a network with a "topology") or a sweep (one with "vary") and must validate.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { parseScenario } from '../packages/dcqcn-model/src/scenario/scenario.ts';
import { prepareNetworkScenario } from '../packages/dcqcn-model/src/scenario/network-scenario.ts';
import { parseSweep } from '../packages/dcqcn-model/src/sweep/sweep-definition.ts';
import { skipWithoutTraces } from '../packages/dcqcn-model/src/traces/locate.ts';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const scratch = join(root, 'test', '.readme-examples');
const readmes = ['README.md', 'packages/curves/README.md', 'packages/cca/README.md', 'packages/dcqcn-model/README.md'].filter((f) => existsSync(join(root, f)));

interface Example {
  file: string;
  line: number;
  code: string;
  expected: string | null;
}

function examples(file: string): Example[] {
  const text = readFileSync(join(root, file), 'utf8');
  const blocks = [...text.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)];
  const out: Example[] = [];
  blocks.forEach((m, k) => {
    if (m[1] !== 'ts') return;
    const next = blocks[k + 1];
    const between = next ? text.slice((m.index ?? 0) + m[0].length, next.index) : '';
    const expected = next && next[1] === 'text' && between.trim() === '' ? next[2] : null;
    out.push({ file, line: text.slice(0, m.index).split('\n').length, code: m[2], expected });
  });
  return out;
}

/** The `npx ccalc` command lines of each ```sh block, with the exit code each must end with. */
function commandBlocks(file: string): { line: number; commands: { command: string; status: number }[] }[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)]
    .map((m) => ({
      line: text.slice(0, m.index).split('\n').length,
      commands: m[1]
        .split('\n')
        .filter((l) => l.startsWith('npx ccalc'))
        .map((l) => ({ command: l.replace(/\s+#.*$/, ''), status: Number(/#.*exit code (\d)/.exec(l)?.[1] ?? 0) })),
    }))
    .filter((b) => b.commands.length > 0);
}

mkdirSync(scratch, { recursive: true });
for (const file of readmes) {
  const text = readFileSync(join(root, file), 'utf8');
  const scenarios = [...text.matchAll(/^```json\n([\s\S]*?)^```$/gm)].filter((m) => m[1].includes('"senders"'));
  const sweeps = [...text.matchAll(/^```json\n([\s\S]*?)^```$/gm)].filter((m) => m[1].includes('"vary"'));
  if (commandBlocks(file).length + scenarios.length + sweeps.length === 0) continue;
  describe(`commands and scenarios in ${file}`, () => {
    for (const block of commandBlocks(file)) {
      const needsTraces = block.commands.some((c) => c.command.includes('traces/ns3-incast-31'));
      it.skipIf(needsTraces && skipWithoutTraces())(`the commands at line ${block.line} run`, () => {
        // The README's out/ folders are the user's: the commands write to a temporary folder instead.
        const out = mkdtempSync(join(tmpdir(), 'ccalc-readme-'));
        for (const { command: text, status } of block.commands) {
          const command = text.replace(/(^|[\s=])out\//g, `$1${out}/`);
          const r = spawnSync('bash', ['-c', command], { cwd: root, encoding: 'utf8', timeout: 300_000 });
          expect({ command, status: r.status, stderr: r.status === status ? '' : r.stderr }).toEqual({ command, status, stderr: '' });
        }
      });
    }
    for (const m of scenarios) {
      it(`the scenario at line ${text.slice(0, m.index).split('\n').length} is valid`, async () => {
        const json = JSON.parse(m[1]);
        // A network (with a topology) is read by its own parser.
        if ('topology' in json) expect((await prepareNetworkScenario(json, 'readme', root)).network(1e-3).flows.length).toBeGreaterThan(0);
        else expect(() => parseScenario(json, 'readme', root)).not.toThrow();
      });
    }
    for (const m of sweeps) {
      it(`the sweep at line ${text.slice(0, m.index).split('\n').length} is valid`, () => {
        expect(parseSweep(JSON.parse(m[1])).count).toBeGreaterThan(0);
      });
    }
  });
}

for (const file of readmes) {
  describe(`examples in ${file}`, () => {
    for (const ex of examples(file)) {
      it(`the example at line ${ex.line} runs${ex.expected === null ? '' : ' and prints what the README says'}`, () => {
        const path = join(scratch, `${file.replace(/[/.]/g, '_')}_${ex.line}.ts`);
        writeFileSync(path, ex.code);
        const stdout = execFileSync(join(root, 'node_modules', '.bin', 'tsx'), [path], { cwd: root, encoding: 'utf8', timeout: 120_000 });
        if (ex.expected !== null) expect(stdout.trimEnd()).toBe(ex.expected.trimEnd());
      });
    }
  });
}

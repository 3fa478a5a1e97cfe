/**
 * Every TypeScript example in the READMEs must run. Each ```ts block is written to a scratch file
 * inside the repository (so workspace packages resolve), run with tsx, and, when a ```text block
 * follows it, its standard output must equal that block.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
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

mkdirSync(scratch, { recursive: true });
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

/**
 * The notebooks must not rot: each is generated from its source (checked up to date) and executed
 * headlessly with the Deno kernel; a cell that throws fails its test, every `await show(...)` cell
 * must produce an SVG, and a few results are checked against what the notebook's text says.
 * Without Jupyter (locally) these tests are skipped with a warning; under CI they run, since
 * `.ci/run` installs it.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, cellsOf, sources } from './lib/build.ts';
import { executeNotebook, jupyterCommand, outputsOf } from './lib/execute.ts';
import { skipWithoutTraces } from '../packages/dcqcn-model/src/traces/locate.ts';
import { EXPECTED } from './expected.ts';

const skip = jupyterCommand() === null && !process.env.CI;
if (skip) process.stderr.write('notebook tests skipped: no jupyter (apt-get install -y jupyter-nbconvert python3-nbclient python3-ipykernel)\n');

describe('notebooks', () => {
  it('the Jupyter and Observable notebooks are generated from notebooks/src and up to date', () => {
    expect(build(true)).toEqual([]);
    // every source is a row of notebooks/README.md's table, and every row has a source
    const listed = [...readFileSync(join(import.meta.dirname, 'README.md'), 'utf8').matchAll(/^\| `(\d\d-[\w-]+)` \|/gm)].map((m) => m[1]);
    expect(sources()).toEqual(listed);
  });

  it.skipIf(skip).each(sources())('%s runs headlessly, every cell, and draws its charts', (name) => {
    const code = cellsOf(readFileSync(join(import.meta.dirname, 'src', `${name}.md`), 'utf8')).filter((c) => c.cell_type === 'code');
    const drawn = (outputs: { mime: string[] }[]): boolean => code.every((c, k) => !c.source.join('').includes('await show(') || outputs[k]?.mime.length > 0);
    let r = executeNotebook(join(import.meta.dirname, 'jupyter', `${name}.ipynb`));
    expect(r.error).toBe('');
    // Deno's kernel can report a cell idle before a large output has left it, and nbconvert then
    // drops the output (seen once in CI under load, for a 380 kB SVG, despite show() waiting for
    // it). A run that lost an output, and raised no error, is run once more before judging.
    if (!drawn(outputsOf(r.output!))) {
      process.stderr.write(`${name}: an output was lost between the kernel and nbconvert; running the notebook again\n`);
      r = executeNotebook(join(import.meta.dirname, 'jupyter', `${name}.ipynb`));
      expect(r.error).toBe('');
    }
    const outputs = outputsOf(r.output!);
    expect(outputs).toHaveLength(code.length);
    code.forEach((c, k) => {
      expect(outputs[k].mime).not.toContain('error');
      const draws = c.source.join('').includes('await show(');
      const needsTraces = c.source.join('').includes('if (simulator.length > 0)');
      if (draws && !(needsTraces && skipWithoutTraces())) expect({ cell: k, mime: outputs[k].mime }).toEqual({ cell: k, mime: ['image/svg+xml'] });
    });
    const text = outputs.map((o) => o.text).join('\n');
    for (const pattern of EXPECTED[name] ?? []) expect(text).toMatch(pattern);
  }, 1_200_000);
});

/**
 * Writes notebooks/figures/fig-<N>.png for every chart of the notebooks whose title names a figure
 * of the paper ("… (paper Fig. 9a)"), and chart-<name>.png for each run chart ("… (run chart:
 * backlog)"): the notebooks are executed, and their SVG outputs rendered to PNG, so the committed
 * figures are exactly what the notebooks draw.
 *   npx tsx notebooks/lib/figures.ts            (about two minutes)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { svgToPng } from '../../packages/dcqcn-model/src/render.ts';
import { sources } from './build.ts';
import { executeNotebook } from './execute.ts';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'figures');
mkdirSync(out, { recursive: true });
const written: string[] = [];
for (const name of sources()) {
  process.stderr.write(`  executing ${name}\n`);
  const r = executeNotebook(join(root, 'jupyter', `${name}.ipynb`));
  if (!r.ok) throw new Error(`${name} failed:\n${r.error}`);
  const nb = JSON.parse(readFileSync(r.output!, 'utf8')) as { cells: { outputs?: { data?: Record<string, string | string[]> }[] }[] };
  for (const cell of nb.cells) {
    for (const o of cell.outputs ?? []) {
      const svg = [o.data?.['image/svg+xml'] ?? []].flat().join('');
      const figure = /paper Fig\. (\d+[ab]?)\)/.exec(svg)?.[1];
      const chart = /\(run chart: ([\w-]+)\)/.exec(svg)?.[1];
      if (figure === undefined && chart === undefined) continue;
      const file = join(out, figure === undefined ? `chart-${chart}.png` : `fig-${figure}.png`);
      writeFileSync(file, svgToPng(svg));
      written.push(`${file}  (${name})`);
    }
  }
}
process.stdout.write(`${written.join('\n')}\n`);

/**
 * Builds the Jupyter notebooks from their sources: each `notebooks/src/NN-name.md` becomes
 * `notebooks/jupyter/NN-name.ipynb` for the Deno kernel. Fenced ```ts blocks become code cells and
 * the text between them markdown cells. The sources are what people edit and review; the
 * notebooks are generated, committed (so that `jupyter lab` opens them as they are) and checked to
 * be up to date by the notebook tests.
 *   npx tsx notebooks/lib/build.ts            write the notebooks
 *   npx tsx notebooks/lib/build.ts --check    exit 1 if any notebook differs from its source
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

interface Cell {
  cell_type: 'markdown' | 'code';
  metadata: Record<string, never>;
  source: string[];
  execution_count?: null;
  outputs?: [];
}

/** The cells of a source: text between ```ts blocks is markdown, each block a code cell. */
export function cellsOf(markdown: string): Cell[] {
  const cells: Cell[] = [];
  const lines = (text: string): string[] => text.split('\n').map((l, k, all) => (k < all.length - 1 ? `${l}\n` : l));
  const pushMarkdown = (text: string): void => {
    const t = text.trim();
    if (t !== '') cells.push({ cell_type: 'markdown', metadata: {}, source: lines(t) });
  };
  let rest = markdown;
  for (;;) {
    const m = /^```ts\n([\s\S]*?)^```$/m.exec(rest);
    if (m === null) break;
    pushMarkdown(rest.slice(0, m.index));
    cells.push({ cell_type: 'code', metadata: {}, execution_count: null, outputs: [], source: lines(m[1].replace(/\n$/, '')) });
    rest = rest.slice(m.index + m[0].length);
  }
  pushMarkdown(rest);
  return cells;
}

/** A Jupyter notebook (nbformat 4) for the Deno kernel, without outputs. */
export function notebookOf(markdown: string): string {
  const nb = {
    cells: cellsOf(markdown),
    metadata: { kernelspec: { name: 'deno', display_name: 'Deno', language: 'typescript' }, language_info: { name: 'typescript', file_extension: '.ts', mimetype: 'text/x.typescript' } },
    nbformat: 4,
    nbformat_minor: 5,
  };
  // Cell ids make nbformat 4.5 notebooks valid; derived from the position so builds are stable.
  nb.cells.forEach((c, k) => Object.assign(c, { id: `cell-${k}` }));
  return `${JSON.stringify(nb, null, 1)}\n`;
}

/** The notebook sources, by name (without .md). */
export function sources(): string[] {
  return readdirSync(join(root, 'src'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3))
    .sort();
}

/** Writes (or, with check, compares) every notebook; returns the names that are out of date. */
export function build(check: boolean): string[] {
  const stale: string[] = [];
  for (const name of sources()) {
    const target = join(root, 'jupyter', `${name}.ipynb`);
    const text = notebookOf(readFileSync(join(root, 'src', `${name}.md`), 'utf8'));
    if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
    stale.push(name);
    if (!check) writeFileSync(target, text);
  }
  return stale;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  const stale = build(check);
  if (check && stale.length > 0) {
    process.stderr.write(`out of date (run npx tsx notebooks/lib/build.ts): ${stale.join(', ')}\n`);
    process.exitCode = 1;
  } else process.stdout.write(check ? 'notebooks up to date\n' : `wrote ${stale.length} notebook(s): ${stale.join(', ') || 'none changed'}\n`);
}

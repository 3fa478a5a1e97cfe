/**
 * Builds the notebooks from their sources, in two formats: each `notebooks/src/NN-name.md` becomes
 * `notebooks/jupyter/NN-name.ipynb` (Deno kernel) and `notebooks/observable/NN-name.html`
 * (Observable Notebook Kit). Fenced ```ts blocks become code cells and the text between them
 * markdown cells; a block fenced ```ts jupyter or ```ts observable belongs to that format only (for
 * what differs: reading files in Jupyter, a file attachment in the browser). In the Observable
 * version, `await show(…)`, `await note(…)` and `await table(…)` are wrapped in `display(…)` and
 * the helpers come from `observable.ts` instead of `show.ts`. The sources are what people edit and
 * review; the notebooks are generated, committed (so that Jupyter and Notebook Kit open them as
 * they are) and checked to be up to date by the notebook tests.
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

export type Format = 'jupyter' | 'observable';

/** The cells of a source for one format: text between ```ts blocks is markdown, each block a code cell. */
export function cellsOf(markdown: string, format: Format = 'jupyter'): Cell[] {
  const cells: Cell[] = [];
  const lines = (text: string): string[] => text.split('\n').map((l, k, all) => (k < all.length - 1 ? `${l}\n` : l));
  const pushMarkdown = (text: string): void => {
    const t = text.trim();
    if (t !== '') cells.push({ cell_type: 'markdown', metadata: {}, source: lines(t) });
  };
  let rest = markdown;
  for (;;) {
    const m = /^```ts( jupyter| observable)?\n([\s\S]*?)^```$/m.exec(rest);
    if (m === null) break;
    pushMarkdown(rest.slice(0, m.index));
    if (m[1] === undefined || m[1].trim() === format) cells.push({ cell_type: 'code', metadata: {}, execution_count: null, outputs: [], source: lines(m[2].replace(/\n$/, '')) });
    rest = rest.slice(m.index + m[0].length);
  }
  pushMarkdown(rest);
  return cells;
}

/** Wraps every `await show|note|table(…)` call of a code cell in `display(…)` (balanced parentheses). */
export function wrapDisplays(code: string): string {
  let out = '';
  let i = 0;
  for (;;) {
    const m = /await (show|note|table)\(/g;
    m.lastIndex = i;
    const found = m.exec(code);
    if (found === null) return out + code.slice(i);
    let depth = 0;
    let j = found.index + found[0].length - 1;
    for (; j < code.length; j++) {
      if (code[j] === '(') depth++;
      else if (code[j] === ')' && --depth === 0) break;
    }
    out += `${code.slice(i, found.index)}display(${code.slice(found.index, j + 1)})`;
    i = j + 1;
  }
}

/** An Observable Notebook Kit notebook (HTML) with TypeScript cells. */
export function observableOf(markdown: string): string {
  const cells = cellsOf(markdown, 'observable');
  const title = /^#\s+(.*)$/m.exec(markdown)?.[1] ?? 'notebook';
  const escape = (t: string): string => t.replace(/<\/script/gi, '<\\/script');
  const body = cells.map((c) => {
    const text = c.source.join('');
    if (c.cell_type === 'markdown') return `<script type="text/markdown">\n${escape(text)}\n</script>`;
    return `<script type="text/x-typescript">\n${escape(wrapDisplays(text.replace(/from '\.\.\/lib\/show\.ts'/g, "from '../lib/observable.ts'")))}\n</script>`;
  });
  return `<!doctype html>\n<notebook theme="air">\n<title>${title.replace(/`/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>\n${body.join('\n')}\n</notebook>\n`;
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

/** Writes (or, with check, compares) every notebook in both formats; returns the files that are out of date. */
export function build(check: boolean): string[] {
  const stale: string[] = [];
  for (const name of sources()) {
    const source = readFileSync(join(root, 'src', `${name}.md`), 'utf8');
    for (const [target, text] of [
      [join(root, 'jupyter', `${name}.ipynb`), notebookOf(source)],
      [join(root, 'observable', `${name}.html`), observableOf(source)],
    ]) {
      if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
      stale.push(target.slice(root.length + 1));
      if (!check) writeFileSync(target, text);
    }
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

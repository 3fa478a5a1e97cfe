/**
 * Executes a Jupyter notebook headlessly with the Deno kernel from node_modules (the `deno` npm
 * package), through Debian's `jupyter nbconvert --execute` (packages jupyter-nbconvert,
 * python3-nbclient, python3-ipykernel). The kernelspec is written to a private folder on
 * JUPYTER_PATH, so nothing is installed in the user's Jupyter setup.
 *   npx tsx notebooks/lib/execute.ts notebooks/jupyter/01-curves.ipynb [--out DIR]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');

/** The Deno binary installed by npm (the platform package, or the copy its postinstall makes). */
export function denoBinary(): string | null {
  const candidates = ['node_modules/@deno/linux-x64-glibc/deno', 'node_modules/@deno/linux-arm64-glibc/deno', 'node_modules/@deno/darwin-arm64/deno', 'node_modules/@deno/darwin-x64/deno', 'node_modules/deno/deno'];
  return candidates.map((c) => join(repo, c)).find((p) => existsSync(p)) ?? null;
}

/** Debian's jupyter command, if installed. */
export function jupyterCommand(): string | null {
  return ['/usr/bin/jupyter', '/usr/local/bin/jupyter'].find((p) => existsSync(p)) ?? null;
}

/** A JUPYTER_PATH folder holding a "deno" kernelspec for the given binary. */
export function kernelPath(deno: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'ccalc-jupyter-'));
  mkdirSync(join(dir, 'kernels', 'deno'), { recursive: true });
  writeFileSync(join(dir, 'kernels', 'deno', 'kernel.json'), JSON.stringify({ argv: [deno, 'jupyter', '--kernel', '--conn', '{connection_file}'], display_name: 'Deno', language: 'typescript' }));
  return dir;
}

export interface Execution {
  ok: boolean;
  /** The executed notebook (with outputs), or null if nbconvert failed before writing it. */
  output: string | null;
  /** nbconvert's stderr when it failed: the failing cell and its error. */
  error: string;
}

/** Runs every cell of a notebook in order; a cell that throws fails the run. */
export function executeNotebook(notebook: string, outDir = mkdtempSync(join(tmpdir(), 'ccalc-nb-'))): Execution {
  const deno = denoBinary();
  const jupyter = jupyterCommand();
  if (deno === null) return { ok: false, output: null, error: 'no Deno binary in node_modules (npm install)' };
  if (jupyter === null) return { ok: false, output: null, error: 'no jupyter (apt-get install -y jupyter-nbconvert python3-nbclient python3-ipykernel)' };
  const kernels = kernelPath(deno);
  const r = spawnSync(jupyter, ['nbconvert', '--to', 'notebook', '--execute', '--ExecutePreprocessor.kernel_name=deno', '--ExecutePreprocessor.timeout=900', '--output-dir', outDir, notebook], {
    encoding: 'utf8',
    env: { ...process.env, JUPYTER_PATH: kernels, NO_COLOR: '1' },
    timeout: 1_800_000,
  });
  rmSync(kernels, { recursive: true, force: true });
  const output = join(outDir, basename(notebook));
  return { ok: r.status === 0, output: existsSync(output) ? output : null, error: r.status === 0 ? '' : `${r.stderr ?? ''}${r.error?.message ?? ''}` };
}

/** The outputs of an executed notebook's code cells, by MIME type, for checks. */
export function outputsOf(executed: string): { mime: string[]; text: string }[] {
  const nb = JSON.parse(readFileSync(executed, 'utf8')) as { cells: { cell_type: string; outputs?: { data?: Record<string, string | string[]>; text?: string | string[]; output_type: string }[] }[] };
  return nb.cells
    .filter((c) => c.cell_type === 'code')
    .map((c) => {
      const outs = c.outputs ?? [];
      const text = outs.map((o) => [o.data?.['text/plain'] ?? '', o.text ?? ''].flat().join('')).join('');
      return { mime: outs.flatMap((o) => (o.output_type === 'error' ? ['error'] : Object.keys(o.data ?? {}))), text };
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const notebook = process.argv[2];
  const out = process.argv.indexOf('--out');
  const r = executeNotebook(notebook, out > 0 ? process.argv[out + 1] : undefined);
  if (!r.ok) {
    process.stderr.write(r.error);
    process.exitCode = 1;
  } else process.stdout.write(`${notebook}: every cell ran; executed copy: ${r.output}\n`);
}

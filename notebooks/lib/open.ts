/**
 * Opens a notebook in Jupyter with the Deno kernel from node_modules:
 *   npm run notebook -- 03-vegas            (or a path to an .ipynb)
 * Uses JupyterLab if installed, else the classic notebook server (Debian: jupyter-notebook).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { denoBinary, jupyterCommand, kernelPath } from './execute.ts';
import { sources } from './build.ts';

const arg = process.argv[2];
const root = resolve(import.meta.dirname, '..');
const name = arg === undefined ? undefined : sources().find((s) => s === arg || s.startsWith(arg));
const file = arg !== undefined && arg.endsWith('.ipynb') ? resolve(arg) : name === undefined ? undefined : join(root, 'jupyter', `${name}.ipynb`);
const deno = denoBinary();
const jupyter = jupyterCommand();
if (file === undefined || !existsSync(file)) {
  process.stderr.write(`usage: npm run notebook -- <name>, one of: ${sources().join(', ')}\n`);
  process.exitCode = 1;
} else if (deno === null || jupyter === null) {
  process.stderr.write(deno === null ? 'no Deno binary in node_modules: run npm install\n' : 'no jupyter: apt-get install -y jupyter-notebook jupyter-nbconvert python3-nbclient python3-ipykernel\n');
  process.exitCode = 1;
} else {
  const lab = existsSync('/usr/bin/jupyter-lab') || existsSync('/usr/local/bin/jupyter-lab');
  spawn(jupyter, [lab ? 'lab' : 'notebook', file], { stdio: 'inherit', env: { ...process.env, JUPYTER_PATH: kernelPath(deno) } });
}

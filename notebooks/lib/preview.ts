/**
 * Opens the Observable Notebook Kit version of a notebook: writes the data the case study and the
 * sweep notebook read in the browser (the simulator traces, the sweep's rows), then starts Notebook
 * Kit's preview server on notebooks/observable and prints the notebook's address (open it in a
 * browser; edits to the HTML reload live).
 *   npm run notebook:observable -- 05-case-study
 * For a static site instead: npm run notebooks:site (writes notebooks/observable/dist).
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { sources } from './build.ts';
import { writeTraceData } from './trace-data.ts';
import { writeSweepData } from './sweep-data.ts';

const root = resolve(import.meta.dirname, '..');
const cli = join(root, '..', 'node_modules', '@observablehq', 'notebook-kit', 'dist', 'bin', 'notebooks.js');
const site = process.argv.includes('--site');
const arg = process.argv.slice(2).find((a) => !a.startsWith('--'));
const name = arg === undefined ? sources()[0] : sources().find((s) => s === arg || s.startsWith(arg));
if (name === undefined) {
  process.stderr.write(`usage: npm run notebook:observable -- <name>, one of: ${sources().join(', ')}\n`);
  process.exitCode = 1;
} else {
  await writeTraceData();
  await writeSweepData();
  const args = site ? ['build', '--root', '.', '-o', 'dist', '--empty', '--', ...sources().map((s) => `${s}.html`)] : ['preview', '--root', '.'];
  const child = spawn('node', [cli, ...args], { cwd: join(root, 'observable'), stdio: ['inherit', 'pipe', 'inherit'] });
  child.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    process.stdout.write(text);
    const url = /(https?:\/\/[^\s/]+(?::\d+)?)\//.exec(text.replace(/\u001b\[[0-9;]*m/g, ''));
    if (!site && url !== null) process.stdout.write(`\n  open ${url[1]}/${name}.html\n\n`);
  });
  child.on('exit', (code) => {
    if (site && code === 0) process.stdout.write(`static site in ${join(root, 'observable', 'dist')} (serve it over http, e.g. npx vite preview --outDir notebooks/observable/dist)\n`);
    process.exitCode = code ?? 0;
  });
}

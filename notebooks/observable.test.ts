/**
 * The Observable Notebook Kit versions of the notebooks: built offline with `notebooks build`
 * (vite; the packages and vega come from node_modules), served on localhost and loaded in headless
 * Chromium with the network off. A cell that throws (Notebook Kit renders it as
 * `observablehq--error`) fails the test; every chart cell must draw, and the same results as in
 * Jupyter must appear. Skipped without Chromium locally; `.ci/run` installs it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { cellsOf, sources } from './lib/build.ts';
import { writeTraceData } from './lib/trace-data.ts';
import { writeSweepData } from './lib/sweep-data.ts';
import { dumpDomAsync, skipWithoutChromium } from '../packages/dcqcn-model/src/test-support/chromium.ts';
import { EXPECTED } from './expected.ts';

const root = resolve(import.meta.dirname);
const skip = skipWithoutChromium();
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.woff2': 'font/woff2', '.svg': 'image/svg+xml' };

describe.skipIf(skip)('Observable notebooks', () => {
  let server: Server;
  let base = '';
  let haveTraces = false;
  beforeAll(async () => {
    haveTraces = await writeTraceData();
    await writeSweepData();
    const out = mkdtempSync(join(tmpdir(), 'ccalc-observable-'));
    const cli = join(root, '..', 'node_modules', '@observablehq', 'notebook-kit', 'dist', 'bin', 'notebooks.js');
    const r = spawnSync('node', [cli, 'build', '--root', join(root, 'observable'), '-o', out, '--empty', '--', ...sources().map((s) => `${s}.html`)], { cwd: join(root, 'observable'), encoding: 'utf8', timeout: 600_000 });
    if (r.status !== 0) throw new Error(`notebooks build failed:\n${r.stderr}`);
    server = createServer((req, res) => {
      const path = normalize(join(out, decodeURIComponent((req.url ?? '/').split('?')[0])));
      if (!path.startsWith(out) || !existsSync(path)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    base = `http://localhost:${(server.address() as AddressInfo).port}`;
  }, 900_000);
  afterAll(() => new Promise<void>((ok) => (server === undefined ? ok() : server.close(() => ok()))));

  // One retry: on a loaded CI machine headless Chromium once dumped a page after 0.9 s with no cell
  // run yet (no error, no chart; the same page drew all its charts on every rerun). A notebook
  // that is wrong fails both attempts.
  it.each(sources())('%s builds, runs in the browser without a cell error, and draws its charts', { retry: 1, timeout: 300_000 }, async (name) => {
    const dom = await dumpDomAsync(`${base}/${name}.html`, 120_000);
    const errors = [...dom.matchAll(/class="observablehq observablehq--error"><div class="observablehq--inspect">([^<]*)/g)].map((m) => m[1]);
    expect(errors).toEqual([]);
    const code = cellsOf(readFileSync(join(root, 'src', `${name}.md`), 'utf8'), 'observable').filter((c) => c.cell_type === 'code').map((c) => c.source.join(''));
    const charts = code.filter((c) => c.includes('await show(') && (haveTraces || !c.includes('if (simulator.length > 0)'))).length;
    expect(dom.match(/class="ccalc-chart"><svg/g)?.length ?? 0).toBe(charts);
    const text = [...dom.matchAll(/<pre class="ccalc-note">([^<]*)<\/pre>|<table>(.*?)<\/table>/gs)].map((m) => (m[1] ?? m[2]).replace(/<\/t[dh]><t[dh]>/g, '\t').replace(/<[^>]+>/g, ' ')).join('\n');
    for (const pattern of EXPECTED[name] ?? []) expect(text).toMatch(pattern);
  });
});

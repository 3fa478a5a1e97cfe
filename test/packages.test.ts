/**
 * The packages as users get them (issue 16): each is built (`npm run build`) and packed with
 * `npm pack`, the three tarballs are installed into an empty project outside the repository, and
 * there, with nothing from the repository on the way:
 * - the README's plain-Node script (section "Using the packages in another project") prints the
 *   README's output;
 * - the `ccalc` bin answers --version and runs a built-in;
 * - a TypeScript consumer type-checks under `node16` and `bundler` module resolution;
 * - `@ccalc/cca` (with `@ccalc/curves`) bundles for the browser with esbuild and computes in
 *   headless Chromium.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { dumpDom, skipWithoutChromium } from '../packages/dcqcn-model/src/test-support/chromium.ts';

const repo = resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let project = '';

/** The README's block of `lang` that follows the heading `heading` (the first one after it). */
function readmeBlock(heading: string, lang: string): string {
  const text = readFileSync(join(repo, 'README.md'), 'utf8');
  const from = text.indexOf(`\n## ${heading}\n`);
  expect(from, `README section "${heading}"`).toBeGreaterThan(0);
  const m = new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, 'm').exec(text.slice(from));
  expect(m, `a \`\`\`${lang} block in "${heading}"`).not.toBeNull();
  return m![1];
}

/** Runs a command (in the consumer project unless `cwd` is given); a failure shows its stderr. */
function run(command: string, args: string[], cwd = project): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });
  } catch (e) {
    const { stdout, stderr } = e as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

beforeAll(() => {
  run(npm, ['run', 'build', '--silent'], repo);
  project = mkdtempSync(join(tmpdir(), 'ccalc-consumer-'));
  const packed = join(project, 'packed');
  mkdirSync(packed);
  run(npm, ['pack', '--workspaces', '--pack-destination', packed, '--silent'], repo);
  const tarballs = readdirSync(packed).filter((f) => f.endsWith('.tgz'));
  expect(tarballs.sort()).toEqual(['ccalc-cca-0.1.0.tgz', 'ccalc-curves-0.1.0.tgz', 'ccalc-dcqcn-model-0.1.0.tgz']);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock', ...tarballs.map((f) => join(packed, f))]);
}, 600_000);

afterAll(() => {
  if (project !== '') rmSync(project, { recursive: true, force: true });
});

describe('the packed packages in an empty project', () => {
  it('hold the built JavaScript, declarations and source maps, and no tests', () => {
    const listing = (name: string): string[] => readdirSync(join(project, 'node_modules', '@ccalc', name), { recursive: true }).map(String);
    for (const name of ['curves', 'cca', 'dcqcn-model']) {
      const files = listing(name);
      expect(files).toContain(join('dist', 'index.js'));
      expect(files).toContain(join('dist', 'index.d.ts'));
      expect(files).toContain(join('dist', 'index.js.map'));
      expect(files).toContain(join('src', 'index.ts'));
      expect(files.filter((f) => f.endsWith('.test.ts') || f.includes('test-support') || f.endsWith('.tsbuildinfo'))).toEqual([]);
    }
  });

  it("run the README's script with plain node", () => {
    writeFileSync(join(project, 'example.mjs'), readmeBlock('Using the packages in another project', 'js'));
    expect(run(process.execPath, ['example.mjs'])).toBe(readmeBlock('Using the packages in another project', 'text'));
  });

  it('give the ccalc command, which runs a built-in', () => {
    const bin = join(project, 'node_modules', '.bin', 'ccalc');
    expect(run(bin, ['--version'])).toBe('ccalc 0.1.0\n');
    run(bin, ['run', 'ns3-31-pfc', '--horizon', '1ms', '--out', 'results', '--no-plots']);
    const summary = JSON.parse(readFileSync(join(project, 'results', 'summary.json'), 'utf8')) as { engine: string; scenario: string };
    expect(summary.engine).toBe('events');
    expect(summary.scenario).toBe('ns3-31-pfc');
  });

  it('give ccalc sweep, whose worker threads and DuckDB table come with the package', () => {
    const bin = join(project, 'node_modules', '.bin', 'ccalc');
    const base = { link: { rate: '100 Gbps' }, wholePackets: true, delays: { feedback: '5 us' }, senders: [{ count: 2, arrival: { pattern: 'burst', size: '50 kB' } }], cca: { algorithm: 'dcqcn', variant: 'ns3-mlx' }, ecn: { kMax: '20 kB' }, horizon: 'until-complete' };
    writeFileSync(join(project, 'sweep.json'), JSON.stringify({ base, vary: [{ grid: { 'senders[0].count': [2, 3] } }] }));
    expect(run(bin, ['sweep', 'sweep.json', '--out', 'swept', '--workers', '2'])).toBe(`table: ${join('swept', 'sweep.duckdb')} (table points), ${join('swept', 'points.parquet')}\n`);
    expect(readFileSync(join(project, 'swept', 'points.parquet')).subarray(0, 4).toString()).toBe('PAR1');
  });

  it.each(['node16', 'bundler'])('type-check in a TypeScript project with moduleResolution %s', (resolution) => {
    writeFileSync(
      join(project, 'consumer.ts'),
      [
        "import { rateLatency, tokenBucket, horizontalDeviation, type Curve } from '@ccalc/curves';",
        "import { ns3IncastModel, runModel, type EngineResult } from '@ccalc/cca';",
        "import { parseQuantity } from '@ccalc/dcqcn-model';",
        'const beta: Curve = rateLatency(12.5e9, 2e-6);',
        'const bound: number = horizontalDeviation(tokenBucket(1.25e9, 64e3), beta);',
        'const r: EngineResult = runModel(ns3IncastModel({ horizon: 1e-4 })).result;',
        "export const figures = [bound, r.horizon, parseQuantity('50 us', 'time', 'x')];",
        '// @ts-expect-error: a number is not a curve, which the declarations must say',
        'horizontalDeviation(1, beta);',
        '',
      ].join('\n'),
    );
    const module = resolution === 'node16' ? 'node16' : 'esnext';
    writeFileSync(join(project, `tsconfig.${resolution}.json`), JSON.stringify({ compilerOptions: { module, moduleResolution: resolution, target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: [], lib: ['es2023', 'dom'] }, files: ['consumer.ts'] }));
    const tsc = join(repo, 'node_modules', '.bin', 'tsc');
    let output = '';
    try {
      run(tsc, ['-p', `tsconfig.${resolution}.json`]);
    } catch (e) {
      output = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(output).toBe('');
  });

  it('bundle for the browser and compute in headless Chromium', async (ctx) => {
    if (skipWithoutChromium()) return ctx.skip();
    writeFileSync(
      join(project, 'browser.js'),
      [
        "import { rateLatency, tokenBucket, horizontalDeviation } from '@ccalc/curves';",
        "import { ns3IncastModel, runModel } from '@ccalc/cca';",
        'const delay = horizontalDeviation(tokenBucket(1.25e9, 64e3), rateLatency(12.5e9, 2e-6));',
        'const { result } = runModel(ns3IncastModel({ dcqcn: false, pfc: true, horizon: 1e-3 }));',
        "const pauses = result.events.filter((e) => e.kind === 'pfc-pause').length;",
        "document.getElementById('out').textContent = `${(delay * 1e6).toFixed(3)} µs; ${result.stats.engine}: ${pauses} pauses`;",
        '',
      ].join('\n'),
    );
    // platform 'browser': Node's built-ins do not resolve, so an import of one fails the build.
    const bundle = await build({ entryPoints: [join(project, 'browser.js')], bundle: true, format: 'esm', platform: 'browser', write: false, absWorkingDir: project, logLevel: 'silent' });
    const script = bundle.outputFiles[0].text;
    writeFileSync(join(project, 'page.html'), `<!doctype html><meta charset="utf-8"><p id="out">not run</p><script type="module">${script.replaceAll('</script', '<\\/script')}</script>`);
    const dom = dumpDom(join(project, 'page.html'), 30_000);
    expect(dom).toContain('7.120 µs; events: 248 pauses');
  });
});

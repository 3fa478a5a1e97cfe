/**
 * `ccalc report`: one self-contained HTML page for one or more runs. The charts are Vega-Lite specs
 * compiled to Vega and drawn in the browser by the Vega runtime, which is embedded in the page
 * (nothing is fetched: the page works offline and from a file). PNG copies of every chart are
 * written next to it for documents and slides.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as vegaLite from 'vega-lite';
import { FileError, readJsonFile } from './json-file.ts';
import { cell, comparisonTable, escape, figuresTable, parametersTable } from './report-tables.ts';

type Spec = Record<string, unknown>;

/** A chart of a run: a title (also its file name) and its Vega-Lite spec. */
export interface NamedChart {
  name: string;
  spec: Spec;
}

/** What a run folder holds for a report: `ccalc run` writes the first two, `ccalc compare` the rest. */
export interface ReportRun {
  dir: string;
  summary: Record<string, unknown>;
  charts: NamedChart[];
  comparison?: { metrics: Record<string, unknown>; charts: NamedChart[] };
  /** Why the folder's compare.json was left out: it compared another run (a sentence). */
  staleComparison?: string;
}

async function readJson(file: string): Promise<unknown> {
  if (!existsSync(file)) throw new FileError(file, null, null, 'no such file (is this a folder written by ccalc run?)');
  return readJsonFile(file, 'a file written by ccalc run');
}

/**
 * Reads a run folder: summary.json, and charts.json (none unless the run was made with --plots),
 * compare.json and compare-charts.json if present.
 */
export async function readRun(dir: string): Promise<ReportRun> {
  const summary = (await readJson(join(dir, 'summary.json'))) as Record<string, unknown>;
  const charts = existsSync(join(dir, 'charts.json')) || !existsSync(join(dir, 'summary.json')) ? ((await readJson(join(dir, 'charts.json'))) as NamedChart[]) : [];
  const run: ReportRun = { dir, summary, charts };
  if (existsSync(join(dir, 'compare.json'))) {
    const metrics = (await readJson(join(dir, 'compare.json'))) as Record<string, unknown>;
    const compared = (metrics.run ?? {}) as { scenario?: unknown; run_id?: unknown };
    if (compared.run_id === undefined || compared.run_id !== summary.run_id) {
      const which = compared.run_id === undefined ? 'a run it does not name' : `run ${String(compared.run_id)} (${String(compared.scenario)})`;
      run.staleComparison = `${join(dir, 'compare.json')} compared ${which}, not this folder's run ${String(summary.run_id ?? '(no run_id)')} (${String(summary.scenario)}): left out of the report; run ccalc compare again`;
    } else run.comparison = { metrics, charts: existsSync(join(dir, 'compare-charts.json')) ? ((await readJson(join(dir, 'compare-charts.json'))) as NamedChart[]) : [] };
  }
  return run;
}

const SUMMARY_COLUMNS: [string, string, number][] = [
  ['engine', 'engine', 0],
  ['peak backlog (MB)', 'peak_backlog_bytes', 3],
  ['pauses', 'pauses', 0],
  ['CNPs', 'notifications', 0],
  ['backlog clears (µs)', 'backlog_clear_time_us', 0],
  ['last flow done (µs)', 'completion_max_us', 0],
  ['compute (s)', 'compute_ms', 2],
];

/** The summary table's columns for runs compared with a simulator: header, path in compare.json, digits. */
const COMPARED_COLUMNS: [string, string[], number][] = [
  ['backlog NRMSE (% of peak)', ['backlog', 'nrmsePercent'], 2],
  ['arrival NRMSE, 10 µs (% of line rate)', ['arrival_rate_10us', 'nrmsePercent'], 2],
];

/** The Vega runtime's single-file build, embedded in every page. */
async function vegaRuntime(): Promise<string> {
  return readFile(join(dirname(fileURLToPath(import.meta.resolve('vega'))), 'vega.min.js'), 'utf8');
}

/**
 * The HTML page: a summary table with a row per run, failures if any, then per run its charts and,
 * if compared with a simulator, the metrics and the overlay charts. Charts are drawn by the
 * embedded Vega runtime (SVG renderer, tooltips on hover).
 */
export async function reportHtml(title: string, runs: readonly ReportRun[], notes: { intro?: string; failures?: string[] } = {}): Promise<string> {
  const charts: { id: string; vega: unknown }[] = [];
  const figure = (c: NamedChart): string => {
    const id = `chart-${charts.length}`;
    charts.push({ id, vega: vegaLite.compile(c.spec as unknown as vegaLite.TopLevelSpec).spec });
    return `<figure><div id="${id}" class="chart"></div><figcaption>${escape(c.name)}</figcaption></figure>`;
  };
  const value = (s: Record<string, unknown>, key: string): unknown => (key === 'peak_backlog_bytes' && typeof s[key] === 'number' ? (s[key] as number) / 1e6 : key === 'compute_ms' && typeof s[key] === 'number' ? (s[key] as number) / 1e3 : s[key]);
  const compared = runs.some((r) => r.comparison !== undefined);
  const compareCell = (r: ReportRun, path: string[], digits: number): string => {
    let x: unknown = r.comparison?.metrics;
    for (const p of path) x = x !== null && typeof x === 'object' ? (x as Record<string, unknown>)[p] : undefined;
    return cell(x, digits);
  };
  const summaryTable = `<table class="summary"><tr><th>run</th>${SUMMARY_COLUMNS.map(([h]) => `<th>${h}</th>`).join('')}${compared ? COMPARED_COLUMNS.map(([h]) => `<th>${h}</th>`).join('') : ''}</tr>
${runs.map((r) => `<tr><td><a href="#${escape(name(r))}">${escape(name(r))}</a></td>${SUMMARY_COLUMNS.map(([, k, d]) => `<td>${cell(value(r.summary, k), d)}</td>`).join('')}${compared ? COMPARED_COLUMNS.map(([, path, d]) => `<td>${compareCell(r, path, d)}</td>`).join('') : ''}</tr>`).join('\n')}
</table>`;
  const sections = runs.map((r) => `<section id="${escape(name(r))}"><h2>${escape(name(r))}</h2>
<div class="tables">${figuresTable(r.summary)}${parametersTable(r.summary.parameters)}</div>
${r.charts.length === 0 ? `<p class="note">No charts: this run was made without <code>--plots</code> (ccalc run draws them with it).</p>` : r.charts.map(figure).join('\n')}
${r.staleComparison === undefined ? '' : `<p class="note">No comparison shown: ${escape(r.staleComparison)}.</p>`}
${r.comparison === undefined ? '' : `<h3>Against the simulator</h3>${comparisonTable(r.comparison.metrics)}\n${r.comparison.charts.map(figure).join('\n')}`}
</section>`);
  const data = JSON.stringify(charts).replace(/</g, '\\u003c'); // no "</script>" inside the script
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>
body{font-family:'DejaVu Sans',Verdana,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:right;font-variant-numeric:tabular-nums}
td:first-child,th:first-child{text-align:left;white-space:nowrap}th{font-weight:600;vertical-align:bottom}
figure{margin:1.5em 0}figcaption{color:#666;font-size:90%}.failures{color:#a00}
table.summary th{font-size:85%}.tables{display:flex;flex-wrap:wrap;gap:0 2em;align-items:flex-start}
table.figures td:last-child,table.parameters td:last-child,table.metrics td{text-align:left}td.miss{color:#a00;font-weight:600}
details{margin:0 0 1em}table.raw{font-size:85%}
</style></head><body>
<h1>${escape(title)}</h1>
${notes.intro === undefined ? '' : `<p>${notes.intro}</p>`}
${summaryTable}
${notes.failures !== undefined && notes.failures.length > 0 ? `<h2 class="failures">Failures</h2><ul class="failures">${notes.failures.map((f) => `<li>${escape(f)}</li>`).join('')}</ul>` : ''}
${sections.join('\n')}
<noscript><p>The charts need JavaScript (the Vega runtime is embedded in this page); PNG copies are in the figures folder next to it.</p></noscript>
<script>${await vegaRuntime()}</script>
<script>
for (const { id, vega: spec } of ${data}) {
  new vega.View(vega.parse(spec), { renderer: 'svg', container: '#' + id, hover: true }).runAsync()
    .catch((e) => { document.getElementById(id).textContent = 'chart error: ' + e.message; document.body.dataset.chartError = e.message; });
}
</script>
</body></html>
`;
}

const name = (r: ReportRun): string => (typeof r.summary.scenario === 'string' ? r.summary.scenario : basename(r.dir));

/**
 * Writes `out/report.html` for the run folders, and `out/figures/<run>-<chart>.png` (and .svg) for
 * every chart. Returns the page's path.
 * @example await writeReport(['out/ns3-31-dcqcn', 'out/paper-31-dcqcn'], 'out', 'Incast')
 */
export async function writeReport(runs: readonly ReportRun[], out: string, title: string, notes: { intro?: string; failures?: string[] } = {}): Promise<string> {
  await mkdir(out, { recursive: true });
  const page = join(out, 'report.html');
  await writeFile(page, await reportHtml(title, runs, notes));
  const { renderCharts } = await import('./render.ts');
  const toDraw: { spec: Record<string, unknown>; base: string }[] = [];
  for (const r of runs) {
    for (const c of [...r.charts, ...(r.comparison?.charts ?? [])]) {
      const target = join(out, 'figures', `${name(r)}-${c.name.replace(/[^\w.-]+/g, '-')}`);
      // A run's own charts were drawn by ccalc run beside its charts.json (the folder is written
      // whole, so they are of the same specs): copied, not drawn again.
      const drawn = join(r.dir, c.name);
      if (r.charts.includes(c) && existsSync(`${drawn}.png`) && existsSync(`${drawn}.svg`)) {
        await mkdir(dirname(target), { recursive: true });
        await Promise.all(['png', 'svg'].map((ext) => copyFile(`${drawn}.${ext}`, `${target}.${ext}`)));
      } else toDraw.push({ spec: c.spec, base: target });
    }
  }
  await renderCharts(toDraw);
  return page;
}

/**
 * Charts for the notebooks, in any runtime (Deno's Jupyter kernel, a browser, node): a Vega-Lite
 * spec from the packages is compiled and drawn to SVG by Vega, with nothing fetched.
 */
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';

/**
 * The SVG text of a Vega-Lite spec.
 * @example const svg = await svgOf(rateChart(result))
 */
export async function svgOf(spec: Record<string, unknown>): Promise<string> {
  const view = new vega.View(vega.parse(vegaLite.compile(spec as unknown as vegaLite.TopLevelSpec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/**
 * A chart as a Jupyter display value: the last expression of a cell, `await show(spec)`, appears
 * as an SVG image (the Deno kernel's display protocol, Symbol.for('Jupyter.display')).
 * @example await show(curveChart([{ label: 'λ', curve: rate(1) }], { end: 1 }))
 */
export async function show(spec: Record<string, unknown>): Promise<{ [key: symbol]: () => Record<string, string> }> {
  const svg = await svgOf(spec);
  return { [Symbol.for('Jupyter.display')]: () => ({ 'image/svg+xml': svg }) };
}

/**
 * A small table (rows of objects) as a Jupyter display value: HTML, with a text fallback.
 * @example table([{ gap: '50 µs', peak: '30.0 MB' }])
 */
export function table(rows: Record<string, unknown>[]): { [key: symbol]: () => Record<string, string> } {
  const keys = Object.keys(rows[0] ?? {});
  const html = `<table><tr>${keys.map((k) => `<th>${k}</th>`).join('')}</tr>${rows.map((r) => `<tr>${keys.map((k) => `<td>${String(r[k])}</td>`).join('')}</tr>`).join('')}</table>`;
  const text = [keys.join('\t'), ...rows.map((r) => keys.map((k) => String(r[k])).join('\t'))].join('\n');
  return { [Symbol.for('Jupyter.display')]: () => ({ 'text/html': html, 'text/plain': text }) };
}

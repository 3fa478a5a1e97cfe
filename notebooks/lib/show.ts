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

type Bundle = Record<string, string>;
type Displayable = { [key: symbol]: () => Bundle };

interface DenoGlobal {
  jupyter?: { display(bundle: Bundle, options: { raw: boolean }): Promise<void> };
  inspect(value: unknown, options: { colors: boolean; depth: number }): string;
}
const deno = (globalThis as { Deno?: DenoGlobal }).Deno;
/** Deno's Jupyter API, when running in its kernel. */
const jupyter = deno?.jupyter;

/**
 * Sends a MIME bundle to the notebook. In Deno's kernel the message is sent, and given time to
 * leave, before the cell ends. A cell's value (its last expression) can otherwise reach the
 * notebook after the kernel has reported itself idle, and a headless runner then loses it: seen
 * with nbconvert, for a 380 kB SVG and for short text alike, about one run in five. Elsewhere the
 * bundle is returned.
 */
async function display(bundle: Bundle): Promise<Displayable | undefined> {
  if (jupyter !== undefined) {
    await jupyter.display(bundle, { raw: true });
    // The promise resolves before a large message has left the kernel: under load a 380 kB SVG
    // was still lost in CI. Give the kernel time to send it before the cell ends (50 ms, plus
    // 1 ms per 4 kB).
    const size = Object.values(bundle).reduce((n, v) => n + v.length, 0);
    await new Promise((ok) => setTimeout(ok, 50 + size / 4096));
    return undefined;
  }
  return { [Symbol.for('Jupyter.display')]: () => bundle };
}

/**
 * Shows a chart in the notebook as an SVG image: `await show(spec)`.
 * @example await show(curveChart([{ label: 'λ', curve: rate(1) }], { end: 1 }))
 */
export async function show(spec: Record<string, unknown>): Promise<Displayable | undefined> {
  return display({ 'image/svg+xml': await svgOf(spec) });
}

/**
 * Shows a small table (rows of objects): HTML, with a text fallback. `await table(rows)`.
 * @example await table([{ gap: '50 µs', peak: '30.0 MB' }])
 */
export async function table(rows: Record<string, unknown>[]): Promise<Displayable | undefined> {
  const keys = Object.keys(rows[0] ?? {});
  const html = `<table><tr>${keys.map((k) => `<th>${k}</th>`).join('')}</tr>${rows.map((r) => `<tr>${keys.map((k) => `<td>${String(r[k])}</td>`).join('')}</tr>`).join('')}</table>`;
  const text = [keys.join('\t'), ...rows.map((r) => keys.map((k) => String(r[k])).join('\t'))].join('\n');
  return display({ 'text/html': html, 'text/plain': text });
}

/**
 * Shows a value as text (objects and arrays formatted as Deno formats them), sent like `show`:
 * `await note({ delay_us: 140 })`. Use it instead of ending a cell with a bare expression.
 * @example await note(timeouts.map((t) => `${t * 1e6} µs`))
 */
export async function note(value: unknown): Promise<Displayable | undefined> {
  const text = typeof value === 'string' ? value : deno !== undefined ? deno.inspect(value, { colors: false, depth: 4 }) : JSON.stringify(value, null, 2);
  return display({ 'text/plain': text });
}

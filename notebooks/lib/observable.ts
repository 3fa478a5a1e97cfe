/**
 * The notebooks' display helpers for Observable Notebook Kit (browser): the same names as
 * `show.ts` has for Jupyter, returning elements that a cell passes to `display(…)` (the generator
 * writes `display(await show(spec))` where the Jupyter notebook has `await show(spec)`).
 */
import { svgOf } from './show.ts';

/**
 * A chart: the Vega-Lite spec drawn to SVG by Vega, in a div.
 * @example display(await show(rateChart(result)))
 */
export async function show(spec: Record<string, unknown>): Promise<HTMLElement> {
  const div = document.createElement('div');
  div.className = 'ccalc-chart';
  div.innerHTML = await svgOf(spec);
  return div;
}

/**
 * A value as text: strings as they are, anything else as indented JSON.
 * @example display(await note({ delay_us: 140 }))
 */
export async function note(value: unknown): Promise<HTMLElement> {
  const pre = document.createElement('pre');
  pre.className = 'ccalc-note';
  pre.textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return pre;
}

/**
 * A small table of rows (objects with the same keys).
 * @example display(await table([{ gap: '50 µs', peak: '30.0 MB' }]))
 */
export async function table(rows: Record<string, unknown>[]): Promise<HTMLElement> {
  const t = document.createElement('table');
  const keys = Object.keys(rows[0] ?? {});
  const line = (cells: unknown[], tag: 'th' | 'td'): HTMLTableRowElement => {
    const tr = document.createElement('tr');
    for (const c of cells) {
      const cell = document.createElement(tag);
      cell.textContent = String(c);
      tr.append(cell);
    }
    return tr;
  };
  t.append(line(keys, 'th'), ...rows.map((r) => line(keys.map((k) => r[k]), 'td')));
  return t;
}

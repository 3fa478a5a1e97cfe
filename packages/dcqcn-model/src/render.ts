import { mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';
import { Resvg } from '@resvg/resvg-js';

/** Sans fonts tried in order for PNG rendering (resvg falls back to a serif font otherwise). */
const SANS_FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
];

/**
 * Renders a Vega-Lite specification to SVG text (node, no browser).
 * @example const svg = await vegaLiteToSvg(curveChart([{ label: 'λ', curve: rate(1) }], { end: 1 }))
 */
export async function vegaLiteToSvg(spec: Record<string, unknown>): Promise<string> {
  const compiled = vegaLite.compile(spec as unknown as vegaLite.TopLevelSpec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/**
 * A PNG of SVG text, at `zoom` times its size, on white, with DejaVu Sans (resvg's defaults would
 * fall back to a serif font).
 * @example await writeFile('chart.png', svgToPng(await vegaLiteToSvg(spec)))
 */
export function svgToPng(svg: string, zoom = 2): Buffer {
  const fontFiles = SANS_FONTS.filter((f) => existsSync(f));
  return new Resvg(svg, {
    fitTo: { mode: 'zoom', value: zoom },
    background: 'white',
    font: { fontFiles, loadSystemFonts: fontFiles.length === 0, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  })
    .render()
    .asPng();
}

/**
 * Renders a Vega-Lite specification to `<base>.svg` and `<base>.png` (PNG at 2× scale with
 * DejaVu Sans), creating the folder. Returns the two paths.
 */
export async function renderChart(spec: Record<string, unknown>, base: string): Promise<{ svg: string; png: string }> {
  const svg = await vegaLiteToSvg(spec);
  await mkdir(dirname(base), { recursive: true });
  await writeFile(`${base}.svg`, svg);
  await writeFile(`${base}.png`, svgToPng(svg));
  return { svg: `${base}.svg`, png: `${base}.png` };
}

import { mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';
import { Resvg, renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';

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
  return new Resvg(svg, pngOptions(zoom)).render().asPng();
}

/** resvg's options for {@link svgToPng}: the zoom, a white background, DejaVu Sans where installed. */
function pngOptions(zoom: number): ResvgRenderOptions {
  const fontFiles = SANS_FONTS.filter((f) => existsSync(f));
  return {
    fitTo: { mode: 'zoom', value: zoom },
    background: 'white',
    font: { fontFiles, loadSystemFonts: fontFiles.length === 0, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  };
}

/**
 * Renders a Vega-Lite specification to `<base>.svg` and `<base>.png` (PNG at 2× scale with
 * DejaVu Sans), creating the folder. Returns the two paths.
 */
export async function renderChart(spec: Record<string, unknown>, base: string): Promise<{ svg: string; png: string }> {
  const [paths] = await renderCharts([{ spec, base }]);
  return paths;
}

/**
 * Renders Vega-Lite specifications to `<base>.svg` and `<base>.png` each, as {@link renderChart}
 * does, but overlapped: each SVG is drawn on this thread in turn while the PNGs are rasterized on
 * libuv's thread pool (resvg's `renderAsync`), which take about 60 % of the work. Same files.
 * Returns the paths in the order given.
 * @example await renderCharts(runCharts(name, result, model).map((c) => ({ spec: c.spec, base: join(dir, c.name) })))
 */
export async function renderCharts(charts: readonly { spec: Record<string, unknown>; base: string }[]): Promise<{ svg: string; png: string }[]> {
  const options = pngOptions(2);
  const pngs: Promise<void>[] = [];
  const paths: { svg: string; png: string }[] = [];
  try {
    for (const { spec, base } of charts) {
      const svg = await vegaLiteToSvg(spec);
      await mkdir(dirname(base), { recursive: true });
      pngs.push(renderAsync(svg, options).then((image) => writeFile(`${base}.png`, image.asPng())));
      await writeFile(`${base}.svg`, svg);
      paths.push({ svg: `${base}.svg`, png: `${base}.png` });
    }
  } finally {
    // Every PNG started is written (or has failed) before this returns, even when a chart failed.
    const settled = await Promise.allSettled(pngs);
    const failed = settled.find((x): x is PromiseRejectedResult => x.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }
  return paths;
}

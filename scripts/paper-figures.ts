/**
 * Renders the figures of the paper's examples computed by @ccalc/cca into out/figures/ (SVG + PNG):
 * AIMD fairness (Fig. 6a rates, Fig. 6b vector) and TCP Vegas (Fig. 3 window, Fig. 4 backlog).
 * Run: npx tsx scripts/paper-figures.ts
 */
import { runPathServer, aimdFairnessModel, vegasModel, rateChart, vectorChart, windowChart, curvesChart } from '@ccalc/cca';
import { renderChart } from '@ccalc/dcqcn-model/render';

const aimd = runPathServer(aimdFairnessModel());
const written: string[] = [];
written.push((await renderChart(rateChart(aimd, 'AIMD fairness: rates of two flows (paper Fig. 6a)'), 'out/figures/aimd-rates')).png);
written.push((await renderChart(vectorChart(aimd, 0, 1, 12.5e9, 'AIMD: convergence to fairness and efficiency (paper Fig. 6b)'), 'out/figures/aimd-vector')).png);
for (const variant of ['ns3', 'paper'] as const) {
  const v = runPathServer(vegasModel(variant));
  written.push((await renderChart(windowChart(v, `TCP Vegas (${variant}): congestion window (paper Fig. 3)`), `out/figures/vegas-${variant}-window`)).png);
  written.push((await renderChart(curvesChart([{ label: 'backlog at the link Â − D', curve: v.backlog }], v.horizon, `TCP Vegas (${variant}): backlog (paper Fig. 4)`), `out/figures/vegas-${variant}-backlog`)).png);
}
console.log(written.join('\n'));

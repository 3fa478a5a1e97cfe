/**
 * The run charts hold up on any run: random whole-packet models on either engine (every CCA the
 * generator knows, runs cut short and runs to completion), fluid built-ins, and a sender that sends
 * nothing. Every spec compiles, its data hold only finite numbers, and a sample draws to SVG.
 */
import { describe, expect, it } from 'vitest';
import * as vegaLite from 'vega-lite';
import { eventEngineSupport, fixedRate, paperIncastModel, runEvents, runModel, type EngineResult, type PathServerModel } from '@ccalc/cca';
import { constant, rate, step } from '@ccalc/curves';
import { randomPacketModel } from '../../cca/src/test-support/random-models.ts';
import { runCharts } from './run-charts.ts';
import { vegaLiteToSvg } from './render.ts';

/** Every number in a spec's data, wherever it sits. */
function dataNumbers(spec: unknown, out: number[] = []): number[] {
  if (Array.isArray(spec)) for (const x of spec) dataNumbers(x, out);
  else if (spec !== null && typeof spec === 'object') {
    for (const [k, v] of Object.entries(spec)) {
      if (k === 'values' && Array.isArray(v)) for (const row of v) for (const x of Object.values(row as object)) if (typeof x === 'number') out.push(x);
      dataNumbers(v, out);
    }
  }
  return out;
}

function check(name: string, result: EngineResult, model: PathServerModel): string[] {
  const charts = runCharts(name, result, model);
  expect(charts.length, name).toBeGreaterThanOrEqual(5);
  for (const c of charts) {
    expect(() => vegaLite.compile(c.spec as unknown as vegaLite.TopLevelSpec), `${name} ${c.name}`).not.toThrow();
    const bad = dataNumbers(c.spec).filter((x) => !Number.isFinite(x));
    expect(bad, `${name} ${c.name}`).toEqual([]);
  }
  return charts.map((c) => c.name);
}

describe('run charts on any run', () => {
  it('random whole-packet models, on the event engine where it applies and the curve engine otherwise, cut short and to completion', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const model = randomPacketModel(seed);
      const engine = eventEngineSupport(model) === null ? 'events' : 'curves';
      check(`seed ${seed}`, runModel(model, { engine }).result, model);
      check(`seed ${seed}, cut short`, runModel({ ...model, horizon: model.horizon / 20 }, { engine }).result, model);
    }
  });

  it('a fluid built-in, and a sender that sends nothing beside one that does', () => {
    const fluid = paperIncastModel({ dcqcn: true, pfc: true, horizon: 300e-6 });
    check('paper-31-dcqcn', runModel(fluid, { engine: 'curves' }).result, fluid);
    const idle: PathServerModel = { service: rate(12.5e9), horizon: 20e-6, feedbackDelay: 1e-6, packets: { size: 1000 }, flows: [{ arrivals: constant(0), cca: fixedRate(12.5e9), name: 'idle' }, { arrivals: step(1e4, 0), cca: fixedRate(12.5e9), name: 'busy' }] };
    expect(check('idle', runEvents(idle), idle)).toContain('completion');
  });

  it('draws to SVG (a sample: both shapes of each chart)', async () => {
    const few = randomPacketModel(4);
    const many: PathServerModel = { ...few, flows: Array.from({ length: 70 }, (_, j) => ({ ...few.flows[j % few.flows.length], name: `s${j}` })) };
    for (const [name, model] of [['few', few], ['many', many]] as const) {
      const engine = eventEngineSupport(model) === null ? 'events' : 'curves';
      for (const c of runCharts(name, runModel(model, { engine }).result, model)) expect(await vegaLiteToSvg(c.spec), `${name} ${c.name}`).toMatch(/^<svg/);
    }
  }, 60_000);
});

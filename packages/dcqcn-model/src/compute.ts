import { runModel, type EngineChoice, type EngineResult } from '@ccalc/cca';
import type { BuiltIn } from './scenarios.ts';
import { ScenarioError } from './units.ts';
import { completionTimes } from './output.ts';

/** A scenario ready to run: a built-in, or a scenario file once loaded. */
export type Runnable = BuiltIn & { name: string; bin?: number; untilComplete?: boolean };

/** A computed scenario: the result, the model it ran (its horizon the result's), and why not the event engine. */
export interface Computed {
  result: EngineResult;
  model: ReturnType<Runnable['model']>;
  reason: string | null;
}

/**
 * One computation of a scenario on the chosen engine, to `horizon` (s) or, with `untilComplete`,
 * until every sender has finished: every engine runs once, with a horizon of 64 times the
 * scenario's, and stops when the last sender's last byte has left the switch. Throws a
 * ScenarioError naming the horizon if the senders have not finished by then.
 * @example computeScenario({ name: 'a1', ...BUILT_INS['ns3-31-pfc'] }, 1e-3, 'auto', () => {}).result.stats.engine // 'events'
 */
export function computeScenario(scenario: Runnable, horizon: number, engine: EngineChoice, onProgress: (t: number, end: number) => void): Computed {
  if (!scenario.untilComplete) {
    const model = scenario.model(horizon);
    return { ...runModel(model, { engine, onProgress }), model };
  }
  const limit = 64 * horizon;
  const model = scenario.model(limit);
  const run = runModel(model, { engine, onProgress, untilComplete: true });
  if (!completionTimes(run.result).every((t) => t !== null)) throw new ScenarioError('horizon', 'until-complete', `senders that finish: not all had by ${(limit * 1e3).toFixed(3)} ms`);
  return { ...run, model: { ...model, horizon: run.result.horizon } };
}

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
 * until every sender has finished (up to 64 times the horizon): the event and segment engines run once
 * with a horizon of 64 times the scenario's and stop when the last sender finishes; the curve engine
 * doubles the horizon and starts over until every sender has finished (`onRestart` is told).
 * Throws a ScenarioError naming the horizon if the senders have not finished by 64 × horizon.
 * @example computeScenario({ name: 'a1', ...BUILT_INS['ns3-31-pfc'] }, 1e-3, 'auto', () => {}).result.stats.engine // 'events'
 */
export function computeScenario(scenario: Runnable, horizon: number, engine: EngineChoice, onProgress: (t: number, end: number) => void, onRestart?: (from: number, to: number) => void): Computed {
  if (scenario.untilComplete) {
    const limit = 64 * horizon;
    const model = scenario.model(limit);
    const first = runModel(model, { engine, onProgress, untilComplete: true });
    if (first.result.stats.engine !== 'curves') {
      if (!completionTimes(first.result).every((t) => t !== null)) throw new ScenarioError('horizon', 'until-complete', `senders that finish: not all had by ${(limit * 1e3).toFixed(3)} ms`);
      return { ...first, model: { ...model, horizon: first.result.horizon } };
    }
  }
  let h = horizon;
  for (;;) {
    const model = scenario.model(h);
    const { result, reason } = runModel(model, { engine, onProgress });
    if (!scenario.untilComplete || completionTimes(result).every((t) => t !== null)) return { result, model, reason };
    if (h >= 64 * horizon) throw new ScenarioError('horizon', 'until-complete', `senders that finish: not all had by ${(h * 1e3).toFixed(3)} ms`);
    h *= 2;
    onRestart?.(h / 2, h);
  }
}

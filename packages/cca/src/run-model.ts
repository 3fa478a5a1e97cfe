import type { PathServerModel } from './model.ts';
import type { EngineResult } from './results.ts';
import { runPathServer } from './engine.ts';
import { runEvents } from './engines/events/run-events.ts';
import { eventEngineSupport } from './engines/events/support.ts';
import { runSegments } from './engines/segments/run-segments.ts';
import { segmentEngineSupport } from './engines/segments/support.ts';
import { ModelError } from './errors.ts';

/** Which engine runs a model: the event engine where it applies ('auto'), or one by name. */
export type EngineChoice = 'auto' | 'curves' | 'events' | 'segments';

/** Options of {@link runModel}. */
export interface RunModelOptions {
  engine?: EngineChoice;
  onProgress?: (time: number, horizon: number) => void;
  /** Stop once every sender has finished (every engine: the result's horizon is then that instant). */
  untilComplete?: boolean;
}

/**
 * Runs a model on the engine asked for: 'events' (`runEvents`, event to event, fast), 'curves'
 * (`runPathServer`, the paper's method in windows of exact curve algebra, the reference),
 * 'segments' (`runSegments`, TCP senders whose CCA reacts to each acknowledgement, segment by
 * segment), or 'auto' (the default): the segment engine for such CCAs, else the event engine when
 * it covers the model, else the curve engine. All give the same result type; `result.stats.engine`
 * says which ran, and `reason` why the event engine did not (null when it ran).
 * @example runModel(ns3IncastModel({ horizon: 1e-3 })).result.stats.engine // 'events'
 */
export function runModel(model: PathServerModel, options: RunModelOptions = {}): { result: EngineResult; reason: string | null } {
  const engine = options.engine ?? 'auto';
  if (engine !== 'auto' && engine !== 'curves' && engine !== 'events' && engine !== 'segments') throw new ModelError('engine', engine, '"auto", "curves", "events" or "segments"');
  const perAck = model.flows.some((f) => f.cca.listens.acks);
  if (engine === 'segments' || (engine === 'auto' && perAck)) {
    const why = segmentEngineSupport(model);
    if (why !== null) throw new ModelError('engine', 'segments', `a model the segment engine covers, not one with ${why}`);
    return { result: runSegments(model, { onProgress: options.onProgress, untilComplete: options.untilComplete }), reason: 'the segment engine runs CCAs that react to each acknowledgement' };
  }
  const reason = engine === 'curves' ? 'the curve engine was asked for' : eventEngineSupport(model);
  if (reason === null) return { result: runEvents(model, { onProgress: options.onProgress, untilComplete: options.untilComplete }), reason };
  if (engine === 'events') throw new ModelError('engine', 'events', `a model the event engine covers, not one with ${reason}`);
  return { result: runPathServer(model, { onProgress: options.onProgress, untilComplete: options.untilComplete }), reason };
}

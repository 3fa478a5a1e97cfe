import type { EngineResult } from './results.ts';
import { eventTable } from './event-table.ts';

/**
 * How many flows are paused at each of the increasing `times`, from the pfc-pause and pfc-resume
 * events (an event at t counts at t). One sweep over the frames in time order (read from the
 * result's event table: no event objects).
 * @example pausedCounts(result, [0, 1e-6, 2e-6]) // senders paused at 0, 1 and 2 µs
 */
export function pausedCounts(result: Pick<EngineResult, 'events' | 'eventTable' | 'flows'>, times: readonly number[]): number[] {
  const table = eventTable(result);
  const frames: number[] = [];
  for (let k = 0; k < table.length; k++) {
    const kind = table.kind(k);
    if (kind === 'pfc-pause' || kind === 'pfc-resume') frames.push(k);
  }
  const paused = new Array<boolean>(result.flows.length).fill(false);
  let count = 0;
  let q = 0;
  return times.map((t) => {
    for (; q < frames.length && table.time(frames[q]) <= t; q++) {
      const k = frames[q];
      const now = table.kind(k) === 'pfc-pause';
      if (now !== paused[table.flow(k)]) count += now ? 1 : -1;
      paused[table.flow(k)] = now;
    }
    return count;
  });
}

import type { EngineResult } from './results.ts';
import { eventFigures } from './event-figures.ts';

/**
 * How many flows are paused at each of the increasing `times`, from the pfc-pause and pfc-resume
 * events (an event at t counts at t). One sweep over the frames in time order (the result's
 * `eventFigures`: no event objects, and for the event engine no rows of its timer runs).
 * @example pausedCounts(result, [0, 1e-6, 2e-6]) // senders paused at 0, 1 and 2 µs
 */
export function pausedCounts(result: Pick<EngineResult, 'events' | 'eventTable' | 'eventFigures' | 'flows'>, times: readonly number[]): number[] {
  const frames = eventFigures(result).frames;
  const paused = new Array<boolean>(result.flows.length).fill(false);
  let count = 0;
  let q = 0;
  return times.map((t) => {
    for (; q < frames.time.length && frames.time[q] <= t; q++) {
      const now = frames.pause[q] === 1;
      const flow = frames.flow[q];
      if (now !== paused[flow]) count += now ? 1 : -1;
      paused[flow] = now;
    }
    return count;
  });
}

import type { EngineResult } from './results.ts';

/**
 * How many flows are paused at each of the increasing `times`, from the pfc-pause and pfc-resume
 * events (an event at t counts at t). One sweep over the frames in time order.
 * @example pausedCounts(result, [0, 1e-6, 2e-6]) // senders paused at 0, 1 and 2 µs
 */
export function pausedCounts(result: Pick<EngineResult, 'events' | 'flows'>, times: readonly number[]): number[] {
  const frames = result.events.filter((e) => e.kind === 'pfc-pause' || e.kind === 'pfc-resume').sort((a, b) => a.time - b.time);
  const paused = new Array<boolean>(result.flows.length).fill(false);
  let count = 0;
  let k = 0;
  return times.map((t) => {
    for (; k < frames.length && frames[k].time <= t; k++) {
      const now = frames[k].kind === 'pfc-pause';
      if (now !== paused[frames[k].flow]) count += now ? 1 : -1;
      paused[frames[k].flow] = now;
    }
    return count;
  });
}

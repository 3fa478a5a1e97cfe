import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '@ccalc/cca';
import { pausedCounts, stepSamples } from './output.ts';

const frame = (time: number, flow: number, kind: 'pfc-pause' | 'pfc-resume'): EngineEvent => ({ time, flow, kind, before: {}, after: {} });

describe('pausedCounts', () => {
  const flows = [{}, {}, {}] as never[];

  it('counts the flows paused at each time, a frame at t counting at t', () => {
    const events = [frame(1, 0, 'pfc-pause'), frame(2, 1, 'pfc-pause'), frame(3, 0, 'pfc-resume'), frame(5, 1, 'pfc-resume')];
    expect(pausedCounts({ events, flows }, [0, 1, 1.5, 2, 3, 4, 5, 6])).toEqual([0, 1, 1, 2, 1, 1, 0, 0]);
  });

  it('ignores other events and repeated frames, and takes frames out of order in time order', () => {
    const events: EngineEvent[] = [
      frame(2, 2, 'pfc-pause'),
      { time: 0.5, flow: 0, kind: 'rate-cut', before: {}, after: {} },
      frame(1, 2, 'pfc-pause'),
      frame(1.5, 2, 'pfc-resume'), // the flow's frames at 1, 1.5, 2: paused, resumed, paused again
      frame(2.5, 0, 'pfc-resume'), // a RESUME of a flow that is not paused changes nothing
    ];
    expect(pausedCounts({ events, flows }, [0, 1, 1.5, 2, 3])).toEqual([0, 1, 0, 1, 1]);
  });
});

describe('stepSamples', () => {
  it('samples a right-continuous step series at increasing times', () => {
    expect(stepSamples({ time: [0, 2, 5], value: [10, 20, 30] }, [0, 1, 2, 4.9, 5, 7])).toEqual([10, 10, 20, 20, 30, 30]);
  });

  it('is NaN where there is no series (a window CCA has no rate)', () => {
    expect(stepSamples(undefined, [0, 1])).toEqual([Number.NaN, Number.NaN]);
  });
});

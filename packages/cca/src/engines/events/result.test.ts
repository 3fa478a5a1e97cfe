import { describe, expect, it } from 'vitest';
import { Floats } from './growable.ts';
import { increasing } from './result.ts';

describe('increasing', () => {
  it('puts a record of instants in increasing order in place', () => {
    const times = Floats.of(Float64Array.of(0, 3e-6, 1e-6, 1e-6, 4e-6, 2e-6, 0.5e-6));
    const sorted = increasing(times);
    expect(sorted).toBe(times);
    expect(Array.from(times.view())).toEqual([0, 0.5e-6, 1e-6, 1e-6, 2e-6, 3e-6, 4e-6]);
  });

  it('leaves an increasing record as it is, and sorts only the recorded length', () => {
    const times = new Floats(8);
    for (const t of [1, 2, 2, 5]) times.push(t);
    increasing(times);
    expect(Array.from(times.view())).toEqual([1, 2, 2, 5]);
    times.push(3);
    expect(Array.from(increasing(times).view())).toEqual([1, 2, 2, 3, 5]);
  });
});

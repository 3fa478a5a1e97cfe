import { describe, expect, it } from 'vitest';
import { type EngineResult, eventEngineSupport, ns3IncastModel, runEvents, runPathServer } from '@ccalc/cca';
import { sample, step, subtract, rate } from '@ccalc/curves';
import { randomPacketModel } from '../../cca/src/test-support/random-models.ts';
import { backlogFigures, backlogPeak, curvePeak, packetBacklogFigures, peakOf } from './backlog-figures.ts';

/** Bin starts of `bin` seconds over the run, and a few times on breakpoints and just off them. */
function readingTimes(result: EngineResult, bin: number): number[] {
  const count = Math.floor(result.horizon / bin + 1e-9);
  const times = Array.from({ length: count }, (_, k) => k * bin);
  const b = result.backlog;
  for (let i = 1; i < b.t.length; i += Math.max(1, Math.floor(b.t.length / 50))) times.push(b.t[i], b.t[i] + 0.5e-12, b.t[i] - 2e-12, b.t[i] + 3e-9);
  times.push(result.horizon, result.horizon + 1e-6);
  return times.sort((x, y) => x - y);
}

/** The walk's figures against the curve's, to the bit. Returns the peak figures. */
function expectSameFigures(result: EngineResult, bin = 1e-6): ReturnType<typeof curvePeak> {
  const times = readingTimes(result, bin);
  const walked = packetBacklogFigures(result.packets!, result.horizon, times);
  expect(walked).not.toBeNull();
  expect(backlogFigures(result, times)).toEqual(walked);
  const fromCurve = { samples: sample(result.backlog, times), ...curvePeak(result.backlog, result.horizon) };
  expect(walked).toEqual(fromCurve);
  return fromCurve;
}

describe('the backlog figures read in one walk over the packets', () => {
  it.each([
    ['A1 (PFC)', { dcqcn: false, pfc: true }],
    ['A2 (DCQCN + PFC)', { dcqcn: true, pfc: true }],
    ['A3 (DCQCN, no PFC)', { dcqcn: true, pfc: false }],
  ] as const)('%s: the samples, peak and clearing the backlog curve gives, to the bit', (_, options) => {
    const whole = runEvents(ns3IncastModel({ ...options, horizon: 2 }), { untilComplete: true });
    const figures = expectSameFigures(whole);
    // The run goes to completion: the backlog clears after its peak.
    expect(figures.clearsAt).not.toBeNull();
    expect(figures.peak).toBeGreaterThan(100e3);
    // A horizon that cuts the run while the queue is high: no clearing by then.
    const cut = runEvents(ns3IncastModel({ ...options, horizon: 2e-3 + 37e-9 }));
    expect(expectSameFigures(cut).clearsAt).toBeNull();
  });

  it('on 60 random models (idle gaps, instants shared by flows, peaks reached more than once)', () => {
    let models = 0;
    for (let seed = 1; models < 60; seed++) {
      const model = randomPacketModel(seed);
      if (eventEngineSupport(model) !== null) continue;
      expectSameFigures(runEvents(model), model.horizon / 97);
      models += 1;
    }
  });

  it('without packets (the curve engine), from the curve; the peak figures kept per result', () => {
    const result = runPathServer(ns3IncastModel({ dcqcn: false, pfc: true, horizon: 0.2e-3 }));
    expect(result.packets).toBeUndefined();
    const figures = backlogFigures(result, [0, 1e-4]);
    expect(figures.samples).toEqual(sample(result.backlog, [0, 1e-4]));
    expect(backlogPeak(result)).toEqual(curvePeak(result.backlog, result.horizon));
  });

  it('peakOf worked by hand: a jump of 5 at 1 drained at 1 per second', () => {
    expect(peakOf(subtract(step(5, 1), rate(1)), 10)).toEqual({ peak: 4, at: 1 });
  });
});

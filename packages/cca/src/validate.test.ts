import { describe, expect, it } from 'vitest';
import { Curve, rate, step } from '@ccalc/curves';
import { ModelError } from './errors.ts';
import { runPathServer } from './engine.ts';
import { aimdRate } from './ccas/aimd-rate.ts';
import { aimdWindow } from './ccas/aimd-window.ts';
import { vegas } from './ccas/vegas.ts';
import type { PathServerModel } from './model.ts';

const cca = () => aimdRate({ initialRate: 1e9, increase: 1e6, decrease: 0.8, increaseInterval: 30e-6, timeout: 100e-6 });
const good = (): PathServerModel => ({ service: rate(1e9), flows: [{ arrivals: step(1e6, 0), cca: cca() }], horizon: 1e-3, feedbackDelay: 20e-6 });

function errorOf(run: () => unknown): ModelError {
  try {
    run();
  } catch (e) {
    if (e instanceof ModelError) return e;
    throw e;
  }
  throw new Error('no error was raised');
}

describe('bad input is rejected before any computation, naming the parameter', () => {
  it.each([
    ['initialRate', () => aimdRate({ initialRate: -1, increase: 1, decrease: 0.5, increaseInterval: 1 })],
    ['increase', () => aimdRate({ initialRate: 1, increase: Number.NaN, decrease: 0.5, increaseInterval: 1 })],
    ['decrease', () => aimdRate({ initialRate: 1, increase: 1, decrease: 1.2, increaseInterval: 1 })],
    ['decrease', () => aimdWindow({ initialWindow: 1, slowStartThreshold: 10, increase: 1, decrease: 0, timeout: 1, restartWindow: 1 })],
    ['increaseInterval', () => aimdRate({ initialRate: 1, increase: 1, decrease: 0.5, increaseInterval: 0 })],
    ['variant', () => vegas({ initialWindow: 1500, packetSize: 1500, variant: 'reno' as never })],
    ['flows', () => runPathServer({ ...good(), flows: [] })],
    ['horizon', () => runPathServer({ ...good(), horizon: -1 })],
    ['feedbackDelay', () => runPathServer({ ...good(), feedbackDelay: 0 })],
    ['flows[0].cca.timeout', () => runPathServer({ ...good(), feedbackDelay: 200e-6 })],
    ['flows[0].arrivals', () => runPathServer({ ...good(), flows: [{ arrivals: Curve.fromBreakpoints([[0, 0, 5, 0], [1e-4, 5, 1, 0]]), cca: cca() }] })],
    ['flows[0].arrivals', () => runPathServer({ ...good(), flows: [{ arrivals: Curve.fromBreakpoints([[0, 3, 3, 1]]), cca: cca() }] })],
    ['service', () => runPathServer({ ...good(), service: Curve.fromBreakpoints([[0, 0, 0, -1]]) })],
    ['ecn.kMin', () => runPathServer({ ...good(), ecn: { kMin: 300e3, kMax: 200e3, pMax: 0.01, packetSize: 1000 } })],
    ['ecn.pMax', () => runPathServer({ ...good(), ecn: { kMin: 5e3, kMax: 200e3, pMax: 2, packetSize: 1000 } })],
    ['pfc.xOn', () => runPathServer({ ...good(), pfc: { xOff: 10e3, xOn: 20e3 } })],
    ['pfc.lineRate', () => runPathServer({ ...good(), pfc: { xOff: 20e3, xOn: 10e3, resume: 'paper' } })],
    ['flows[0].host', () => runPathServer({ ...good(), flows: [{ ...good().flows[0], host: 1 }], hosts: [{}] })],
    ['flows[0].host', () => runPathServer({ ...good(), flows: [{ ...good().flows[0], host: 0 }] })],
    ['hosts[0].lineRate', () => runPathServer({ ...good(), hosts: [{ lineRate: -1 }] })],
    // Two connections on one host: the curve engine shares a NIC between fluid senders limited by
    // a rate (whole-packet hosts run on the event engine), and says which it is not.
    ['hosts[0]', () => runPathServer({ ...good(), packets: { size: 1000 }, hosts: [{}], flows: [0, 0].map((host) => ({ ...good().flows[0], host })) })],
    ['flows[1].cca', () => runPathServer({ ...good(), feedbackDelay: 200e-6, hosts: [{}], flows: [{ ...good().flows[0], cca: aimdRate({ initialRate: 1e9, increase: 1e6, decrease: 0.8, increaseInterval: 30e-6 }), host: 0 }, { ...good().flows[0], cca: aimdWindow({ initialWindow: 3000, slowStartThreshold: 30e3, increase: 1000, decrease: 0.5, timeout: 1e-3, restartWindow: 1000 }), host: 0 }] })],
  ])('%s', (parameter, run) => {
    const e = errorOf(run);
    expect(e.parameter).toBe(parameter);
    expect(e.message.startsWith(`${parameter}: expected`)).toBe(true);
  });
});

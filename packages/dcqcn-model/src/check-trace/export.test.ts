/**
 * A model run written as a DCQCN trace carries the senders' own α and rates, so `check-trace`
 * verifies the model's arithmetic against the format's integer rules: a sender whose gain, cut or
 * increase differs from what its parameter block says is rejected.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dcqcnTraceReference, ns3IncastModel, runEvents, runPathServer, type CongestionControl, type EngineResult, type PathServerModel, type TraceReferenceParameters } from '@ccalc/cca';
import { checkTraceFile } from './check-file.ts';
import { dcqcnTraceProblem, modelDcqcnTrace } from './export.ts';

const dir = mkdtempSync(join(tmpdir(), 'ccalc-export-'));
const Gbps = 1e9 / 8;
const parameters: TraceReferenceParameters = { lineRate: 100 * Gbps, minRate: 0.1 * Gbps, g: 1 / 256, multiplicativeIncrease: 5e-5, decreaseGate: 50e-6, tickPeriod: 55e-6 };

/** Eight senders of 400 packets into the ns-3 incast's port (ECN at dequeue, PFC), each running `cca`, CNPs at least 4 µs apart per flow. */
function incast(cca: CongestionControl<unknown>): PathServerModel {
  const m = ns3IncastModel({ senders: 8, burst: 400 * 1048, horizon: 1.5e-3 });
  return { ...m, flows: m.flows.map((f) => ({ ...f, cca })), ecn: { ...m.ecn!, notificationGap: 4e-6 } };
}

async function check(model: PathServerModel, result: EngineResult, name: string) {
  const file = join(dir, `${name}.csv`);
  writeFileSync(file, modelDcqcnTrace(model, result));
  return checkTraceFile(file, { all: true });
}

describe('a model run exported as a DCQCN trace', () => {
  const model = incast(dcqcnTraceReference(parameters) as CongestionControl<unknown>);

  it.each([
    ['event', runEvents],
    ['curve', runPathServer],
  ])('is accepted from the %s engine, with every rule exercised', async (name, run) => {
    const result = run(model);
    const v = await check(model, result, name);
    expect(v.violations).toEqual([]);
    expect(v.verdict).toBe('ACCEPT');
    expect([v.flows, v.endpoints]).toEqual([8, 16]);
    const cuts = result.events.filter((e) => e.kind === 'rate-cut').length;
    const gated = result.events.filter((e) => e.kind === 'cnp-gated').length;
    const ticks = result.events.filter((e) => e.kind === 'timer-tick').length;
    expect(v.counts).toMatchObject({ cnp_recv: cuts + gated, gated, timer_tick: ticks });
    expect(Math.min(cuts, gated, ticks)).toBeGreaterThan(8); // each flow cut, was gated and ticked
  });

  it('carries the senders\' own state: a sender whose gain, cut or increase is not its block\'s is rejected', async () => {
    const logged = dcqcnTraceReference(parameters).integers;
    for (const [change, rule] of [
      [{ g: 2 / 256 }, 'snapshot'],
      [{ multiplicativeIncrease: 1e-4 }, 'snapshot'],
      [{ decreaseGate: 40e-6 }, 'source-gate'],
    ] as const) {
      // The sender computes with the changed parameter; the trace's parameter block says the original.
      const wrong = { ...dcqcnTraceReference({ ...parameters, ...change }), integers: logged };
      const m = incast(wrong as CongestionControl<unknown>);
      const v = await check(m, runEvents(m), `wrong-${Object.keys(change)[0]}`);
      expect(v.verdict, JSON.stringify(change)).toBe('REJECT');
      expect(v.violations[0].rule, JSON.stringify(change)).toBe(rule);
    }
  });

  it('is refused, with the reason, for a run the format does not describe', () => {
    expect(dcqcnTraceProblem(ns3IncastModel({ senders: 2, horizon: 1e-4 }))).toBe('its sender 0 runs dcqcn-ns3-mlx');
    expect(dcqcnTraceProblem(ns3IncastModel({ senders: 2, horizon: 1e-4, dcqcn: false }))).toBe('it has no ECN marking');
    expect(dcqcnTraceProblem(model)).toBeNull();
  });
});

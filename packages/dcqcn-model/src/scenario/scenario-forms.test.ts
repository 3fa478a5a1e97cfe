import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runEvents } from '@ccalc/cca';
import { sample } from '@ccalc/curves';
import { BUILT_INS } from '../scenarios.ts';
import { SCENARIO_FORMS } from './scenario-forms.ts';
import { prepareScenario } from './scenario.ts';

const repo = resolve(import.meta.dirname, '../../../..');

describe('built-ins written as scenarios (the bases of sweeps)', () => {
  it('scenarios/ns3-31-dcqcn.json is the DCQCN one', () => {
    expect(JSON.parse(readFileSync(resolve(repo, 'scenarios/ns3-31-dcqcn.json'), 'utf8'))).toEqual(SCENARIO_FORMS['ns3-31-dcqcn']);
  });

  it.each(Object.keys(SCENARIO_FORMS))('%s gives the run of the built-in', async (name) => {
    const form = await prepareScenario(SCENARIO_FORMS[name], name, '.');
    expect(form.untilComplete).toBe(true);
    const horizon = 400e-6;
    const a = runEvents(form.model(horizon));
    const b = runEvents(BUILT_INS[name].model(horizon));
    // The file writes the delays as decimals (4.17728 µs), the built-in adds them in floating point:
    // the same events at instants within 1 ps, and backlogs within a thousandth of a byte.
    const events = (r: typeof a) => r.events.map((e) => `${e.kind}@${e.flow}:${(e.time * 1e9).toFixed(3)}`).sort();
    expect(events(a)).toEqual(events(b));
    expect(a.events.length).toBeGreaterThan(name === 'ns3-31-pfc' ? 100 : 1000);
    const times = Array.from({ length: 400 }, (_, k) => k * 1e-6);
    const [x, y] = [sample(a.backlog, times), sample(b.backlog, times)];
    x.forEach((v, k) => expect(Math.abs(v - y[k])).toBeLessThan(1e-3));
  });
});

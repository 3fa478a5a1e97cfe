import { describe, expect, it } from 'vitest';
import { parseSweep, sweepPoint, describeAssignment } from './sweep-definition.ts';
import { SCENARIO_FORMS } from '../scenario/scenario-forms.ts';

const sweep = (vary: unknown[], extra: Record<string, unknown> = {}) => parseSweep({ base: 'ns3-31-dcqcn', vary, ...extra });

describe('a sweep definition', () => {
  it('takes every combination of its entries, the first slowest, and sets the fields of the base', () => {
    const s = sweep([{ grid: { 'ecn.kMax': ['100 kB', '200 kB'], 'senders[0].count': [8, 16, 32] } }, { zip: { 'ecn.kMin': ['5 kB', '10 kB'], 'ecn.pMax': [0.01, 0.02] } }]);
    expect(s.count).toBe(12);
    expect(s.parameters).toEqual(['ecn.kMax', 'senders[0].count', 'ecn.kMin', 'ecn.pMax']);
    const at = (i: number) => sweepPoint(s, i).assignment;
    expect(at(0)).toEqual({ 'ecn.kMax': '100 kB', 'senders[0].count': 8, 'ecn.kMin': '5 kB', 'ecn.pMax': 0.01 });
    expect(at(1)).toEqual({ 'ecn.kMax': '100 kB', 'senders[0].count': 8, 'ecn.kMin': '10 kB', 'ecn.pMax': 0.02 });
    expect(at(2)).toEqual({ 'ecn.kMax': '100 kB', 'senders[0].count': 16, 'ecn.kMin': '5 kB', 'ecn.pMax': 0.01 });
    expect(at(11)).toEqual({ 'ecn.kMax': '200 kB', 'senders[0].count': 32, 'ecn.kMin': '10 kB', 'ecn.pMax': 0.02 });
    const p = sweepPoint(s, 11).scenario as typeof SCENARIO_FORMS & { ecn: Record<string, unknown>; senders: { count: number }[] };
    expect(p.ecn).toEqual({ ...(SCENARIO_FORMS['ns3-31-dcqcn'] as { ecn: object }).ecn, kMax: '200 kB', kMin: '10 kB', pMax: 0.02 });
    expect(p.senders[0].count).toBe(32);
    // Every point is distinct.
    expect(new Set(Array.from({ length: 12 }, (_, i) => JSON.stringify(at(i)))).size).toBe(12);
    expect(describeAssignment(s, at(0))).toBe('ecn.kMax = "100 kB", senders[0].count = 8, ecn.kMin = "5 kB", ecn.pMax = 0.01');
  });

  it('draws random and latin-hypercube points from ranges, the same for the same seed', () => {
    const range = { 'ecn.pMax': { from: 0.001, to: 0.1, scale: 'log' }, 'ecn.kMax': { from: '50 kB', to: '400 kB' } };
    const a = sweep([{ 'latin-hypercube': range, count: 50, seed: 7 }]);
    expect(a.count).toBe(50);
    const values = (s: typeof a, p: string) => Array.from({ length: s.count }, (_, i) => sweepPoint(s, i).assignment[p] as number);
    // Latin hypercube: each of the 50 strata of each range holds exactly one point.
    const strata = (xs: number[], u: (x: number) => number) => new Set(xs.map((x) => Math.floor(u(x) * 50))).size;
    expect(strata(values(a, 'ecn.kMax'), (x) => (x - 50e3) / 350e3)).toBe(50);
    expect(strata(values(a, 'ecn.pMax'), (x) => Math.log(x / 0.001) / Math.log(100))).toBe(50);
    expect(values(sweep([{ 'latin-hypercube': range, count: 50, seed: 7 }]), 'ecn.kMax')).toEqual(values(a, 'ecn.kMax'));
    expect(values(sweep([{ 'latin-hypercube': range, count: 50, seed: 8 }]), 'ecn.kMax')).not.toEqual(values(a, 'ecn.kMax'));
    const r = sweep([{ random: { ...range, 'ecn.at': ['enqueue', 'dequeue'] }, count: 200 }]);
    const kMax = values(r, 'ecn.kMax');
    expect(Math.min(...kMax)).toBeGreaterThanOrEqual(50e3);
    expect(Math.max(...kMax)).toBeLessThanOrEqual(400e3);
    const at = Array.from({ length: 200 }, (_, i) => sweepPoint(r, i).assignment['ecn.at']);
    expect(new Set(at)).toEqual(new Set(['enqueue', 'dequeue']));
  });

  it('names the field and value of what is wrong', () => {
    expect(() => sweep([{ zip: { 'ecn.kMin': ['5 kB', '10 kB'], 'ecn.pMax': [0.01] } }])).toThrow(/^vary\[0\]\.zip\.ecn\.pMax: expected as many values as ecn\.kMin \(2\): zip varies them together, got "1 values"/);
    expect(() => sweep([{ grid: { 'ecn.kMax': ['1 kB'] } }, { grid: { 'ecn.kMax': ['2 kB'] } }])).toThrow(/^vary\[1\]: expected each scenario path varied once/);
    expect(() => sweep([{ grid: {} }])).toThrow(/^vary\[0\]\.grid: expected an object of scenario paths/);
    expect(() => sweep([{ grid: { a: [1] }, zip: { b: [1] } }])).toThrow(/^vary\[0\]: expected exactly one of "grid", "zip", "random", "latin-hypercube"/);
    expect(() => sweep([{ random: { 'ecn.kMax': { from: 1, to: 2 } } }])).toThrow(/^vary\[0\]\.count: expected an integer ≥ 1 ≤ 1000000 \(the field is required\)/);
    expect(() => sweep([{ grid: { 'senders[3].count': [1] } }])).toThrow(/^vary: expected a path into the base scenario: senders has 1 element/);
    expect(() => sweep([{ grid: { 'ecn.kMax': ['1 kB'] } }], { figures: ['peak'] })).toThrow(/^figures\[0\]: expected one of horizon_us, peak_backlog_bytes/);
    expect(() => sweep([{ grid: { a: { from: 1, to: 1e6, steps: 1000 } } }, { grid: { b: { from: 1, to: 1e6, steps: 1001 } } }])).toThrow(/^vary: expected at most 1,000,000 points in one sweep, got "1001000 points"/);
    expect(() => parseSweep({ base: 'paper-31-dcqcn', vary: [] })).toThrow(/^base: expected a scenario file \(\.json\), a scenario object or a built-in written as a scenario: ns3-31-dcqcn, /);
    expect(() => parseSweep({ vary: [{ grid: { a: [1] } }] })).toThrow(/^base: expected a base scenario/);
  });

  it('has an id that changes with what it computes, not with the order fields are written in', () => {
    const a = sweep([{ grid: { 'ecn.kMax': ['100 kB', '200 kB'] } }]);
    expect(sweep([{ grid: { 'ecn.kMax': ['100 kB', '200 kB'] } }]).id).toBe(a.id);
    expect(sweep([{ grid: { 'ecn.kMax': ['100 kB', '300 kB'] } }]).id).not.toBe(a.id);
    expect(sweep([{ grid: { 'ecn.kMax': ['100 kB', '200 kB'] } }], { figures: ['pauses'] }).id).not.toBe(a.id);
  });
});

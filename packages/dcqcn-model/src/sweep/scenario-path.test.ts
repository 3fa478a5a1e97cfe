import { describe, expect, it } from 'vitest';
import { canonicalJson, parseScenarioPath, setScenarioPath } from './scenario-path.ts';

describe('scenario paths', () => {
  it('parses field names and indices', () => {
    expect(parseScenarioPath('senders[0].arrival.size', 'f')).toEqual(['senders', 0, 'arrival', 'size']);
    expect(parseScenarioPath('ecn.kMax', 'f')).toEqual(['ecn', 'kMax']);
    for (const bad of ['', 'ecn.', '.kMax', 'senders[x]', 'a b', 'senders[-1]']) expect(() => parseScenarioPath(bad, 'vary[0].grid')).toThrow(/^vary\[0\]\.grid: expected a scenario path/);
  });

  it('sets a copy, creates missing objects, removes a field with null', () => {
    const base = { ecn: { kMax: '200 kB' }, senders: [{ count: 31, arrival: { size: '10 MB' } }] };
    const frozen = JSON.stringify(base);
    expect(setScenarioPath(base, 'ecn.kMax', '100 kB', 'f')).toEqual({ ecn: { kMax: '100 kB' }, senders: base.senders });
    expect(setScenarioPath(base, 'senders[0].arrival.size', '1 MB', 'f')).toEqual({ ecn: base.ecn, senders: [{ count: 31, arrival: { size: '1 MB' } }] });
    expect(setScenarioPath(base, 'pfc.xOff', '950 kB', 'f')).toEqual({ ...base, pfc: { xOff: '950 kB' } });
    expect(setScenarioPath(base, 'ecn', null, 'f')).toEqual({ senders: base.senders });
    expect(JSON.stringify(base)).toBe(frozen);
  });

  it('names the path and what is there when it does not fit the base', () => {
    const base = { link: { rate: '100 Gbps' }, senders: [{ count: 1 }] };
    expect(() => setScenarioPath(base, 'senders[1].count', 2, 'vary')).toThrow(/^vary: expected a path into the base scenario: senders has 1 element, got "senders\[1\]\.count"/);
    expect(() => setScenarioPath(base, 'link.rate.value', 2, 'vary')).toThrow(/link\.rate is not an object/);
    expect(() => setScenarioPath(base, 'link[0]', 2, 'vary')).toThrow(/link is not a list/);
  });

  it('writes JSON with sorted keys: equal scenarios, equal text', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] })).toBe('{"a":[2,{"c":4,"d":3}],"b":1}');
    expect(canonicalJson({ x: 1, y: { q: 'a', p: null } })).toBe(canonicalJson({ y: { p: null, q: 'a' }, x: 1 }));
  });
});

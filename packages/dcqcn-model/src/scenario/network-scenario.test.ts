import { describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { runNetwork } from '@ccalc/cca';
import { prepareNetworkScenario } from './network-scenario.ts';
import { loadAnyScenarioFile } from './scenario.ts';
import { NETWORK_BUILT_INS } from '../network-scenarios.ts';

const repo = resolve(import.meta.dirname, '../../../..');

/** A small valid network: two switches, a hot receiver behind the second. */
const base = () => ({
  packetSize: '1000 B',
  topology: {
    switches: ['a', { name: 'b', pfc: { xOff: '100 kB', xOn: '90 kB' } }],
    links: [{ from: 'a', to: 'b', rate: '100 Gbps', delay: '1 us' }],
    receivers: [{ name: 'hot', at: 'b', rate: '10 Gbps' }, { name: 'cold', at: 'a', rate: '100 Gbps' }],
  },
  senders: [
    { count: 2, name: 'h', at: 'a', to: 'hot', arrival: { pattern: 'burst', size: '1 MB' } },
    { name: 'v', at: 'a', to: 'cold', arrival: { pattern: 'burst', size: '1 MB' } },
  ],
  cca: { algorithm: 'none' },
  delays: { feedback: '4 us' },
  horizon: '2 ms',
});

describe('scenario files with a topology', () => {
  it('route each sender over the fewest links to its receiver, with per-switch PFC and per-port marking', async () => {
    const s = await prepareNetworkScenario({ ...base(), ecn: { kMax: '50 kB' } }, 'small', '.');
    const m = s.network(2e-3);
    expect(m.ports.map((p) => p.name)).toEqual(['a→b', 'b→hot', 'a→cold']);
    expect(m.flows.map((f) => [f.name, f.route])).toEqual([['h0', [0, 1]], ['h1', [0, 1]], ['v', [2]]]);
    expect(m.switches).toEqual([{ name: 'a' }, { name: 'b', pfc: { xOff: 100e3, xOn: 90e3 } }]);
    expect(m.ports.every((p) => p.ecn?.kMax === 50e3)).toBe(true);
    const r = runNetwork(m, { untilComplete: true });
    expect(r.flows.map((f) => f.delivered.at(r.horizon))).toEqual([1e6, 1e6, 1e6]);
  });

  it('scenarios/parking-lot.json is the built-in qcn-parking-lot written as a file: the same run', async () => {
    const file = await loadAnyScenarioFile(join(repo, 'scenarios/parking-lot.json'));
    if (!('network' in file)) throw new Error('not a network');
    const a = runNetwork(file.network(20e-3));
    const b = runNetwork(NETWORK_BUILT_INS['qcn-parking-lot'].network(20e-3));
    expect(a.events.length).toBeGreaterThan(100);
    expect(a.events.map((e) => [e.time, e.flow, e.kind])).toEqual(b.events.map((e) => [e.time, e.flow, e.kind]));
    expect(a.ports.map((p) => p.backlog.at(20e-3))).toEqual(b.ports.map((p) => p.backlog.at(20e-3)));
  });

  const broken: [string, (j: Record<string, any>) => void, RegExp][] = [
    ['a link to an unknown switch', (j) => (j.topology.links[0].to = 'c'), /^topology\.links\[0\]\.to: expected one of the switches \(a, b\), got "c"$/],
    ['two switches of one name', (j) => j.topology.switches.push('a'), /^topology\.switches\[2\]\.name: expected a name no other switch has, got "a"$/],
    ['a receiver no link reaches', (j) => (j.senders[0].at = 'b', j.senders[0].to = 'cold'), /^senders\[0\]\.to: expected a receiver reachable from b over the links, got "cold"$/],
    ['an unknown receiver', (j) => (j.senders[0].to = 'nowhere'), /^senders\[0\]\.to: expected one of the receivers \(hot, cold\), got "nowhere"$/],
    ['a connection per burst', (j) => (j.senders[0].arrival = { pattern: 'repeated-bursts', size: '1 MB', period: '1 ms', count: 2, connection: 'per-burst' }), /^senders\[0\]\.arrival: expected one connection per sender/],
    ['the paper\'s resume rule', (j) => (j.pfc = { xOff: '100 kB', xOn: '90 kB', resume: 'paper' }), /^pfc\.resume: expected "threshold"/],
    ['a QCN sender without a congestion point', (j) => (j.cca = { algorithm: 'qcn' }), /^cca: expected a QCN congestion point on senders\[0\]'s route/],
    ['a window-based sender', (j) => (j.cca = { algorithm: 'vegas', initialWindow: '10 kB' }), /^cca: expected a rate-based algorithm/],
    ['ECN and QCN on one link', (j) => (j.topology.links[0].ecn = { kMax: '50 kB' }, j.topology.links[0].qcn = { qEq: '10 kB' }), /^topology\.links\[0\]\.qcn: expected no "qcn" beside "ecn"/],
    ['a bad threshold in a switch\'s PFC', (j) => (j.topology.switches[1].pfc.xOn = '200 kB'), /^topology\.switches\[1\]\.pfc\.xOn: expected a size ≤ topology\.switches\[1\]\.pfc\.xOff \(100000 B\), got "200 kB"$/],
    ['a link of zero rate', (j) => (j.topology.links[0].rate = '0 Gbps'), /^topology\.links\[0\]\.rate: expected a rate > 0/],
    ['no topology fields', (j) => (j.topology = {}), /^topology\.switches: expected a non-empty array/],
  ];
  it.each(broken)('refuses %s, naming the field', async (_, change, pattern) => {
    const j = base() as Record<string, any>;
    change(j);
    await expect(prepareNetworkScenario(j, 'x', '.')).rejects.toThrow(pattern);
  });
});

/**
 * The built-in scenarios that can be written as scenario files, in that form: the base of a sweep
 * may name one (`"base": "ns3-31-dcqcn"`) and vary its fields by path. `scenarios/ns3-31-dcqcn.json`
 * is the DCQCN one as a file; tests check that each gives the built-in's run.
 */

/** The simulator's A2 incast (ns3-31-dcqcn) as a scenario file. */
const NS3_31_DCQCN = {
  name: 'ns3-31-dcqcn-file',
  description:
    "The simulator's A2 incast as a scenario file: 31 × 10 MB transfers (10,000 packets of 1000 B payload + 48 B headers) into one 100 Gb/s port; RED at dequeue, DCQCN (ns-3 Mellanox mode), per-ingress PFC. Delays from the topology (1 µs links): a packet counts at the switch 1.08384 µs after it leaves its sender, so the burst starts there and every delay includes that hop.",
  link: { rate: '100 Gbps' },
  packetSize: '1048 B',
  packetHeader: '48 B',
  wholePackets: true,
  delays: { feedback: '5.26112 us', notification: '4.17728 us', pause: '2.08728 us', senderToSwitch: '1.08384 us', switchToReceiver: '1 us' },
  senders: [{ count: 31, name: 's', arrival: { pattern: 'burst', size: '10 MB', at: '1.08384 us' } }],
  cca: { algorithm: 'dcqcn', variant: 'ns3-mlx' },
  ecn: { kMin: '5 kB', kMax: '200 kB', pMax: 0.01, at: 'dequeue', marking: 'random' },
  pfc: { xOff: '950 kB', xOn: '925 kB', resume: 'threshold' },
  horizon: 'until-complete',
  bin: '1 us',
};

const { ecn: _ecn, pfc: _pfc, ...withoutControl } = NS3_31_DCQCN;

/** Built-in name → its scenario-file form (JSON, as a file would hold it). */
export const SCENARIO_FORMS: Readonly<Record<string, unknown>> = {
  'ns3-31-dcqcn': NS3_31_DCQCN,
  'ns3-31-dcqcn-nopfc': { ...withoutControl, name: 'ns3-31-dcqcn-nopfc-file', description: 'The same without PFC.', ecn: NS3_31_DCQCN.ecn },
  'ns3-31-pfc': { ...withoutControl, name: 'ns3-31-pfc-file', description: 'The same with PFC only: no ECN, senders at line rate (no congestion control).', cca: { algorithm: 'none' }, pfc: NS3_31_DCQCN.pfc },
};
